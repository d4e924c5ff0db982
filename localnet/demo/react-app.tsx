/**
 * The React demo page: a host app built on `gangway/react` (the built dist/react.js, as a site
 * would consume it), with React the host's own: React 19 at /react.html, React 18 at /react18.html
 * (the same app, built by the demo server against tests/react18). Built by the demo server on start.
 */
import { version } from 'react'
import { createRoot } from 'react-dom/client'
import { GangwayProvider, useAccount, useDisconnect, useModal, useNetwork } from 'gangway/react'

const { rpcUrl, chainId } = (window as unknown as { __LOCALNET__: { rpcUrl: string; chainId: number } }).__LOCALNET__
const localnet = {
  id: chainId,
  caipNetworkId: `eip155:${chainId}` as const,
  chainNamespace: 'eip155' as const,
  name: 'Localnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
}

function Wallet() {
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
    </section>
  )
}

createRoot(document.getElementById('app')!).render(
  <GangwayProvider options={{ projectId: 'gangway-react-demo', networks: [localnet], metadata: { name: 'Harbour Coffee (React)' } }}>
    <h1>Harbour Coffee, the React edition</h1>
    <Wallet />
  </GangwayProvider>,
)
