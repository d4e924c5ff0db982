import { describe, expect, it } from 'vitest'
import { BAD_PASSKEY_ANSWER, checkedAuthentication, checkedRegistration, creationOptionsJSON, registrationCredential, requestOptionsJSON, type PasskeyAuthenticationJSON, type PasskeyRegistrationJSON } from './webauthn-json.js'

const registration = (): PasskeyRegistrationJSON => ({
  id: 'AAECAwQ',
  rawId: 'AAECAwQ',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0', attestationObject: 'o2NmbXRkbm9uZQ', publicKey: 'MFkwEwYHKoZIzj0CAQ', publicKeyAlgorithm: -7 },
})
const authentication = (): PasskeyAuthenticationJSON => ({
  id: 'AAECAwQ',
  rawId: 'AAECAwQ',
  type: 'public-key',
  response: { clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0', authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ', signature: 'MEUCIQ' },
})

describe('checkedRegistration and checkedAuthentication', () => {
  it('keep a well-formed answer, and only its WebAuthn fields', () => {
    expect(checkedRegistration({ ...registration(), authenticatorAttachment: 'platform', clientExtensionResults: {} })).toEqual(registration())
    expect(checkedAuthentication(authentication())).toEqual(authentication())
    expect(checkedAuthentication({ ...authentication(), response: { ...authentication().response, userHandle: 'dXNlcg' } }).response.userHandle).toBe('dXNlcg')
  })

  it.each([
    ['not an object', () => 'credential', /the credential is not an object/],
    ['a rawId other than its id', () => ({ ...registration(), rawId: 'BBBB' }), /rawId differs from id/],
    ['another type', () => ({ ...registration(), type: 'password' }), /type is not public-key/],
    ['a key of another algorithm (RS256)', () => ({ ...registration(), response: { ...registration().response, publicKeyAlgorithm: -257 } }), /publicKeyAlgorithm is not -7/],
    ['a field that is not base64url', () => ({ ...registration(), response: { ...registration().response, publicKey: 'MFkw+EwY/' } }), /publicKey is not base64url/],
    ['a base64url of impossible length', () => ({ ...registration(), response: { ...registration().response, publicKey: 'MFkwE' } }), /publicKey is not base64url/],
    ['an oversized attestation object', () => ({ ...registration(), response: { ...registration().response, attestationObject: 'A'.repeat(8196) } }), /attestationObject is not base64url of at most 8192/],
    ['a missing public key', () => ({ ...registration(), response: { ...registration().response, publicKey: undefined } }), /publicKey is not base64url/],
  ])('refuse a registration with %s', (_, answer, details) => {
    expect(() => checkedRegistration(answer())).toThrow(expect.objectContaining({ message: BAD_PASSKEY_ANSWER, category: 'API_ERROR', details: expect.stringMatching(details) }))
  })

  it('refuse an authentication without its signature or with an oversized one', () => {
    const { signature: _, ...unsigned } = authentication().response
    expect(() => checkedAuthentication({ ...authentication(), response: unsigned })).toThrow(BAD_PASSKEY_ANSWER)
    expect(() => checkedAuthentication({ ...authentication(), response: { ...authentication().response, signature: 'A'.repeat(104) } })).toThrow(BAD_PASSKEY_ANSWER)
  })
})

describe('the JSON forms of the options, and the credentials ox reads', () => {
  it('writes every binary field of the creation and request options as base64url without padding', () => {
    const json = creationOptionsJSON({
      publicKey: {
        rp: { id: 'shop.example', name: 'Shop' },
        user: { id: new Uint8Array([1, 2, 3, 4]), name: 'Shop account', displayName: 'Shop account' },
        challenge: new Uint8Array([255, 254, 253]),
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        attestation: 'none',
      },
    })
    expect(json).toEqual({
      rp: { id: 'shop.example', name: 'Shop' },
      user: { id: 'AQIDBA', name: 'Shop account', displayName: 'Shop account' },
      challenge: '__79',
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    })
    expect(requestOptionsJSON({ publicKey: { challenge: new Uint8Array(32).fill(0xfb), rpId: 'shop.example', allowCredentials: [{ type: 'public-key', id: new Uint8Array([0, 1, 2, 3, 4]) }], userVerification: 'required' } })).toEqual({
      challenge: Buffer.from(new Uint8Array(32).fill(0xfb)).toString('base64url'),
      rpId: 'shop.example',
      allowCredentials: [{ type: 'public-key', id: 'AAECAwQ' }],
      userVerification: 'required',
    })
  })

  it('gives the registration back as bytes, the public key through getPublicKey()', () => {
    const credential = registrationCredential(checkedRegistration(registration()))
    expect(credential.id).toBe('AAECAwQ')
    expect([...new Uint8Array(credential.response.getPublicKey())]).toEqual([0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01])
  })
})
