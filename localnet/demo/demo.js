// The demo site's own script (index.html): creates the modal on the localnet and wires the page's
// controls. A file of its own, like demo.css and localnet.js, so the page runs under the strict
// Content-Security-Policy of ?csp=strict (no inline script or style).
import { createModal } from '/gangway/loader.js'
const params = new URLSearchParams(location.search)
const names = { 31337: 'Localnet', 31338: 'Localnet B' }
const networks = window.__LOCALNET__.chains.map(({ chainId, rpcUrl }) => ({
  id: chainId,
  caipNetworkId: `eip155:${chainId}`,
  chainNamespace: 'eip155',
  name: names[chainId] ?? `Chain ${chainId}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
  // The wallet/config service's image of the network (GET /public/getAssetImage/{imageId}).
  assets: { imageId: `localnet-${chainId}` },
}))
const { token, solana, walletConnect, walletConfigUrl, blockchainUrl } = window.__LOCALNET__
if (solana) {
  networks.push({
    id: solana.caipNetworkId.split(':')[1],
    caipNetworkId: solana.caipNetworkId,
    chainNamespace: 'solana',
    name: 'Solana Localnet',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [solana.rpcUrl] } },
    assets: { imageId: 'solana-localnet' },
  })
}
const hostile = params.get('hostile')
const hostileServices = (urls) => (hostile ? Object.fromEntries(Object.entries(urls).map(([k, u]) => [k, `${u}/hostile/${encodeURIComponent(hostile)}`])) : urls)
const modal = createModal({
  projectId: 'gangway-demo',
  networks,
  tokens: Object.fromEntries(networks.map((n) => [n.caipNetworkId, n.chainNamespace === 'solana' ? [solana.mint] : [token]])),
  metadata: { name: 'Harbour Coffee', description: 'A Gangway demo site', url: location.origin, icons: [] },
  // ?no-services leaves the services out: RPC goes straight to the nodes, the Tokens tab reads the chain.
  // ?hostile=<case> points the services at their hostile answers (localnet/services/hostile.ts).
  ...(params.has('no-services') ? {} : { services: hostileServices({ walletConfig: walletConfigUrl, blockchain: blockchainUrl }) }),
  ...(walletConnect ? { walletConnect: { relayUrl: walletConnect.relayUrl } } : {}),
  manualWCControl: params.has('wc-basic'),
  engine: params.get('engine') === 'main' ? 'main' : 'auto',
  // ?locale=es (a BCP 47 tag; en-XA is the pseudo-locale) sets the modal's language; without it, the browser's.
  ...(params.has('locale') ? { locale: params.get('locale') } : {}),
  // ?theme=light|dark|system sets themeMode; ?theme-vars={"--gw-accent":"#b45309"} (JSON) sets themeVariables.
  ...(params.has('theme') ? { themeMode: params.get('theme') } : {}),
  ...(params.has('theme-vars') ? { themeVariables: JSON.parse(params.get('theme-vars')) } : {}),
  enableEmbedded: params.has('embedded'),
  // ?debug shows the debug panel: export the log, and time travel through it.
  debug: params.has('debug'),
})
window.gangway = modal
const out = document.getElementById('account')
modal.subscribeAccount((a) => (out.textContent = a.isConnected ? `Signed in as ${a.address}` : 'Not connected'))
// The Localnet WalletConnect wallet stands in for a phone: paste the URI the modal's "Copy link" gives.
// Its control service answers only this origin, with the token `npm run demo` made at start.
const wcStatus = document.getElementById('wc-status')
const wc = async (path, body) => {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${walletConnect.walletToken}` }
  const r = await fetch(walletConnect.walletUrl + path, { method: 'POST', headers, body: JSON.stringify(body ?? {}) })
  wcStatus.textContent = r.ok ? `${path.slice(1)}: done` : `${path.slice(1)}: ${(await r.json()).error}`
}
document.getElementById('wc-pair').addEventListener('click', () => wc('/pair', { uri: document.getElementById('wc-uri').value.trim() }))
document.getElementById('wc-approve').addEventListener('click', () => wc('/approve'))
document.getElementById('wc-reject').addEventListener('click', () => wc('/reject'))
document.getElementById('wc-disconnect').addEventListener('click', () => wc('/disconnect'))
document.getElementById('export').addEventListener('click', async () => {
  const url = URL.createObjectURL(new Blob([await modal.exportLog()], { type: 'application/x-ndjson' }))
  Object.assign(document.createElement('a'), { href: url, download: 'gangway-log.ndjson' }).click()
})
