/**
 * What the Account view shows of an account: its native balance, token balances and holdings, its
 * NFTs and history, its name and avatar, and the selected tab.
 */
import { ACCOUNT_TABS, type Nft, type TokenBalance, type Transaction } from '../entities.js'
import { HISTORY_PAGE_MAX, PORTFOLIO_REFRESH_MAX } from '../kernel/limits.js'
import { anyOf, bool, both, check, list, matching, object, oneOf, optional, text, whole } from '../schema.js'
import { intent, outcome } from './define.js'
import { caip10, caip10Id, digits, errorId, evm, imageUrl, message, unchecked } from './fields.js'

/** What asked for a balance: a connection, the modal opening, a new block, an account change, or an explicit refresh (after a send). */
const FETCH_REASONS = ['connected', 'modal-opened', 'new-block', 'account-changed', 'manual'] as const
/** Why a balance is asked for (compared as `String(v)`, so a one-item list of a reason passes too). */
const fetchReason = check<(typeof FETCH_REASONS)[number]>((v) => (FETCH_REASONS as readonly string[]).includes(String(v)))

/** The native balance's fields beside the value. */
const balance = { caipAddress: caip10, decimals: whole(36), symbol: text(64) }
/** The native balance's value under its unit's name: wei (eip155), lamports (solana), satoshis (bip122). */
const BALANCE_UNITS = ['valueWei', 'valueLamports', 'valueSatoshis'] as const
/**
 * A `balance/fetched` payload's value in the network's smallest unit, whichever unit names it.
 * @example balanceValue({ caipAddress, decimals: 8, symbol: 'BTC', valueSatoshis: '5000000000' }) // '5000000000'
 */
export function balanceValue(payload: object): string {
  const p = payload as Partial<Record<(typeof BALANCE_UNITS)[number], string>>
  return p.valueWei ?? p.valueLamports ?? p.valueSatoshis ?? '0'
}

/** A native balance: its value in wei, lamports or satoshis, exactly one of them. */
const balanceFetched = both(
  anyOf(object({ ...balance, valueWei: digits }), object({ ...balance, valueLamports: digits }), object({ ...balance, valueSatoshis: digits })),
  (p) => BALANCE_UNITS.filter((unit) => digits((p as Record<string, unknown>)[unit])).length === 1,
)

/** A holdings request: the shapes first, then the account's CAIP-10 id, then the tokens' (each may throw 'Invalid CAIP-10 address'). */
const portfolioRequest = object({ forceUpdate: optional(bool), tokens: optional(list(text(200), PORTFOLIO_REFRESH_MAX)), caipAddress: caip10Id })
/** The request with its declared keys (an intent keeps only those). */
const portfolioRequested = both(portfolioRequest, (p) => (p.tokens ?? []).every((t) => caip10Id(t)))

/** A history page's cursor as the service gave it. */
const cursor = text(512)


export const accountData = {
  'balance/fetch-requested': intent(object({ reason: fetchReason, caipAddress: caip10Id })),
  /** Native balance read from the chain: an integer decimal string in wei (eip155), lamports (solana) or satoshis (bip122). */
  'balance/fetched': outcome(balanceFetched),
  'balance/failed': outcome(object({ caipAddress: caip10, message: text(Infinity, 0), errorId: optional(errorId) })),
  /** A fetch not made: docs/behaviour.md §9 blocks a balance retry for 30 s after a failure. `retryInMs`: time left. */
  'balance/fetch-skipped': outcome(object({ caipAddress: caip10, reason: unchecked<'retry-blocked'>(), retryInMs: whole() })),

  /** Token balances of an account (the site's listed tokens), `value` in the token's smallest unit. */
  'tokens/fetch-requested': intent(object({ caipAddress: caip10Id })),
  'tokens/fetched': outcome(object({ caipAddress: caip10, balances: list(object({ address: text(), value: digits }), Infinity) })),
  'tokens/failed': outcome(object({ caipAddress: caip10, message, errorId: optional(errorId) })),

  /** The Account view's tab (docs/behaviour.md §2 Account tabs), kept in the active namespace's account state (docs/behaviour.md §3 currentTab). */
  'account/tab-selected': intent(object({ tab: oneOf(ACCOUNT_TABS) })),
  /**
   * The visitor reached for a tab of the Account view (pointer over it, or focus on it) without
   * picking it yet: what it needs is asked for now (select/account-needs.ts), so it shows when picked.
   */
  'account/tab-approached': intent(object({ tab: oneOf(ACCOUNT_TABS) })),

  /**
   * The account's holdings (blockchain service balance, docs/behaviour.md §7). Asked when the Account view shows;
   * `forceUpdate` skips the 30 s cache; `tokens` (CAIP-10 token ids, the native coin as
   * `eip155:<id>:0xEeee…EEeE`, at most PORTFOLIO_REFRESH_MAX) are the holdings that just changed,
   * which the service reads afresh (its `forceUpdate` list, EVM only; docs/services.md).
   */
  'portfolio/fetch-requested': intent(portfolioRequested),
  /** Every holding as the service listed it (the projection drops decimals "0", docs/behaviour.md §5). */
  'portfolio/fetched': outcome(object({ caipAddress: caip10, balances: list(unchecked<TokenBalance>(), Infinity) })),
  'portfolio/failed': outcome(object({ caipAddress: caip10, message, errorId: optional(errorId) })),
  /** Not fetched: within 30 s of a failure (docs/behaviour.md §9, `retryInMs` left), or a namespace without balances (docs/behaviour.md §9). */
  'portfolio/fetch-skipped': outcome(object({ caipAddress: caip10, reason: oneOf(['retry-blocked', 'unsupported-network']), retryInMs: optional(whole()) })),
  /** The visitor left the view before the answer came; the request is aborted. */
  'portfolio/fetch-cancelled': outcome(object({ caipAddress: caip10 })),

  /** The account's ERC721 tokens (the NFTs tab, EVM only). */
  'nfts/fetch-requested': outcome(object({ caipAddress: caip10 })),
  'nfts/fetched': outcome(object({ caipAddress: caip10, nfts: list(unchecked<Nft>(), Infinity) })),
  'nfts/failed': outcome(object({ caipAddress: caip10, message, errorId: optional(errorId) })),
  'nfts/fetch-cancelled': outcome(object({ caipAddress: caip10 })),

  /** A page of the account's history on its chain (docs/behaviour.md §7 history; EVM only, docs/behaviour.md §9). No `cursor`: the first page. */
  'history/fetch-requested': intent(object({ cursor: optional(text(512, 0)), caipAddress: caip10Id })),
  /** A page as the service sent it (the projection applies the docs/behaviour.md §5 spam and chain rules); `next`: the following page's cursor. */
  'history/fetched': outcome(
    object({ caipAddress: caip10, cursor: optional(cursor), transactions: list(unchecked<Transaction>(), HISTORY_PAGE_MAX), next: optional(cursor) }),
  ),
  'history/failed': outcome(object({ caipAddress: caip10, cursor: optional(cursor), message, errorId: optional(errorId) })),
  'history/fetch-cancelled': outcome(object({ caipAddress: caip10, cursor: optional(cursor) })),

  /** Name and avatar of an EVM address (docs/behaviour.md §7 identity; names are EVM only, docs/behaviour.md §9). */
  'identity/fetch-requested': outcome(object({ address: evm })),
  'identity/fetched': outcome(object({ address: evm, name: optional(text(255)), avatar: optional(imageUrl) })),
  'identity/failed': outcome(object({ address: evm, message, errorId: optional(errorId) })),
  'identity/fetch-cancelled': outcome(object({ address: evm })),
}
