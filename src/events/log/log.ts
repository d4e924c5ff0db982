/**
 * The append-only event log: the single source of truth. It stamps `seq` (gap-free from 1), `at`
 * (ms, from the injected clock), `v` (schema version) and `tab` (this page session), keeps the
 * events since its base in memory, hands them to listeners in order, and persists them in batches
 * through a LogStorage shared by every tab of the site.
 *
 * Two tabs, one log: appends are synchronous in each tab; persisting is where tabs meet. Each write
 * is one storage transaction that first reads what other tabs persisted since this tab's last
 * write, then stores this tab's batch after them. When another tab got there first, this tab's
 * unpersisted events move up by the other tab's count ("rebase") and `onForeign` reports it, so
 * every tab's log stays a copy of the persisted one. Tabs wake each other through the storage's
 * `watch` / `announce` (a BroadcastChannel).
 */
import { createUpcaster } from './upcast.js'
import { checkedStoredEvent } from './validate-stored.js'
import { LogFormatError, GangwayError } from '../kernel/errors.js'
import { EVENT_SCHEMA_VERSION, type GangwayEvent, type NewEvent } from '../types.js'

/**
 * A snapshot of the projected state after event `seq` (start-up folds only the events after it).
 * `projection` is the State shape's version (PROJECTION_VERSION), `at` ms since the epoch.
 */
export interface LogSnapshot {
  seq: number
  projection: number
  at: number
  state: unknown
}

/** Write a snapshot after this many persisted events (docs/behaviour.md §9). */
export const SNAPSHOT_EVERY = 1000
/** A write starts at once when this many events wait, without waiting for the burst's macrotask: under a flood of appends the timer can starve, and what a crash loses stays bounded. */
export const FLUSH_BATCH_MAX = 500
/** One write stores at most this many events (the rest follow in the next write), so snapshots and compaction keep pace when appends outrun storage. */
export const WRITE_BATCH_MAX = SNAPSHOT_EVERY
/** Compaction keeps this many snapshots, and the events after the oldest of them. */
export const SNAPSHOTS_KEPT = 2

/** Where a log persists: one store shared by the site's tabs. */
export interface LogStorage {
  /** The latest snapshot, if any, and every stored event after it (raw records, in seq order; the log upcasts them). */
  load(): Promise<{ snapshot?: LogSnapshot; events: unknown[] }>
  /**
   * One atomic transaction: reads the events other tabs stored after seq `after`, then stores `batch`
   * renumbered to follow them. Resolves to those other events (raw, in seq order).
   */
  append(after: number, batch: readonly GangwayEvent[]): Promise<unknown[]>
  /** Stores a snapshot, then compacts: keeps the newest SNAPSHOTS_KEPT snapshots and the events after the oldest kept. */
  snapshot(snapshot: LogSnapshot): Promise<void>
  /** Calls `onAppended` when another tab stored events; returns the stop function. */
  watch?(onAppended: () => void): () => void
  /** Tells the other tabs that events up to `seq` are stored. */
  announce?(seq: number): void
}

/** Options of an EventLog. `clock` returns ms since the epoch. */
export interface EventLogOptions {
  storage?: LogStorage
  clock?: () => number
  /** This page session's id, stamped on every event as `tab`. Default 'main'. */
  tab?: string
  /**
   * Called with each stamped event before it is recorded; if it throws, the append throws and the
   * event is neither recorded nor persisted (the engine folds the event here, so an event the
   * projections cannot fold never enters the log).
   */
  admit?: (event: GangwayEvent) => void
  /**
   * Called after other tabs' events were read into this log: `foreign` in their final seqs, and
   * `rebased` true when this tab's unpersisted events moved up behind them.
   */
  onForeign?: (foreign: readonly GangwayEvent[], rebased: boolean) => void
  /** Called with each batch of newly persisted events (this tab's and others', in seq order). */
  onPersisted?: (events: readonly GangwayEvent[]) => void
  /** Called when a persistence write fails; docs/behaviour.md §8: storage failures are logged, never thrown. */
  onStorageError?: (error: unknown) => void
}

/** Listener called synchronously with each appended event, in seq order. */
export type LogListener = (event: GangwayEvent) => void

/** What `open` found: the snapshot start-up begins from, and the events after it. */
export interface OpenedLog {
  snapshot?: LogSnapshot
  events: readonly GangwayEvent[]
}

export class EventLog {
  #events: GangwayEvent[] = []
  /** The seq before the first event held in memory (the snapshot's, or a trimmed prefix's). */
  #base = 0
  #persisted = 0
  readonly #listeners = new Set<LogListener>()
  readonly #options: EventLogOptions
  readonly #clock: () => number
  readonly #tab: string
  readonly #onStorageError: (error: unknown) => void
  #writing: Promise<void> = Promise.resolve()
  #busy = false
  #again = false
  #flushScheduled = false
  #opened = false
  #closed = false
  #stopWatching: (() => void) | undefined

  constructor(options: EventLogOptions = {}) {
    this.#options = options
    this.#clock = options.clock ?? Date.now
    this.#tab = options.tab ?? 'main'
    this.#onStorageError = options.onStorageError ?? ((error) => console.warn('[gangway] log persistence failed', error))
  }

  /** This page session's id (the `tab` of its events). */
  get tab(): string {
    return this.#tab
  }

