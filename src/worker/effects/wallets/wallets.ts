/**
 * The wallet registry (docs/behaviour.md §7 GET /getWallets, §9 wallet lists): on start, the Connect view's
 * featured wallets (the site's featuredWalletIds, in its order) and recommended ones; All Wallets
 * pages of 40; searches of up to 100 (the latest one wins); and, with the first page, the first 20
 * wallet images fetched ahead with a 2 s timeout each, so the list paints with its images. Every
 * call passes the site's networks as `chains` and its include and exclude lists. An
 * answer keeps at most the entries asked for, with its strings capped (`boundedListing`); pages
 * follow the paging rules (projections/rules/paging.ts), one in flight, never past 25; a newer search
 * aborts the one in flight.
 */
import { EMPTY, Observable, catchError, exhaustMap, filter, from, ignoreElements, map, mergeMap, of, switchMap, take, takeUntil, timer } from 'rxjs'
import { IMAGE_PRELOAD_TIMEOUT_MS, SEARCH_ENTRIES, WALLETS_PAGE_SIZE } from '../../../events/kernel/limits.js'
import { walletPageTaken } from '../../../projections/rules/paging.js'
import type { WalletListing } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import { boundedListing, walletConfigClient, type GetWalletsParams } from '../../../api/wallet-config.js'
import type { State } from '../../../projections/state.js'
import { loggedMessage } from '../../../events/kernel/errors.js'
import { imageUrl as checkedImage, serviceOrigins, walletLink } from '../../../events/kernel/urls.js'
import { firstReach, ofType, type Effect, type EffectContext } from '../context.js'

/** docs/behaviour.md §9: 40 wallets a page (WALLETS_PAGE_SIZE), 4 recommended, search 100 (SEARCH_ENTRIES), the first 20 images prefetched with a 2 s timeout. */
export { SEARCH_ENTRIES, WALLETS_PAGE_SIZE }
export const RECOMMENDED_FETCH = 4
export const PREFETCHED_IMAGES = 20
export const IMAGE_PREFETCH_TIMEOUT_MS = IMAGE_PRELOAD_TIMEOUT_MS

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined)

/**
 * A remote listing as the log keeps it: only its string fields, the image through the service's
 * image path (with projectId, st, sv) when it has an image id. Entries with no id or name are
 * dropped. Every URL passes the URL validator (src/events/kernel/urls.ts): links must be https or
 * a custom wallet scheme, an image https, data:image/ or on `imageOrigins` (the configured
 * services'); a refused URL is left out of the listing.
 */
export function listingsOf(data: unknown, imageUrl: (imageId: string) => string, imageOrigins: readonly string[] = []): WalletListing[] {
  if (!Array.isArray(data)) return []
  return data.flatMap((raw): WalletListing[] => {
    const w = raw as Record<string, unknown>
    const id = str(w?.id)
    const name = str(w?.name)
    if (!id || !name) return []
    const l: WalletListing = { id, name }
    const imageId = str(w.image_id)
    const image = checkedImage(imageId ? imageUrl(imageId) : str(w.image_url), imageOrigins)
    if (imageId) l.image_id = imageId
    if (image) l.image_url = image
    for (const k of ['mobile_link', 'desktop_link', 'webapp_link'] as const) {
      const v = walletLink(str(w[k]))
      if (v) l[k] = v
    }
    const rdns = str(w.rdns)
    if (rdns) l.rdns = rdns
    if (Array.isArray(w.chains)) l.chains = w.chains.filter((c): c is string => typeof c === 'string')
    return [l]
  })
}

/** The registry calls of this site: its chains, include and exclude lists on every call. */
function registry({ api, state, services }: Pick<EffectContext, 'api' | 'state' | 'services'>) {
  const client = walletConfigClient(api)
  const imageOrigins = serviceOrigins(services)
  const scope = (s: State): Pick<GetWalletsParams, 'chains' | 'include' | 'exclude'> => ({
    chains: s.config.networks.map((n) => n.caipNetworkId),
    ...(s.config.includeWalletIds?.length ? { include: s.config.includeWalletIds } : {}),
    ...(s.config.excludeWalletIds?.length ? { exclude: s.config.excludeWalletIds } : {}),
  })
  return {
    /** One registry page: at most `p.entries` listings (the client cuts the list), each checked by listingsOf and capped by boundedListing. */
    async get(p: Omit<GetWalletsParams, 'chains' | 'include' | 'exclude'> & { include?: string[] }, signal?: AbortSignal) {
      const r = await client.getWallets({ ...scope(state()), ...p }, signal)
      // `received`: how many entries the page held before the malformed ones were dropped (a page is short by that count).
      return { wallets: listingsOf(r.data, client.walletImageUrl, imageOrigins).map(boundedListing), count: r.count, received: r.data.length }
    },
  }
}

