/**
 * Reading the errors wallets, nodes and viem throw, for the effects: the helpers live in the one
 * error module (src/events/errors.ts) and are re-exported here, with `withCode` for event payloads.
 */
import { errorCode } from '../events/errors.js'

export { USER_REJECTION_CODES, errorCode, errorMessage, isUserRejection } from '../events/errors.js'

/** `{ code }` when the error has one, else nothing: for event payloads. */
export function withCode(error: unknown): { code?: number } {
  const code = errorCode(error)
  return code === undefined ? {} : { code }
}
