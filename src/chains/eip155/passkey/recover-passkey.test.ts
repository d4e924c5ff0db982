import { describe, expect, it } from 'vitest'
import { concat, sha256, toHex } from 'viem'
import * as Signature from 'ox/Signature'
import { candidatePublicKeys, recoveredPublicKey } from './recover-passkey.js'
import type { PasskeyAuthenticationJSON } from './webauthn-json.js'

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/** A P-256 key made by WebCrypto (as an authenticator holds one), and an assertion of it over `challenge`, in WebAuthn's JSON. */
async function authenticator() {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))
  const assert = async (challenge: string, id = 'Y3JlZA'): Promise<PasskeyAuthenticationJSON> => {
    const clientDataJSON = new TextEncoder().encode(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'https://shop.example' }))
    const authenticatorData = new Uint8Array(37).fill(7)
    // WebAuthn's signature: ECDSA with SHA-256 over authenticatorData ‖ sha256(clientDataJSON), DER-encoded.
    const signed = concat([authenticatorData, sha256(clientDataJSON, 'bytes')])
    const p1363 = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, new Uint8Array(signed)))
    const der = Signature.toDerBytes({ r: BigInt(toHex(p1363.slice(0, 32))), s: BigInt(toHex(p1363.slice(32))) })
    return { id, rawId: id, type: 'public-key', response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(der) } }
  }
  return { publicKey: toHex(raw.slice(1)), assert }
}

describe('recoveredPublicKey', () => {
  it('finds the key among one assertion’s two candidates with a second assertion', async () => {
    const { publicKey, assert } = await authenticator()
    const [first, second] = [await assert('Zmlyc3Q'), await assert('c2Vjb25k')]
    expect(candidatePublicKeys(first)).toContain(publicKey)
    expect(recoveredPublicKey(first, second)).toBe(publicKey)
  })

  it('finds nothing for assertions of two passkeys, or of another credential id', async () => {
    const [a, b] = [await authenticator(), await authenticator()]
    expect(recoveredPublicKey(await a.assert('Zmlyc3Q'), await b.assert('c2Vjb25k'))).toBeUndefined()
    expect(recoveredPublicKey(await a.assert('Zmlyc3Q'), await a.assert('c2Vjb25k', 'b3RoZXI'))).toBeUndefined()
  })
})