export const walletListsEffect: Effect = (ctx) => {
  const reg = registry(ctx)
  return ctx.events$.pipe(
    // Not at start: when the visitor first reaches for the modal (network quiet, docs/behaviour.md §7).
    firstReach(),
    filter(() => Boolean(ctx.services.walletConfig)),
    switchMap(() => {
      const featuredIds = ctx.state().config.featuredWalletIds ?? []
      const lists = async (): Promise<NewEvent> => {
        const [featured, recommended] = await Promise.all([
          featuredIds.length ? reg.get({ page: 1, entries: featuredIds.length, include: featuredIds }) : Promise.resolve({ wallets: [], count: 0 }),
          // A few more than 4, as the view drops the ones already shown (docs/behaviour.md §5).
          reg.get({ page: 1, entries: RECOMMENDED_FETCH * 3 }),
        ])
        const byFeaturedOrder = featuredIds.flatMap((id) => featured.wallets.filter((w) => w.id === id))
        return event('wallets/lists-fetched', { featured: byFeaturedOrder, recommended: recommended.wallets, count: recommended.count })
      }
      return from(lists()).pipe(catchError((error: unknown) => of<NewEvent>(event('wallets/lists-failed', { message: loggedMessage(error) }))))
    }),
  )
}

export const walletPagesEffect: Effect = (ctx) => {
  const reg = registry(ctx)
  return ctx.events$.pipe(
    ofType('wallets/page-requested'),
    filter(() => Boolean(ctx.services.walletConfig)),
    // Only a request the fold took (paging.ts: the next page, within the cap, now in flight); one page at a time.
    filter(({ payload: { page } }) => walletPageTaken(ctx.state().wallets, page)),
    exhaustMap(({ payload: { page } }) =>
      from(reg.get({ page, entries: WALLETS_PAGE_SIZE })).pipe(
        map(({ wallets, count, received }): NewEvent => event('wallets/page-fetched', { page, count, wallets, ...(received !== wallets.length ? { received } : {}) })),
        catchError((error: unknown) => of<NewEvent>(event('wallets/page-failed', { page, message: loggedMessage(error) }))),
      ),
    ),
  )
}

export const walletSearchEffect: Effect = (ctx) => {
  const reg = registry(ctx)
  return ctx.events$.pipe(
    ofType('wallets/search-requested'),
    filter(() => Boolean(ctx.services.walletConfig)),
    switchMap(({ payload: { query } }) =>
      !query
        ? EMPTY
        : abortable((signal) => reg.get({ page: 1, entries: SEARCH_ENTRIES, search: query }, signal)).pipe(
            map(({ wallets, count }): NewEvent => event('wallets/search-fetched', { query, count, wallets })),
            catchError((error: unknown) => of<NewEvent>(event('wallets/search-failed', { query, message: loggedMessage(error) }))),
          ),
    ),
  )
}

/** One call as an Observable that aborts the call when unsubscribed (so a replaced search stops fetching). */
function abortable<T>(call: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController()
    call(controller.signal).then(
      (value) => (subscriber.next(value), subscriber.complete()),
      (error: unknown) => controller.signal.aborted || subscriber.error(error),
    )
    return () => controller.abort()
  })
}

/** Fetches a URL into the HTTP cache the page's <img> elements share; unsubscribing aborts it. */
const warm = (url: string): Observable<Blob> => abortable((signal) => fetch(url, { signal }).then((r) => r.blob()))

export const walletImagePrefetchEffect: Effect = ({ events$, scheduler }) =>
  events$.pipe(
    ofType('wallets/page-fetched'),
    filter((e) => e.payload.page === 1),
    take(1),
    mergeMap((e) => from(e.payload.wallets.slice(0, PREFETCHED_IMAGES).flatMap((w) => (w.image_url ? [w.image_url] : [])))),
    // Each gives up (is aborted) after IMAGE_PREFETCH_TIMEOUT_MS on the effects' scheduler.
    mergeMap((url) => warm(url).pipe(takeUntil(timer(IMAGE_PREFETCH_TIMEOUT_MS, scheduler)), catchError(() => EMPTY)), 6),
    ignoreElements(),
  )
