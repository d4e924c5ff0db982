/**
 * Fixed-window rate limits over a SiwxStore's counters (docs/behaviour.md §4 SIWX): the handlers'
 * per-client limits on nonce issuing and on verify, shared by every instance sharing the store.
 */
import { InvalidOptionError } from '../events/kernel/errors.js'
import { storeCall, type SiwxCounterStore } from './store.js'

/**
 * One limit: at most `max` requests a client key in each window of `windowS` s.
 * @example
 * ```ts
 * import { createSiwxNodeHandler, type SiwxRateLimit } from 'gangway/siwx-server'
 *
 * const verify: SiwxRateLimit = { max: 10, windowS: 60 } // ten sign-ins a minute per client
 * const handler = createSiwxNodeHandler({ siwx, limits: { verify } })
 * ```
 */
export interface SiwxRateLimit {
  max: number
  windowS: number
}

/** The limit checked: a positive whole `max`, a positive `windowS`; else InvalidOptionError 'Invalid SIWX server option' naming it. */
export function checkedLimit(name: string, limit: SiwxRateLimit): SiwxRateLimit {
  const ok = limit && Number.isInteger(limit.max) && limit.max > 0 && typeof limit.windowS === 'number' && limit.windowS > 0 && Number.isFinite(limit.windowS)
  if (!ok) throw new InvalidOptionError('Invalid SIWX server option', { details: `limits.${name}` })
  return limit
}

/**
 * Counts one request of `key` against `limit`: undefined while within it, else the s until the
 * window closes (at least 1: the Retry-After).
 * @throws GangwayError 'SIWX store unavailable' (API_ERROR) when the store fails.
 */
export async function overLimit(counters: SiwxCounterStore, key: string, limit: SiwxRateLimit): Promise<number | undefined> {
  const { count, resetInMs } = await storeCall('counting a request', () => counters.hit(key, limit.windowS * 1000))
  return count > limit.max ? Math.max(1, Math.ceil(resetInMs / 1000)) : undefined
}
