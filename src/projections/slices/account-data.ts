/**
 * What the Account tabs show, from the blockchain service: holdings (Tokens), NFTs and history
 * (Activity) per CAIP-10 account, and names and avatars per address. The docs/behaviour.md §5 rules apply as
 * the events are folded: holdings with decimals "0" are dropped; transactions that are all spam or
 * on another chain are dropped; a failed history empties the list (docs/behaviour.md §8). History pages follow
 * the paging rules of paging.ts: a later page only for the cursor the last one gave, at
 * most one in flight, at most 20 per showing, HISTORY_MAX_TRANSACTIONS kept.
 */
import type { CaipAddress, Nft, TokenBalance, Transaction } from '../../events/entities.js'
import { parseCaipAddress } from '../../chains/caip.js'
import { withKey } from '../../events/kernel/safe-json.js'
import { HISTORY_MAX_TRANSACTIONS } from '../../events/kernel/limits.js'
import { historyNext, historyRequestRefusal } from '../rules/paging.js'
import { visibleTokenBalances, visibleTransactions } from '../rules/asset-rules.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

export interface PortfolioState {
  balances?: TokenBalance[]
  loading: boolean
  error?: string
  /** When the last fetch failed (event `at`, ms): docs/behaviour.md §9 blocks retries for 30 s. */
  failedAt?: number
  /** The namespace has no balances on the service (docs/behaviour.md §9 Balance: EVM and Solana). */
  unsupported?: boolean
}

export interface NftsState {
  items?: Nft[]
  loading: boolean
  error?: string
}

export interface HistoryState {
  /** At most HISTORY_MAX_TRANSACTIONS. */
  transactions: Transaction[]
  /** The next page's cursor; none when the last page is in or the paging rules end the history. */
  next?: string
  loading: boolean
  /** A page after the first is on its way. */
  loadingMore: boolean
  error?: string
  /** Pages fetched in this showing of Activity (paging.ts; absent in states from older logs: 0). */
  pages?: number
  /** Cursors asked for in this showing, in order. */
  cursors?: string[]
}

export interface AccountDataState {
  portfolio: Partial<Record<CaipAddress, PortfolioState>>
  nfts: Partial<Record<CaipAddress, NftsState>>
  history: Partial<Record<CaipAddress, HistoryState>>
  /** By lowercase address. */
  identities: Record<string, { name?: string; avatar?: string }>
}

const emptyHistory: HistoryState = { transactions: [], loading: false, loadingMore: false }

const put = <K extends string, V>(map: Partial<Record<K, V>>, key: K, initial: V, f: (v: V) => V): Partial<Record<K, V>> => withKey(map, key, f(map[key] ?? initial))

/** Drops the error field of a record. */
const withoutError = <T extends { error?: string }>(v: T): T => {
  const { error: _e, ...rest } = v
  return rest as T
}

/** Applies `f` to every value of a record keyed by CAIP-10 address. */
const mapValues = <V>(map: Partial<Record<CaipAddress, V>>, f: (v: V) => V): Partial<Record<CaipAddress, V>> =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, f(v as V)]))

