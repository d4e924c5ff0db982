/**
 * The event union: every fact and intent Gangway records, as a discriminated union on `type`,
 * derived from the event catalogue (events/catalogue/, one file per feature, each event declared
 * once with its payload's schema). Names follow `area/fact` (past tense) for outcomes and
 * `area/…-requested` for intents (docs/api.md). Payloads are plain JSON; amounts are decimal strings
 * whose unit is in the field name (`valueWei`).
 */
import type { CatalogueIntentType, CataloguePayloads } from './catalogue/index.js'

export type { SwapChecked, SwapPlanTransaction, SwapQuoteFetched, TxPreview, TxPreviewCall, TxPreviewToken } from './catalogue/trade.js'
export type { NameSuggestion } from './catalogue/names.js'

/**
 * Schema version written on every event; readers upcast older versions (src/events/log/upcast.ts).
 * 1: the first logs. 2: every event carries `tab`, the id of the page session that appended it.
 */
export const EVENT_SCHEMA_VERSION = 2

/** The payload of each event type, as its catalogue file declares it. */
export type EventPayloads = CataloguePayloads

/** Every event type name. */
export type EventType = keyof EventPayloads

/**
 * A recorded event: `seq` is gap-free from 1 across every tab of the site, `at` is ms since the
 * epoch when it was appended, `v` the schema version, `tab` the page session (engine start) that
 * appended it ('v1' for events upcast from schema version 1, whose tab is unknown).
 */
export type GangwayEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; seq: number; at: number; v: number; tab: string; payload: EventPayloads[K] }
}[T]

/** The recorded events of the given types, as a union narrowed on `type`. */
export type EventOf<T extends EventType> = Extract<GangwayEvent, { type: T }>

/** An event before the log stamps it (what effects and `dispatch` produce). */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; payload: EventPayloads[K] }
}[T]

/** An event `dispatch` accepts. */
export type Intent = NewEvent<CatalogueIntentType>

/** Builds a NewEvent with its payload type checked against its type name. */
export function event<T extends EventType>(type: T, payload: EventPayloads[T]): NewEvent<T> {
  return { type, payload } as NewEvent<T>
}

/** Narrows an event to one or more types (NgRx `ofType` for plain values). */
export function isType<T extends EventType>(e: GangwayEvent, ...types: T[]): e is EventOf<T> {
  return (types as EventType[]).includes(e.type)
}
