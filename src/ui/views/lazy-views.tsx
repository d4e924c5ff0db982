/**
 * The views that load when first shown (docs/behaviour.md §2): the first chunk holds what a click shows at once
 * (Connect, Account, the connecting views); these follow (All Wallets, networks, send, swap, buy, receive,
 * ProfileWallets, EmailLogin, ApproveTransaction, ConnectingFarcaster, UpdateEmailWallet, SIWXSignMessage, DataCapture, RegisterAccountName and its success, the QR code), each its own chunk, fetched and evaluated on the
 * visitor's intent toward a control that leads there (preloadOnIntent) or when shown. While one
 * loads, its body shows skeleton rows.
 */
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react'

const loaders = {
  allWallets: () => import('./AllWalletsView.js'),
  networks: () => import('./NetworkList.js'),
  send: () => import('./SendViews.js'),
  swap: () => import('./SwapViews.js'),
  onramp: () => import('./OnRampViews.js'),
  receive: () => import('./ReceiveView.js'),
  profileWallets: () => import('./ProfileWalletsView.js'),
  emailLogin: () => import('./EmailLoginView.js'),
  approveTransaction: () => import('./ApproveTransactionView.js'),
  farcaster: () => import('./ConnectingFarcasterView.js'),
  updateEmail: () => import('./UpdateEmailWalletView.js'),
  siwx: () => import('./SiwxSignMessageView.js'),
  names: () => import('./RegisterAccountNameView.js'),
  dataCapture: () => import('./DataCaptureView.js'),
  qrCode: () => import('./QrCode.js'),
}

/** A view (or part) exported as `name` from the chunk `chunk` loads, rendered inside a skeleton fallback. */
function lazyExport<K extends keyof typeof loaders>(chunk: K, name: keyof Awaited<ReturnType<(typeof loaders)[K]>> & string): () => ReactElement {
  const View = lazy<ComponentType>(() => loaders[chunk]().then((m) => ({ default: (m as unknown as Record<string, ComponentType>)[name]! })))
  return function LazyView() {
    return (
      <Suspense fallback={<div className="gw-skeleton" data-testid="gw-view-loading" />}>
        <View />
      </Suspense>
    )
  }
}

export const AllWalletsView = lazyExport('allWallets', 'AllWalletsView')
export const NetworkList = lazyExport('networks', 'NetworkList')
export const SwitchActiveChainView = lazyExport('networks', 'SwitchActiveChainView')
export const UnsupportedChainView = lazyExport('networks', 'UnsupportedChainView')
export const WalletSendView = lazyExport('send', 'WalletSendView')
export const WalletSendSelectTokenView = lazyExport('send', 'WalletSendSelectTokenView')
export const WalletSendPreviewView = lazyExport('send', 'WalletSendPreviewView')
export const SwapView = lazyExport('swap', 'SwapView')
export const SwapSelectTokenView = lazyExport('swap', 'SwapSelectTokenView')
export const SwapPreviewView = lazyExport('swap', 'SwapPreviewView')
export const OnRampProvidersView = lazyExport('onramp', 'OnRampProvidersView')
export const OnRampTokenSelectView = lazyExport('onramp', 'OnRampTokenSelectView')
export const OnRampFiatSelectView = lazyExport('onramp', 'OnRampFiatSelectView')
export const BuyInProgressView = lazyExport('onramp', 'BuyInProgressView')
export const WalletReceiveView = lazyExport('receive', 'WalletReceiveView')
export const ProfileWalletsView = lazyExport('profileWallets', 'ProfileWalletsView')
export const EmailLoginView = lazyExport('emailLogin', 'EmailLoginView')
export const ApproveTransactionView = lazyExport('approveTransaction', 'ApproveTransactionView')
export const ConnectingFarcasterView = lazyExport('farcaster', 'ConnectingFarcasterView')
export const UpdateEmailWalletView = lazyExport('updateEmail', 'UpdateEmailWalletView')
export const SiwxSignMessageView = lazyExport('siwx', 'SiwxSignMessageView')
export const RegisterAccountNameView = lazyExport('names', 'RegisterAccountNameView')
export const DataCaptureView = lazyExport('dataCapture', 'DataCaptureView')
export const RegisterAccountNameSuccessView = lazyExport('names', 'RegisterAccountNameSuccessView')

const LazyQrCode = lazy(() => loaders.qrCode().then((m) => ({ default: m.QrCode })))
/** The QR code (uqr) once its chunk is in, named `label` for assistive technology; until then the caller's `fallback`. */
export function QrCode({ value, label, fallback }: { value: string; label: string; fallback: ReactElement }) {
  return (
    <Suspense fallback={fallback}>
      <LazyQrCode value={value} label={label} />
    </Suspense>
  )
}

/**
 * The chunk a view needs, for the views a control leads to (its `data-leads-to`): a wallet row that
 * pairs over WalletConnect leads to the QR code.
 */
const CHUNK_OF_VIEW: Readonly<Record<string, keyof typeof loaders>> = {
  AllWallets: 'allWallets',
  SwitchNetwork: 'networks',
  WalletSend: 'send',
  WalletSendSelectToken: 'send',
  WalletSendPreview: 'send',
  Swap: 'swap',
  SwapPreview: 'swap',
  OnRampProviders: 'onramp',
  OnRampTokenSelect: 'onramp',
  OnRampFiatSelect: 'onramp',
  WalletReceive: 'receive',
  ProfileWallets: 'profileWallets',
  EmailLogin: 'emailLogin',
  ConnectingFarcaster: 'farcaster',
  UpdateEmailWallet: 'updateEmail',
  RegisterAccountName: 'names',
  ConnectingWalletConnect: 'qrCode',
}

const started = new Set<keyof typeof loaders>()
/**
 * Loads, on the visitor's intent (pointer over, focus or touch on a control), the chunk of the view
 * that control leads to: the nearest `[data-leads-to]` around `target` names the view
 * (CHUNK_OF_VIEW). Once per chunk; a failed load is tried again when the view shows. Chunks are not
 * loaded in idle time after the open: that cost the second after the click more than any view
 * saved (docs/architecture.md, "What the host page loads, and when"); the views the engine opens by itself load when shown.
 * @example <div onPointerOver={(e) => preloadOnIntent(e.target)}>…<button data-leads-to="WalletSend">Send</button></div>
 */
export function preloadOnIntent(target: EventTarget | null): void {
  const view = target instanceof Element ? target.closest('[data-leads-to]')?.getAttribute('data-leads-to') : null
  const chunk = view ? CHUNK_OF_VIEW[view] : undefined
  if (!chunk || started.has(chunk)) return
  started.add(chunk)
  void loaders[chunk]().catch(() => started.delete(chunk))
}
