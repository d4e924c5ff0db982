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
  // An account's page (addressExplorerUrl): the blockchain emulator's plain-text explorer.
  blockExplorers: { default: { name: 'Localnet explorer', url: `${window.__LOCALNET__.blockchainUrl}/localnet/explorer/eip155:${chainId}` } },
}))
const { token, solana, bitcoin, walletConnect, walletConfigUrl, blockchainUrl, analyticsUrl, secureSiteUrl, onrampUrl, amm, erc4337 } = window.__LOCALNET__
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
// ?bitcoin: the localnet's Bitcoin regtest stand-in too (localnet/bitcoin/), its Esplora the site's
// `services.bitcoin`; the Localnet Wallet's Bitcoin account then shows on Connect.
const withBitcoin = Boolean(bitcoin) && params.has('bitcoin') && !params.has('no-services')
if (withBitcoin) {
  networks.push({
    id: bitcoin.caipNetworkId.split(':')[1],
    caipNetworkId: bitcoin.caipNetworkId,
    chainNamespace: 'bip122',
    name: 'Bitcoin Regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [] } },
  })
}
const hostile = params.get('hostile')
const hostileServices = (urls) => (hostile ? Object.fromEntries(Object.entries(urls).map(([k, u]) => [k, `${u}/hostile/${encodeURIComponent(hostile)}`])) : urls)
// ?remote-config=<variant> makes the wallet/config emulator answer /appkit/v1/config with that variant
// (activity-off, all-off, error, slow, malformed: localnet/services/wallet-config.ts CONFIG_VARIANTS).
const remoteConfig = params.get('remote-config')
const configUrl = remoteConfig ? `${walletConfigUrl}/features/${encodeURIComponent(remoteConfig)}` : walletConfigUrl
// ?siwx (or ?siwx=required): the visitor signs in with a wallet message after connecting (issue 20).
// As a real host site does, the demo's server keeps the sessions (localnet/demo-auth.ts, backed by
// gangway/siwx-server): it makes the nonce, verifies the signed message again, and keeps the session
// behind an HTTP-only cookie; GET /localnet/auth/me says who is signed in.
const auth = async (path, body) => {
  const r = await fetch(`/localnet/auth/${path}`, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) })
  const answer = await r.json()
  // A refusal (a tampered message, a used nonce…) throws, so Gangway reports it.
  if (!r.ok) throw new Error(`The site refused ${path}: ${answer.error}`)
  return answer
}
const demoSiwx = {
  createMessage: async ({ accountAddress, chainId }) => ({
    accountAddress,
    chainId,
    domain: location.host,
    uri: location.origin,
    version: '1',
    nonce: (await auth('nonce')).nonce,
    statement: 'Sign in to Harbour Coffee',
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
  }),
  addSession: async ({ message, signature }) => void (await auth('verify', { message, signature })),
  revokeSession: async (chainId, address) => void (await auth('revoke', { chainId, address })),
  // The server keeps only sessions it verified itself: replacing them can only sign out.
  setSessions: async (sessions) => {
    if (sessions.length) throw new Error('The demo site adds sessions only through addSession')
    await auth('revoke', { all: true })
  },
  getSessions: async (chainId, address) => (await auth('sessions', { chainId, address })).sessions,
  getRequired: () => params.get('siwx') === 'required',
  // DataCapture (with ?remote-features={"emailCapture":true}): the server mails a code to confirm the email.
  requestEmailOtp: async ({ email, account }) => ({ uuid: (await auth('email', { email, account })).uuid }),
  confirmEmailOtp: async ({ code, uuid }) => void (await auth('email/confirm', { uuid, code })),
}
// ?auth=reown: email and social login through gangway/auth-reown, Reown's own client, which the site
// bundles (the demo server builds it, the secure site its emulator: localnet/server.ts buildReownAuth).
// Nothing of it is fetched before the visitor reaches for email or social login, or a login is restored.
const reown = secureSiteUrl && !params.has('no-auth') && params.get('auth') === 'reown'
const modal = createModal({
  ...(reown ? { auth: { load: async (context) => (await import('/localnet/reown/auth-reown.js')).reownAuth().load(context) } } : {}),
  projectId: 'gangway-demo',
  networks,
  // HBD, and on EVM Harbour USD, the USDT-style stablecoin the on-ramp sells (issue 21).
  tokens: Object.fromEntries(networks.filter((n) => n.chainNamespace !== 'bip122').map((n) => [n.caipNetworkId, n.chainNamespace === 'solana' ? [solana.mint] : [token, ...(amm ? [amm.stablecoin] : [])]])),
  metadata: { name: 'Harbour Coffee', description: 'A Gangway demo site', url: location.origin, icons: [] },
  // Swaps (issue 21) on the localnet's EVM chains, where its Uniswap V2 pools are.
  swapNetworks: networks.filter((n) => n.chainNamespace === 'eip155').map((n) => n.caipNetworkId),
  // The site's meld key (the `onramp` option): the localnet's provider page takes any.
  onramp: { meldPublicKey: 'gangway-localnet' },
  // ?no-services leaves the services out: RPC goes straight to the nodes, the Tokens tab reads the chain.
  // ?hostile=<case> points the services at their hostile answers (localnet/services/hostile.ts).
  // The analytics service (issue 17) takes no hostile case; ?analytics=forbidden makes it answer 403 (localnet/services/analytics.ts).
  // The secure site emulator (email and social login) on its own site (127.0.0.1); ?no-auth leaves it out.
  ...(params.has('no-services')
    ? {}
    : {
        services: {
          ...hostileServices({ walletConfig: configUrl, blockchain: blockchainUrl }),
          // The NFTs tab's service (services.nfts): the hosted blockchain service lists no NFTs; the emulator stands in for a site's own.
          nfts: `${blockchainUrl}/localnet-nfts`,
          analytics: params.get('analytics') === 'forbidden' ? `${analyticsUrl}/forbidden` : analyticsUrl,
          ...(secureSiteUrl && !params.has('no-auth') && !reown ? { secureSite: new URL(secureSiteUrl).origin } : {}),
          // The on-ramp emulator's provider page stands in for meld's (issue 21).
          ...(onrampUrl ? { onramp: `${onrampUrl}/provider` } : {}),
          ...(withBitcoin ? { bitcoin: bitcoin.esploraUrl } : {}),
        },
      }),
  // ?no-walletconnect turns WalletConnect off (walletConnect: false): the page's wallets only.
  ...(params.has('no-walletconnect') ? { walletConnect: false } : walletConnect ? { walletConnect: { relayUrl: walletConnect.relayUrl } } : {}),
  manualWCControl: params.has('wc-basic'),
  engine: params.get('engine') === 'main' ? 'main' : 'auto',
  // ?locale=es (a BCP 47 tag; en-XA is the pseudo-locale) sets the modal's language; without it, the browser's.
  ...(params.has('locale') ? { locale: params.get('locale') } : {}),
  // ?theme=light|dark|system sets themeMode; ?theme-vars={"--gw-accent":"#b45309"} (JSON) sets themeVariables.
  ...(params.has('theme') ? { themeMode: params.get('theme') } : {}),
  ...(params.has('theme-vars') ? { themeVariables: JSON.parse(params.get('theme-vars')) } : {}),
  // ?features={"send":false} and ?remote-features={"activity":false} (JSON) set the site's features;
  // ?terms=<url> and ?privacy=<url> the documents the legal checkbox links (features.legalCheckbox).
  ...(params.has('features') ? { features: JSON.parse(params.get('features')) } : {}),
  ...(params.has('remote-features') ? { remoteFeatures: JSON.parse(params.get('remote-features')) } : {}),
  ...(params.has('terms') ? { termsConditionsUrl: params.get('terms') } : {}),
  ...(params.has('privacy') ? { privacyPolicyUrl: params.get('privacy') } : {}),
  // ?labels={"0x…":"Savings"} (JSON): the site's names for addresses (addressLabels).
  ...(params.has('labels') ? { addressLabels: JSON.parse(params.get('labels')) } : {}),
  ...(params.has('siwx') ? { siwx: demoSiwx } : {}),
  // ?passkeys offers a passkey's smart account (Create a passkey, Use a passkey) on the localnet's
  // ERC-4337 chain, through its bundler; ?passkeys=sponsored lets its paymaster sponsor the gas.
  ...(params.has('passkeys') && erc4337
    ? {
        passkeys: {
          bundlerUrls: { [`eip155:${erc4337.chainId}`]: erc4337.bundlerUrl },
          ...(params.get('passkeys') === 'sponsored' ? { paymasterUrls: { [`eip155:${erc4337.chainId}`]: erc4337.paymasterUrl } } : {}),
        },
      }
    : {}),
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
// The live analytics panel: while it is open, the last events the analytics emulator received (read
// through the demo site, so the analytics origin only sees Gangway), shown as text.
const panel = document.getElementById('analytics-panel')
const sentList = document.getElementById('analytics-sent')
let polling
const showSent = async () => {
  try {
    const events = await (await fetch('/localnet/analytics-sent')).json()
    const line = (e) => {
      const p = e.props ?? {}
      const detail = p.type === 'error' ? `${p.errorType}: ${p.errorMessage}` : JSON.stringify(p.properties ?? {})
      return `${new Date(e.timestamp).toLocaleTimeString()} ${p.event} ${detail}`.slice(0, 160) + ` (${e.via})`
    }
    sentList.replaceChildren(...events.map((e) => Object.assign(document.createElement('li'), { textContent: line(e) })))
  } catch {
    sentList.replaceChildren(Object.assign(document.createElement('li'), { textContent: 'The analytics emulator did not answer.' }))
  }
}
panel.addEventListener('toggle', () => {
  clearInterval(polling)
  if (!panel.open) return
  void showSent()
  polling = setInterval(showSent, 2000)
})
