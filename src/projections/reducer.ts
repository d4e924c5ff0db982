/**
 * Reducer plumbing, after NgRx `createReducer`/`on`: a slice declares one handler per event type it
 * cares about; the root fold calls them in order. Handlers get the slice, the event and the root
 * state before the event (for rules that read other slices). Pure: no I/O, no clock, no randomness.
 */
import type { EventType, GangwayEvent, Intent, NewEvent } from '../events/types.js'

/** A handler for one event type. */
export type Handler<S, R, T extends EventType> = (slice: S, event: GangwayEvent<T>, root: R) => S

/**
 * A guard for one intent type: the message refusing `intent` given the root state, or undefined when
 * it may proceed; `now` is ms since the epoch. Guards refuse intents before they enter the log
 * (docs/behaviour.md §5).
 */
export type Guard<R, T extends Intent['type']> = (root: R, intent: NewEvent<T>, now: number) => string | undefined

/** A slice's guards keyed by intent type; each intent type is guarded by one slice at most (rules/guards.ts). */
export type Guards<R> = { [T in Intent['type']]?: Guard<R, T> }

/** A slice: its initial value, its handlers keyed by event type and its guards keyed by intent type. */
export interface Slice<S, R> {
  initial: S
  on: { [T in EventType]?: Handler<S, R, T> }
  /** The guards of the intents about this slice's state (`now`: ms since the epoch; docs/behaviour.md §5). */
  refuse?: Guards<R>
}

/**
 * Declares a slice with typed handlers and, optionally, the guards of the intents about its state
 * (`refuse`, keyed by intent type: the message refusing the intent given the root state and `now`, ms
 * since the epoch, or undefined; docs/behaviour.md §5, guards refuse intents before they enter the
 * log). Annotate the export (`export const legal: Slice<LegalState, State> = slice<LegalState,
 * State>(…)`): State is derived from the slices (state.ts), so without the annotation a handler
 * reading another slice would make the slice's type depend on itself.
 */
export function slice<S, R>(initial: S, on: { [T in EventType]?: Handler<S, R, T> }, refuse?: Guards<R>): Slice<S, R> {
  return refuse ? { initial, on, refuse } : { initial, on }
}

/** Applies a slice's handler for `event`, or returns the slice unchanged. */
export function applySlice<S, R>(s: Slice<S, R>, value: S, event: GangwayEvent, root: R): S {
  const handler = s.on[event.type] as Handler<S, R, EventType> | undefined
  return handler ? handler(value, event, root) : value
}
