/** The modal header: back (when there is a history), the view's title, close. */
import type { ViewName } from '../../contract.js'
import { useClient } from '../client-context.js'
import { useT, type MessageId } from '../i18n/i18n.js'

/** Each view's title (a catalogue message). */
const TITLES: Partial<Record<ViewName, MessageId>> = {
  Connect: 'header.connect',
  Account: 'header.account',
  ConnectingExternal: 'header.connecting',
  AllWallets: 'header.allWallets',
  ConnectingWalletConnect: 'header.walletConnect',
  ConnectingWalletConnectBasic: 'header.connect',
  SwitchNetwork: 'header.chooseNetwork',
  UnsupportedChain: 'header.unsupportedChain',
  SwitchActiveChain: 'header.switchChain',
  WalletSend: 'header.send',
  WalletSendSelectToken: 'header.selectToken',
  WalletSendPreview: 'header.reviewSend',
  WalletReceive: 'header.receive',
  ProfileWallets: 'header.wallets',
  EmailLogin: 'header.email',
  ApproveTransaction: 'header.approve',
  ConnectingFarcaster: 'header.farcaster',
  UpdateEmailWallet: 'header.updateEmail',
  SIWXSignMessage: 'header.siwx',
  DataCapture: 'header.dataCapture',
  RegisterAccountName: 'header.registerName',
  RegisterAccountNameSuccess: 'header.registerNameSuccess',
  Swap: 'header.swap',
  SwapSelectToken: 'header.selectToken',
  SwapPreview: 'header.reviewSwap',
  OnRampProviders: 'header.buy',
  OnRampTokenSelect: 'header.selectToken',
  OnRampFiatSelect: 'header.payWith',
  BuyInProgress: 'header.buy',
}

export function Header({ view, canGoBack, title }: { view: ViewName; canGoBack: boolean; title?: string }) {
  const { dispatch } = useClient()
  const { t } = useT()
  const titleId = TITLES[view]
  const text = title ?? (titleId ? t(titleId) : view)
  return (
    <div className="gw-header">
      {canGoBack ? (
        <button className="gw-icon-btn gw-back" aria-label={t('header.back')} data-testid="gw-back" onClick={() => void dispatch({ type: 'modal/back-requested', payload: {} })}>
          ←
        </button>
      ) : (
        <span className="gw-icon-spacer" />
      )}
      {/* Keyed by its text: a new title fades in (docs/behaviour.md §2, header text 120 ms). It names the dialog (aria-labelledby) and is its top heading (a view's groups are h3). */}
      <h2 className="gw-title" id="gw-title" data-testid="gw-title" key={text}>
        {text}
      </h2>
      <button className="gw-icon-btn" aria-label={t('header.close')} data-testid="gw-close" onClick={() => void dispatch({ type: 'modal/close-requested', payload: {} })}>
        ✕
      </button>
    </div>
  )
}
