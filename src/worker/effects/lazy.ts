/**
 * Effects whose code loads when first needed (the guide: a new capability's service clients load
 * when first needed; the swap and on-ramp effects, with the swap and on-ramp clients, are a
 * chunk of the worker fetched only once a visitor reaches for them). A lazy effect waits for the
 * first event after which `needed(state, event)` holds, keeps the events from that one on while its
 * chunk loads, then runs the loaded effect over those events and every later one, so the loaded
 * effect sees the events an effect running from the start would have seen since the trigger (it
 * reads the state as it is when it handles them, which for the replayed ones is a few events later).
 * Once a chunk has loaded, a restart (after an effect failure) runs the effect at once.
 */
import { defer, filter, mergeMap, Observable, Subject, take, type Subscription } from 'rxjs'
import type { GangwayEvent, NewEvent } from '../../events/types.js'
import type { State } from '../../projections/state.js'
import type { Effect } from './context.js'

/** `load`'s effect, run from the first event after which `needed` holds. */
export function lazyEffect(needed: (s: State, e: GangwayEvent) => boolean, load: () => Promise<Effect>): Effect {
  let loaded: Effect | undefined
  return (ctx) =>
    defer(() => {
      if (loaded) return loaded(ctx)
      return ctx.events$.pipe(
        filter((e) => needed(ctx.state(), e)),
        take(1),
        mergeMap(
          (trigger) =>
            new Observable<NewEvent>((out) => {
              // The events from the trigger on: kept while the chunk loads, then fed to the effect in
              // order (the ones logged while it replays included), then live; no gap between the two.
              // The effect's `events$` is hot like the engine's: a later subscription inside it sees
              // only what comes after it.
              const kept: GangwayEvent[] = [trigger]
              const live = new Subject<GangwayEvent>()
              let forwarding = false
              const keeping = ctx.events$.subscribe((e) => (forwarding ? live.next(e) : kept.push(e)))
              let running: Subscription | undefined
              let closed = false
              load().then(
                (effect) => {
                  if (closed) return
                  loaded = effect
                  running = effect({ ...ctx, events$: live }).subscribe(out)
                  while (kept.length) live.next(kept.shift()!)
                  forwarding = true
                },
                (error: unknown) => out.error(error),
              )
              return () => {
                closed = true
                keeping.unsubscribe()
                running?.unsubscribe()
              }
            }),
        ),
      )
    })
}
