/**
 * Checks of a read SIWX message against what its verifier expects (docs/behaviour.md §4 SIWX): the
 * domain and URI that asked for it, an accepted network, the nonce handed out, and the time window
 * at a given clock. The signature is verify.ts's. Pure: the time comes in as `now`.
 */
import type { CaipNetworkId } from '../events/entities.js'
import type { SiwxMessage } from './message.js'
import { invalidSiwxMessage, SiwxRefusedError } from './refusals.js'
import { readSiwxTime } from './time.js'

/** The default clock skew allowed for `issuedAt` and `notBefore`, in ms: a visitor's clock may run a minute ahead of the verifier's. */
export const DEFAULT_SIWX_SKEW_MS = 60_000

/** What a message must match; each field left out is not checked. */
export interface SiwxExpectations {
  /** The RFC 3986 authority that asked (`example.com`, `localhost:5173`), compared exactly (case-insensitively: an authority's host is). */
  domain?: string
  /** The URI that asked, compared exactly. */
  uri?: string
  /** The CAIP-2 networks accepted. */
  chains?: readonly CaipNetworkId[]
  /** The nonce handed out for this sign-in, or a test of whether a nonce is one (still) handed out. */
  nonce?: string | ((nonce: string) => boolean)
  /** The verifier's clock, in ms since the epoch. Required: the time window is always checked. */
  now: number
  /** How far `issuedAt` and `notBefore` may lie in the future, in ms (a visitor's clock ahead of the verifier's). Default DEFAULT_SIWX_SKEW_MS. */
  skewMs?: number
}

/**
 * Throws unless `m` matches `expect`, checked in this order:
 * @throws GangwayError 'Domain mismatch' when `m.domain` is not `expect.domain`.
 * @throws GangwayError 'URI mismatch' when `m.uri` is not `expect.uri`.
 * @throws GangwayError 'Chain not accepted' when `m.chainId` is not in `expect.chains`.
 * @throws GangwayError 'Unknown or used nonce' when `m.nonce` is not `expect.nonce` (or the test refuses it).
 * @throws GangwayError 'Invalid SIWX message' when `issuedAt`, `notBefore` or `expirationTime` is not an RFC 3339 time.
 * @throws GangwayError 'Message not yet valid' when `issuedAt` or `notBefore` is later than `now + skewMs`.
 * @throws GangwayError 'Message expired' when `expirationTime` is at or before `now`.
 */
export function validateSiwxMessage(m: SiwxMessage, expect: SiwxExpectations): void {
  if (expect.domain !== undefined && m.domain.toLowerCase() !== expect.domain.toLowerCase()) throw new SiwxRefusedError('domainMismatch', `${m.domain} is not ${expect.domain}`)
  if (expect.uri !== undefined && m.uri !== expect.uri) throw new SiwxRefusedError('uriMismatch', `${m.uri} is not ${expect.uri}`)
  if (expect.chains !== undefined && !expect.chains.includes(m.chainId)) throw new SiwxRefusedError('chainNotAccepted', m.chainId)
  if (expect.nonce !== undefined && !(typeof expect.nonce === 'string' ? m.nonce === expect.nonce : expect.nonce(m.nonce))) throw new SiwxRefusedError('unknownOrUsedNonce')
  checkSiwxTimeWindow(m, expect.now, expect.skewMs ?? DEFAULT_SIWX_SKEW_MS)
}

/**
 * Throws unless `now` (ms) is inside `m`'s time window (see validateSiwxMessage's last three).
 * @throws GangwayError 'Invalid SIWX message', 'Message not yet valid' or 'Message expired'.
 */
export function checkSiwxTimeWindow(m: SiwxMessage, now: number, skewMs: number = DEFAULT_SIWX_SKEW_MS): void {
  const time = (field: 'issuedAt' | 'notBefore' | 'expirationTime') => {
    const value = m[field]
    if (value === undefined) return undefined
    const ms = readSiwxTime(value)
    if (ms === undefined) throw invalidSiwxMessage(`${field} is not an RFC 3339 date-time`)
    return ms
  }
  const issuedAt = time('issuedAt')
  const notBefore = time('notBefore')
  const expiresAt = time('expirationTime')
  if (issuedAt === undefined) throw invalidSiwxMessage('no issuedAt')
  if (issuedAt > now + skewMs) throw new SiwxRefusedError('messageNotYetValid', `issued at ${m.issuedAt}`)
  if (notBefore !== undefined && notBefore > now + skewMs) throw new SiwxRefusedError('messageNotYetValid', `not before ${m.notBefore}`)
  if (expiresAt !== undefined && expiresAt <= now) throw new SiwxRefusedError('messageExpired', `expired at ${m.expirationTime}`)
}
