/**
 * Error ids on events (docs/architecture.md "Errors"): an event whose payload carries a `message`
 * the error registry knows carries that message's id as `errorId`, and no other. The log applies
 * this to each event it appends and to each event it reads back (validate-stored.ts
 * `checkedStoredEvent`), so a log written before ids existed folds to the same state, its events
 * upcast with the ids a new log has, and an id a page or a stored log gave that does not match its
 * message is not kept. Every catalogue schema with a `message` field declares `errorId`
 * (catalogue/fields.ts).
 */
import { registeredError } from '../kernel/error-registry.js'
import type { GangwayEvent } from '../types.js'

/**
 * The event with `errorId` the registry's id of its payload's `message` (a former wording
 * included, error-registry.ts FORMER_MESSAGES), or without `errorId` when the registry does not
 * know the message (a wallet's own); the event itself when that is what it already holds, or when
 * its payload has no `message`.
 * @example
 * withErrorId({ type: 'send/failed', payload: { message: 'Insufficient balance' }, … }).payload.errorId // 'insufficientBalance'
 */
export function withErrorId<E extends GangwayEvent>(e: E): E {
  const p = e.payload as { message?: unknown; errorId?: unknown } | undefined
  if (!p || typeof p.message !== 'string') return e
  const id = registeredError(p.message)?.id
  if (p.errorId === id) return e
  const { errorId: _given, ...rest } = p
  return { ...e, payload: id ? { ...rest, errorId: id } : rest }
}
