/**
 * The headless surface's implementation (docs/api.md, Headless; the types in ../headless-types.ts):
 * the views' signals and two on-demand engine subscriptions (the wallet list, the public events)
 * read, intents sent. No second code path: a site's own UI and the modal read the same projections.
 * The send, the swap, the names and the sign-in and login are in headless-send.ts, headless-swap.ts,
 * headless-names.ts and headless-auth.ts.
 */
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-core'
import type { AccountModel, AccountTabsModel, Intent, Namespace, PublicEvent, WalletItem, WalletListModel, WalletRef } from '../../contract.js'
import { isPairingExpired } from '../../projections/rules/wallet-rules.js'
import type { AccountActivity, AccountNfts, AccountTokens, GangwayHeadless, WalletConnectUri } from '../headless-types.js'
import type { ClientEngine } from './engine-start.js'
import { GangwayError } from '../../events/kernel/errors.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { openOnTap } from './open-wallet.js'
import type { ClientSignals } from './signals.js'
import type { ModalApi } from './modal-api.js'
import { headlessSend, type Showing } from './headless-send.js'
import { headlessSwap } from './headless-swap.js'
import { headlessNames } from './headless-names.js'
import { headlessAuth, loginOf, type HeadlessAuth } from './headless-auth.js'

/** What the surface is built on: the started engine, the views' signals and the client's dispatch. */
export interface HeadlessDeps {
  engine: Pick<ClientEngine, 'subscribe' | 'subscribeEvents' | 'dispatch'>
  signals: ClientSignals
  dispatch(intent: Intent): Promise<void>
  /** The modal's engine-backed members (its switchNetwork). */
  api: Pick<ModalApi, 'switchNetwork'>
  /** Tells the engine the visitor reached for the modal (once; the core shares it with the triggers' first approach). */
  reach(): void
  /** The client's email and social login functions (core.ts Client), when it has them (`auth` and a secure site). */
  auth?: HeadlessAuth
}

/** Calls `callback` on each change of `s` after now (signals-core's subscribe also calls at once); returns the unsubscribe. */
function changes<T>(s: ReadonlySignal<T>, callback: (v: T) => void): () => void {
  let first = true
  return s.subscribe((v) => (first ? (first = false) : callback(v)))
}

/**
 * Calls `callback` with `pick` of each value of `s` after now when it differs from the last one
 * picked (as JSON: view models are plain data); returns the unsubscribe.
 */
function partChanges<T, P>(s: ReadonlySignal<T>, pick: (v: T) => P, callback: (v: P) => void): () => void {
  let last = JSON.stringify(pick(s.peek()) ?? null)
  return changes(s, (v) => {
    const part = pick(v)
    const json = JSON.stringify(part ?? null)
    if (json !== last) (last = json), callback(part)
  })
}

