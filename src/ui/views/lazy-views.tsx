/**
 * The views that load when first shown (docs/behaviour.md §2): the first chunk holds what a click shows at once
 * (Connect, Account, the connecting views); these follow (All Wallets, networks, send, swap, buy, receive,
 * ProfileWallets, EmailLogin, ApproveTransaction, ConnectingFarcaster, UpdateEmailWallet, SIWXSignMessage, DataCapture, RegisterAccountName and its success, the QR code), each its own chunk, fetched and evaluated when navigated to, or all
 * of them in idle time once the modal has opened (preloadViews). While one loads, its body shows
 * skeleton rows.
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
 * Chunks left out of the idle preload: ProfileWallets is reached only from a connected Account
 * view, so it loads on the visitor's intent there (`preloadProfileWallets`, on pointer or focus of
 * the wallets control), not in the second after every first open.
 */
const ON_INTENT: ReadonlySet<keyof typeof loaders> = new Set(['profileWallets'])

/** Fetches and evaluates the ProfileWallets chunk (once; a failed load is tried again when shown). */
export function preloadProfileWallets(): void {
  void loaders.profileWallets().catch(() => undefined)
}

let preloaded = false
/** Fetches and evaluates every lazy chunk but those loaded on intent (ON_INTENT), one idle callback each (once): called after the modal first opens. */
export function preloadViews(): void {
  if (preloaded) return
  preloaded = true
  const idle = (fn: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(fn) : setTimeout(fn, 50))
  const queue = (Object.keys(loaders) as (keyof typeof loaders)[]).filter((k) => !ON_INTENT.has(k)).map((k) => loaders[k])
  const next = () => {
    const load = queue.shift()
    if (load) idle(() => void load().then(next, next))
  }
  next()
}
