/**
 * The engine's log and the states folded from it:
 * - the live state: this tab's view (`tab` = this session), folded as each event is appended;
 * - the base: this tab's view at the log's in-memory base (start-up snapshot, or a trimmed prefix),
 *   from which a rebase, `stateAt` and an export start;
 * - the shared state: the fold of the persisted events as no tab sees them (shared events only);
 *   snapshots are taken of it every SNAPSHOT_EVERY persisted events, so start-up from a snapshot
 *   equals a replay of the whole log.
 */
import { BehaviorSubject, Subject } from 'rxjs'
import { EventLog, SNAPSHOT_EVERY, type LogSnapshot, type LogStorage } from '../events/log/log.js'
import type { LogFile } from '../events/log/ndjson.js'
import { redact } from '../events/log/redact.js'
import { EVENT_SCHEMA_VERSION, type GangwayEvent } from '../events/types.js'
import { GangwayError } from '../events/kernel/errors.js'
import { checkedSnapshotState } from '../events/log/validate-stored.js'
import { initialStateFor, NO_TAB, project, PROJECTION_VERSION, reduce, SHARED_EVENT_TYPES, type State } from '../projections/state.js'

/** Events kept in memory beyond the base before the oldest are folded into it (persisted ones only). */
export const MEMORY_WINDOW = 20_000

/** `tab`: this page session's id; `storage`: where the site's log persists (none: memory only); `clock`: ms since the epoch. */
export interface ProjectedLogOptions {
  tab: string
  storage?: LogStorage
  clock: () => number
}

/** Folds events onto a state; should one fail (a log from a build with a bug), the rest are ignored with a warning. */
function foldSafely(from: State, events: readonly GangwayEvent[]): State {
  let state = from
  for (const e of events) {
    try {
      state = reduce(state, e)
    } catch (error) {
      console.warn(`[gangway] replay stopped at seq ${e.seq}`, error)
      break
    }
  }
  return state
}

/**
 * Creates the log and its folds. Call `open()` once before appending; `state$` is this tab's live
 * state, `foreign$` the shared events other tabs append; `stateAt` and `file` serve time travel and
 * export. Storage failures are logged, never thrown (docs/behaviour.md §8).
 */
export function createProjectedLog(options: ProjectedLogOptions) {
  const { tab, clock } = options
  const state$ = new BehaviorSubject<State>(initialStateFor(tab))
  /** Shared events other tabs appended (but their wallet/* facts), for the effects: a connection made in another tab is adopted here. */
  const foreign$ = new Subject<GangwayEvent>()
  let base: State = initialStateFor(tab)
  let shared: State = initialStateFor(NO_TAB)
  let snapshotSeq = 0
  // Each event is folded before it is recorded: one the projections cannot fold never enters the log.
  let folded: State | undefined

  const log = new EventLog({
    ...(options.storage ? { storage: options.storage } : {}),
    clock,
    tab,
    admit: (e) => void (folded = reduce(state$.value, e)),
    onForeign: (foreign, rebased) => {
      // Rebased: our unpersisted events now follow the other tab's; fold the memory window again.
      state$.next(rebased ? foldSafely(base, log.events()) : foldSafely(state$.value, foreign))
      // Shared facts reach the effects (a connection made there is watched and priced here); the
      // other tab's wallet/* facts do not: this tab's own provider reports its own.
      for (const e of foreign) if (SHARED_EVENT_TYPES.has(e.type) && !e.type.startsWith('wallet/')) foreign$.next(e)
    },
    onPersisted: (events) => {
      shared = foldSafely(shared, events)
      if (shared.lastSeq - snapshotSeq >= SNAPSHOT_EVERY) {
        snapshotSeq = shared.lastSeq
        void log.snapshot({ seq: shared.lastSeq, projection: PROJECTION_VERSION, at: clock(), state: shared })
      }
      const extra = log.events().length - MEMORY_WINDOW
      if (extra > 0 && log.base + extra <= log.persisted) {
        base = project(log.events().slice(0, extra), base)
        log.trim(log.base + extra)
      }
    },
  })
  log.subscribe(() => state$.next(folded!))

  /** The state a snapshot holds, as this tab's view; undefined when its shape is of another projection version. */
  const fromSnapshot = (s: LogSnapshot): State | undefined => {
    if (s.projection !== PROJECTION_VERSION) {
      console.warn(`[gangway] ignoring a snapshot of projection version ${s.projection} (this build: ${PROJECTION_VERSION})`)
      return undefined
    }
    const checked = checkedSnapshotState(s.state)
    if ('problem' in checked) {
      console.warn(`[gangway] ignoring a malformed snapshot at seq ${s.seq}: ${checked.problem}`)
      return undefined
    }
    // A slice added since the snapshot was written (the shape only grew) starts from its initial value.
    return { ...initialStateFor(NO_TAB), ...(checked.state as State) }
  }

  return {
    log,
    state$,
    foreign$: foreign$.asObservable(),

    /** Loads the latest snapshot and the tail, and folds them. Resolves to the number of events replayed. */
    async open(): Promise<{ replayed: number }> {
      const { snapshot, events } = await log.open()
      const start = snapshot ? fromSnapshot(snapshot) : undefined
      const seq = snapshot?.seq ?? 0
      shared = start ? { ...start, tab: NO_TAB } : { ...initialStateFor(NO_TAB), lastSeq: seq }
      base = { ...shared, tab }
      snapshotSeq = seq
      shared = foldSafely(shared, events)
      state$.next(foldSafely(base, events))
      return { replayed: events.length }
    },

    /**
     * This tab's state as of event `seq` (time travel).
     * @throws GangwayError 'No event with seq {seq} in this session's log (it holds {first}–{last})'.
     */
    stateAt(seq: number): State {
      if (!Number.isSafeInteger(seq) || seq < log.base || seq > log.lastSeq) {
        throw new GangwayError(`No event with seq ${seq} in this session's log (it holds ${log.base}–${log.lastSeq})`)
      }
      return project(log.events().slice(0, seq - log.base), base)
    },

    /** The log as a file: header, this tab's base state when the log does not start at seq 1, the events; redacted unless `redacted` is false. */
    file(redacted: boolean, salt: string): LogFile {
      const file: LogFile = {
        header: { gangway: 'log', v: EVENT_SCHEMA_VERSION, projection: PROJECTION_VERSION, tab, exportedAt: clock(), redacted },
        ...(log.base > 0 ? { snapshot: { seq: log.base, projection: PROJECTION_VERSION, at: clock(), state: base } } : {}),
        events: log.events().slice(),
      }
      return redacted ? { ...file, ...(file.snapshot ? { snapshot: redact(file.snapshot, salt) } : {}), events: redact(file.events, salt) } : file
    },
  }
}

export type ProjectedLog = ReturnType<typeof createProjectedLog>
