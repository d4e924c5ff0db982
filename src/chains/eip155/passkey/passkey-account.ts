/**
 * A passkey's smart account (docs/behaviour.md §2 Passkey): a Safe 1.4.1 on EntryPoint v0.7 whose
 * one owner is a WebAuthn P-256 key, checked on chain by Safe's SafeWebAuthnSharedSigner with the
 * FCL P-256 verifier (`@safe-global/safe-passkey` 0.2.0). The account is permissionless'
 * `toSafeSmartAccount`; its owner is viem's `toWebAuthnAccount`, whose ceremonies run on the page
 * (`ceremonies`: the engine cannot reach `navigator.credentials`) and come back as WebAuthn's JSON
 * (webauthn-json.ts), checked before they are read. The address is known before the account is
 * deployed (counterfactual); its first user operation deploys it.
 */
import type { Client, Hex } from 'viem'
import { createWebAuthnCredential, entryPoint07Address, toWebAuthnAccount, type WebAuthnAccount } from 'viem/account-abstraction'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { GangwayError, PASSKEY_NOT_OWNER } from '../../../events/kernel/errors.js'
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
 * SafeWebAuthnSharedSigner and FCLP256Verifier of `@safe-global/safe-passkey` 0.2.0 at their
 * addresses from the deterministic deployment proxy (salt 0), the same on every chain that has them.
 */
export const SAFE_PASSKEY_CONTRACTS = {
  webAuthnSharedSigner: '0xfD90FAd33ee8b58f32c00aceEad1358e4AFC23f9',
  p256Verifier: '0x445a0683e494ea0c5AF3E83c5159fBE47Cf9e765',
} as const satisfies Record<string, Hex>

/** A passkey as the account keeps it: its credential id (base64url) and its P-256 public key (x ‖ y, 64 bytes hex, no 0x04 prefix). Both public: nothing secret is stored. */
export interface PasskeyCredential {
  id: string
  publicKey: Hex
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
 * second passkey of the same name never replaces the first.
 * @returns its id and public key.
 * @throws what `ceremonies.create` throws (the page's PASSKEY_CANCELLED, PASSKEY_REFUSED_HERE…),
 *   GangwayError 'Invalid passkey answer' for an answer that is not a registration of an ES256 key.
 * @example const credential = await createPasskey({ rpId: 'shop.example', rpName: 'Shop', userName: 'Shop account', ceremonies })
 */
export async function createPasskey({ rpId, rpName, userName, ceremonies }: { rpId: string; rpName: string; userName: string; ceremonies: PasskeyCeremonies }): Promise<PasskeyCredential> {
  const credential = await unwrapped(createWebAuthnCredential({
    rp: { id: rpId, name: rpName },
    user: { id: crypto.getRandomValues(new Uint8Array(16)), name: userName, displayName: userName },
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
 * @example const account = await passkeySafeAccount({ client, owner })
 */
export function passkeySafeAccount({ client, owner, contracts = SAFE_PASSKEY_CONTRACTS }: { client: Client; owner: WebAuthnAccount; contracts?: { webAuthnSharedSigner: Hex; p256Verifier: Hex } }) {
  return toSafeSmartAccount({
    // A read-only client: permissionless' type asks for one that may hold a local account, which it never uses.
    client: client as Parameters<typeof toSafeSmartAccount>[0]['client'],
    owners: [owner],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
    safeWebAuthnSharedSignerAddress: contracts.webAuthnSharedSigner,
    safeP256VerifierAddress: contracts.p256Verifier,
  })
}