export const accountData: Slice<AccountDataState, State> = slice<AccountDataState, State>(
  { portfolio: {}, nfts: {}, history: {}, identities: {} },
  {
    // Requests in flight belong to the session that made them.
    'engine/started': (s) => ({
      ...s,
      portfolio: mapValues(s.portfolio, (p) => ({ ...p, loading: false })),
      nfts: mapValues(s.nfts, (n) => ({ ...n, loading: false })),
      history: mapValues(s.history, (h) => ({ ...h, loading: false, loadingMore: false })),
    }),

    'portfolio/fetch-requested': (s, e) => ({ ...s, portfolio: put(s.portfolio, e.payload.caipAddress, { loading: false }, (p) => ({ ...p, loading: true })) }),
    'portfolio/fetched': (s, e) => ({ ...s, portfolio: withKey(s.portfolio, e.payload.caipAddress, { balances: visibleTokenBalances(e.payload.balances), loading: false }) }),
    'portfolio/failed': (s, e) => ({ ...s, portfolio: put(s.portfolio, e.payload.caipAddress, { loading: false }, (p) => ({ ...p, loading: false, error: e.payload.message, failedAt: e.at })) }),
    'portfolio/fetch-skipped': (s, e) =>
      ({ ...s, portfolio: put(s.portfolio, e.payload.caipAddress, { loading: false }, (p) => ({ ...p, loading: false, ...(e.payload.reason === 'unsupported-network' ? { unsupported: true } : {}) })) }),
    'portfolio/fetch-cancelled': (s, e) => ({ ...s, portfolio: put(s.portfolio, e.payload.caipAddress, { loading: false }, (p) => ({ ...p, loading: false })) }),

    'nfts/fetch-requested': (s, e) => ({ ...s, nfts: put(s.nfts, e.payload.caipAddress, { loading: false }, (n) => ({ ...n, loading: true })) }),
    'nfts/fetched': (s, e) => ({ ...s, nfts: withKey(s.nfts, e.payload.caipAddress, { items: e.payload.nfts, loading: false }) }),
    'nfts/failed': (s, e) => ({ ...s, nfts: put(s.nfts, e.payload.caipAddress, { loading: false }, (n) => ({ ...n, loading: false, error: e.payload.message })) }),
    'nfts/fetch-cancelled': (s, e) => ({ ...s, nfts: put(s.nfts, e.payload.caipAddress, { loading: false }, (n) => ({ ...n, loading: false })) }),

    // A first-page request starts a showing (its page count and cursors start afresh); a later-page
    // request the paging rules refuse changes nothing.
    'history/fetch-requested': (s, e) => {
      const { caipAddress, cursor } = e.payload
      if (cursor === undefined) return { ...s, history: put(s.history, caipAddress, emptyHistory, (h) => ({ ...h, loading: true, pages: 0, cursors: [] })) }
      const h = s.history[caipAddress]
      if (!h || historyRequestRefusal(h, cursor)) return s
      return { ...s, history: withKey(s.history, caipAddress, { ...h, loadingMore: true, cursors: [...(h.cursors ?? []), cursor] }) }
    },
    'history/fetched': (s, e) => {
      const { caipAddress, cursor, next } = e.payload
      const h = s.history[caipAddress] ?? emptyHistory
      // A later page for a cursor other than the one the list is at is stale.
      if (cursor !== undefined && cursor !== h.next) return s
      const page = visibleTransactions(e.payload.transactions, parseCaipAddress(caipAddress).caipNetworkId)
      // The first page replaces the list; a later page appends what is not there yet.
      const before = cursor === undefined ? [] : h.transactions
      const known = new Set(before.map((t) => t.id))
      const listed = new Set(known)
      const appended = [...before, ...page.filter((t) => !known.has(t.id) && known.add(t.id))]
      const transactions = appended.slice(0, HISTORY_MAX_TRANSACTIONS)
      const pages = (cursor === undefined ? 0 : (h.pages ?? 0)) + 1
      // This showing's cursors (a log folded from a snapshot may lack the request naming this one).
      const asked = cursor === undefined ? [] : (h.cursors ?? [])
      const cursors = cursor === undefined || asked.includes(cursor) ? asked : [...asked, cursor]
      const more = transactions.length < HISTORY_MAX_TRANSACTIONS ? historyNext(next, e.payload.transactions, listed, cursors, pages) : undefined
      const { next: _n, ...rest } = withoutError(h)
      return { ...s, history: withKey(s.history, caipAddress, { ...rest, transactions, loading: cursor === undefined ? false : h.loading, loadingMore: false, pages, cursors, ...(more ? { next: more } : {}) }) }
    },
    // docs/behaviour.md §8: 'Failed to fetch transactions', and the list is set empty.
    'history/failed': (s, e) => ({ ...s, history: withKey(s.history, e.payload.caipAddress, { transactions: [], loading: false, loadingMore: false, error: e.payload.message }) }),
    'history/fetch-cancelled': (s, e) => ({ ...s, history: put(s.history, e.payload.caipAddress, emptyHistory, (h) => ({ ...h, loading: false, loadingMore: false })) }),

    'identity/fetched': (s, e) => {
      const { address, ...identity } = e.payload
      return { ...s, identities: withKey(s.identities, address.toLowerCase(), identity) }
    },
    /** docs/behaviour.md §4 name registration: the registered name is the address's profile name at once (its avatar stays). */
    'name/registered': (s, e) => {
      const key = e.payload.address.toLowerCase()
      return { ...s, identities: withKey(s.identities, key, { ...s.identities[key], name: e.payload.name }) }
    },
  },
  {
    // The paging rules (paging.ts): PAGE_IN_FLIGHT while a page of that list is on its way,
    // NO_MORE_PAGES for any page but the next one, after the list ended, or past its cap.
    'history/fetch-requested': (s, intent) => historyRequestRefusal(s.accountData.history[intent.payload.caipAddress], intent.payload.cursor),
  },
)
