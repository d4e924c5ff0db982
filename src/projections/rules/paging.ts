/**
 * The paging rules of All Wallets and Activity (docs/behaviour.md §9; remote data may be inconsistent
 * or hostile, so no answer can make the modal page forever). Pure; the reducers fold by them, the
 * selectors show them (`hasMore`), the dispatch guard refuses intents they forbid, and the effects
 * fetch nothing beyond them.
 * - All Wallets: page n+1 only after page n is in; at most one page in flight; the list ends on an
 *   empty or short page (fewer than WALLETS_PAGE_SIZE listings), a page that brings no new wallet,
 *   the registry's count reached, or WALLETS_MAX_PAGES (25) pages, i.e. 1000 wallets.
 * - Activity: a page with a cursor only for the cursor the last page gave; at most one page in
 *   flight; the history ends on an empty page, a page that brings no new transaction id, a `next`
 *   cursor already asked for in this showing, HISTORY_MAX_PAGES (20) pages in this showing (a
 *   showing starts with the first-page request, sent each time the Activity tab shows), or
 *   HISTORY_MAX_TRANSACTIONS kept.
 */
import { HISTORY_MAX_PAGES, WALLETS_MAX_PAGES, WALLETS_PAGE_SIZE } from '../../events/kernel/limits.js'
import type { Transaction, WalletListing } from '../../events/entities.js'
import type { HistoryState } from '../slices/account-data.js'
import type { WalletsState } from '../slices/wallets.js'

/** Refusal: a page is already on its way for that list. */
export const PAGE_IN_FLIGHT = 'A page of this list is already being fetched'
/** Refusal: the list has ended (or reached its cap), or the page asked for is not the next one. */
export const NO_MORE_PAGES = 'This list has no more pages to fetch'

/** Whether All Wallets may fetch another page (not counting one in flight). */
export function walletsHaveMore(w: WalletsState): boolean {
  return !w.ended && w.nextPage <= WALLETS_MAX_PAGES && (w.count === undefined || w.listed.length < w.count)
}

/** Why All Wallets must not request `page` now, or undefined when it may. */
export function walletPageRefusal(w: WalletsState, page: number): string | undefined {
  if (w.loading) return PAGE_IN_FLIGHT
  return page === w.nextPage && walletsHaveMore(w) ? undefined : NO_MORE_PAGES
}

/** Whether the fold took the request for All Wallets page `page` (now in flight): the one page the effect may fetch. */
export function walletPageTaken(w: WalletsState, page: number): boolean {
  return w.loading && w.nextPage === page && page <= WALLETS_MAX_PAGES
}

/**
 * Whether a fetched All Wallets page ends the list: it is short (the service sent fewer than
 * WALLETS_PAGE_SIZE entries, `received`, malformed ones included), brings no wallet not already
 * listed (`fresh` is what it adds), or is the last page allowed.
 */
export function walletPageEnds(page: number, received: number, fresh: readonly WalletListing[]): boolean {
  return received < WALLETS_PAGE_SIZE || fresh.length === 0 || page >= WALLETS_MAX_PAGES
}

/** Why a history request with `cursor` (none: the first page) must not be sent now, or undefined when it may. */
export function historyRequestRefusal(h: HistoryState | undefined, cursor: string | undefined): string | undefined {
  if (h?.loading || h?.loadingMore) return PAGE_IN_FLIGHT
  if (cursor === undefined) return undefined
  return h?.next === cursor && (h.pages ?? 0) < HISTORY_MAX_PAGES ? undefined : NO_MORE_PAGES
}

/** Whether the fold took a later-page history request for `cursor` (now in flight): the one page the effect may fetch. */
export function historyPageTaken(h: HistoryState | undefined, cursor: string): boolean {
  return Boolean(h?.loadingMore && h.next === cursor && (h.pages ?? 0) < HISTORY_MAX_PAGES)
}

/**
 * The `next` cursor a fetched history page leaves, or undefined when the history ends there.
 * @param raw the page as the service sent it (spam and other chains included)
 * @param known ids of the transactions already listed (none for a first page)
 * @param cursors the cursors asked for in this showing, this page's included
 * @param pages pages fetched in this showing, this one included
 */
export function historyNext(next: string | undefined, raw: readonly Transaction[], known: ReadonlySet<string>, cursors: readonly string[], pages: number): string | undefined {
  if (!next || raw.length === 0 || pages >= HISTORY_MAX_PAGES || cursors.includes(next)) return undefined
  return raw.some((t) => !known.has(t.id)) ? next : undefined
}
