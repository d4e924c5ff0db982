/**
 * What the Account tabs show, from the blockchain service: holdings (Tokens), NFTs and history
 * (Activity) per CAIP-10 account, and names and avatars per address. The spec §5 rules apply as
 * the events are folded: holdings with decimals "0" are dropped; transactions that are all spam or
 * on another chain are dropped; a failed history empties the list (spec §8).
 */
import type { CaipAddress, Nft, TokenBalance, Transaction } from '../events/entities.js'
import { parseCaipAddress } from '../chains/caip.js'
import { visibleTokenBalances, visibleTransactions } from './asset-rules.js'
import { slice } from './reducer.js'
import type { State } from './state.js'

export interface PortfolioState {
  balances?: TokenBalance[]
  loading: boolean
  error?: string
  /** When the last fetch failed (event `at`, ms): spec §9 blocks retries for 30 s. */
  failedAt?: number
  /** The namespace has no balances on the service (spec §9 Balance: EVM and Solana). */
  unsupported?: boolean
}

export interface NftsState {
  items?: Nft[]
  loading: boolean
  error?: string
}

export interface HistoryState {
  transactions: Transaction[]
  /** The next page's cursor; none when the last page is in. */
  next?: string
  loading: boolean
  /** A page after the first is on its way. */
  loadingMore: boolean
  error?: string
}

export interface AccountDataState {
  portfolio: Partial<Record<CaipAddress, PortfolioState>>
  nfts: Partial<Record<CaipAddress, NftsState>>
  history: Partial<Record<CaipAddress, HistoryState>>
  /** By lowercase address. */
  identities: Record<string, { name?: string; avatar?: string }>
}

const emptyHistory: HistoryState = { transactions: [], loading: false, loadingMore: false }

const put = <K extends string, V>(map: Partial<Record<K, V>>, key: K, initial: V, f: (v: V) => V): Partial<Record<K, V>> => ({ ...map, [key]: f(map[key] ?? initial) })

/** Drops the error field of a record. */
const withoutError = <T extends { error?: string }>(v: T): T => {
  const { error: _e, ...rest } = v
  return rest as T
}

/** Applies `f` to every value of a record keyed by CAIP-10 address. */
const mapValues = <V>(map: Partial<Record<CaipAddress, V>>, f: (v: V) => V): Partial<Record<CaipAddress, V>> =>
  Object.fromEntries(Object.entries(map).map(([k, v]) => [k, f(v as V)]))

export const accountData = slice<AccountDataState, State>(
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
    'portfolio/fetched': (s, e) => ({ ...s, portfolio: { ...s.portfolio, [e.payload.caipAddress]: { balances: visibleTokenBalances(e.payload.balances), loading: false } } }),
    'portfolio/failed': (s, e) => ({ ...s, portfolio: put(s.portfolio, e.payload.caipAddress, { loading: false }, (p) => ({ ...p, loading: false, error: e.payload.message, failedAt: e.at })) }),
    'portfolio/fetch-skipped': (s, e) =>
      ({ ...s, portfolio: put(s.portfolio, e.payload.caipAddress, { loading: false }, (p) => ({ ...p, loading: false, ...(e.payload.reason === 'unsupported-network' ? { unsupported: true } : {}) })) }),
    'portfolio/fetch-cancelled': (s, e) => ({ ...s, portfolio: put(s.portfolio, e.payload.caipAddress, { loading: false }, (p) => ({ ...p, loading: false })) }),

    'nfts/fetch-requested': (s, e) => ({ ...s, nfts: put(s.nfts, e.payload.caipAddress, { loading: false }, (n) => ({ ...n, loading: true })) }),
    'nfts/fetched': (s, e) => ({ ...s, nfts: { ...s.nfts, [e.payload.caipAddress]: { items: e.payload.nfts, loading: false } } }),
    'nfts/failed': (s, e) => ({ ...s, nfts: put(s.nfts, e.payload.caipAddress, { loading: false }, (n) => ({ ...n, loading: false, error: e.payload.message })) }),
    'nfts/fetch-cancelled': (s, e) => ({ ...s, nfts: put(s.nfts, e.payload.caipAddress, { loading: false }, (n) => ({ ...n, loading: false })) }),

    'history/fetch-requested': (s, e) =>
      ({ ...s, history: put(s.history, e.payload.caipAddress, emptyHistory, (h) => (e.payload.cursor ? { ...h, loadingMore: true } : { ...h, loading: true })) }),
    'history/fetched': (s, e) => {
      const { caipAddress, cursor, next } = e.payload
      const page = visibleTransactions(e.payload.transactions, parseCaipAddress(caipAddress).caipNetworkId)
      return {
        ...s,
        history: put(s.history, caipAddress, emptyHistory, (h) => {
          // The first page replaces the list; a later page appends what is not there yet.
          const seen = new Set(cursor ? h.transactions.map((t) => t.id) : [])
          const transactions = cursor ? [...h.transactions, ...page.filter((t) => !seen.has(t.id))] : page
          const { next: _n, ...rest } = withoutError(h)
          return { ...rest, transactions, loading: cursor ? h.loading : false, loadingMore: false, ...(next ? { next } : {}) }
        }),
      }
    },
    // Spec §8: 'Failed to fetch transactions', and the list is set empty.
    'history/failed': (s, e) => ({ ...s, history: { ...s.history, [e.payload.caipAddress]: { transactions: [], loading: false, loadingMore: false, error: e.payload.message } } }),
    'history/fetch-cancelled': (s, e) => ({ ...s, history: put(s.history, e.payload.caipAddress, emptyHistory, (h) => ({ ...h, loading: false, loadingMore: false })) }),

    'identity/fetched': (s, e) => {
      const { address, ...identity } = e.payload
      return { ...s, identities: { ...s.identities, [address.toLowerCase()]: identity } }
    },
  },
)
