// A lazy effect (the swap and on-ramp effects load with their chunk): nothing is loaded
// before the trigger; the loaded effect sees the trigger and every event logged while it loaded, in
// order, then the live ones; after a failure it restarts without waiting for a new trigger.
import { describe, expect, it } from 'vitest'
import { map, Subject } from 'rxjs'
import type { GangwayEvent, NewEvent } from '../../events/types.js'
import type { State } from '../../projections/state.js'
import type { Effect, EffectContext } from './context.js'
import { lazyEffect } from './lazy.js'

const ev = (seq: number, type: string) => ({ seq, type, payload: {}, at: seq, v: 1, tab: 't' }) as unknown as GangwayEvent

describe('lazyEffect', () => {
  it('loads at the trigger, replays what was logged while loading, then follows the live events', async () => {
    const events$ = new Subject<GangwayEvent>()
    const ctx = { events$, state: () => ({}) as State } as unknown as EffectContext
    let release!: () => void
    const loading = new Promise<void>((r) => (release = r))
    let loads = 0
    const seen: number[] = []
    const echo: Effect = (c) => c.events$.pipe(map((e) => ({ type: 'x', payload: { seq: e.seq } }) as unknown as NewEvent))
    const effect = lazyEffect(
      (_s, e) => e.type === 'swap/amount-changed',
      async () => {
        loads++
        await loading
        return echo
      },
    )
    effect(ctx).subscribe((e) => seen.push((e.payload as unknown as { seq: number }).seq))
    events$.next(ev(1, 'modal/open-requested'))
    expect(loads).toBe(0)
    events$.next(ev(2, 'swap/amount-changed'))
    events$.next(ev(3, 'swap/token-selected'))
    expect(loads).toBe(1)
    release()
    await loading
    await new Promise((r) => setTimeout(r, 0))
    events$.next(ev(4, 'modal/close-requested'))
    expect(seen).toEqual([2, 3, 4])

    // Loaded once: a restart runs the effect at once.
    const again: number[] = []
    effect(ctx).subscribe((e) => again.push((e.payload as unknown as { seq: number }).seq))
    events$.next(ev(5, 'modal/open-requested'))
    expect(again).toEqual([5])
    expect(loads).toBe(1)
  })

  it('a chunk that fails to load ends the effect with its error and keeps nothing', async () => {
    const events$ = new Subject<GangwayEvent>()
    const ctx = { events$, state: () => ({}) as State } as unknown as EffectContext
    const effect = lazyEffect(
      () => true,
      () => Promise.reject(new Error('chunk failed')),
    )
    let failure: unknown
    effect(ctx).subscribe({ error: (e: unknown) => (failure = e) })
    events$.next(ev(1, 'swap/amount-changed'))
    await new Promise((r) => setTimeout(r, 0))
    expect(failure).toEqual(new Error('chunk failed'))
    expect(events$.observed).toBe(false)
  })
})
