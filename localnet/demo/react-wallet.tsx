/**
 * The React demo's app (react-app.tsx renders it; ssr-app.tsx hydrates it over the HTML the demo
 * server rendered from it with react-dom/server): a host app on `gangway/react`, its own buttons
 * opening the modal, and what the hooks deliver.
 */
import { useState, version } from 'react'
import { GangwayProvider, useAccount, useDisconnect, useModal, useNetwork, useNetworks, useWallets } from 'gangway/react'

/** What the page learns of the localnet (window.__LOCALNET__ in the browser). */
export interface ReactDemoLocalnet {
  rpcUrl: string
  chainId: number
}

/** The site's own wallet list and network buttons on the headless hooks (mounted on demand: mounting them is the reach for the modal). */
function OwnWallets() {
  const { wallets, connect, isInitialized } = useWallets()
  const { networks, switchNetwork } = useNetworks()
  return (
    <div data-testid="react-own" data-ready={isInitialized || undefined}>
      <ul>
        {wallets.map((w) => (
          <li key={w.id}>
            <button data-wallet-id={w.id} onClick={() => void connect(w).catch(() => undefined)}>
              {w.name}
            </button>
          </li>
        ))}
      </ul>
      {networks.groups.flatMap((g) =>
        g.networks.map((n) => (
          <button key={n.caipNetworkId} data-network={n.caipNetworkId} aria-pressed={n.active} onClick={() => void switchNetwork(n.caipNetworkId)}>
            {n.name}
          </button>
        )),
      )}
    </div>
  )
}

function Wallet() {
  const [own, setOwn] = useState(false)
  const { open, close, isOpen } = useModal()
  const { isConnected, address, balance, balanceSymbol } = useAccount()
  const network = useNetwork()
  const { disconnect } = useDisconnect()
  return (
    <section>
      <button data-testid="react-open" onClick={() => void open()}>
        {isConnected ? 'Account' : 'Connect a wallet'}
      </button>{' '}
      <button data-testid="react-networks" onClick={() => void open({ view: 'SwitchNetwork' })}>
        Networks
      </button>{' '}
      <button data-testid="react-close" onClick={() => void close()}>
        Close
      </button>{' '}
      <button data-testid="react-disconnect" onClick={() => void disconnect()} disabled={!isConnected}>
        Disconnect
      </button>
      <p>
        Modal open: <span data-testid="react-is-open">{String(isOpen)}</span>
      </p>
      <p>
        Account: <span data-testid="react-account">{isConnected ? `${address} · ${balance ?? '…'} ${balanceSymbol ?? ''}`.trim() : 'not connected'}</span>
      </p>
      <p>
        Network: <span data-testid="react-network">{network.name ?? ''}</span>
      </p>
      <p>
        React <span data-testid="react-version">{version}</span>
      </p>
      <button data-testid="react-own-list" onClick={() => setOwn(true)}>
        My own wallet list
      </button>
      {own ? <OwnWallets /> : null}
    </section>
  )
}

/**
 * The whole app for `localnet`. `projectId` names the modal's log (each demo page its own);
 * `serverNote`, rendered only by the server when asked, makes a deliberate hydration mismatch.
 */
export function App({ localnet: { rpcUrl, chainId }, projectId, serverNote }: { localnet: ReactDemoLocalnet; projectId: string; serverNote?: string }) {
  const network = {
    id: chainId,
    caipNetworkId: `eip155:${chainId}` as const,
    chainNamespace: 'eip155' as const,
    name: 'Localnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }
  return (
    <GangwayProvider options={{ projectId, networks: [network], metadata: { name: 'Harbour Coffee (React)' } }}>
      <h1>Harbour Coffee, the React edition{serverNote}</h1>
      <Wallet />
    </GangwayProvider>
  )
}
