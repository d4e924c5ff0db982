/**
 * SIWX sessions and sign-ins as the engine knows them (docs/behaviour.md §4 SIWX): which account a
 * session is kept under, whether an account is signed in, and whether SIWXSignMessage asks it. Pure.
 */
import { readCaipAddress } from '../../chains/caip.js'
import type { SiwxState } from '../slices/siwx.js'

/** The key of an account's session: its CAIP-10 id, the address lowercased on eip155 (a checksum is not identity). */
export function siwxKey(caipAddress: string): string {
  const parsed = readCaipAddress(caipAddress)
  return parsed?.namespace === 'eip155' ? `${parsed.caipNetworkId}:${parsed.address.toLowerCase()}` : caipAddress
}

/** True when `a` and `b` are the same account (siwxKey): both undefined, or the same CAIP-10 id with the EVM address in any case. */
export function sameSiwxAccount(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined ? a === b : siwxKey(a) === siwxKey(b)
}

/** True when SIWXSignMessage asks `caipAddress` to sign in. */
export function isAsking(s: SiwxState, caipAddress: string): boolean {
  return s.asking !== undefined && sameSiwxAccount(s.asking, caipAddress)
}

/** True when `caipAddress` has a session verified in this page session that has not expired at `now` (ms). */
export function isSignedIn(s: SiwxState, caipAddress: string, now: number): boolean {
  const session = s.sessions[siwxKey(caipAddress)]
  return !!session && (session.expiresAt === undefined || session.expiresAt > now)
}
