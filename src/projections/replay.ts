/**
 * Replaying an exported log (docs/behaviour.md §3), on the same projection code the engine runs: what
 * `gangway replay` prints, and what the determinism test compares with the page. Pure.
 */
import { LogFormatError } from '../events/kernel/errors.js'
import type { LogFile } from '../events/log/ndjson.js'
import type { GangwayEvent } from '../events/types.js'
import { initialState, PROJECTION_VERSION, reduce, type State } from './state.js'

/**
 * The state a log file starts from: its snapshot, as the view of the exporting tab (the header's
 * `tab`), or the initial state (a headerless schema-1 log folds every event).
 * @throws LogFormatError 'Snapshot of projection version {v}; this build reads version {current}'.
 */
export function startOfLog(file: LogFile): State {
  const tab = file.header?.tab
  if (file.snapshot) {
    if (file.snapshot.projection !== PROJECTION_VERSION) throw new LogFormatError(`Snapshot of projection version ${file.snapshot.projection}; this build reads version ${PROJECTION_VERSION}`)
    // A slice added since the snapshot was written (the shape only grew) starts from its initial value.
    const { tab: _t, ...state } = { ...initialState, ...(file.snapshot.state as State) }
    return tab !== undefined ? { ...state, tab } : state
  }
  return tab !== undefined ? { ...initialState, tab } : initialState
}

/**
 * The projected state after event `at` (default: the last event).
 * @throws LogFormatError as startOfLog; 'No event with seq {at} in this log (it holds {first}–{last})'.
 */
export function replayLog(file: LogFile, at?: number): State {
  let state = startOfLog(file)
  const first = file.snapshot?.seq ?? 0
  const last = file.events.at(-1)?.seq ?? first
  if (at !== undefined && (!Number.isSafeInteger(at) || at < first || at > last)) throw new LogFormatError(`No event with seq ${at} in this log (it holds ${first}–${last})`)
  for (const e of file.events) {
    if (at !== undefined && e.seq > at) break
    state = reduce(state, e)
  }
  return state
}

/** One change between two states: a JSON path (`accounts.eip155.address`) and the values before and after (undefined: absent). */
export interface StateChange {
  path: string
  before: unknown
  after: unknown
}

/** The leaves that differ between two plain-JSON values, in key order; `lastSeq` is left out. */
export function stateDiff(before: unknown, after: unknown, path = ''): StateChange[] {
  if (before === after) return []
  const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
  if (isObj(before) && isObj(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    return keys.filter((k) => !(path === '' && k === 'lastSeq')).flatMap((k) => stateDiff(before[k], after[k], path ? `${path}.${k}` : k))
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return []
  return [{ path: path || '(root)', before, after }]
}

/** Each event of the log with the changes it made to the state. */
export function* replaySteps(file: LogFile): Generator<{ event: GangwayEvent; changes: StateChange[] }> {
  let state = startOfLog(file)
  for (const event of file.events) {
    const next = reduce(state, event)
    yield { event, changes: stateDiff(state, next) }
    state = next
  }
}
