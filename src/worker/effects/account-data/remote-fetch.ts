/**
 * One read from a service for a view, the way every Account tab reads (docs/behaviour.md §3 caches, §9
 * lifetimes):
 * 1. a fresh cache entry answers (`cache/hit`, then the value, so a replay shows what the view showed);
 * 2. else `cache/missed` and a request, shared by every read of the same key while it is in flight;
 * 3. the answer is cached and logged as fetched, or logged as failed;
 * 4. when the visitor leaves the view first, the read ends with a cancelled event at once, and the
 *    request is aborted REQUEST_LINGER_MS later unless a read of the same key joins it again. So
 *    opening and closing a view quickly costs one request, not one per opening.
 */
import { Observable, ReplaySubject, asyncScheduler, concat, defer, finalize, map, mergeMap, of, race, share, take, timer, type SchedulerLike } from 'rxjs'
import type { CacheName } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import type { Cache } from '../../cache/two-level-cache.js'
import { loggedMessage } from '../../../events/kernel/errors.js'

/** How long a request nobody waits for any more stays alive for a reader that comes back, in ms. */
export const REQUEST_LINGER_MS = 1000

type Outcome<V> = { ok: true; value: V } | { ok: false; error: unknown }

export interface RemoteRead<V> {
  /** Names the request among those in flight (e.g. `portfolio:eip155:1:0xabc`). */
  requestKey: string
  /** The cache and its key; `readCache: false` skips the lookup (a forced or paged read) but still writes. */
  cache?: { name: CacheName; store: Cache<V>; key: string; readCache: boolean }
  load(signal: AbortSignal): Promise<V>
  fetched(value: V): NewEvent
  failed(message: string): NewEvent
  /** Emits when the visitor leaves the view the read is for; absent for a read no view waits on. */
  leave$?: Observable<unknown>
  cancelled?(): NewEvent
}

/** Reads that share requests in flight; one per engine. The linger runs on `scheduler` (the effects' one). */
export function createRemoteReader(scheduler: SchedulerLike = asyncScheduler) {
  const inflight = new Map<string, Observable<Outcome<unknown>>>()

  const join = <V>(r: RemoteRead<V>): Observable<Outcome<V>> => {
    let shared = inflight.get(r.requestKey) as Observable<Outcome<V>> | undefined
    if (!shared) {
      shared = new Observable<Outcome<V>>((subscriber) => {
        const controller = new AbortController()
        r.load(controller.signal).then(
          (value) => {
            // Cached even when nobody waits any more: the next opening finds it.
            if (r.cache) void r.cache.store.set(r.cache.key, value)
            subscriber.next({ ok: true, value })
            subscriber.complete()
          },
          (error: unknown) => {
            if (controller.signal.aborted) return
            subscriber.next({ ok: false, error })
            subscriber.complete()
          },
        )
        return () => controller.abort()
      }).pipe(
        finalize(() => inflight.delete(r.requestKey)),
        share({ connector: () => new ReplaySubject<Outcome<V>>(1), resetOnRefCountZero: () => timer(REQUEST_LINGER_MS, scheduler), resetOnComplete: true, resetOnError: true }),
      )
      inflight.set(r.requestKey, shared as Observable<Outcome<unknown>>)
    }
    return shared
  }

  /** The events of one read (see the module comment). Never errors. */
  return function read<V>(r: RemoteRead<V>): Observable<NewEvent> {
    return defer(async () => (r.cache?.readCache ? await r.cache.store.get(r.cache.key) : undefined)).pipe(
      mergeMap((hit) => {
        if (hit && r.cache) {
          const logged = event('cache/hit', { cache: r.cache.name, key: r.cache.key, level: hit.level, ageMs: hit.ageMs })
          return of(logged, r.fetched(hit.value))
        }
        const outcome$ = join(r).pipe(
          take(1),
          map((o) => (o.ok ? r.fetched(o.value) : r.failed(loggedMessage(o.error)))),
        )
        const answered$ = r.leave$ && r.cancelled ? race(outcome$, r.leave$.pipe(take(1), map(() => r.cancelled!()))) : outcome$
        return concat(r.cache?.readCache ? of(event('cache/missed', { cache: r.cache.name, key: r.cache.key })) : of(), answered$)
      }),
    )
  }
}

export type RemoteReader = ReturnType<typeof createRemoteReader>
