/**
 * The headless surface's implementation (docs/api.md, Headless; the types in ../headless-types.ts):
 * the views' signals and two on-demand engine subscriptions (the wallet list, the public events)
 * read, intents sent. No second code path: a site's own UI and the modal read the same projections.
 */
import { signal, type Signal } from '@preact/signals-core'
import type { AccountModel, Intent, Namespace, PublicEvent, WalletItem, WalletListModel, WalletRef } from '../../contract.js'
import { isPairingExpired } from '../../projections/rules/wallet-rules.js'
import type { GangwayHeadless, WalletConnectUri } from '../headless-types.js'
import type { ClientEngine } from './engine-start.js'
import { GangwayError } from '../../events/kernel/errors.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { openOnTap } from './open-wallet.js'
import type { ClientSignals } from './signals.js'
import type { ModalApi } from './modal-api.js'
import { headlessSend, type Showing } from './headless-send.js'

/** What the surface is built on: the started engine, the views' signals and the client's dispatch. */
export interface HeadlessDeps {
  engine: Pick<ClientEngine, 'subscribe' | 'subscribeEvents' | 'dispatch'>
  signals: ClientSignals
  dispatch(intent: Intent): Promise<void>
  /** The modal's engine-backed members (its switchNetwork). */
  api: Pick<ModalApi, 'switchNetwork'>
  /** Tells the engine the visitor reached for the modal (once; the core shares it with the triggers' first approach). */
  reach(): void
}

/** Calls `callback` on each change of `s` after now (signals-core's subscribe also calls at once); returns the unsubscribe. */
function changes<T>(s: Signal<T>, callback: (v: T) => void): () => void {
  let first = true
  return s.subscribe((v) => (first ? (first = false) : callback(v)))
}

/** A registry wallet's link set as the WalletRef a WalletConnect connect remembers and a tap opens. */
const walletRefOf = (item: WalletItem): WalletRef => ({ id: item.id, name: item.name, ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}), ...(item.walletInfo.deepLink ? { mobileLink: item.walletInfo.deepLink } : {}), ...(item.walletInfo.desktopLink ? { desktopLink: item.walletInfo.desktopLink } : {}), ...(item.walletInfo.webappLink ? { webappLink: item.walletInfo.webappLink } : {}) })

/**
 * Builds the headless surface; resolves once the wallet list's first value is in (so
 * `getWalletList()` answers at once). The event stream is followed from here on.
 * @example
 * ```ts
 * const headless = await createHeadless({ engine, signals, dispatch, api, reach })
 * ```
 */
