/**
 * Rules that refuse an intent given the current state, before it enters the log (pure;
 * docs/behaviour.md §5). Each slice guards the intents about its state (its `refuse`, reducer.ts);
 * `refusal` looks the intent's guard up among them. The engine's `dispatch` throws a GangwayError
 * with the returned message and appends nothing.
 */
import type { Intent } from '../../events/types.js'
import type { Guard } from '../reducer.js'
import { slices, type State } from '../state.js'

/** Each guarded intent type's guard, from the slices (at most one slice guards a type: guards.test.ts). */
const GUARDS: ReadonlyMap<Intent['type'], Guard<State, Intent['type']>> = new Map(
  Object.values(slices).flatMap((s) => Object.entries(s.refuse ?? {}) as [Intent['type'], Guard<State, Intent['type']>][]),
)

/**
 * The message refusing `intent` in state `s`, or undefined when it may proceed.
 * @param now the current time, ms since the epoch (the email resend cooldown reads it).
 */
export function refusal(s: State, intent: Intent, now = 0): string | undefined {
  return GUARDS.get(intent.type)?.(s, intent, now)
}
