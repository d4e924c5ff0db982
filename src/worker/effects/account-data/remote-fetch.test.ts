import { describe, expect, it } from 'vitest'
import { Subject, asyncScheduler, lastValueFrom, toArray, type SchedulerLike } from 'rxjs'
import { virtualTime } from '../../../../tests/unit/virtual-time.js'
import { event, type NewEvent } from '../../../events/types.js'
import { CACHE_LIFETIMES_MS } from '../../cache/lifetimes.js'
import { createCache } from '../../cache/two-level-cache.js'
import { REQUEST_LINGER_MS, createRemoteReader, type RemoteRead } from './remote-fetch.js'

const CAIP = 'eip155:1:0xabc' as const

/** A portfolio read whose requests are counted and answered by the test; the linger runs on `scheduler`. */
function setup(now: { t: number }, scheduler: SchedulerLike = asyncScheduler) {
  const store = createCache<string[]>({ name: 'portfolio', ttlMs: CACHE_LIFETIMES_MS.portfolio, clock: () => now.t })
  const requests: { signal: AbortSignal; resolve: (v: string[]) => void; reject: (e: unknown) => void }[] = []
  const read = createRemoteReader(scheduler)
  const spec = (o: Partial<RemoteRead<string[]>> = {}): RemoteRead<string[]> => ({
    requestKey: `portfolio:${CAIP}`,
    cache: { name: 'portfolio', store, key: CAIP, readCache: true },
    load: (signal) => new Promise((resolve, reject) => requests.push({ signal, resolve, reject })),
    fetched: (v) => event('tokens/fetched', { caipAddress: CAIP, balances: v.map((address) => ({ address, value: '1' })) }),
    failed: (message) => event('tokens/failed', { caipAddress: CAIP, message }),
    ...o,
  })
  return { store, requests, read, spec }
}
const collect = (o: import('rxjs').Observable<NewEvent>) => lastValueFrom(o.pipe(toArray()))
const flush = () => new Promise((r) => setTimeout(r, 0))

describe('remote reads: cache lifetimes, sharing, cancelling', () => {
  it('a fresh entry answers without a request; after its lifetime a request is made', async () => {
    const now = { t: 1_000_000 }
    const { read, spec, requests, store } = setup(now)
    await store.set(CAIP, ['0x1'])
    now.t += CACHE_LIFETIMES_MS.portfolio - 1
    expect((await collect(read(spec()))).map((e) => e.type)).toEqual(['cache/hit', 'tokens/fetched'])
    expect(requests).toHaveLength(0)
    now.t += 1
    const events = collect(read(spec()))
    await flush()
    expect(requests).toHaveLength(1)
    requests[0]!.resolve(['0x2'])
    expect((await events).map((e) => e.type)).toEqual(['cache/missed', 'tokens/fetched'])
    expect((await store.get(CAIP))?.value).toEqual(['0x2'])
  })
  it('a forced read skips the lookup but refreshes the cache; a failure is logged and not cached', async () => {
    const now = { t: 1_000_000 }
    const { read, spec, requests, store } = setup(now)
    await store.set(CAIP, ['old'])
    const forced = collect(read(spec({ cache: { name: 'portfolio', store, key: CAIP, readCache: false } })))
    await flush()
    requests[0]!.resolve(['new'])
    expect((await forced).map((e) => e.type)).toEqual(['tokens/fetched'])
    expect((await store.get(CAIP))?.value).toEqual(['new'])
    await store.delete(CAIP)
    const failing = collect(read(spec()))
    await flush()
    requests[1]!.reject(new Error('HTTP request failed.'))
    expect(await failing).toEqual([event('cache/missed', { cache: 'portfolio', key: CAIP }), event('tokens/failed', { caipAddress: CAIP, message: 'HTTP request failed.' })])
    expect(await store.get(CAIP)).toBeUndefined()
  })
  it('reads of one key while its request is in flight share that request', async () => {
    const { read, spec, requests } = setup({ t: 1 })
    const a = collect(read(spec()))
    const b = collect(read(spec()))
    await flush()
    expect(requests).toHaveLength(1)
    requests[0]!.resolve(['0x1'])
    expect((await a).at(-1)?.type).toBe('tokens/fetched')
    expect((await b).at(-1)?.type).toBe('tokens/fetched')
  })
  it('leaving the view cancels the read at once and aborts the request after the linger (on the injected scheduler), unless a read rejoins it', async () => {
    // Virtual time: the linger passes when the test moves the scheduler, never in real time.
    const time = virtualTime()
    const { read, spec, requests } = setup({ t: 1 }, time.scheduler)
    const cancelled = () => event('tokens/failed', { caipAddress: CAIP, message: 'cancelled' })
    const leave$ = new Subject<void>()
    const first = collect(read(spec({ leave$, cancelled })))
    await time.advance(0)
    leave$.next()
    expect((await first).at(-1)).toEqual(cancelled())
    // Back within the linger: the same request, no second one.
    await time.advance(REQUEST_LINGER_MS - 10)
    expect(requests[0]!.signal.aborted).toBe(false)
    const back = collect(read(spec({ leave$: new Subject<void>(), cancelled })))
    await time.advance(REQUEST_LINGER_MS)
    expect(requests).toHaveLength(1)
    expect(requests[0]!.signal.aborted).toBe(false)
    requests[0]!.resolve(['0x1'])
    expect((await back).at(-1)?.type).toBe('tokens/fetched')
    // Leaving for longer than the linger aborts the request: not a virtual ms before it ends.
    const later = virtualTime()
    const { read: read2, spec: spec2, requests: requests2 } = setup({ t: 1 }, later.scheduler)
    const leave2$ = new Subject<void>()
    const gone = collect(read2(spec2({ leave$: leave2$, cancelled })))
    await later.advance(0)
    leave2$.next()
    await gone
    await later.advance(REQUEST_LINGER_MS - 1)
    expect(requests2[0]!.signal.aborted).toBe(false)
    await later.advance(1)
    expect(requests2[0]!.signal.aborted).toBe(true)
  })
})
