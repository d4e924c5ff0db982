/**
 * The short, exact messages of a refused SIWX message (docs/behaviour.md §8 'Invalid SIWX message'),
 * thrown as SiwxRefusedError by the parsers (solana-message.ts, message.ts), the checks (validate.ts)
 * and `gangway/siwx-server`. A host's backend branches on the error's `reason` (the error registry's
 * id, stable when a wording changes) or compares `error.message` with these constants; `details`
 * says more (never shown to a visitor as is).
 */
import { GangwayError } from '../events/kernel/errors.js'
import { ERRORS, type ErrorEntry } from '../events/kernel/error-registry.js'

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
export const INVALID_SIWX_MESSAGE = ERRORS.invalidSiwxMessage.message
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
export const DOMAIN_MISMATCH = ERRORS.domainMismatch.message
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
export const URI_MISMATCH = ERRORS.uriMismatch.message
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
export const CHAIN_NOT_ACCEPTED = ERRORS.chainNotAccepted.message
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
export const UNKNOWN_OR_USED_NONCE = ERRORS.unknownOrUsedNonce.message
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
export const MESSAGE_EXPIRED = ERRORS.messageExpired.message
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
export const MESSAGE_NOT_YET_VALID = ERRORS.messageNotYetValid.message
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
export const INVALID_SIGNATURE = ERRORS.invalidSignature.message

/**
 * The registry ids of the refusals above: a SiwxRefusedError's `reason`.
 * @example
 * ```ts
 * import type { SiwxRefusalReason } from 'gangway/siwx-server'
 *
 * const status: Record<SiwxRefusalReason, number> = { invalidSiwxMessage: 400, domainMismatch: 401, uriMismatch: 401, chainNotAccepted: 401, unknownOrUsedNonce: 401, messageExpired: 401, messageNotYetValid: 401, invalidSignature: 401 }
 * ```
 */
export type SiwxRefusalReason = 'invalidSiwxMessage' | 'domainMismatch' | 'uriMismatch' | 'chainNotAccepted' | 'unknownOrUsedNonce' | 'messageExpired' | 'messageNotYetValid' | 'invalidSignature'

/**
 * A sign-in message refused: `reason` says why (the error registry's id: 'domainMismatch',
 * 'unknownOrUsedNonce'…), `message` is the constant above for it, `details` what was found (for the
 * site's logs, never the visitor). Category DATA_PARSING_ERROR for 'invalidSiwxMessage', else
 * INTERNAL_SDK_ERROR (Gangway's own check refused it).
 * @example
 * ```ts
 * import { SiwxRefusedError } from 'gangway/siwx-server'
 *
 * try {
 *   const session = await siwx.verify({ message, signature })
 *   res.writeHead(200).end(session.caipAddress)
 * } catch (error) {
 *   if (!(error instanceof SiwxRefusedError)) throw error
 *   res.writeHead(error.reason === 'invalidSiwxMessage' ? 400 : 401).end(error.message)
 * }
 * ```
 */
export class SiwxRefusedError extends GangwayError {
  override name = 'SiwxRefusedError'
  readonly reason: SiwxRefusalReason
  constructor(reason: SiwxRefusalReason, details?: string, cause?: unknown) {
    // The registry's category for the reason: DATA_PARSING_ERROR for a text that is no sign-in message.
    const { message, category } = ERRORS[reason] as ErrorEntry
    super(message, { ...(category ? { category } : {}), ...(details !== undefined ? { details } : {}), ...(cause !== undefined ? { cause } : {}) })
    this.reason = reason
  }
}

/** A SiwxRefusedError 'Invalid SIWX message' (category DATA_PARSING_ERROR) with what was wrong as details. */
export function invalidSiwxMessage(details: string, cause?: unknown): SiwxRefusedError {
  return new SiwxRefusedError('invalidSiwxMessage', details, cause)
}
