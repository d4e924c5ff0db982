/**
 * The views that load when first needed (docs/behaviour.md §2): the first chunk holds what a click on
 * a trigger shows at once to a visitor not connected (Connect, the connecting views); these follow
 * (Account, All Wallets, networks, send, swap, buy, receive, ProfileWallets, EmailLogin,
 * ApproveTransaction, ConnectingFarcaster, UpdateEmailWallet, SIWXSignMessage, DataCapture,
 * RegisterAccountName and its success, the QR code), each its own chunk, fetched and evaluated on
 * the visitor's intent toward a control that leads there (preloadOnIntent), when a view that leads
 * there shows (preloadView: a connecting view leads to Account), or when shown (a restored
 * connection's Account, rendered hidden after load). While one loads, its body shows skeleton
 * rows. No Suspense: React keeps a Suspense fallback up for at least 300 ms once shown, so a chunk
 * that came in a moment after the click would still show its view late; a view whose chunk is in
 * renders at once, in the same render.
 */
import { useEffect, useState, type ComponentType, type ReactElement } from 'react'
import type { ViewName } from '../../contract.js'

const loaders = {
  account: () => import('./AccountView.js'),
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

type Chunk = keyof typeof loaders
type Exports = Record<string, ComponentType<never>>
/** The chunks that have come in, by key: what a view renders from at once. */
const loaded = new Map<Chunk, Exports>()
/** Loads `chunk` (the module system fetches and evaluates it once) and keeps its exports in `loaded`. A failed load rejects; the next call tries again. */
const load = (chunk: Chunk): Promise<Exports> =>
  loaders[chunk]().then((m) => {
    loaded.set(chunk, m as unknown as Exports)
    return m as unknown as Exports
  })

/** The exports of `chunk`, rendered from at once when it is in; loaded on mount otherwise (undefined until then, and after a failed load, which the next mount tries again). */
function useChunk(chunk: Chunk): Exports | undefined {
  const [exports, setExports] = useState(() => loaded.get(chunk))
  useEffect(() => {
    if (exports) return
    let live = true
    load(chunk).then((m) => live && setExports(m), () => undefined)
    return () => void (live = false)
  }, [chunk, exports])
  return exports
}

/** A view (or part) exported as `name` from the chunk `chunk`: rendered at once when the chunk is in, else a skeleton until it comes. */
function lazyExport<K extends Chunk>(chunk: K, name: keyof Awaited<ReturnType<(typeof loaders)[K]>> & string): () => ReactElement {
  return function LazyView() {
    const View = useChunk(chunk)?.[name] as ComponentType | undefined
    return View ? <View /> : <div className="gw-skeleton" data-testid="gw-chunk-loading" />
  }
}

export const AccountView = lazyExport('account', 'AccountView')
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

/** The QR code (uqr) once its chunk is in, named `label` for assistive technology; until then the caller's `fallback`. */
export function QrCode({ value, label, fallback }: { value: string; label: string; fallback: ReactElement }) {
  const Code = useChunk('qrCode')?.QrCode as ComponentType<{ value: string; label: string }> | undefined
  return Code ? <Code value={value} label={label} /> : fallback
}

/**
 * The chunks a view needs, and those of the view it leads to, for the views a control leads to (its
 * `data-leads-to`) and the views shown (preloadView): a wallet row that pairs over WalletConnect leads
 * to the QR code; every way of connecting leads to Account.
 */
const CHUNKS_OF_VIEW: Readonly<Partial<Record<ViewName, readonly Chunk[]>>> = {
  Account: ['account'],
  AllWallets: ['allWallets'],
  SwitchNetwork: ['networks'],
  WalletSend: ['send'],
  WalletSendSelectToken: ['send'],
  WalletSendPreview: ['send'],
  Swap: ['swap'],
  SwapPreview: ['swap'],
  OnRampProviders: ['onramp'],
  OnRampTokenSelect: ['onramp'],
  OnRampFiatSelect: ['onramp'],
  WalletReceive: ['receive'],
  ProfileWallets: ['profileWallets'],
  UpdateEmailWallet: ['updateEmail'],
  RegisterAccountName: ['names'],
  ConnectingExternal: ['account'],
  ConnectingWalletConnect: ['qrCode', 'account'],
  ConnectingWalletConnectBasic: ['account'],
  ConnectingFarcaster: ['farcaster', 'account'],
  EmailLogin: ['emailLogin', 'account'],
}

const started = new Set<Chunk>()
/**
 * Loads the chunks `view` needs and those of the view it leads to (CHUNKS_OF_VIEW; none for a view in
 * the first chunk that leads nowhere new). Once per chunk; a failed load is tried again when its view
 * shows.
 * @example preloadView('ConnectingExternal') // Account's chunk, while the wallet is asked
 */
export function preloadView(view: ViewName): void {
  for (const chunk of CHUNKS_OF_VIEW[view] ?? []) {
    if (started.has(chunk)) continue
    started.add(chunk)
    void load(chunk).catch(() => started.delete(chunk))
  }
}

/**
 * Loads, on the visitor's intent (pointer over, focus or touch on a control), the chunks of the view
 * that control leads to: the nearest `[data-leads-to]` around `target` names the view (preloadView).
 * Chunks are not loaded in idle time after the open: that cost the second after the click more than
 * any view saved (docs/architecture.md, "What the host page loads, and when"); the views the engine
 * opens by itself load when shown.
 * @example <div onPointerOver={(e) => preloadOnIntent(e.target)}>…<button data-leads-to="WalletSend">Send</button></div>
 */
export function preloadOnIntent(target: EventTarget | null): void {
  const view = target instanceof Element ? target.closest('[data-leads-to]')?.getAttribute('data-leads-to') : null
  if (view) preloadView(view as ViewName)
}
