/**
 * gangway/react's hooks over the headless surface (docs/api.md, Headless): a React site's own wallet
 * list and network buttons on the same engine and projections as the modal. Each hook subscribes
 * while mounted, and its first subscription is the visitor's reach for the modal (services are
 * asked from then on): mount them when the visitor reaches for the site's own UI, not at load, to
 * keep the network-quiet start. On a server they render constant empty values.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { GangwayHeadless, GangwayModal, WalletConnectUri } from '#loader'
import type { AccountModel, Namespace, NetworkListModel, WalletItem, WalletListModel } from '../contract.js'
import { useGangway } from './context.js'

/** The headless surface of each modal: resolved once (`value` from then on), shared by every hook. */
const surfaces = new WeakMap<GangwayModal, { value?: GangwayHeadless; ready: Promise<GangwayHeadless> }>()
const surfaceOf = (modal: GangwayModal) => {
  let s = surfaces.get(modal)
  if (!s) {
    const entry: { value?: GangwayHeadless; ready: Promise<GangwayHeadless> } = { ready: modal.headless() }
    entry.ready = entry.ready.then((h) => (entry.value = h))
    surfaces.set(modal, (s = entry))
  }
  return s
}

const EMPTY_LIST: WalletListModel = { wallets: [], wcWallets: [], page: 0, count: 0, hasMore: false, isFetchingWallets: false }
const NO_URI: WalletConnectUri = { wcFetchingUri: false }
const NO_NETWORKS: NetworkListModel = { groups: [] }
const unsubscribed = () => () => undefined

/**
 * The modal's headless surface, once it has resolved (after the page's load event, with the core
 * started); undefined before, and on a server. Resolving it is no reach for the modal.
 * @example
 * ```tsx
 * import { useHeadless } from 'gangway/react'
 *
 * const headless = useHeadless()
 * const onSend = () => headless?.send({ to, amount: '0.01' })
 * ```
 */
export function useHeadless(): GangwayHeadless | undefined {
  const modal = useGangway()
  // Not on a server: modal.headless() waits for a load event that never comes there.
  const surface = useMemo(() => (typeof document === 'object' ? surfaceOf(modal) : undefined), [modal])
  const [value, setValue] = useState(surface?.value)
  useEffect(() => {
    let live = true
    if (surface && !surface.value) void surface.ready.then((h) => live && setValue(h))
    return () => void (live = false)
  }, [surface])
  return value ?? surface?.value
}

/** `get` whose value is kept while it equals the last by JSON (for snapshots that are new objects each time). */
function cachedByJson<T>(get: () => T): () => T {
  let last: T | undefined
  let json = ''
  return () => {
    const now = get()
    const j = JSON.stringify(now)
    if (last === undefined || j !== json) (last = now), (json = j)
    return last
  }
}

/**
 * What useWallets gives: the names follow AppKit's `useAppKitWallets`.
 * @example
 * ```tsx
 * const { wallets, wcWallets, isFetchingWallets, wcUri }: WalletsHook = useWallets()
 * ```
 */
export interface WalletsHook extends WalletListModel {
  /** The headless surface has resolved: lists and the URI are live. */
  isInitialized: boolean
  /** The pairing URI on show (WalletConnectUri.wcUri): for a QR code; never log it. */
  wcUri?: string
  /** When it expires, in ms since the epoch. */
  wcPairingExpiry?: number
  isFetchingWcUri: boolean
  wcError?: string
  /** GangwayHeadless.connectWallet: call it in the click handler, nothing awaited before it. */
  connect(wallet: WalletItem | string, options?: { namespace?: Namespace }): Promise<AccountModel>
  fetchWallets(options?: { page?: number; search?: string }): Promise<void>
  prefetchWalletConnectUri(): Promise<void>
  resetWcUri(): Promise<void>
}

/**
 * The wallet list and the WalletConnect pairing URI (GangwayHeadless's), for a site's own list.
 * Mounting it is the reach for the modal.
 * @example
 * ```tsx
 * import { useWallets } from 'gangway/react'
 *
 * function WalletList() {
 *   const { wallets, connect } = useWallets()
 *   return wallets.map((w) => <button key={w.id} onClick={() => void connect(w)}>{w.name}</button>)
 * }
 * ```
 */
export function useWallets(): WalletsHook {
  const modal = useGangway()
  const h = useHeadless()
  const list = useSyncExternalStore(h?.subscribeWalletList ?? unsubscribed, h?.getWalletList ?? (() => EMPTY_LIST), () => EMPTY_LIST)
  const uriSnapshot = useMemo(() => (h ? cachedByJson(h.getWalletConnectUri) : () => NO_URI), [h])
  const uri = useSyncExternalStore(h?.subscribeWalletConnectUri ?? unsubscribed, uriSnapshot, () => NO_URI)
  const later = typeof document === 'object' ? surfaceOf(modal).ready : new Promise<GangwayHeadless>(() => undefined)
  return {
    ...list,
    isInitialized: h !== undefined,
    ...(uri.wcUri ? { wcUri: uri.wcUri, wcPairingExpiry: uri.wcPairingExpiry } : {}),
    isFetchingWcUri: uri.wcFetchingUri,
    ...(uri.wcError ? { wcError: uri.wcError } : {}),
    // Synchronously when resolved (a phone's deep link opens inside the tap), else once it is.
    connect: (wallet, options) => (h ? h.connectWallet(wallet, options) : later.then((s) => s.connectWallet(wallet, options))),
    fetchWallets: (options) => later.then((s) => s.fetchWallets(options)),
    prefetchWalletConnectUri: () => later.then((s) => s.prefetchWalletConnectUri()),
    resetWcUri: () => later.then((s) => s.resetWalletConnectUri()),
  }
}

/**
 * The site's networks (GangwayHeadless.getNetworks) and `switchNetwork`. Mounting it is the reach for the modal.
 * @example
 * ```tsx
 * import { useNetworks } from 'gangway/react'
 *
 * const { networks, switchNetwork } = useNetworks()
 * return networks.groups.flatMap((g) => g.networks).map((n) => <button key={n.caipNetworkId} aria-pressed={n.active} onClick={() => void switchNetwork(n.caipNetworkId)}>{n.name}</button>)
 * ```
 */
export function useNetworks(): { networks: NetworkListModel; switchNetwork(caipNetworkId: string): Promise<void> } {
  const modal = useGangway()
  const h = useHeadless()
  const networks = useSyncExternalStore(h?.subscribeNetworks ?? unsubscribed, h?.getNetworks ?? (() => NO_NETWORKS), () => NO_NETWORKS)
  return { networks, switchNetwork: modal.switchNetwork }
}
