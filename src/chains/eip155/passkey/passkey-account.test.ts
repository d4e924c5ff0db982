import { describe, expect, it } from 'vitest'
import { GangwayError, PASSKEY_CANCELLED, PASSKEY_NOT_OWNER, UserRejectedError } from '../../../events/kernel/errors.js'
import { decodeFunctionData, parseAbi } from 'viem'
import { accountOfHandle, addedOwnerHandle, addOwnerCalls, createPasskey, passkeyOwner, SAFE_PASSKEY_CONTRACTS, type PasskeyCeremonies } from './passkey-account.js'
import { BAD_PASSKEY_ANSWER, type PasskeyCreationOptionsJSON } from './webauthn-json.js'

const b64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url')

/** Ceremonies whose `create` answers a registration of a fresh P-256 key (WebCrypto's), and whose `get` answers for `getAnswerId`. */
async function ceremoniesWith({ getAnswerId = 'other' }: { getAnswerId?: string } = {}) {
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey))
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))
  const asked: PasskeyCreationOptionsJSON[] = []
  const ceremonies: PasskeyCeremonies = {
    async create(options) {
      asked.push(options)
      return { id: 'Y3JlZGVudGlhbA', rawId: 'Y3JlZGVudGlhbA', type: 'public-key', response: { clientDataJSON: b64url(Buffer.from('{}')), attestationObject: 'o2NmbXRkbm9uZQ', publicKey: b64url(spki), publicKeyAlgorithm: -7 } }
    },
    async get() {
      return { id: getAnswerId, rawId: getAnswerId, type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUCIQ' } }
    },
  }
  return { ceremonies, raw, asked }
}

describe('createPasskey', () => {
  it('asks for a discoverable, user-verified ES256 credential of the site, with a random user handle, and keeps only its id and public key', async () => {
    const { ceremonies, raw, asked } = await ceremoniesWith()
    const first = await createPasskey({ rpId: 'shop.example', rpName: 'Shop', userName: 'Shop account', ceremonies })
    expect(first).toEqual({ id: 'Y3JlZGVudGlhbA', publicKey: `0x${Buffer.from(raw.slice(1)).toString('hex')}` })
    await createPasskey({ rpId: 'shop.example', rpName: 'Shop', userName: 'Shop account', ceremonies })
    expect(asked[0]).toMatchObject({ rp: { id: 'shop.example', name: 'Shop' }, user: { name: 'Shop account', displayName: 'Shop account' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }], authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' } })
    expect(asked[0]!.user.id).not.toBe(asked[1]!.user.id)
  })

  it('throws the page’s own error as it is (not ox’s wrapper), and refuses an answer that is no registration', async () => {
    const cancelled = new UserRejectedError(PASSKEY_CANCELLED, { category: 'API_ERROR', code: 4001 })
    const refusing: PasskeyCeremonies = { create: () => Promise.reject(cancelled), get: () => Promise.reject(cancelled) }
    await expect(createPasskey({ rpId: 'shop.example', rpName: 'Shop', userName: 'Shop account', ceremonies: refusing })).rejects.toBe(cancelled)
    const garbled: PasskeyCeremonies = { create: async () => ({ id: 'x' }), get: async () => ({}) }
    await expect(createPasskey({ rpId: 'shop.example', rpName: 'Shop', userName: 'Shop account', ceremonies: garbled })).rejects.toMatchObject({ message: BAD_PASSKEY_ANSWER })
  })
})

describe('passkeyOwner', () => {
  it('asks the page for that credential only, and refuses an answer of another credential', async () => {
    const { ceremonies } = await ceremoniesWith({ getAnswerId: 'b3RoZXI' })
    const asked: unknown[] = []
    const owner = passkeyOwner({ credential: { id: 'Y3JlZGVudGlhbA', publicKey: `0x${'11'.repeat(64)}` }, rpId: 'shop.example', ceremonies: { ...ceremonies, get: (o) => (asked.push(o), ceremonies.get(o)) } })
    const refused = await owner.signMessage({ message: 'hello' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(GangwayError)
    expect(refused).toMatchObject({ message: PASSKEY_NOT_OWNER, category: 'API_ERROR' })
    expect(asked).toEqual([expect.objectContaining({ rpId: 'shop.example', allowCredentials: [{ type: 'public-key', id: 'Y3JlZGVudGlhbA' }], userVerification: 'required' })])
  })
})

describe('a passkey added as another owner', () => {
  const account = '0x2222222222222222222222222222222222222222'
  it('names its account in its user handle, which no random handle and no other handle is read as', async () => {
    const handle = addedOwnerHandle(account)
    expect(accountOfHandle(b64url(handle))).toBe(account)
    // createPasskey takes it as the user handle.
    const { ceremonies, asked } = await ceremoniesWith()
    await createPasskey({ rpId: 'shop.example', rpName: 'Shop', userName: 'Shop account', ceremonies, userHandle: handle })
    expect(asked[0]!.user.id).toBe(b64url(handle))
    for (const other of [undefined, b64url(new Uint8Array(16).fill(1)), b64url(new Uint8Array(21)), b64url(Uint8Array.of(1, ...new Uint8Array(20))), b64url(Uint8Array.of(2, ...handle.slice(1))), '%%%']) expect(accountOfHandle(other)).toBeUndefined()
  })

  it('is added by two calls: the factory makes its signer contract, the Safe adds that signer with the threshold kept at one', () => {
    const publicKey = `0x${'0a'.repeat(32)}${'0b'.repeat(32)}` as const
    const signer = '0x3333333333333333333333333333333333333333'
    const [make, add] = addOwnerCalls(account, publicKey, signer)
    expect(make!.to).toBe(SAFE_PASSKEY_CONTRACTS.webAuthnSignerFactory)
    expect(decodeFunctionData({ abi: parseAbi(['function createSigner(uint256 x, uint256 y, uint176 verifiers)']), data: make!.data }).args).toEqual([BigInt(`0x${'0a'.repeat(32)}`), BigInt(`0x${'0b'.repeat(32)}`), BigInt(SAFE_PASSKEY_CONTRACTS.p256Verifier)])
    expect(add!.to).toBe(account)
    expect(decodeFunctionData({ abi: parseAbi(['function addOwnerWithThreshold(address owner, uint256 threshold)']), data: add!.data }).args).toEqual([signer, 1n])
  })
})
