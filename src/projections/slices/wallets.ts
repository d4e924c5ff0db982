/**
 * The wallet registry as the views use it (docs/behaviour.md §2 AllWallets, §3 Wallet listing and browser-stored
 * items, §9 wallet lists): the All Wallets pages and search, the featured and recommended lists,
 * the recent wallets, the WalletConnect pairing on show (or asked for, or failed), and the stored deep link choice. The
 * pages follow the paging rules of paging.ts: a request the rules refuse changes nothing,
 * pages add only wallets not listed yet, and the list ends on an empty, short or repeated page or
 * at 25 pages; a search keeps at most SEARCH_ENTRIES wallets.
 */
import { WALLETCONNECT_CONNECTOR_ID, type WalletListing, type WalletRef } from '../../events/entities.js'
import { SEARCH_ENTRIES, WALLETS_MAX_LISTED } from '../../events/kernel/limits.js'
import { walletPageEnds, walletPageRefusal } from '../rules/paging.js'
import { addRecentWallet, reusesPairing } from '../rules/wallet-rules.js'
import { WALLETCONNECT_OFF } from '../rules/refusals.js'
import { isLiveConnector } from '../select/connections.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

export interface WalletsState {
  /** All Wallets: the pages fetched so far, in order. */
  listed: WalletListing[]
  /** The next page to fetch (from 1). */
  nextPage: number
  /** The registry's size as the service counts it. */
  count?: number
  /** The registry has no more pages for this list (paging.ts); absent while it may have. */
  ended?: boolean
  /** A page is on its way. */
  loading: boolean
  error?: string
  /** The search on show, if any (docs/behaviour.md §5: trimmed query). */
  search?: { query: string; wallets: WalletListing[]; count: number; loading: boolean; error?: string }
  featured: WalletListing[]
  recommended: WalletListing[]
  /** docs/behaviour.md §5: at most 2, newest first, no duplicates by id. Kept across sessions. */
  recent: WalletRef[]
  /** docs/behaviour.md §3: the wallet deep link choice. Kept across sessions. */
  deepLink?: { name: string; href: string }
  /**
   * The pairing the ConnectingWalletConnect view shows (its URI is never in the state). `expiresAt`:
   * s since the epoch.
   */
  pairing?: { pairingTopic: string; expiresAt: number }
  /**
   * The site asked for a pairing (`walletconnect/pairing-requested`) and its URI is not on show yet:
   * set until `walletconnect/pairing-created` or `walletconnect/pairing-failed`, or until what ends
   * the pairing first (a reset, the modal's close where the pairing does not outlive it, another
   * connector's connect, the end of a WalletConnect connect). Never set while a pairing shows or a
   * WalletConnect connection is live, as the connector then starts none.
   */
  pairingRequested?: true
  /** Why the last pairing asked for ahead of a pick failed (`walletconnect/pairing-failed`), until the next is asked for, created or reset. */
  pairingError?: string
  /** The wallet being connected, picked from a list. */
  picked?: WalletRef
}

const initial: WalletsState = { listed: [], nextPage: 1, loading: false, featured: [], recommended: [], recent: [] }