/** The Account tabs model's parts for each tab (headless-types.ts AccountTokens, AccountNfts, AccountActivity). */
const tokensOf = ({ caipAddress, networkBalanceUsd, tokens, tokensLoading }: AccountTabsModel): AccountTokens => ({ ...(caipAddress ? { caipAddress } : {}), ...(networkBalanceUsd !== undefined ? { networkBalanceUsd } : {}), tokens, tokensLoading })
const nftsOf = ({ caipAddress, tabs, nfts, nftsLoading }: AccountTabsModel): AccountNfts => ({ ...(caipAddress ? { caipAddress } : {}), tabs, nfts, nftsLoading })
const activityOf = ({ caipAddress, tabs, activity, activityLoading, activityLoadingMore, next, pending, unfollowed }: AccountTabsModel): AccountActivity => ({
  ...(caipAddress ? { caipAddress } : {}),
  tabs,
  activity,
  activityLoading,
  activityLoadingMore,
  ...(next !== undefined ? { next } : {}),
  ...(pending ? { pending } : {}),
  ...(unfollowed !== undefined ? { unfollowed } : {}),
})

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
export async function createHeadless({ engine, signals, dispatch, api, reach, auth }: HeadlessDeps): Promise<GangwayHeadless> {
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
  /** The URI as a site reads it, recomputed when the pairing or the WalletConnect model (fetching, error) changes. */
  const uriNow = computed(uri)

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
  /** How many hold each flag on (subscribers, a send's or a swap's wait): it is on while any does, and changes only at the first and the last. */
  const holders: Record<keyof Showing, number> = { tokens: 0, nfts: 0, activity: 0, swap: 0, swapReview: 0, sendReview: 0 }
  const show = (flag: keyof Showing, on: boolean): Promise<void> => {
    holders[flag] = Math.max(0, holders[flag] + (on ? 1 : -1))
    if (showing[flag] === (holders[flag] > 0)) return Promise.resolve()
    showing[flag] = holders[flag] > 0
    return dispatch({ type: 'headless/showing-changed', payload: { ...showing } })
  }
  /** A subscription to one Account tab's part that holds its showing flag on until its unsubscribe (once). */
  const following =
    <P>(flag: 'tokens' | 'nfts' | 'activity', pick: (m: AccountTabsModel) => P) =>
    (callback: (v: P) => void): (() => void) => {
      void show(flag, true).catch(() => undefined)
      const stop = partChanges(signals.accountTabs, pick, callback)
      let left = false
      return () => {
        if (left) return
        left = true
        stop()
        void show(flag, false).catch(() => undefined)
      }
    }
  const swapping = headlessSwap({ swap: signals.swap, account: signals.account, dispatch, show })
  const naming = headlessNames(signals.names, dispatch)
  const login = headlessAuth(signals.connect, dispatch, auth)

  return {
    getWalletList: () => list.peek(),
    subscribeWalletList: reaching((callback) => changes(list, callback)),
    fetchWallets: reaching(({ page, search }: { page?: number; search?: string } = {}) =>
      dispatch(search !== undefined ? { type: 'wallets/search-requested', payload: { query: search } } : { type: 'wallets/page-requested', payload: { page: page ?? list.peek().page + 1 } }),
    ),
    connectWallet: reaching(connectWallet),
    prefetchWalletConnectUri: reaching(() => dispatch({ type: 'walletconnect/pairing-requested', payload: {} })),
    getWalletConnectUri: uri,
    subscribeWalletConnectUri: reaching((callback) => partChanges(uriNow, (v) => v, callback)),
    resetWalletConnectUri: () => dispatch({ type: 'walletconnect/pairing-reset-requested', payload: {} }),
    getNetworks: () => signals.networkList.peek(),
    subscribeNetworks: reaching((callback) => changes(signals.networkList, callback)),
    switchNetwork: (id) => api.switchNetwork(id),
    send: headlessSend(signals.send, dispatch, show),
    getTokens: () => tokensOf(signals.accountTabs.peek()),
    subscribeTokens: reaching(following('tokens', tokensOf)),
    getNfts: () => nftsOf(signals.accountTabs.peek()),
    subscribeNfts: reaching(following('nfts', nftsOf)),
    getActivity: () => activityOf(signals.accountTabs.peek()),
    subscribeActivity: reaching(following('activity', activityOf)),
    fetchMoreActivity: reaching(async () => {
      const { caipAddress, next, activityLoadingMore } = signals.accountTabs.peek()
      if (!caipAddress || next === undefined || activityLoadingMore) return false
      await dispatch({ type: 'history/fetch-requested', payload: { caipAddress, cursor: next } })
      return true
    }),
    getSwapQuote: reaching(swapping.getSwapQuote),
    executeSwap: reaching(swapping.executeSwap),
    getNames: () => signals.names.peek(),
    subscribeNames: reaching((callback) => changes(signals.names, callback)),
    suggestNames: reaching(naming.suggestNames),
    registerName: reaching(naming.registerName),
    getSignIn: () => signals.connect.peek().siwx,
    subscribeSignIn: reaching((callback) => partChanges(signals.connect, (m) => m.siwx, callback)),
    getLogin: () => loginOf(signals.connect.peek(), auth !== undefined),
    subscribeLogin: reaching((callback) => partChanges(signals.connect, (m) => loginOf(m, auth !== undefined), callback)),
    signIn: login.signIn,
    cancelSignIn: login.cancelSignIn,
    connectEmail: reaching(login.connectEmail),
    submitEmailOtp: login.submitEmailOtp,
    connectSocial: reaching(login.connectSocial),
    getEvent: () => lastEvent,
    subscribeEvents(callback) {
      const listener = (e: PublicEvent) => callback(e)
      eventListeners.add(listener)
      return () => void eventListeners.delete(listener)
    },
  }
}
