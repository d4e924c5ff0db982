/**
 * A passkey's smart account (docs/behaviour.md §2 Passkey): a Safe 1.4.1 on EntryPoint v0.7 whose
 * one owner is a WebAuthn P-256 key, checked on chain by Safe's SafeWebAuthnSharedSigner with the
 * FCL P-256 verifier (`@safe-global/safe-passkey` 0.2.0). The account is permissionless'
 * `toSafeSmartAccount`; its owner is viem's `toWebAuthnAccount`, whose ceremonies run on the page
 * (`ceremonies`: the engine cannot reach `navigator.credentials`) and come back as WebAuthn's JSON
 * (webauthn-json.ts), checked before they are read. The address is known before the account is
 * deployed (counterfactual); its first user operation deploys it.
 */
import { bytesToHex, encodeFunctionData, hexToBytes, isAddressEqual, type Client, type Hex } from 'viem'
import { readContract } from 'viem/actions'
import { createWebAuthnCredential, entryPoint07Address, toWebAuthnAccount, type WebAuthnAccount } from 'viem/account-abstraction'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { GangwayError, PASSKEY_NOT_OWNER } from '../../../events/kernel/errors.js'
import * as Base64 from 'ox/Base64'
import {
  authenticationCredential,
  checkedAuthentication,
  checkedRegistration,
  creationOptionsJSON,
  registrationCredential,
  requestOptionsJSON,
  type PasskeyCreationOptionsJSON,
  type PasskeyRequestOptionsJSON,
} from './webauthn-json.js'

/**
 * SafeWebAuthnSharedSigner, SafeWebAuthnSignerFactory and FCLP256Verifier of
 * `@safe-global/safe-passkey` 0.2.0 at their addresses from the deterministic deployment proxy
 * (salt 0), the same on every chain that has them. The shared signer holds an account's first
 * passkey; the factory makes each added passkey a signer contract of its own.
 */
export const SAFE_PASSKEY_CONTRACTS = {
  webAuthnSharedSigner: '0xfD90FAd33ee8b58f32c00aceEad1358e4AFC23f9',
  webAuthnSignerFactory: '0xF7488fFbe67327ac9f37D5F722d83Fc900852Fbf',
  p256Verifier: '0x445a0683e494ea0c5AF3E83c5159fBE47Cf9e765',
} as const satisfies Record<string, Hex>

/**
 * A passkey as the account keeps it: its credential id (base64url) and its P-256 public key (x ‖ y,
 * 64 bytes hex, no 0x04 prefix); for a passkey added to an account as another owner, that account
 * and the passkey's own signer contract (`addedOwner`). All public: nothing secret is stored.
 */
export interface PasskeyCredential {
  id: string
  publicKey: Hex
  addedOwner?: { account: Hex; signer: Hex }
}

/**
 * The page's side of the ceremonies: `create` runs `navigator.credentials.create`, `get`
 * `navigator.credentials.get`, each answering WebAuthn's JSON (ui/bridge/passkey/ceremonies.ts);
 * what they answer is checked here.
 */
export interface PasskeyCeremonies {
  create(options: PasskeyCreationOptionsJSON): Promise<unknown>
  get(options: PasskeyRequestOptionsJSON): Promise<unknown>
}

/**
 * The first of Gangway's errors in `error`'s cause chain (`error` itself included), else `error`:
 * a library's wrapper (ox's Registration.CreateFailedError and Authentication.SignFailedError, viem's
 * user operation errors) gives way to the page's PASSKEY_CANCELLED or the paymaster's refusal, with
 * their message and code. Gangway's errors are known by their `category`, not by class: this code
 * may run as a file of its own (the engine's passkey-code.js), with its own copy of the classes.
 * @example await bundler.sendUserOperation(operation).catch((error) => Promise.reject(gangwayCause(error)))
 */
export function gangwayCause(error: unknown): unknown {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (typeof (e as { category?: unknown }).category === 'string') return e
  return error
}

/** `promise`, its rejection gangwayCause's. */
const unwrapped = <T>(promise: Promise<T>): Promise<T> => promise.catch((error: unknown) => Promise.reject(gangwayCause(error)))

