/**
 * The event catalogue (src/events/catalogue/) on samples of every type and their mutations: the
 * samples pass on entry and when read back from storage, each schema refuses some mutation, and
 * what entry validation keeps of a payload, a read back keeps. The catalogue replaced hand-written
 * validators; while each feature moved, this test held the catalogue to their verdicts on the same
 * payloads, and it stays as the catalogue's own check.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CATALOGUE } from '../../../src/events/catalogue/index.js'
import type { EventDef } from '../../../src/events/catalogue/define.js'
import { validateIntent } from '../../../src/events/validate.js'
import { storedEventProblem } from '../../../src/events/log/validate-stored.js'
import { createUpcaster } from '../../../src/events/log/upcast.js'
import type { GangwayEvent } from '../../../src/events/types.js'
import { SAMPLES } from './samples.js'

/** Values a field is replaced with: every JSON kind, at and past the usual bounds. */
const LENGTHS = [1, 20, 21, 36, 37, 40, 41, 64, 65, 78, 79, 80, 81, 100, 101, 128, 129, 200, 201, 254, 255, 256, 257, 512, 513, 2048, 2049, 4096, 4097]
const ODD_VALUES: unknown[] = [
  ...[undefined, null, true, false, 0, -1, 1.5, 10, 35, 36, 37, 63, 64, 100, 101, 2 ** 53, NaN, '', ' ', '0', '-1', '1.5', '0x', [], [1], ['x'], {}, { a: 1 }],
  ...LENGTHS.flatMap((n) => ['x'.repeat(n), '1'.repeat(n)]),
]

/** `value` with the thing at `path` replaced (undefined deletes an object key). */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by
  const [head, ...rest] = path
  if (Array.isArray(value)) return value.map((x, i) => (i === head ? replaced(x, rest, by) : x))
  const o = { ...(value as Record<string, unknown>) }
  const next = replaced(o[head as string], rest, by)
  if (next === undefined && rest.length === 0) delete o[head as string]
  else o[head as string] = next
  return o
}

/** Every path into `value` (object keys and array items), to depth 4. */
function paths(value: unknown, depth = 4): (string | number)[][] {
  if (depth === 0 || !value || typeof value !== 'object') return []
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)
  return keys.flatMap((k) => [[k], ...paths((value as Record<string | number, unknown>)[k], depth - 1).map((p) => [k, ...p])])
}

/** The sample and its mutations: each field replaced by each odd value or removed, an extra key, the payload itself odd. */
function mutations(sample: Record<string, unknown>): unknown[] {
  return [sample, { ...sample, extra: 1 }, ...ODD_VALUES, ...paths(sample).flatMap((p) => ODD_VALUES.map((v) => replaced(sample, p, v)))]
}

const verdict = (f: () => { type: string; payload: unknown }) => {
  try {
    return { kept: f().payload }
  } catch (error) {
    return { refused: (error as Error).message }
  }
}
const stored = (type: string, payload: unknown) => ({ type, payload, seq: 1, at: 1, v: 2, tab: 't' }) as GangwayEvent

describe('the event catalogue judges each type by its schema', () => {
  it('has samples of every catalogued type', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(CATALOGUE).sort())
  })

  // Each type's samples pass, on entry (an intent) and read back, and its schema refuses some mutation
  // of them; what entry validation keeps of a mutation, a read back keeps alike.
  for (const type of Object.keys(CATALOGUE)) {
    it(type, () => {
      const isIntent = 'intent' in CATALOGUE[type as keyof typeof CATALOGUE]
      let refused = 0
      for (const sample of SAMPLES[type]!) {
        expect(storedEventProblem(stored(type, sample)).problem).toBeUndefined()
        if (isIntent) expect(() => validateIntent({ type, payload: sample })).not.toThrow()
        for (const payload of mutations(sample)) {
          // Read back, a payload is an object (the log's envelope check, events/log/upcast.ts, refuses any other).
          if (!payload || typeof payload !== 'object' || Array.isArray(payload)) continue
          if (storedEventProblem(stored(type, payload)).problem) refused++
          // What dispatch keeps, the log's append (the same check as a read back) keeps too.
          const entry = isIntent ? verdict(() => validateIntent({ type, payload })) : undefined
          if (entry && 'kept' in entry) expect(storedEventProblem(stored(type, entry.kept)).problem, JSON.stringify(payload)).toBeUndefined()
        }
      }
      expect(refused).toBeGreaterThan(0)
    })
  }

  it('reads the stored fixture log, written by a schema-1 build, without refusing an event', () => {
    const lines = readFileSync(new URL('../../fixtures/log-v1.ndjson', import.meta.url), 'utf8').split('\n').filter(Boolean)
    const up = createUpcaster()
    const events = lines.map((line, i) => up(JSON.parse(line), `seq ${i + 1}`) as GangwayEvent)
    expect(events.length).toBeGreaterThan(20)
    expect(events.filter((e) => e.type === 'log/event-refused').map((e) => e.payload)).toEqual([])
  })
})

describe('error ids on events (src/events/log/error-id.ts)', () => {
  const withMessage = Object.entries(SAMPLES).filter(([, samples]) => samples.some((s) => typeof s.message === 'string'))

  it("every type whose payload has a message takes its registry id, and refuses an id the registry does not have", () => {
    expect(withMessage.length).toBeGreaterThanOrEqual(35)
    for (const [type, samples] of withMessage) {
      const def = (CATALOGUE as Record<string, EventDef>)[type]!
      for (const sample of samples) {
        expect(def.payload({ ...sample, errorId: 'connectionRejected' }), type).toBe(true)
        expect(def.payload({ ...sample, errorId: 'noSuchError' }), type).toBe(false)
        expect(def.payload({ ...sample, errorId: 'toString' }), type).toBe(false)
      }
    }
  })

  it('the log gives each such event, appended or read back from a log written before ids existed, the id of its message', () => {
    const up = createUpcaster()
    for (const [type, samples] of withMessage) {
      const read = up({ type, payload: { ...samples[0], message: 'Failed to connect' }, seq: 1, at: 0, v: 2, tab: 'a' }, type) as GangwayEvent
      expect(read.type, type).toBe(type)
      expect((read.payload as { errorId?: string }).errorId, type).toBe('failedToConnect')
    }
    // A message the registry does not know (a wallet's own) gains nothing, and keeps no id given with it.
    const wallet = up({ type: 'send/failed', payload: { message: 'User denied transaction signature.', errorId: 'insufficientBalance' }, seq: 1, at: 0, v: 2, tab: 'a' }, 'x') as GangwayEvent
    expect(wallet.payload).toEqual({ message: 'User denied transaction signature.' })
    // An id that is not its message's is replaced by the message's.
    const wrong = up({ type: 'send/failed', payload: { message: 'Not connected', errorId: 'insufficientBalance' }, seq: 1, at: 0, v: 2, tab: 'a' }, 'x') as GangwayEvent
    expect(wrong.payload).toEqual({ message: 'Not connected', errorId: 'notConnected' })
  })
})
