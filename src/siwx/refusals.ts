/**
 * The short, exact messages of a refused SIWX message (docs/behaviour.md §8 'Invalid SIWX message'),
 * thrown as GangwayError by the parsers (solana-message.ts, message.ts), the checks (validate.ts)
 * and `gangway/siwx-server`. A host's backend may compare `error.message` with these constants;
 * `details` says more (never shown to a visitor as is).
 */
import { GangwayError } from '../events/errors.js'

/** The text is not a sign-in message Gangway reads (malformed, too long, a field missing or out of form). Category DATA_PARSING_ERROR. */
export const INVALID_SIWX_MESSAGE = 'Invalid SIWX message'
/** The message names another domain than the one that asked for it. */
export const DOMAIN_MISMATCH = 'Domain mismatch'
/** The message names another URI than the one that asked for it. */
export const URI_MISMATCH = 'URI mismatch'
/** The message's network is not one the verifier accepts. */
export const CHAIN_NOT_ACCEPTED = 'Chain not accepted'
/** The message's nonce was not issued, has expired, or was already presented once. */
export const UNKNOWN_OR_USED_NONCE = 'Unknown or used nonce'
/** The message's Expiration Time has passed. */
export const MESSAGE_EXPIRED = 'Message expired'
/** The message's Not Before, or its Issued At, lies in the future (beyond the allowed clock skew). */
export const MESSAGE_NOT_YET_VALID = 'Message not yet valid'
/** The signature is not the message's account's signature of its text. */
export const INVALID_SIGNATURE = 'Invalid signature'

/** A GangwayError 'Invalid SIWX message' (category DATA_PARSING_ERROR) with what was wrong as details. */
export function invalidSiwxMessage(details: string, cause?: unknown): GangwayError {
  return new GangwayError(INVALID_SIWX_MESSAGE, { category: 'DATA_PARSING_ERROR', details, ...(cause !== undefined ? { cause } : {}) })
}

/** A GangwayError with one of the refusal messages above (category INTERNAL_SDK_ERROR: Gangway's own check refused it), details optional. */
export function siwxRefusal(message: string, details?: string): GangwayError {
  return new GangwayError(message, details !== undefined ? { details } : {})
}
