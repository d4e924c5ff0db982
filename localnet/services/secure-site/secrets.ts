/**
 * The secure-site emulator's secrets: session tokens, device-link tokens, OAuth states and codes,
 * Farcaster channels and one-time codes, all from node:crypto, and their constant-time comparison.
 * None of them is ever printed.
 * Demo and test tooling only.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** Prefixes of the emulator's tokens, so a test can look for them where they must not be (an event log, an export). */
export const TOKEN_PREFIX = {
  session: 'sst_',
  device: 'sdt_',
  state: 'sos_',
  code: 'soc_',
  channel: 'sfc_',
  approval: 'sap_',
} as const

/** A random token: `prefix` followed by 32 random bytes as hex (64 characters). */
export function randomToken(prefix: string): string {
  return prefix + randomBytes(32).toString('hex')
}

/** A random six-digit one-time code, '000000' to '999999'. */
export function randomOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Whether two secrets are equal, compared in constant time (false for different lengths or a non-string). */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given, 'utf8')
  const b = Buffer.from(expected, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}
