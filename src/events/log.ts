/**
 * The append-only event log: the single source of truth. It stamps `seq` (gap-free from 1), `at`
 * (ms, from the injected clock) and `v` (schema version), keeps the events in memory, hands them
 * to listeners in order, and persists them in batches through a LogStorage.
 */
import { EVENT_SCHEMA_VERSION, type GangwayEvent, type NewEvent } from './types.js'

/** Where a log persists. `load` returns a gap-free prefix in seq order; `append` writes one batch atomically. */
export interface LogStorage {
  load(): Promise<GangwayEvent[]>
  append(batch: readonly GangwayEvent[]): Promise<void>
}

/** Options of an EventLog. `clock` returns ms since the epoch. */
export interface EventLogOptions {
  storage?: LogStorage
  clock?: () => number
  /**
   * Called with each stamped event before it is recorded; if it throws, the append throws and the
   * event is neither recorded nor persisted (the engine folds the event here, so an event the
   * projections cannot fold never enters the log).
   */
  admit?: (event: GangwayEvent) => void
  /** Called when a persistence write fails; spec §8: storage failures are logged, never thrown. */
  onStorageError?: (error: unknown) => void
}

/** Listener called synchronously with each appended event, in seq order. */
export type LogListener = (event: GangwayEvent) => void

export class EventLog {
  readonly #events: GangwayEvent[] = []
  readonly #listeners = new Set<LogListener>()
  readonly #storage: LogStorage | undefined
  readonly #clock: () => number
  readonly #onStorageError: (error: unknown) => void
  readonly #admit: ((event: GangwayEvent) => void) | undefined
  #queue: GangwayEvent[] = []
  #writing: Promise<void> = Promise.resolve()
  #flushScheduled = false

  constructor(options: EventLogOptions = {}) {
    this.#storage = options.storage
    this.#clock = options.clock ?? Date.now
    this.#onStorageError = options.onStorageError ?? ((error) => console.warn('[gangway] log persistence failed', error))
    this.#admit = options.admit
  }

  /**
   * Loads the persisted events (once, before any append) and returns them; they become the log's
   * prefix and the next append continues their seq. A load failure is reported and starts an empty log.
   */
  async open(): Promise<readonly GangwayEvent[]> {
    if (this.#events.length > 0) throw new Error('EventLog.open must be called before the first append')
    if (!this.#storage) return []
    try {
      const loaded = await this.#storage.load()
      for (const e of loaded) {
        if (e.seq !== this.#events.length + 1) break
        this.#events.push(e)
      }
    } catch (error) {
      this.#onStorageError(error)
    }
    return this.#events.slice()
  }

  /**
   * Stamps, stores and announces one event; returns it as recorded. Persistence follows in a batch.
   * @throws whatever `admit` throws; the log is then unchanged.
   */
  append(next: NewEvent): GangwayEvent {
    const recorded = { type: next.type, payload: next.payload, seq: this.#events.length + 1, at: this.#clock(), v: EVENT_SCHEMA_VERSION } as GangwayEvent
    this.#admit?.(recorded)
    this.#events.push(recorded)
    if (this.#storage) {
      this.#queue.push(recorded)
      this.#scheduleFlush()
    }
    for (const listener of this.#listeners) listener(recorded)
    return recorded
  }

  /** Every event so far, in seq order. */
  events(): readonly GangwayEvent[] {
    return this.#events
  }

  /** Subscribes to events appended from now on; returns the unsubscribe function. */
  subscribe(listener: LogListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Resolves when every event appended so far has been handed to storage. */
  async flush(): Promise<void> {
    this.#writeQueued()
    await this.#writing
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return
    this.#flushScheduled = true
    // One macrotask gathers a burst of appends into one write transaction.
    setTimeout(() => this.#writeQueued(), 0)
  }

  #writeQueued(): void {
    this.#flushScheduled = false
    if (this.#queue.length === 0 || !this.#storage) return
    const batch = this.#queue
    this.#queue = []
    const storage = this.#storage
    // Writes are chained so batches land in seq order: what storage holds is always a prefix.
    this.#writing = this.#writing.then(() => storage.append(batch)).catch((error) => this.#onStorageError(error))
  }
}
