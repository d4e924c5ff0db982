/**
 * The effects that run while something shows (select/showing.ts `shows`) take the site UI's showing
 * changes as triggers (docs/behaviour.md §2): a change counts when it turns their flag on, as a
 * navigation to their view does; one that leaves it on (another flag changed) starts nothing again.
 */
import { defer, filter, type MonoTypeOperatorFunction } from 'rxjs'
import type { Showable } from '../../events/catalogue/headless.js'
import type { GangwayEvent } from '../../events/types.js'

/**
 * Passes every event but `headless/showing-changed`, and those only when they turn `what` on (off
 * in the change before, or before any since the subscription). Give it one tab's events.
 * @example
 * events$.pipe(ofType('modal/navigate-requested', 'headless/showing-changed'), filter(ofThisTab), turningOn('sendReview'))
 */
export function turningOn<E extends GangwayEvent>(what: Showable): MonoTypeOperatorFunction<E> {
  return (source) =>
    defer(() => {
      let on = false
      return source.pipe(
        filter((e) => {
          if (e.type !== 'headless/showing-changed') return true
          const was = on
          on = (e as GangwayEvent<'headless/showing-changed'>).payload[what]
          return on && !was
        }),
      )
    })
}
