/**
 * What the passkey connector does once its code is loaded (docs/behaviour.md §2 Passkey): a chunk of
 * its own, fetched on the first passkey call, with the Safe account (permissionless), viem's
 * WebAuthn account, bundler and paymaster clients. Every signature is a ceremony on the page
 * (`deps.ceremonies`); every call goes as one user operation through the network's bundler, its gas
 * sponsored where the site names a paymaster.
 */
import { http, isHex, type Client, type Hex, type TypedDataDefinition } from 'viem'
import { estimateFeesPerGas } from 'viem/actions'
import { createBundlerClient, createPaymasterClient, type PaymasterClient } from 'viem/account-abstraction'
import { GangwayError, SPONSORSHIP_REFUSED, TRANSACTION_REVERTED } from '../../events/kernel/errors.js'
import {
  accountOfHandle,
  addedOwnerHandle,
  addOwnerCalls,
  createPasskey,
  gangwayCause,
  ownsAccount,
  passkeyOwner,
  passkeySafeAccount,
  passkeySignerAddress,
  type PasskeyCeremonies,
  type PasskeyCredential,
} from '../../chains/eip155/passkey/passkey-account.js'
import { recoveredPublicKey } from '../../chains/eip155/passkey/recover-passkey.js'
import { checkedAuthentication, signInOptionsJSON } from '../../chains/eip155/passkey/webauthn-json.js'
import type { CaipNetworkId } from '../../events/entities.js'
import type { PasskeyConnectorDeps } from './passkey-connector.js'
import { passkeyRequests, type PasskeyRequests } from './passkey-requests.js'

/** What the code needs of the engine: the ceremonies, the relying party, each network's client, bundler and paymaster. */
export interface PasskeyDeps {
  ceremonies: PasskeyCeremonies
  /** The page's host name: the passkeys' relying party. */
  rpId: string
  client(caipNetworkId: CaipNetworkId): Client
  bundlerUrl(caipNetworkId: CaipNetworkId): string
  paymasterUrl(caipNetworkId: CaipNetworkId): string | undefined
}

/** A passkey added to an account as another owner: `addedOwner` names the account and the passkey's signer contract. */
export type AddedPasskey = PasskeyCredential & Required<Pick<PasskeyCredential, 'addedOwner'>>

/** A passkey and its account's address (the same on every network). */
export interface PasskeyAccount {
  credential: PasskeyCredential
  address: Hex
}

/** How often a user operation's receipt is asked for, in ms. */
const RECEIPT_POLL_MS = 1000

const accountOf = (deps: PasskeyDeps, credential: PasskeyCredential, caipNetworkId: CaipNetworkId) =>
  passkeySafeAccount({ client: deps.client(caipNetworkId), owner: passkeyOwner({ credential, rpId: deps.rpId, ceremonies: deps.ceremonies }), ...(credential.addedOwner ? { addedOwner: credential.addedOwner } : {}) })

/** The address of the account `credential` signs for: the one it was added to, else its own Safe's (counterfactual until deployed). */
const accountAddress = async (deps: PasskeyDeps, credential: PasskeyCredential, caipNetworkId: CaipNetworkId): Promise<Hex> =>
  credential.addedOwner?.account ?? (await accountOf(deps, credential, caipNetworkId)).address

/**
 * A new passkey named `userName` for the site `rpName`, and its account's address on `caipNetworkId`.
 * @throws the ceremony's errors (PASSKEY_CANCELLED…), 'Invalid passkey answer'.
 */
export async function newPasskey(deps: PasskeyDeps, { rpName, userName, caipNetworkId }: { rpName: string; userName: string; caipNetworkId: CaipNetworkId }): Promise<PasskeyAccount> {
  const credential = await createPasskey({ rpId: deps.rpId, rpName, userName, ceremonies: deps.ceremonies })
  return { credential, address: await accountAddress(deps, credential, caipNetworkId) }
}