/**
 * Makes a new passkey for the site `rpId` (the page's host name): a discoverable credential with
 * user verification, named `userName` in the visitor's passkey list, with a random user handle so a
 * second passkey of the same name never replaces the first (or `userHandle`: addedOwnerHandle's, for
 * a passkey added to an account).
 * @returns its id and public key.
 * @throws what `ceremonies.create` throws (the page's PASSKEY_CANCELLED, PASSKEY_REFUSED_HERE…),
 *   GangwayError 'Invalid passkey answer' for an answer that is not a registration of an ES256 key.
 * @example const credential = await createPasskey({ rpId: 'shop.example', rpName: 'Shop', userName: 'Shop account', ceremonies })
 */
export async function createPasskey({ rpId, rpName, userName, ceremonies, userHandle }: { rpId: string; rpName: string; userName: string; ceremonies: PasskeyCeremonies; userHandle?: Uint8Array }): Promise<PasskeyCredential> {
  const credential = await unwrapped(createWebAuthnCredential({
    rp: { id: rpId, name: rpName },
    user: { id: userHandle ?? crypto.getRandomValues(new Uint8Array(16)), name: userName, displayName: userName },
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    createFn: async (options) => registrationCredential(checkedRegistration(await ceremonies.create(creationOptionsJSON(options!)))) as never,
  }))
  return { id: credential.id, publicKey: credential.publicKey }
}

/**
 * The passkey `credential` as a viem WebAuthn account: each signature is a `get` ceremony on the
 * page for that credential only.
 * @throws (from `sign`) GangwayError 'This passkey does not own the account' when the page answers
 *   for another credential; what `ceremonies.get` throws; 'Invalid passkey answer'.
 * @example const owner = passkeyOwner({ credential, rpId: 'shop.example', ceremonies })
 */
export function passkeyOwner({ credential, rpId, ceremonies }: { credential: PasskeyCredential; rpId: string; ceremonies: PasskeyCeremonies }): WebAuthnAccount {
  const account = toWebAuthnAccount({
    credential,
    rpId,
    getFn: async (options) => {
      const answer = checkedAuthentication(await ceremonies.get(requestOptionsJSON(options!)))
      if (answer.id !== credential.id) throw new GangwayError(PASSKEY_NOT_OWNER, { category: 'API_ERROR', details: `answered for credential ${answer.id.slice(0, 16)}…` })
      return authenticationCredential(answer) as never
    },
  })
  // signMessage and signTypedData call `this.sign`: this one.
  return { ...account, sign: (parameters) => unwrapped(account.sign(parameters)) }
}

/**
 * The Safe of the passkey `owner` on the chain `client` reads: its address (counterfactual until its
 * first user operation), its calls encoded for the Safe 4337 module, its user operations and
 * messages signed by the passkey (EIP-1271; ERC-6492 before deployment, as viem's smart accounts
 * wrap them). `contracts`: the passkey signer and verifier, SAFE_PASSKEY_CONTRACTS by default.
 * `addedOwner`, for a passkey added to a deployed account (addOwnerCalls): that account and the
 * passkey's own signer contract, which its signatures then name in place of the shared signer.
 * @example const account = await passkeySafeAccount({ client, owner })
 */
export function passkeySafeAccount({ client, owner, addedOwner, contracts = SAFE_PASSKEY_CONTRACTS }: { client: Client; owner: WebAuthnAccount; addedOwner?: PasskeyCredential['addedOwner']; contracts?: { webAuthnSharedSigner: Hex; p256Verifier: Hex } }) {
  return toSafeSmartAccount({
    // A read-only client: permissionless' type asks for one that may hold a local account, which it never uses.
    client: client as Parameters<typeof toSafeSmartAccount>[0]['client'],
    owners: [owner],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
    // An added passkey signs for its account (already deployed) through its own signer contract: its
    // signatures carry that contract where a first passkey's carry the shared signer.
    ...(addedOwner ? { address: addedOwner.account, safeWebAuthnSharedSignerAddress: addedOwner.signer } : { safeWebAuthnSharedSignerAddress: contracts.webAuthnSharedSigner }),
    safeP256VerifierAddress: contracts.p256Verifier,
  })
}

