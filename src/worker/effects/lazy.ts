/**
 * Effects whose code loads when first needed (the guide: a new capability's service clients load
 * when first needed; issue 21's swap and on-ramp effects, with the swap and on-ramp clients, are a
 * chunk of the worker fetched only once a visitor reaches for them). A lazy effect waits for the
 * first event after which `needed(state, event)` holds, keeps the events from that one on while its
 * chunk loads, then runs the loaded effect over those events and every later one, so the loaded
 * effect sees exactly what an effect running from the start would have seen since the trigger.
 * Once a chunk has loaded, a restart (after an effect failure) runs the effect at once.
 */
import { concat, from, mergeMap, Observable, take, filter, defer } from 'rxjs'
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
        mergeMap((trigger) => {
          // The events from the trigger on, kept while the chunk loads.
          const kept: GangwayEvent[] = [trigger]
          const keeping = ctx.events$.subscribe((e) => kept.push(e))
          return from(load()).pipe(
            mergeMap((effect): Observable<NewEvent> => {
              keeping.unsubscribe()
              loaded = effect
              return effect({ ...ctx, events$: concat(from(kept.splice(0)), ctx.events$) })
            }),
          )
        }),
      )
    })
}