export const wallets: Slice<WalletsState, State> = slice<WalletsState, State>(initial, {
  // A new page session: lists are fetched afresh; what the visitor chose before stays.
  'engine/started': (s) => ({ ...initial, recent: s.recent, ...(s.deepLink ? { deepLink: s.deepLink } : {}) }),
  // A request the paging rules refuse (the guard stops it at dispatch; an old log may hold one) changes nothing.
  'wallets/page-requested': (s, e) => (walletPageRefusal(s, e.payload.page) ? s : { ...s, loading: true }),
  'wallets/page-fetched': (s, e) => {
    if (e.payload.page !== s.nextPage) return { ...s, loading: false }
    const { error: _e, ...rest } = s
    const ids = new Set(s.listed.map((w) => w.id))
    const fresh = e.payload.wallets.filter((w) => !ids.has(w.id) && ids.add(w.id))
    const listed = [...s.listed, ...fresh].slice(0, WALLETS_MAX_LISTED)
    const ended = walletPageEnds(e.payload.page, e.payload.received ?? e.payload.wallets.length, fresh)
    return { ...rest, listed, nextPage: s.nextPage + 1, count: e.payload.count, loading: false, ...(ended ? { ended } : {}) }
  },
  'wallets/page-failed': (s, e) => ({ ...s, loading: false, error: e.payload.message }),
  'wallets/search-requested': (s, e) => {
    const { search: _s, ...rest } = s
    return e.payload.query ? { ...rest, search: { query: e.payload.query, wallets: [], count: 0, loading: true } } : rest
  },
  'wallets/search-fetched': (s, e) =>
    s.search?.query === e.payload.query ? { ...s, search: { query: e.payload.query, wallets: e.payload.wallets.slice(0, SEARCH_ENTRIES), count: e.payload.count, loading: false } } : s,
  'wallets/search-failed': (s, e) => (s.search?.query === e.payload.query ? { ...s, search: { ...s.search, loading: false, error: e.payload.message } } : s),
  'wallets/lists-fetched': (s, e) => ({ ...s, featured: e.payload.featured, recommended: e.payload.recommended, count: s.count ?? e.payload.count }),
  /**
   * A WalletConnect request while a pairing shows, or is asked for, keeps it (any wallet can use the
   * same URI, the connect takes a pairing being made over); another connector's ends it. The picked
   * wallet changes.
   */
  'connect/requested': (s, e) => {
    const { picked: _p, pairing, pairingRequested, ...rest } = s
    const kept = e.payload.connectorId === WALLETCONNECT_CONNECTOR_ID ? { ...rest, ...(pairing ? { pairing } : {}), ...(pairingRequested ? { pairingRequested } : {}) } : rest
    return e.payload.wallet ? { ...kept, picked: e.payload.wallet } : kept
  },
  /** A wallet the visitor picked and approved becomes the newest recent wallet (the event names it). */
  'connect/succeeded': (s, e) => {
    const { picked: _p, pairing: _q, pairingRequested: _r, pairingError: _f, ...rest } = s
    if (e.payload.via !== 'prompt') return s
    return e.payload.wallet ? { ...rest, recent: addRecentWallet(s.recent, e.payload.wallet) } : rest
  },
  'connect/failed': (s) => {
    const { pairing: _q, pairingRequested: _r, ...rest } = s
    return rest
  },
  /** The close ends the pairing in progress, except on a browser where it outlives the close (wallet-rules.ts `reusesPairing`). */
  'modal/close-requested': (s, _e, root) => {
    if (reusesPairing(root.auth.platform)) return s
    const { pairing: _q, pairingRequested: _r, ...rest } = s
    return rest
  },
  /** Asked for while none shows and no WalletConnect connection is live (the connector then pairs); an earlier failure is forgotten. */
  'walletconnect/pairing-requested': (s, _e, root) => {
    const { pairingError: _f, ...rest } = s
    const live = root.connection.connectedNamespaces.some((namespace) => isLiveConnector(root, namespace, WALLETCONNECT_CONNECTOR_ID))
    return s.pairing || live ? rest : { ...rest, pairingRequested: true }
  },
  'walletconnect/pairing-reset-requested': (s) => {
    const { pairing: _q, pairingRequested: _r, pairingError: _f, ...rest } = s
    return rest
  },
  'walletconnect/pairing-created': (s, e) => {
    const { pairingRequested: _r, pairingError: _f, ...rest } = s
    return { ...rest, pairing: e.payload }
  },
  'walletconnect/pairing-failed': (s, e) => {
    const { pairing: _q, pairingRequested: _r, ...rest } = s
    return { ...rest, pairingError: e.payload.message }
  },
  'walletconnect/pairing-expired': (s, e) => {
    if (s.pairing?.pairingTopic !== e.payload.pairingTopic) return s
    const { pairing: _q, ...rest } = s
    return rest
  },
  'walletconnect/deep-link-opened': (s, e) => ({ ...s, deepLink: e.payload }),
}, {
  // The paging rules (paging.ts): PAGE_IN_FLIGHT while a page of that list is on its way,
  // NO_MORE_PAGES for any page but the next one, after the list ended, or past its cap.
  'wallets/page-requested': (s, intent) => walletPageRefusal(s.wallets, intent.payload.page),
  // No pairing to make while the site turned WalletConnect off.
  'walletconnect/pairing-requested': (s) => (s.config.walletConnect === false ? WALLETCONNECT_OFF : undefined),
})
