/**
 * The RPC retry policy of docs/behaviour.md §9, exactly: 3 retries; delay 150 ms doubling (150, 300, 600); a
 * Retry-After header wins; retry on HTTP 403, 408, 413, 429, 500, 502, 503, 504 and on JSON-RPC
 * codes -1 (unknown), -32005 (limit exceeded) and -32603 (internal error); anything else fails at once.
 */
import { HttpRequestError, InternalRpcError, LimitExceededRpcError } from 'viem'
import { errorCode } from '../../events/kernel/errors.js'

/** Retries after the first try (docs/behaviour.md §9). */
export const RETRY_COUNT = 3
/** Base delay in ms, doubled each retry (docs/behaviour.md §9). */
export const RETRY_BASE_DELAY_MS = 150
/** HTTP statuses that are retried (docs/behaviour.md §9). */
export const RETRY_STATUSES: readonly number[] = [403, 408, 413, 429, 500, 502, 503, 504]
/** JSON-RPC codes that are retried: unknown (-1), limit exceeded (-32005), internal error (-32603). */
export const RETRY_CODES: readonly number[] = [-1, LimitExceededRpcError.code, InternalRpcError.code]

/** The HTTP status of an error, if it carries one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status
  return typeof status === 'number' ? status : undefined
}

/** True when docs/behaviour.md §9 says to try again. */
export function shouldRetry(error: unknown): boolean {
  const code = errorCode(error)
  if (code !== undefined && RETRY_CODES.includes(code)) return true
  const status = statusOf(error)
  return status !== undefined && RETRY_STATUSES.includes(status)
}

/**
 * Wait before retry number `retry` (0 for the first retry), in ms: the Retry-After header
 * (seconds, or an HTTP date) when the error carries one, else 150 · 2^retry.
 * `now` is ms since the epoch (for an HTTP-date Retry-After).
 */
export function retryDelayMs(retry: number, error: unknown, now: number = Date.now()): number {
  const header = error instanceof HttpRequestError ? error.headers?.get('retry-after') : undefined
  if (header) {
    const seconds = Number(header)
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
    const date = Date.parse(header)
    if (Number.isFinite(date)) return Math.max(0, date - now)
  }
  return RETRY_BASE_DELAY_MS * 2 ** retry
}
