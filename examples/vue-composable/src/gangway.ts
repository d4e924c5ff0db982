// Vue composables over Gangway's headless surface (`modal.headless()`): each holds a ref that the
// surface's subscribe function keeps current, and unsubscribes when the calling scope (a
// component's setup, an effectScope) is disposed. The first subscription is the visitor's reach
// for the modal (the engine asks its services from then on): call them in components mounted once
// the visitor reaches for the site's own UI, not at load, to keep the network-quiet start.
import { computed, inject, onScopeDispose, shallowRef, type App, type ComputedRef, type InjectionKey, type ShallowRef } from 'vue'
import type { GangwayHeadless, GangwayModal, NetworkListModel, WalletItem, WalletListModel } from 'gangway'

/** What `modal.subscribeAccount` calls back with. */
export type Account = Parameters<Parameters<GangwayModal['subscribeAccount']>[0]>[0]

const GANGWAY: InjectionKey<GangwayModal> = Symbol('gangway')

/** The plugin that gives every component the modal: `createApp(App).use(gangwayPlugin(modal))`. */
export const gangwayPlugin = (modal: GangwayModal) => ({ install: (app: App) => void app.provide(GANGWAY, modal) })

/** The modal the plugin provided. */
export function useGangway(): GangwayModal {
  const modal = inject(GANGWAY)
  if (!modal) throw new Error('No Gangway modal: install gangwayPlugin(modal) on the app')
  return modal
}

/** Each modal's headless surface, asked for once and shared by every composable. */
const surfaces = new WeakMap<GangwayModal, Promise<GangwayHeadless>>()
function surfaceOf(modal: GangwayModal): Promise<GangwayHeadless> {
  let surface = surfaces.get(modal)
  if (!surface) surfaces.set(modal, (surface = modal.headless()))
  return surface
}

/**
 * A ref over one get/subscribe pair of the surface: `empty` until the surface has resolved, then
 * its value and every change after; the subscription ends with the calling scope. `headless` is
 * the surface once resolved, for actions that must start inside a click.
 */
function useSubscribed<T>(modal: GangwayModal, empty: T, pair: (h: GangwayHeadless) => { get(): T; subscribe(callback: (value: T) => void): () => void }): { value: ComputedRef<T>; headless: ShallowRef<GangwayHeadless | undefined> } {
  const value = shallowRef(empty)
  const headless = shallowRef<GangwayHeadless>()
  let stop: (() => void) | undefined
  let disposed = false
  void surfaceOf(modal).then((h) => {
    if (disposed) return
    const { get, subscribe } = pair(h)
    // Subscribed first, then read: a change between the two is not missed.
    stop = subscribe((v) => (value.value = v))
    value.value = get()
    headless.value = h
  })
  onScopeDispose(() => {
    disposed = true
    stop?.()
  })
  return { value: computed(() => value.value), headless }
}

const EMPTY_LIST: WalletListModel = { wallets: [], wcWallets: [], page: 0, count: 0, hasMore: false, isFetchingWallets: false }
const NO_NETWORKS: NetworkListModel = { groups: [] }

export interface GangwayWallets {
  /** The wallet list (the Connect view's `wallets`, the registry's `wcWallets`), empty until it arrives. */
  list: ComputedRef<WalletListModel>
  /** The surface has resolved: the list is live. */
  ready: ComputedRef<boolean>
  /** Connects `wallet`: call it in the click handler, nothing awaited before it (a phone's deep link opens inside the tap). */
  connect(wallet: WalletItem): ReturnType<GangwayHeadless['connectWallet']>
}

/** The wallet list and its connect, for a site's own list. Its first use is the reach for the modal. */
export function useGangwayWallets(): GangwayWallets {
  const modal = useGangway()
  const { value: list, headless } = useSubscribed(modal, EMPTY_LIST, (h) => ({ get: h.getWalletList, subscribe: h.subscribeWalletList }))
  return {
    list,
    ready: computed(() => headless.value !== undefined),
    // Synchronously once resolved, else as soon as it is.
    connect: (wallet) => (headless.value ? headless.value.connectWallet(wallet) : surfaceOf(modal).then((h) => h.connectWallet(wallet))),
  }
}

export interface GangwayNetworks {
  /** The site's networks by namespace, the active one marked, a switch the wallet has not answered as `pending`. */
  networks: ComputedRef<NetworkListModel>
  /** Switches the active network, through the connected wallet when there is one. */
  switchNetwork(caipNetworkId: string): Promise<void>
}

/** The site's networks and the switch between them. Its first use is the reach for the modal. */
export function useGangwayNetworks(): GangwayNetworks {
  const modal = useGangway()
  const { value: networks } = useSubscribed(modal, NO_NETWORKS, (h) => ({ get: h.getNetworks, subscribe: h.subscribeNetworks }))
  return { networks, switchNetwork: (id) => surfaceOf(modal).then((h) => h.switchNetwork(id)) }
}

/** The connected account (`modal.subscribeAccount`): no reach, so usable from the page's load. */
export function useGangwayAccount(): ComputedRef<Account> {
  const modal = useGangway()
  const account = shallowRef(modal.getAccount())
  onScopeDispose(modal.subscribeAccount((a) => (account.value = a)))
  return computed(() => account.value)
}
