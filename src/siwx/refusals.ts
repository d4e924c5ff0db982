/**
 * The short, exact messages of a refused SIWX message (docs/behaviour.md §8 'Invalid SIWX message'),
 * thrown as GangwayError by the parsers (solana-message.ts, message.ts), the checks (validate.ts)
 * and `gangway/siwx-server`. A host's backend may compare `error.message` with these constants;
 * `details` says more (never shown to a visitor as is).
 */
import { GangwayError } from '../events/kernel/errors.js'

/**
 * The text is not a sign-in message Gangway reads (malformed, too long, a field missing or out of form). Category DATA_PARSING_ERROR.
 * @example
 * ```ts
 * import { GangwayError, INVALID_SIWX_MESSAGE } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   // not a sign-in message at all: a bad request, not a failed sign-in
 *   res.writeHead(error.message === INVALID_SIWX_MESSAGE ? 400 : 401).end(error.message)
 * }
 * ```
 */
export const INVALID_SIWX_MESSAGE = 'Invalid SIWX message'
/**
 * The message names another domain than the one that asked for it.
 * @example
 * ```ts
 * import { GangwayError, DOMAIN_MISMATCH } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   if (error.message === DOMAIN_MISMATCH) console.warn('sign-in message written for another site', error.details)
 *   res.writeHead(401).end(error.message)
 * }
 * ```
 */
export const DOMAIN_MISMATCH = 'Domain mismatch'
/**
 * The message names another URI than the one that asked for it.
 * @example
 * ```ts
 * import { GangwayError, URI_MISMATCH } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   if (error.message === URI_MISMATCH) console.warn('sign-in message for another URI', error.details)
 *   res.writeHead(401).end(error.message)
 * }
 * ```
 */
export const URI_MISMATCH = 'URI mismatch'
/**
 * The message's network is not one the verifier accepts.
 * @example
 * ```ts
 * import { GangwayError, CHAIN_NOT_ACCEPTED } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   res.writeHead(401).end(error.message === CHAIN_NOT_ACCEPTED ? 'Switch to a network this site accepts' : error.message)
 * }
 * ```
 */
export const CHAIN_NOT_ACCEPTED = 'Chain not accepted'
/**
 * The message's nonce was not issued, has expired, or was already presented once.
 * @example
 * ```ts
 * import { GangwayError, UNKNOWN_OR_USED_NONCE } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   // a nonce is one attempt: the page asks for a new one and the visitor signs again
 *   res.writeHead(error.message === UNKNOWN_OR_USED_NONCE ? 409 : 401).end(error.message)
 * }
 * ```
 */
export const UNKNOWN_OR_USED_NONCE = 'Unknown or used nonce'
/**
 * The message's Expiration Time has passed.
 * @example
 * ```ts
 * import { GangwayError, MESSAGE_EXPIRED } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   res.writeHead(401).end(error.message === MESSAGE_EXPIRED ? 'The sign-in request expired: sign in again' : error.message)
 * }
 * ```
 */
export const MESSAGE_EXPIRED = 'Message expired'
/**
 * The message's Not Before, or its Issued At, lies in the future (beyond the allowed clock skew).
 * @example
 * ```ts
 * import { GangwayError, MESSAGE_NOT_YET_VALID } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   res.writeHead(401).end(error.message === MESSAGE_NOT_YET_VALID ? 'Check the clock of your device and sign in again' : error.message)
 * }
 * ```
 */
export const MESSAGE_NOT_YET_VALID = 'Message not yet valid'
/**
 * The signature is not the message's account's signature of its text.
 * @example
 * ```ts
 * import { GangwayError, INVALID_SIGNATURE } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   res.writeHead(401).end(error.message === INVALID_SIGNATURE ? 'The signature does not match the account' : error.message)
 * }
 * ```
 */
export const INVALID_SIGNATURE = 'Invalid signature'

/** A GangwayError 'Invalid SIWX message' (category DATA_PARSING_ERROR) with what was wrong as details. */
export function invalidSiwxMessage(details: string, cause?: unknown): GangwayError {
  return new GangwayError(INVALID_SIWX_MESSAGE, { category: 'DATA_PARSING_ERROR', details, ...(cause !== undefined ? { cause } : {}) })
}

/** A GangwayError with one of the refusal messages above (category INTERNAL_SDK_ERROR: Gangway's own check refused it), details optional. */
export function siwxRefusal(message: string, details?: string): GangwayError {
  return new GangwayError(message, details !== undefined ? { details } : {})
}
