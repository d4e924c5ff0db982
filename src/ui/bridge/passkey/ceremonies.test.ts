// own-globals: stubs navigator and PublicKeyCredential for the file's tests.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GangwayError, PASSKEY_CANCELLED, PASSKEY_REFUSED_HERE, PASSKEY_UNAVAILABLE, UserRejectedError } from '../../../events/kernel/errors.js'
import { passkeyCreate, passkeyGet } from './ceremonies.js'

const buffer = (...bytes: number[]) => new Uint8Array(bytes).buffer
const creation = { rp: { id: 'shop.example', name: 'Shop' }, user: { id: 'AQID', name: 'Shop account', displayName: 'Shop account' }, challenge: '__79', pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }] }
const request = { challenge: '__79', rpId: 'shop.example', allowCredentials: [{ type: 'public-key' as const, id: 'AAECAwQ' }], userVerification: 'required' }

/** A page whose navigator.credentials answers `create` and `get` with these. */
function page(credentials: { create?: (o: CredentialCreationOptions) => Promise<unknown>; get?: (o: CredentialRequestOptions) => Promise<unknown> }) {
  vi.stubGlobal('PublicKeyCredential', class {})
  vi.stubGlobal('navigator', { credentials })
}

afterEach(() => vi.unstubAllGlobals())

describe('the page’s passkey ceremonies', () => {
  it('create: gives the browser the options as bytes and answers RegistrationResponseJSON', async () => {
    let given: CredentialCreationOptions | undefined
    page({
      create: async (o) => {
        given = o
        return { id: 'AAECAwQ', rawId: buffer(0, 1, 2, 3, 4), response: { clientDataJSON: buffer(123, 125), attestationObject: buffer(0xa3), getPublicKey: () => buffer(0x30, 0x59), getPublicKeyAlgorithm: () => -7 } }
      },
    })
    expect(await passkeyCreate(creation)).toEqual({ id: 'AAECAwQ', rawId: 'AAECAwQ', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'ow', publicKey: 'MFk', publicKeyAlgorithm: -7 } })
    expect([...new Uint8Array(given!.publicKey!.challenge as ArrayBuffer)]).toEqual([255, 254, 253])
    expect([...new Uint8Array(given!.publicKey!.user.id as ArrayBuffer)]).toEqual([1, 2, 3])
    expect(given!.publicKey!.rp).toEqual({ id: 'shop.example', name: 'Shop' })
  })

  it('get: gives the allowed credentials as bytes and answers AuthenticationResponseJSON', async () => {
    let given: CredentialRequestOptions | undefined
    page({
      get: async (o) => {
        given = o
        return { id: 'AAECAwQ', rawId: buffer(0, 1, 2, 3, 4), response: { clientDataJSON: buffer(123, 125), authenticatorData: buffer(1, 2), signature: buffer(0x30, 0x45), userHandle: buffer(9) } }
      },
    })
    expect(await passkeyGet(request)).toEqual({ id: 'AAECAwQ', rawId: 'AAECAwQ', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AQI', signature: 'MEU', userHandle: 'CQ' } })
    expect([...new Uint8Array(given!.publicKey!.allowCredentials![0]!.id as ArrayBuffer)]).toEqual([0, 1, 2, 3, 4])
    expect(given!.publicKey!.rpId).toBe('shop.example')
  })

  it('reports the visitor’s cancel as a rejection (4001), a refused relying party and a missing algorithm by their messages', async () => {
    page({ create: () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')) })
    const cancelled = await passkeyCreate(creation).catch((e: unknown) => e)
    expect(cancelled).toBeInstanceOf(UserRejectedError)
    expect(cancelled).toMatchObject({ message: PASSKEY_CANCELLED, code: 4001, details: 'NotAllowedError: The operation either timed out or was not allowed.' })
    page({ get: () => Promise.reject(new DOMException('The relying party ID is not a registrable domain suffix of the current domain.', 'SecurityError')) })
    await expect(passkeyGet(request)).rejects.toMatchObject({ message: PASSKEY_REFUSED_HERE, category: 'API_ERROR' })
    page({ create: () => Promise.reject(new DOMException('No algorithm.', 'NotSupportedError')) })
    await expect(passkeyCreate(creation)).rejects.toMatchObject({ message: PASSKEY_UNAVAILABLE })
    page({ get: async () => null })
    await expect(passkeyGet(request)).rejects.toMatchObject({ message: PASSKEY_CANCELLED, code: 4001 })
    const other = new TypeError('boom')
    page({ get: () => Promise.reject(other) })
    await expect(passkeyGet(request)).rejects.toBe(other)
  })

  it('refuses on a page without WebAuthn', async () => {
    vi.stubGlobal('navigator', {})
    const refused = await passkeyCreate(creation).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(GangwayError)
    expect(refused).toMatchObject({ message: PASSKEY_UNAVAILABLE })
  })
})
