/**
 * Gangway's error class, after viem's: a short message (the spec §8 string where it has one),
 * a category, and optional details. Spec §8: errors are wrapped in a named SDK error with a
 * category (default INTERNAL_SDK_ERROR).
 */
export type ErrorCategory = 'INTERNAL_SDK_ERROR' | 'INVALID_INPUT' | 'USER_REJECTED' | 'NETWORK_ERROR'

/** Thrown for bad input and failed operations. `message` is short and stable; `details` says more. */
export class GangwayError extends Error {
  override name = 'GangwayError'
  readonly category: ErrorCategory
  readonly details?: string
  constructor(message: string, opts: { category?: ErrorCategory; details?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.category = opts.category ?? 'INTERNAL_SDK_ERROR'
    if (opts.details !== undefined) this.details = opts.details
  }
}

/** Spec §8, external connectors: the wallet refused the connection request (EIP-1193 code 4001). */
export const CONNECTION_REJECTED = 'Connection rejected'
/** Spec §8: the visitor closed the modal while a connection was pending. */
export const MODAL_CLOSED = 'Modal closed'
/** Spec §8, balance failure or unsupported network. */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'
/** Spec §8: the history could not be read; the Activity list is set empty. */
export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions'

/** A stored or exported log that cannot be read: malformed, out of order, or from a newer schema (issue 7). */
export class LogFormatError extends GangwayError {
  override name = 'LogFormatError'
  constructor(message: string, details?: string) {
    super(message, { category: 'INVALID_INPUT', ...(details !== undefined ? { details } : {}) })
  }
}