/**
 * The passkey the visitor picks among the site's (a discoverable sign-in): known by its id in
 * `known`, else its public key recovered from a second assertion of the same passkey. A recovered
 * passkey whose user handle names an account (addedOwnerHandle) is that account's added owner when
 * the chain says its signer contract owns it; any other is its own account's first owner.
 * @returns undefined when the key cannot be recovered (the second answer is another passkey's or
 *   forged), or when the account its handle names has no such owner on `caipNetworkId`.
 * @throws the ceremonies' errors, 'Invalid passkey answer'.
 */
export async function pickedPasskey(deps: PasskeyDeps, known: readonly PasskeyCredential[], caipNetworkId: CaipNetworkId): Promise<PasskeyAccount | undefined> {
  const first = checkedAuthentication(await deps.ceremonies.get(signInOptionsJSON(deps.rpId)))
  let credential = known.find((c) => c.id === first.id)
  if (!credential) {
    const second = checkedAuthentication(await deps.ceremonies.get(signInOptionsJSON(deps.rpId, first.id)))
    const publicKey = recoveredPublicKey(first, second)
    if (!publicKey) return undefined
    credential = { id: first.id, publicKey }
    const account = accountOfHandle(first.response.userHandle)
    if (account) {
      const client = deps.client(caipNetworkId)
      const signer = await passkeySignerAddress(client, publicKey)
      if (!(await ownsAccount(client, account, signer))) return undefined
      credential = { ...credential, addedOwner: { account, signer } }
    }
  }
  return { credential, address: await accountAddress(deps, credential, caipNetworkId) }
}

/**
 * A new passkey added to the account `current` signs for, as another owner: the browser makes the
 * passkey (named `userName` for the site `rpName`, its user handle naming the account), then one user
 * operation signed by `current` deploys its signer contract and adds it to the Safe (deploying the
 * Safe too when this is its first operation).
 * @returns the new passkey (with `addedOwner`) and the transaction that added it.
 * @throws the ceremonies' errors, 'Invalid passkey answer', the bundler's and paymaster's refusals;
 *   GangwayError 'Transaction reverted' when the operation's calls reverted (nothing added).
 */
export async function addPasskey(deps: PasskeyDeps, current: PasskeyCredential, caipNetworkId: CaipNetworkId, { rpName, userName }: { rpName: string; userName: string }): Promise<{ credential: AddedPasskey; transactionHash: Hex }> {
  const account = await accountAddress(deps, current, caipNetworkId)
  const added = await createPasskey({ rpId: deps.rpId, rpName, userName, ceremonies: deps.ceremonies, userHandle: addedOwnerHandle(account) })
  const signer = await passkeySignerAddress(deps.client(caipNetworkId), added.publicKey)
  const sent = await sendCalls(deps, current, caipNetworkId, addOwnerCalls(account, added.publicKey, signer))
  if (!sent.success) throw new GangwayError(TRANSACTION_REVERTED, { category: 'API_ERROR', details: `user operation ${sent.userOperationHash}` })
  return { credential: { ...added, addedOwner: { account, signer } }, transactionHash: sent.transactionHash }
}

/** `data` (hex bytes, as personal_sign takes them) signed by the account: EIP-1271, wrapped as ERC-6492 before deployment. */
export async function signMessage(deps: PasskeyDeps, credential: PasskeyCredential, caipNetworkId: CaipNetworkId, data: Hex): Promise<Hex> {
  return (await accountOf(deps, credential, caipNetworkId)).signMessage({ message: { raw: data } })
}

/** EIP-712 typed data signed by the account, as signMessage. */
export async function signTypedData(deps: PasskeyDeps, credential: PasskeyCredential, caipNetworkId: CaipNetworkId, typedData: TypedDataDefinition): Promise<Hex> {
  return (await accountOf(deps, credential, caipNetworkId)).signTypedData(typedData)
}

/**
 * `paymaster` whose refusals are GangwayError 'The paymaster did not sponsor this operation'
 * (API_ERROR), its own words in `details`: viem would report a JSON-RPC error as 'Missing or invalid parameters.'.
 */
