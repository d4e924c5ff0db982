/**
 * Checks what `dispatch` receives before it enters the log (docs/behaviour.md §5): the type must be
 * an intent of the event catalogue (events/catalogue/) and the payload must pass its schema; bad
 * input throws a GangwayError with a clear message and nothing is appended.
 */
import { GangwayError } from './kernel/errors.js'
import { plainDataProblem } from './kernel/plain-data.js'
import type { Intent } from './types.js'
import { definitionOf, keptPayload } from './catalogue/index.js'

/**
 * Returns the intent when it is well formed, as the log keeps it (its declared keys, cleaned where
 * its definition says so: a search trimmed, a refused icon dropped).
 * @throws GangwayError 'Unknown intent type: {type}' for a type `dispatch` does not take,
 *   'Invalid intent payload: {type}' for a payload of the wrong shape or one that is not plain data
 *   (a NaN, a cycle, a function: the log would refuse it), or a field's own message:
 *   'Invalid CAIP-2 network id' for a malformed chain id, 'Invalid CAIP-10 address' for a malformed
 *   account id, 'Invalid email' for a malformed login email (docs/behaviour.md §5).
 */
export function validateIntent(input: unknown): Intent {
  const i = input as { type?: unknown; payload?: unknown }
  const def = i && typeof i === 'object' ? definitionOf(i.type) : undefined
  if (!def?.intent) throw new GangwayError(`Unknown intent type: ${String(i?.type)}`)
  const type = i.type as Intent['type']
  const p = (i.payload ?? {}) as Record<string, unknown>
  if (typeof p !== 'object' || Array.isArray(p)) throw new GangwayError(`Invalid intent payload: ${type}`)
  // Plain data, as the log's check of what it appends and reads back (a NaN, a cycle, a class instance: refused here, not recorded as refused).
  const plain = plainDataProblem(p, 'payload')
  if (plain) throw new GangwayError(`Invalid intent payload: ${type}`, { details: plain })
  if (!def.payload(p)) throw new GangwayError(`Invalid intent payload: ${type}`, { details: JSON.stringify(p) })
  return { type, payload: keptPayload(def, p) } as Intent
}