export async function createHeadless({ engine, signals, dispatch, api, reach }: HeadlessDeps): Promise<GangwayHeadless> {
  const reaching = <A extends unknown[], R>(fn: (...a: A) => R) => (...a: A): R => (reach(), fn(...a))
  const list = await new Promise<Signal<WalletListModel>>((first) => {
    let s: Signal<WalletListModel> | undefined
    void engine.subscribe('walletList', (v) => (s ? (s.value = v) : first((s = signal(v)))))
  })
  let lastEvent: PublicEvent | undefined
  const eventListeners = new Set<(e: PublicEvent) => void>()
  await engine.subscribeEvents((e) => {
    lastEvent = e
    for (const l of eventListeners) l(e)
  })

  /** The pairing as a site reads it: its URI only while not about to expire. */
  const uri = (): WalletConnectUri => {
    const pairing = signals.pairing.value
    const wc = signals.walletConnect.value
    const fresh = pairing && !isPairingExpired(pairing.expiresAt, Date.now()) ? pairing : undefined
    return { ...(fresh ? { wcUri: fresh.uri, wcPairingExpiry: fresh.expiresAt * 1000 } : {}), wcFetchingUri: Boolean(wc.preparing), ...(wc.pairingError ? { wcError: wc.pairingError } : {}) }
  }
  /** Calls `callback` when the URI as a site reads it changes (the pairing, or the WalletConnect model's fetching and error). */
  const uriChanges = (callback: (v: WalletConnectUri) => void) => {
    let last = JSON.stringify(uri())
    const changed = () => {
      const now = uri()
      if (JSON.stringify(now) !== last) (last = JSON.stringify(now)), callback(now)
    }
    const stops = [changes(signals.pairing, changed), changes(signals.walletConnect, changed)]
    return () => stops.forEach((stop) => stop())
  }

  /**
   * Connects `wallet` (see GangwayHeadless.connectWallet): the tap's deep link first, synchronously,
   * then `connect/requested`, settled by the connection on the namespace or the connect's end.
   */
  const connectWallet = (wallet: WalletItem | string, options: { namespace?: Namespace } = {}): Promise<AccountModel> => {
    const { wallets, wcWallets } = list.peek()
    const item = typeof wallet === 'string' ? [...wallets, ...wcWallets].find((w) => w.id === wallet) : wallet
    const via = item?.connectors.find((c) => !options.namespace || c.namespace === options.namespace) ?? item?.connectors[0]
    const connectorId = via?.id ?? String(wallet)
    const namespace = options.namespace ?? via?.namespace ?? signals.connections.peek().activeNamespace ?? 'eip155'
    const ref = item && !item.isInjected && connectorId === 'walletConnect' ? walletRefOf(item) : undefined
    // Synchronously, inside the tap's user gesture; a no-op unless on a phone with a fresh URI ready.
    if (ref) openOnTap(dispatch, ref, signals.pairing.peek(), signals.walletConnect.peek().connecting)
    const before = JSON.stringify(signals.connect.peek().error ?? null)
    const connected = () => {
      const account = signals.account.peek().byNamespace?.[namespace]
      return account?.isConnected && account.connectorId === connectorId ? account : undefined
    }
    return dispatch({ type: 'connect/requested', payload: { connectorId, namespace, ...(ref ? { wallet: ref } : {}) } }).then(
      () =>
        new Promise<AccountModel>((resolve, reject) => {
          let pending = false
          const stops: (() => void)[] = []
          const settle = () => {
            const account = connected()
            const { pendingConnectorId, error } = signals.connect.peek()
            if (pendingConnectorId === connectorId) pending = true
            const failed = pendingConnectorId !== connectorId && (pending || JSON.stringify(error ?? null) !== before)
            if (!account && !failed) return
            for (const stop of stops) stop()
            if (account) resolve(account)
            else reject(new GangwayError(error?.connectorId === connectorId ? error.message : ERRORS.connectionRejected.message, { category: 'API_ERROR', details: `connect on ${connectorId}` }))
          }
          stops.push(changes(signals.account, settle), changes(signals.connect, settle))
          settle()
        }),
    )
  }

  /** What the site's own UI shows (headless/showing-changed): all off until it says otherwise. */
  const showing: Showing = { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false }
  const show = (flag: keyof Showing, on: boolean) => ((showing[flag] = on), dispatch({ type: 'headless/showing-changed', payload: { ...showing } }))

  return {
    getWalletList: () => list.peek(),
    subscribeWalletList: reaching((callback) => changes(list, callback)),
    fetchWallets: reaching(({ page, search }: { page?: number; search?: string } = {}) =>
      dispatch(search !== undefined ? { type: 'wallets/search-requested', payload: { query: search } } : { type: 'wallets/page-requested', payload: { page: page ?? list.peek().page + 1 } }),
    ),
    connectWallet: reaching(connectWallet),
    prefetchWalletConnectUri: reaching(() => dispatch({ type: 'walletconnect/pairing-requested', payload: {} })),
    getWalletConnectUri: uri,
    subscribeWalletConnectUri: reaching(uriChanges),
    resetWalletConnectUri: () => dispatch({ type: 'walletconnect/pairing-reset-requested', payload: {} }),
    getNetworks: () => signals.networkList.peek(),
    subscribeNetworks: reaching((callback) => changes(signals.networkList, callback)),
    switchNetwork: (id) => api.switchNetwork(id),
    send: headlessSend(signals.send, dispatch, show),
    getEvent: () => lastEvent,
    subscribeEvents(callback) {
      const listener = (e: PublicEvent) => callback(e)
      eventListeners.add(listener)
      return () => void eventListeners.delete(listener)
    },
  }
}