function refusalsNamed(paymaster: PaymasterClient): Pick<PaymasterClient, 'getPaymasterData' | 'getPaymasterStubData'> {
  const named = (error: unknown) => {
    const details = (error as { details?: unknown })?.details
    return new GangwayError(SPONSORSHIP_REFUSED, { category: 'API_ERROR', details: typeof details === 'string' ? details.slice(0, 256) : 'the paymaster refused', cause: error })
  }
  return {
    getPaymasterData: (parameters) => paymaster.getPaymasterData(parameters).catch((error: unknown) => Promise.reject(named(error))),
    getPaymasterStubData: (parameters) => paymaster.getPaymasterStubData(parameters).catch((error: unknown) => Promise.reject(named(error))),
  }
}

/** One call of a user operation: `value` in wei. */
export interface PasskeyCall {
  to: Hex
  value?: bigint
  data?: Hex
}

/**
 * `calls` as one user operation of the account (deployed by its first one), sponsored where the
 * network has a paymaster; resolves once it is mined, with the transaction that carried it.
 * @returns `{ userOperationHash, transactionHash, success }` (`success` false: a call reverted and none applied).
 * @throws the bundler's refusal (viem's errors: a wrong signature, too little ETH to pay), the paymaster's, the ceremony's.
 */
export async function sendCalls(deps: PasskeyDeps, credential: PasskeyCredential, caipNetworkId: CaipNetworkId, calls: readonly PasskeyCall[]): Promise<{ userOperationHash: Hex; transactionHash: Hex; success: boolean }> {
  const client = deps.client(caipNetworkId)
  const paymasterUrl = deps.paymasterUrl(caipNetworkId)
  const bundler = createBundlerClient({
    account: await accountOf(deps, credential, caipNetworkId),
    client,
    transport: http(deps.bundlerUrl(caipNetworkId), { retryCount: 0 }),
    pollingInterval: RECEIPT_POLL_MS,
    ...(paymasterUrl ? { paymaster: refusalsNamed(createPaymasterClient({ transport: http(paymasterUrl, { retryCount: 0 }) })) } : {}),
    userOperation: { estimateFeesPerGas: async ({ bundlerClient }) => (await bundlerFees(bundlerClient as unknown as Pick<Client, 'request'>)) ?? estimateFeesPerGas(client) },
  })
  const userOperationHash = await bundler.sendUserOperation({ calls: calls.map((c) => ({ to: c.to, value: c.value ?? 0n, data: c.data ?? '0x' })) }).catch((error: unknown) => Promise.reject(gangwayCause(error)))
  const { receipt, success } = await bundler.waitForUserOperationReceipt({ hash: userOperationHash })
  return { userOperationHash, transactionHash: receipt.transactionHash, success }
}

/**
 * The bundler's own gas prices (Pimlico's `pimlico_getUserOperationGasPrice`, which alto serves), its
 * `fast` tier; undefined from a bundler without them (the caller takes the chain's: viem's estimate).
 */
async function bundlerFees(bundler: Pick<Client, 'request'>): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined> {
  const prices = (await bundler.request({ method: 'pimlico_getUserOperationGasPrice' } as never).catch(() => undefined)) as { fast?: { maxFeePerGas?: unknown; maxPriorityFeePerGas?: unknown } } | undefined
  const { maxFeePerGas, maxPriorityFeePerGas } = prices?.fast ?? {}
  return typeof maxFeePerGas === 'string' && isHex(maxFeePerGas) && typeof maxPriorityFeePerGas === 'string' && isHex(maxPriorityFeePerGas) ? { maxFeePerGas: BigInt(maxFeePerGas), maxPriorityFeePerGas: BigInt(maxPriorityFeePerGas) } : undefined
}

/**
 * The connector's calls that need this code (passkey-requests.ts), over the engine's `deps`.
 * @example const calls = requestsOver(deps); await calls.create()
 */
export const requestsOver = (deps: PasskeyConnectorDeps): PasskeyRequests => passkeyRequests(deps, { newPasskey, pickedPasskey, addPasskey, signMessage, signTypedData, sendCalls })