const SIGNER_FACTORY_ABI = [
  { type: 'function', name: 'getSigner', stateMutability: 'view', inputs: [{ name: 'x', type: 'uint256' }, { name: 'y', type: 'uint256' }, { name: 'verifiers', type: 'uint176' }], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'createSigner', stateMutability: 'nonpayable', inputs: [{ name: 'x', type: 'uint256' }, { name: 'y', type: 'uint256' }, { name: 'verifiers', type: 'uint176' }], outputs: [{ type: 'address' }] },
] as const
const SAFE_OWNERS_ABI = [
  { type: 'function', name: 'isOwner', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ type: 'bool' }] },
  { type: 'function', name: 'addOwnerWithThreshold', stateMutability: 'nonpayable', inputs: [{ name: 'owner', type: 'address' }, { name: '_threshold', type: 'uint256' }], outputs: [] },
] as const

/** `publicKey` (x ‖ y hex) as the factory's arguments: x, y and the verifier (no precompile, the FCL verifier). */
const signerArgs = (publicKey: Hex) => [BigInt(`0x${publicKey.slice(2, 66)}`), BigInt(`0x${publicKey.slice(66, 130)}`), BigInt(SAFE_PASSKEY_CONTRACTS.p256Verifier)] as const

/**
 * The address of the signer contract SafeWebAuthnSignerFactory makes for `publicKey` (x ‖ y hex),
 * whether or not it is deployed yet: an added passkey's owner address in its account.
 * @throws viem's call errors when the chain has no factory.
 * @example const signer = await passkeySignerAddress(client, credential.publicKey)
 */
export function passkeySignerAddress(client: Client, publicKey: Hex): Promise<Hex> {
  return readContract(client, { address: SAFE_PASSKEY_CONTRACTS.webAuthnSignerFactory, abi: SIGNER_FACTORY_ABI, functionName: 'getSigner', args: signerArgs(publicKey) })
}

/**
 * The calls that add the passkey `publicKey`, through its signer contract `signer`
 * (passkeySignerAddress), as another owner of the Safe `account`, the threshold kept at one: the
 * factory deploys the signer, then the Safe adds it. Sent as one user operation, signed by a passkey
 * that already owns the account.
 * @example await sendCalls(deps, current, caipNetworkId, addOwnerCalls(account, added.publicKey, signer))
 */
export function addOwnerCalls(account: Hex, publicKey: Hex, signer: Hex): { to: Hex; data: Hex }[] {
  return [
    { to: SAFE_PASSKEY_CONTRACTS.webAuthnSignerFactory, data: encodeFunctionData({ abi: SIGNER_FACTORY_ABI, functionName: 'createSigner', args: signerArgs(publicKey) }) },
    { to: account, data: encodeFunctionData({ abi: SAFE_OWNERS_ABI, functionName: 'addOwnerWithThreshold', args: [signer, 1n] }) },
  ]
}

/**
 * Whether `signer` owns the Safe `account` on the chain `client` reads (Safe's `isOwner`); false when
 * no Safe is deployed there.
 * @example if (await ownsAccount(client, account, signer)) …
 */
export function ownsAccount(client: Client, account: Hex, signer: Hex): Promise<boolean> {
  return readContract(client, { address: account, abi: SAFE_OWNERS_ABI, functionName: 'isOwner', args: [signer] }).catch(() => false)
}

/** The first byte of an added passkey's user handle (addedOwnerHandle): random handles are 16 bytes, so the two never meet. */
const ADDED_OWNER_TAG = 0x01

/**
 * The user handle of a passkey added to `account`: a tag byte and the account's 20 bytes. The
 * authenticator keeps it and answers it with every assertion, so a device that knows nothing of the
 * passkey finds its account (accountOfHandle); the chain still has the last word (ownsAccount).
 * @example await createPasskey({ …, userHandle: addedOwnerHandle(account) })
 */
export function addedOwnerHandle(account: Hex): Uint8Array {
  return Uint8Array.of(ADDED_OWNER_TAG, ...hexToBytes(account))
}

/**
 * The account an assertion's `userHandle` (base64url) names when it is addedOwnerHandle's; undefined
 * for any other handle.
 * @example accountOfHandle(answer.response.userHandle) // '0x2222…' or undefined
 */
export function accountOfHandle(userHandle: string | undefined): Hex | undefined {
  if (!userHandle) return undefined
  let bytes: Uint8Array
  try {
    bytes = Base64.toBytes(userHandle)
  } catch {
    return undefined
  }
  if (bytes.length !== 21 || bytes[0] !== ADDED_OWNER_TAG) return undefined
  const account = bytesToHex(bytes.slice(1))
  return isAddressEqual(account, '0x0000000000000000000000000000000000000000') ? undefined : account
}
