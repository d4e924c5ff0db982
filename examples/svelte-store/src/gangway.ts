// Svelte stores over Gangway's headless surface (`modal.headless()`): each is a readable store
// whose first subscriber subscribes it to the surface and whose last unsubscriber unsubscribes it.
// That first subscription is the visitor's reach for the modal (the engine asks its services from
// then on): read the stores (`$wallets`) in components mounted once the visitor reaches for the
// site's own UI, not at load, to keep the network-quiet start.
import { getContext } from 'svelte'
import { readable, type Readable } from 'svelte/store'
import type { GangwayHeadless, GangwayModal, NetworkListModel, WalletItem, WalletListModel } from 'gangway'

/** What `modal.subscribeAccount` calls back with. */
export type Account = Parameters<Parameters<GangwayModal['subscribeAccount']>[0]>[0]

export interface GangwayStores {
  modal: GangwayModal
  /** The wallet list (the Connect view's `wallets`, the registry's `wcWallets`), empty until it arrives. Subscribing is the reach. */
  wallets: Readable<WalletListModel>
  /** The site's networks by namespace, the active one marked, a switch the wallet has not answered as `pending`. Subscribing is the reach. */
  networks: Readable<NetworkListModel>
  /** The connected account (`modal.subscribeAccount`): no reach, so readable from the page's load. */
  account: Readable<Account>
  /** Connects `wallet`: call it in the click handler, nothing awaited before it (a phone's deep link opens inside the tap). */
  connect(wallet: WalletItem): ReturnType<GangwayHeadless['connectWallet']>
  /** Switches the active network, through the connected wallet when there is one. */
  switchNetwork(caipNetworkId: string): Promise<void>
}

const EMPTY_LIST: WalletListModel = { wallets: [], wcWallets: [], page: 0, count: 0, hasMore: false, isFetchingWallets: false }
const NO_NETWORKS: NetworkListModel = { groups: [] }

/** The stores of `modal`. The surface is asked for once, when a store first needs it. */
export function gangwayStores(modal: GangwayModal): GangwayStores {
  let surface: Promise<GangwayHeadless> | undefined
  /** The surface once resolved, for actions that must start inside a click. */
  let resolved: GangwayHeadless | undefined
  const headless = () => (surface ??= modal.headless().then((h) => (resolved = h)))

  /** A store over one get/subscribe pair of the surface: `empty` until it has resolved, then its value and every change after. */
  const fromSurface = <T>(empty: T, pair: (h: GangwayHeadless) => { get(): T; subscribe(callback: (value: T) => void): () => void }): Readable<T> =>
    readable(empty, (set) => {
      let stop: (() => void) | undefined
      let stopped = false
      void headless().then((h) => {
        if (stopped) return
        const { get, subscribe } = pair(h)
        // Subscribed first, then read: a change between the two is not missed.
        stop = subscribe(set)
        set(get())
      })
      return () => {
        stopped = true
        stop?.()
      }
    })

  return {
    modal,
    wallets: fromSurface(EMPTY_LIST, (h) => ({ get: h.getWalletList, subscribe: h.subscribeWalletList })),
    networks: fromSurface(NO_NETWORKS, (h) => ({ get: h.getNetworks, subscribe: h.subscribeNetworks })),
    account: readable(modal.getAccount(), (set) => {
      set(modal.getAccount())
      return modal.subscribeAccount(set)
    }),
    connect: (wallet) => (resolved ? resolved.connectWallet(wallet) : headless().then((h) => h.connectWallet(wallet))),
    switchNetwork: (id) => headless().then((h) => h.switchNetwork(id)),
  }
}

/** The key main.ts mounts the app with (`mount(App, { context })`). */
export const GANGWAY = Symbol('gangway')

/** The stores the app was mounted with; call it in a component's script. */
export function useGangway(): GangwayStores {
  const stores = getContext<GangwayStores | undefined>(GANGWAY)
  if (!stores) throw new Error('No Gangway stores: mount the app with the context new Map([[GANGWAY, gangwayStores(modal)]])')
  return stores
}

/** The list the page shows: the Connect view's wallets, then the registry's first few. */
export const walletRows = ({ wallets, wcWallets }: WalletListModel): WalletItem[] => [...wallets, ...wcWallets.filter((w) => !wallets.some((v) => v.id === w.id)).slice(0, 8)]

export const message = (e: unknown) => (e instanceof Error ? e.message : String(e))
