/**
 * Reducer plumbing, after NgRx `createReducer`/`on`: a slice declares one handler per event type it
 * cares about; the root fold calls them in order. Handlers get the slice, the event and the root
 * state before the event (for rules that read other slices). Pure: no I/O, no clock, no randomness.
 */
import type { EventType, GangwayEvent } from '../events/types.js'

/** A handler for one event type. */
export type Handler<S, R, T extends EventType> = (slice: S, event: GangwayEvent<T>, root: R) => S

/** A slice: its initial value and its handlers keyed by event type. */
export interface Slice<S, R> {
  initial: S
  on: { [T in EventType]?: Handler<S, R, T> }
}

/**
 * Declares a slice with typed handlers. Annotate the export (`export const legal: Slice<LegalState,
 * State> = slice<LegalState, State>(…)`): State is derived from the slices (state.ts), so without the
 * annotation a handler reading another slice would make the slice's type depend on itself.
 */
export function slice<S, R>(initial: S, on: { [T in EventType]?: Handler<S, R, T> }): Slice<S, R> {
  return { initial, on }
}

/** Applies a slice's handler for `event`, or returns the slice unchanged. */
export function applySlice<S, R>(s: Slice<S, R>, value: S, event: GangwayEvent, root: R): S {
  const handler = s.on[event.type] as Handler<S, R, EventType> | undefined
  return handler ? handler(value, event, root) : value
}
