/**
 * The wallet registry (docs/behaviour.md §2, §5, §9): All Wallets' pages and search, and the
 * Connect view's featured and recommended lists.
 */
import type { WalletListing } from '../entities.js'
import { SEARCH_ENTRIES, WALLETS_PAGE_SIZE } from '../kernel/limits.js'
import { anyOf, check, exactly, list, object, optional, text, whole } from '../schema.js'
import { intent, outcome } from './define.js'
import { errorId, message } from './fields.js'

/** A page of All Wallets as asked for: an integer from 1 (not bounded above; the fold takes only the next page). */
const pageNumber = check<number>((v) => typeof v === 'number' && Number.isInteger(v) && v >= 1)

/**
 * A registry listing: id, name, rdns (or null) and chains checked; its links and image were made
 * safe before the check (events/log/validate-stored.ts SAFE_URLS).
 */
const listing = check<WalletListing>(object({ id: text(), name: text(), rdns: optional(anyOf(exactly(null), text())), chains: optional(list(text(), 1000)) }))

export const wallets = {
  /** All Wallets (docs/behaviour.md §2, §9): one page of 40 of the registry. */
  'wallets/page-requested': intent(object({ page: pageNumber })),
  /** `received`: the entries the service sent, when some were dropped as malformed (the paging rules count those). */
  'wallets/page-fetched': outcome(object({ page: whole(), count: whole(), wallets: list(listing, WALLETS_PAGE_SIZE), received: optional(whole(WALLETS_PAGE_SIZE)) })),
  /** The registry did not answer for page `page`. */
  'wallets/page-failed': outcome(object({ page: whole(), message, errorId: optional(errorId) })),
  /** Search the registry (docs/behaviour.md §5: trimmed; the view waits 300 ms after the last keystroke). An empty query ends the search. */
  'wallets/search-requested': intent(object({ query: text(100, 0) }), { clean: (p) => ({ query: p.query.trim() }) }),
  /** The registry's wallets matching `query`, and how many match in all (`count`). */
  'wallets/search-fetched': outcome(object({ query: text(Infinity, 0), count: whole(), wallets: list(listing, SEARCH_ENTRIES) })),
  /** The registry did not answer the search for `query`. */
  'wallets/search-failed': outcome(object({ query: text(100), message, errorId: optional(errorId) })),
  /** The Connect view's featured (the site's featuredWalletIds, in its order) and recommended wallets. */
  'wallets/lists-fetched': outcome(object({ featured: list(listing, SEARCH_ENTRIES), recommended: list(listing, SEARCH_ENTRIES), count: whole() })),
  /** The registry did not answer for the Connect view's lists: it shows the page's wallets only. */
  'wallets/lists-failed': outcome(object({ message, errorId: optional(errorId) })),
}
