/**
 * The exported log file (NDJSON, one JSON record a line), what `exportLog()` writes and
 * `gangway replay` reads:
 *   1. a header: `{"gangway":"log","v":2,"projection":1,"tab":"…","exportedAt":ms,"redacted":true}`;
 *   2. when the log does not start at seq 1, the snapshot it starts from: `{"snapshot":{seq, projection, at, state}}`;
 *   3. the events, one a line, gap-free in seq order.
 * Logs from schema-1 builds are bare event lines (no header); they are upcast when read.
 */
import { LogFormatError } from '../kernel/errors.js'
import type { LogSnapshot } from './log.js'
import { isForbiddenKey, parseJson } from '../kernel/safe-json.js'
import { createUpcaster } from './upcast.js'
import { checkedSnapshotState } from './validate-stored.js'
import { EVENT_SCHEMA_VERSION, type GangwayEvent } from '../types.js'

/** The first line of an export. `tab`: the page session that exported (its view is what replays). `exportedAt` in ms. */
export interface LogHeader {
  gangway: 'log'
  v: number
  projection: number
  tab: string
  exportedAt: number
  redacted: boolean
}

/** A parsed log file. */
export interface LogFile {
  header?: LogHeader
  snapshot?: LogSnapshot
  events: GangwayEvent[]
}

/** Leaves out `__proto__`, `constructor` and `prototype` keys, which no reader keeps (`safe-json.ts`). */
const withoutForbidden = (key: string, value: unknown) => (isForbiddenKey(key) ? undefined : value)

/** Writes a log file: header, snapshot when given, events; each line ends with '\n'. Forbidden keys are left out. */
export function serializeLog(file: LogFile): string {
  const lines: string[] = []
  if (file.header) lines.push(JSON.stringify(file.header, withoutForbidden))
  if (file.snapshot) lines.push(JSON.stringify({ snapshot: file.snapshot }, withoutForbidden))
  for (const e of file.events) lines.push(JSON.stringify(e, withoutForbidden))
  return lines.map((l) => `${l}\n`).join('')
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/**
 * Reads a log file (see above), upcasting old events. Keys `__proto__`, `constructor` and `prototype`
 * are dropped at any depth (`parseJson`): a file cannot give an object a prototype. Events
 * and the snapshot are checked like stored ones (validate-stored.ts): a refused event stays in place
 * as `log/event-refused`.
 * @throws LogFormatError 'Malformed log: line {n} is not JSON'; 'Malformed log: line {n}: seq {s} follows {p}'
 *   (a gap or a repeat); 'Malformed log: line {n}: a header or snapshot must come first'; 'Malformed event at line {n}';
 *   'Malformed log: line {n}: bad snapshot' or '…: bad snapshot: {problem}';
 *   'Log written by a newer Gangway: schema version {v}…' (from the header or any event); 'Malformed log: no events'.
 */
export function parseLog(text: string): LogFile {
  const file: LogFile = { events: [] }
  const up = createUpcaster()
  let last: number | undefined
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    if (!line) continue
    const n = i + 1
    let record: unknown
    try {
      record = parseJson(line)
    } catch {
      throw new LogFormatError(`Malformed log: line ${n} is not JSON`, line.slice(0, 200))
    }
    if (isObject(record) && record.gangway === 'log') {
      if (file.header || file.snapshot || file.events.length) throw new LogFormatError(`Malformed log: line ${n}: a header or snapshot must come first`)
      const v = record.v
      if (!Number.isSafeInteger(v) || typeof record.tab !== 'string') throw new LogFormatError(`Malformed log: line ${n}: bad header`, line.slice(0, 200))
      if ((v as number) > EVENT_SCHEMA_VERSION) throw new LogFormatError(`Log written by a newer Gangway: schema version ${v as number}; this build reads up to version ${EVENT_SCHEMA_VERSION}`)
      file.header = record as unknown as LogHeader
      continue
    }
    if (isObject(record) && 'snapshot' in record) {
      if (file.snapshot || file.events.length) throw new LogFormatError(`Malformed log: line ${n}: a header or snapshot must come first`)
      const s = record.snapshot as LogSnapshot
      if (!isObject(s) || !Number.isSafeInteger(s.seq) || s.seq < 0 || !Number.isSafeInteger(s.projection) || !isObject(s.state)) {
        throw new LogFormatError(`Malformed log: line ${n}: bad snapshot`, line.slice(0, 200))
      }
      // A snapshot in a file is untrusted like a stored one (validate-stored.ts).
      const checked = checkedSnapshotState(s.state)
      if ('problem' in checked) throw new LogFormatError(`Malformed log: line ${n}: bad snapshot: ${checked.problem}`)
      file.snapshot = { ...s, state: checked.state }
      last = s.seq
      continue
    }
    const e = up(record, `line ${n}`)
    const expected = last === undefined ? 1 : last + 1
    if (e.seq !== expected) throw new LogFormatError(`Malformed log: line ${n}: seq ${e.seq} follows ${last ?? 0}`)
    file.events.push(e)
    last = e.seq
  }
  if (!file.events.length && !file.snapshot) throw new LogFormatError('Malformed log: no events')
  return file
}
