/** The modal: frame, header, the current view, the snackbar. */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react'
import { createPortal } from 'react-dom'
import type { ViewName } from '../../contract.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { ConnectingExternalView } from './ConnectingExternalView.js'
import { ConnectingWalletConnectBasicView, ConnectingWalletConnectView } from './ConnectingWalletConnectView.js'
import { ConnectView } from './ConnectView.js'
import { Header } from './Header.js'
import { Snackbar, SnackbarMessage } from './Snackbar.js'
import { useAnimatedHeight, useDialog } from './use-dialog.js'
import { AccountView, AllWalletsView, ApproveTransactionView, DataCaptureView, RegisterAccountNameSuccessView, RegisterAccountNameView, ConnectingFarcasterView, SiwxSignMessageView, UpdateEmailWalletView, EmailLoginView, NetworkList, preloadOnIntent, preloadView, ProfileWalletsView, SwitchActiveChainView, UnsupportedChainView, WalletReceiveView, WalletSendPreviewView, WalletSendSelectTokenView, WalletSendView, SwapView, SwapSelectTokenView, SwapPreviewView, OnRampProvidersView, OnRampTokenSelectView, OnRampFiatSelectView, BuyInProgressView } from './lazy-views.js'
import { useT } from '../i18n/i18n.js'

/** The component of each view built so far; those from lazy-views.js load when first shown. */
const BODIES: Partial<Record<ViewName, () => ReactElement | null>> = {
  Connect: ConnectView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  ConnectingWalletConnectBasic: ConnectingWalletConnectBasicView,
  AllWallets: AllWalletsView,
  Account: AccountView,
  SwitchNetwork: NetworkList,
  UnsupportedChain: UnsupportedChainView,
  SwitchActiveChain: SwitchActiveChainView,
  WalletSend: WalletSendView,
  WalletSendSelectToken: WalletSendSelectTokenView,
  WalletSendPreview: WalletSendPreviewView,
  Swap: SwapView,
  SwapSelectToken: SwapSelectTokenView,
  SwapPreview: SwapPreviewView,
  OnRampProviders: OnRampProvidersView,
  OnRampTokenSelect: OnRampTokenSelectView,
  OnRampFiatSelect: OnRampFiatSelectView,
  BuyInProgress: BuyInProgressView,
  WalletReceive: WalletReceiveView,
  ProfileWallets: ProfileWalletsView,
  EmailLogin: EmailLoginView,
  ApproveTransaction: ApproveTransactionView,
  ConnectingFarcaster: ConnectingFarcasterView,
  UpdateEmailWallet: UpdateEmailWalletView,
  SIWXSignMessage: SiwxSignMessageView,
  DataCapture: DataCaptureView,
  RegisterAccountName: RegisterAccountNameView,
  RegisterAccountNameSuccess: RegisterAccountNameSuccessView,
}

/** The view's body; memoised, so opening the modal (rendered hidden ahead of the click) only re-renders the frame. */
const Body = memo(function Body({ view }: { view: ViewName }) {
  const View = BODIES[view]
  const { t } = useT()
  return View ? <View /> : <p className="gw-empty">{t('modal.unavailable', { view })}</p>
})

/**
 * The Account view, kept built once it has shown: it renders into a node of its own (a portal),
 * which is in the modal's body only while Account shows. A view opened from Account leaves it
 * built, so Back only moves that node in, with no render: remounting Account (its tokens, icons
 * and tabs) was the most of Back's time. Out of the document its DOM is neither styled nor laid
 * out, and no query or screen reader finds it. Returns the portal to render (null until Account
 * has shown, and on the server) and the ref that moves the node into the body that shows Account.
 */
function useKeptAccount(view: ViewName): { portal: ReactElement | null; attach: ((body: HTMLDivElement | null) => void) | undefined } {
  const [node] = useState(() => (typeof document === 'undefined' ? null : Object.assign(document.createElement('div'), { className: 'gw-kept' })))
  const shown = useRef(false)
  if (view === 'Account') shown.current = true
  const attach = useCallback((body: HTMLDivElement | null) => void (node && body?.append(node)), [node])
  // One element for the modal's life: the Modal's own renders (each view change) pass it unchanged, so
  // the kept Account renders only on its own signals, never because another view opened.
  const account = useMemo(() => <AccountView />, [])
  if (!node || !shown.current) return { portal: null, attach: undefined }
  return { portal: createPortal(account, node), attach: view === 'Account' ? attach : undefined }
}

export function Modal() {
  const { signals, dispatch } = useClient()
  const modal = useSignalValue(signals.modal)
  const kept = useKeptAccount(modal.view)
  const travel = useSignalValue(signals.travel)
  const { t } = useT()
  const card = useRef<HTMLDivElement>(null)
  const close = () => void (travel === null && dispatch({ type: 'modal/close-requested', payload: {} }))
  // Focus moves into the dialog when it opens and back out when it closes; Escape closes; Tab stays inside;
  // arrows move in lists; the height animates (use-dialog.ts).
  const onCardKeyDown = useDialog(card, modal.open, close)
  useAnimatedHeight(card, modal.view)
  // A view's chunk loads when the visitor reaches for a control that leads there, or when a view
  // that leads there shows (a connecting view: Account's chunk comes while the wallet is asked).
  const intent = (e: { target: EventTarget }) => preloadOnIntent(e.target)
  useEffect(() => preloadView(modal.view), [modal.view])
  // Rendered while closed too, hidden, so that opening shows views that are already built. Hidden
  // with visibility (views/styles.ts), not display: the closed modal is laid out ahead of the click,
  // so opening only paints it.
  return (
    <div
      className="gw-overlay"
      data-testid="gw-modal"
      data-view={modal.view}
      data-open={modal.open ? '' : undefined}
      data-closed={modal.open ? undefined : ''}
      onClick={(e) => e.target === e.currentTarget && close()}
    >
      <div ref={card} tabIndex={-1} className={modal.shake ? 'gw-card gw-shake' : 'gw-card'} role="dialog" aria-modal="true" aria-labelledby="gw-title" onKeyDown={onCardKeyDown} onPointerOver={intent} onFocus={intent} onTouchStart={intent}>
        {travel !== null && (
          <p className="gw-travel" data-testid="gw-travel">
            {t('modal.travel', { seq: travel })}
          </p>
        )}
        {/* While time travelling the views only show: inert keeps every control from acting. */}
        <div className="gw-content" inert={travel !== null}>
          <Header view={modal.view} canGoBack={modal.canGoBack} />
          <div className="gw-body gw-view" key={modal.view} ref={kept.attach}>
            {kept.attach ? null : <Body view={modal.view} />}
          </div>
          {kept.portal}
        </div>
      </div>
      <Snackbar />
      {/* What a screen reader is told politely: the snackbar's message, and a failed connect's shake. */}
      <div className="gw-sr" role="status" aria-live="polite" data-testid="gw-live">
        {modal.shake ? t('modal.shake') : null}
        <SnackbarMessage />
      </div>
    </div>
  )
}
