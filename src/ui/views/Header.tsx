/** The modal header: back (when there is a history), the view's title, close. */
import type { ViewName } from '../../contract.js'
import { useClient } from '../client-context.js'

const TITLES: Partial<Record<ViewName, string>> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  ConnectingExternal: 'Connecting',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'Connect Wallet',
  SwitchNetwork: 'Choose Network',
  UnsupportedChain: 'Switch Network',
  SwitchActiveChain: 'Switch Chain',
  WalletSend: 'Send',
  WalletSendSelectToken: 'Select Token',
  WalletSendPreview: 'Review Send',
}

export function Header({ view, canGoBack, title }: { view: ViewName; canGoBack: boolean; title?: string }) {
  const { dispatch } = useClient()
  return (
    <div className="gw-header">
      {canGoBack ? (
        <button className="gw-icon-btn" aria-label="Back" data-testid="gw-back" onClick={() => void dispatch({ type: 'modal/back-requested', payload: {} })}>
          ←
        </button>
      ) : (
        <span style={{ width: 32 }} />
      )}
      <span className="gw-title" data-testid="gw-title">
        {title ?? TITLES[view] ?? view}
      </span>
      <button className="gw-icon-btn" aria-label="Close" data-testid="gw-close" onClick={() => void dispatch({ type: 'modal/close-requested', payload: {} })}>
        ✕
      </button>
    </div>
  )
}