  /**
   * Loads the latest snapshot and the events after it (once, before any append); the next append
   * continues their seq. Events are upcast; a stored event that is malformed ends the loaded prefix.
   * A load failure is reported and starts an empty log.
   * @throws GangwayError 'EventLog.open must be called before the first append'.
   */
  async open(): Promise<OpenedLog> {
    if (this.#events.length > 0 || this.#opened) throw new GangwayError('EventLog.open must be called before the first append')
    this.#opened = true
    if (!this.#options.storage) return { events: [] }
    let loaded: Awaited<ReturnType<LogStorage['load']>> = { events: [] }
    try {
      loaded = await this.#options.storage.load()
    } catch (error) {
      this.#onStorageError(error)
    }
    const snapshot = loaded.snapshot
    this.#base = snapshot?.seq ?? 0
    const up = createUpcaster()
    for (const raw of loaded.events) {
      let e: GangwayEvent
      try {
        e = up(raw, `seq ${(raw as { seq?: unknown })?.seq}`)
      } catch (error) {
        this.#onStorageError(error)
        break
      }
      if (e.seq !== this.#base + this.#events.length + 1) break
      this.#events.push(e)
    }
    this.#persisted = this.lastSeq
    this.#stopWatching = this.#options.storage.watch?.(() => this.sync())
    return { ...(snapshot ? { snapshot } : {}), events: this.#events.slice() }
  }

  /**
   * Stamps, checks, stores and announces one event; returns it as recorded. The check is the one an
   * event read back passes (validate-stored.ts `checkedStoredEvent`), so the log records exactly what
   * a replay of it reads: an event that fails its catalogue schema is recorded, at its seq, as
   * `log/event-refused` (reported on the console). Persistence follows in a batch.
   * @throws whatever `admit` throws; the log is then unchanged.
   */
  append(next: NewEvent): GangwayEvent {
    const stamped = { type: next.type, payload: next.payload, seq: this.lastSeq + 1, at: this.#clock(), v: EVENT_SCHEMA_VERSION, tab: this.#tab } as GangwayEvent
    const recorded = checkedStoredEvent(stamped, (m) => console.error(m.replace('stored event', 'event')))
    this.#options.admit?.(recorded)
    this.#events.push(recorded)
    if (this.#options.storage) {
      if (this.lastSeq - this.#persisted >= FLUSH_BATCH_MAX) this.#write()
      else this.#scheduleFlush()
    }
    for (const listener of this.#listeners) listener(recorded)
    return recorded
  }

  /** The events held in memory (those after `base`), in seq order. */
  events(): readonly GangwayEvent[] {
    return this.#events
  }

  /** The seq before the first event held in memory. */
  get base(): number {
    return this.#base
  }

  /** The seq of the last event (0 for none). */
  get lastSeq(): number {
    return this.#base + this.#events.length
  }

  /** The seq up to which events are stored. */
  get persisted(): number {
    return this.#persisted
  }

  /** Drops the persisted events up to `seq` from memory (the caller keeps the state they fold to); never unpersisted ones. */
  trim(seq: number): void {
    const upTo = Math.min(seq, this.#persisted)
    if (upTo <= this.#base) return
    this.#events = this.#events.slice(upTo - this.#base)
    this.#base = upTo
  }

  /** Subscribes to events appended from now on; returns the unsubscribe function. */
  subscribe(listener: LogListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Resolves when every event appended so far is stored (and other tabs' events so far are read in). */
  async flush(): Promise<void> {
    this.#write()
    while (this.#busy) await this.#writing
  }

  /** Reads in what other tabs stored (they announce it); this tab's pending events go with it. */
  sync(): void {
    this.#write()
  }

  /** Stores a snapshot of the state after persisted event `snapshot.seq`, then compacts the store. */
  async snapshot(snapshot: LogSnapshot): Promise<void> {
    if (!this.#options.storage || snapshot.seq > this.#persisted) return
    await this.#options.storage.snapshot(snapshot).catch((error) => this.#onStorageError(error))
  }

  /** Writes what is pending, then stops writing and listening to other tabs (a closed tab's timers must not write). */
  async close(): Promise<void> {
    await this.flush()
    this.#closed = true
    this.#stopWatching?.()
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return
    this.#flushScheduled = true
    // One macrotask gathers a burst of appends into one write transaction.
    setTimeout(() => {
      this.#flushScheduled = false
      this.#write()
    }, 0)
  }

  /** One write at a time: a write asked for while one runs follows it. */
  #write(): void {
    if (!this.#options.storage || !this.#opened || this.#closed) return
    if (this.#busy) {
      this.#again = true
      return
    }
    this.#busy = true
    this.#writing = this.#writeOnce()
      .catch((error) => this.#onStorageError(error))
      .finally(() => {
        this.#busy = false
        if (this.#again) {
          this.#again = false
          this.#write()
        }
      })
  }

  async #writeOnce(): Promise<void> {
    const storage = this.#options.storage!
    const after = this.#persisted
    const batch = this.#events.slice(after - this.#base, after - this.#base + WRITE_BATCH_MAX)
    if (this.lastSeq - after > batch.length) this.#again = true
    const rawForeign = await storage.append(after, batch)
    const up = createUpcaster()
    const foreign = rawForeign.map((raw, i) => {
      const e = up(raw, `seq ${after + i + 1}`)
      if (e.seq !== after + i + 1) throw new LogFormatError(`Stored log has a gap: seq ${e.seq} where ${after + i + 1} was expected`)
      return e
    })
    if (foreign.length > 0) {
      // Other tabs stored events first: ours (the batch and anything appended since) follow them.
      const shift = foreign.length
      const ours = this.#events.slice(after - this.#base).map((e) => ({ ...e, seq: e.seq + shift }) as GangwayEvent)
      this.#events = [...this.#events.slice(0, after - this.#base), ...foreign, ...ours]
      this.#options.onForeign?.(foreign, ours.length > 0)
    }
    const stored = this.#events.slice(after - this.#base, after - this.#base + foreign.length + batch.length)
    this.#persisted = after + stored.length
    if (batch.length > 0) storage.announce?.(this.#persisted)
    if (stored.length > 0) this.#options.onPersisted?.(stored)
  }
}
