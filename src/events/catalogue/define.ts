/**
 * How the catalogue declares an event (docs/architecture.md "Add an event"): its payload's schema,
 * whether the page may dispatch it (an intent), and whether every tab of the site folds it (shared).
 */
import type { Infer, Schema } from '../schema.js'

/** One event type's definition. */
export interface EventDef<T = unknown> {
  /** The payload's check; its `Infer` is the payload's type. */
  readonly payload: Schema<T>
  /** `dispatch` takes it: it is checked on entry (events/validate.ts) and by the guards. */
  readonly intent?: true
  /** Every tab of the site folds it, not only the tab that appended it (projections/state.ts reduce). */
  readonly shared?: true
  /**
   * The payload as entry validation keeps it, from one that passed `payload` (an intent's text
   * trimmed, an icon the URL validator refuses dropped). By default an intent keeps only its
   * declared keys, and an outcome is kept as it is.
   */
  clean?(p: T): T
}

/** Options of a definition beside its payload. */
type More<T> = { shared?: true; clean?: (p: T) => T }

/** An event the page may dispatch (docs/api.md `dispatch`). */
export const intent = <T>(payload: Schema<T>, more: More<T> = {}) => ({ payload, intent: true as const, ...more })

/** An outcome: an event only the engine appends. */
export const outcome = <T>(payload: Schema<T>, more: More<T> = {}) => ({ payload, ...more })

/** A group of definitions by event type (a catalogue file's export). */
export type Definitions = Record<string, EventDef>

/** The payload type of each event a group defines. */
export type PayloadsOf<D extends Definitions> = { [K in keyof D]: Infer<D[K]['payload']> }

/** The intent types of a group. */
export type IntentsOf<D extends Definitions> = { [K in keyof D]: D[K] extends { intent: true } ? K : never }[keyof D] & string
