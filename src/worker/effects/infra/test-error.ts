/**
 * The test error (docs/behaviour.md §8 Error reports; the debug panel's *Test error*, only with
 * the `debug` option; Client.testError): on `debug/test-error-requested` this effect throws a plain `Error` with the requested
 * message. Nothing catches it here: it escapes like a bug would, so the engine wraps it in the typed
 * SDK error (INTERNAL_SDK_ERROR), logs `engine/effect-failed`, restarts the effect, and the analytics
 * effect reports it within the 5-per-60-s limit. A site uses it to see its error reports arrive; the
 * tests use it to make real failures in a browser.
 */
import { map } from 'rxjs'
import type { NewEvent } from '../../../events/types.js'
import { ofType, type Effect } from '../context.js'

export const testErrorEffect: Effect = ({ events$ }) =>
  events$.pipe(
    ofType('debug/test-error-requested'),
    map(({ payload }): NewEvent => {
      throw new Error(payload.message)
    }),
  )
