/**
 * A passkey's public key from its signatures (docs/behaviour.md §2 Passkey, *Use a passkey* on a
 * device that never stored it): WebAuthn answers a sign-in with the credential id but not the
 * public key, and an ECDSA signature admits two public keys (its recovery bit is not sent). Each
 * assertion's two candidates are recovered; the one that also verifies a second assertion of the
 * same credential is the key. P-256 through ox; the signed payload is WebAuthn's
 * sha256(authenticatorData ‖ sha256(clientDataJSON)).
 */
import { concat, sha256, type Hex } from 'viem'
import * as Base64 from 'ox/Base64'
import * as P256 from 'ox/P256'
import * as PublicKey from 'ox/PublicKey'
import * as Signature from 'ox/Signature'
import type { PasskeyAuthenticationJSON } from './webauthn-json.js'

/** P-256's group order. */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

/** What the authenticator signed for `assertion`, and its signature with a low s (as a verifier takes it). */
function signedBy(assertion: PasskeyAuthenticationJSON): { payload: Hex; r: bigint; s: bigint } {
  const { authenticatorData, clientDataJSON, signature } = assertion.response
  const payload = sha256(concat([Base64.toBytes(authenticatorData), sha256(Base64.toBytes(clientDataJSON), 'bytes')]))
  const { r, s } = Signature.fromDerBytes(Base64.toBytes(signature))
  return { payload, r, s: s > N / 2n ? N - s : s }
}

/** The two public keys (x ‖ y hex, no prefix, as viem keeps a passkey's) that could have made `assertion`'s signature. */
export function candidatePublicKeys(assertion: PasskeyAuthenticationJSON): Hex[] {
  const { payload, r, s } = signedBy(assertion)
  return ([0, 1] as const).map((yParity) => PublicKey.toHex(P256.recoverPublicKey({ payload, signature: { r, s, yParity } }), { includePrefix: false }))
}

/**
 * The public key of the credential that made both `first` and `second` (two assertions of one
 * credential over different challenges), or undefined when none of `first`'s candidates verifies
 * `second` (another credential, or a forged answer).
 * @example const publicKey = recoveredPublicKey(signIn, confirmation) // '0x…' (128 hex digits)
 */
export function recoveredPublicKey(first: PasskeyAuthenticationJSON, second: PasskeyAuthenticationJSON): Hex | undefined {
  if (first.id !== second.id) return undefined
  const { payload, r, s } = signedBy(second)
  return candidatePublicKeys(first).find((key) => P256.verify({ payload, publicKey: PublicKey.fromHex(`0x04${key.slice(2)}`), signature: { r, s } }))
}
