// The headless demo (headless.html): the site draws its own wallet list, network buttons and send
// form on Gangway's engine (modal.headless(), docs/api.md Headless), with `views: false`, so none of
// Gangway's views is fetched until "Open Gangway". Everything from Gangway is shown as text.
import { createModal } from '/gangway/loader.js'
const { chains, walletConfigUrl, blockchainUrl, walletConnect } = window.__LOCALNET__
const names = { 31337: 'Localnet', 31338: 'Localnet B' }
// ?only=31337 lists that chain only: a wallet on the other is on a network the site did not list.
const only = new URLSearchParams(location.search).get('only')
const modal = createModal({
  projectId: 'gangway-headless-demo',
  views: false,
  networks: chains.filter(({ chainId }) => !only || String(chainId) === only).map(({ chainId, rpcUrl }) => ({
    id: chainId,
    caipNetworkId: `eip155:${chainId}`,
    chainNamespace: 'eip155',
    name: names[chainId] ?? `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })),
  metadata: { name: 'Harbour Coffee', description: 'A Gangway headless demo', url: location.origin, icons: [] },
  services: { walletConfig: walletConfigUrl, blockchain: blockchainUrl },
  ...(walletConnect ? { walletConnect: { relayUrl: walletConnect.relayUrl } } : {}),
})
window.gangway = modal
const $ = (id) => document.getElementById(id)
const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props)
  e.append(...children)
  return e
}

modal.subscribeAccount((a) => {
  $('account').textContent = a.isConnected ? `Signed in as ${a.address}` : 'Not connected'
  $('account').dataset.address = a.address ?? ''
  $('send-panel').hidden = !a.isConnected
})

/** The site's own wallet list: installed and featured wallets first, then the registry's first page. */
function renderWallets(headless, { wallets, wcWallets }) {
  const rows = [...wallets, ...wcWallets.filter((w) => !wallets.some((v) => v.id === w.id)).slice(0, 8)]
  $('wallets').replaceChildren(
    ...rows.map((w) => {
      const button = el('button', { type: 'button', textContent: w.name })
      button.dataset.walletId = w.id
      button.dataset.group = w.group
      // Inside the click, nothing awaited before connectWallet: a phone opens the wallet's deep link in the tap.
      button.addEventListener('click', () => headless.connectWallet(w).catch((e) => ($('wc-state').textContent = e.message)))
      if (w.imageUrl) button.prepend(el('img', { src: w.imageUrl, alt: '' }))
      return el('li', {}, button)
    }),
  )
}

function renderNetworks(headless, { groups }) {
  $('networks').replaceChildren(
    ...groups.flatMap((g) =>
      g.networks.map((n) => {
        const button = el('button', { type: 'button', textContent: n.name })
        button.dataset.network = n.caipNetworkId
        button.setAttribute('aria-pressed', String(n.active))
        button.addEventListener('click', () => void headless.switchNetwork(n.caipNetworkId))
        return button
      }),
    ),
  )
}

let started
/** The site's Connect button: the first reach for the modal, so the engine asks the services now. */
$('connect').addEventListener('click', () => {
  started ??= modal.headless().then((headless) => {
    window.headless = headless
    $('wallet-panel').hidden = false
    $('network-panel').hidden = false
    headless.subscribeWalletList((list) => renderWallets(headless, list))
    renderWallets(headless, headless.getWalletList())
    headless.subscribeNetworks((list) => renderNetworks(headless, list))
    renderNetworks(headless, headless.getNetworks())
    // A phone's deep link needs the pairing URI before the tap (iOS blocks one opened later).
    const wcState = ({ wcUri, wcFetchingUri, wcError }) => ($('wc-state').textContent = wcError ?? (wcUri ? 'ready to scan' : wcFetchingUri ? 'preparing…' : 'no pairing yet'))
    headless.subscribeWalletConnectUri((u) => {
      wcState(u)
      $('wc-state').dataset.ready = String(Boolean(u.wcUri))
    })
    void headless.prefetchWalletConnectUri().catch(() => undefined)
    headless.subscribeEvents(({ data }) => $('events').prepend(el('li', { textContent: data.event })))
    return headless
  })
})

$('send').addEventListener('submit', async (e) => {
  e.preventDefault()
  const form = new FormData(e.target)
  const headless = await started
  $('send-result').textContent = 'Sending…'
  try {
    const { hash, changes = [] } = await headless.send({ to: String(form.get('to')), amount: String(form.get('amount')) })
    $('send-result').textContent = `Sent: ${hash} (${changes.map((c) => `${c.amount} ${c.symbol}`).join(', ')})`
    $('send-result').dataset.hash = hash
  } catch (error) {
    $('send-result').textContent = error.message
  }
})

$('open-gangway').addEventListener('click', () => void modal.open())
