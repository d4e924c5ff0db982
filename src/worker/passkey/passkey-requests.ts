/**
 * The passkey connector's calls that need its code (docs/behaviour.md §2 Passkey): create and use a
 * passkey, signatures, transactions and EIP-5792 batches (each one user operation) and their status.
 * Part of passkey-code.js, loaded on the first of them; the calls the state answers stay in
 * passkey-connector.ts, which the engine starts with.
 */
import { createClient, custom, defineChain, DuplicateIdError, isHex, UnknownBundleIdError, UnsupportedChainIdError, type Client, type Hex, type TypedDataDefinition } from 'viem'
import { getTransactionReceipt } from 'viem/actions'
import { chainIdHexOf } from '../../chains/eip155/accounts.js'
import { parseCaipNetworkId } from '../../chains/caip.js'
import { callsReceipt, readSendCalls } from '../../chains/eip155/send-calls.js'
import { providerRefusal } from '../../chains/eip155/provider-refusal.js'
import type { ProviderRequest } from '../../contract.js'
import type { CaipNetworkId } from '../../events/entities.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { GangwayError, PROVIDER_ERROR_CODES, ProviderRequestError, TRANSACTION_REVERTED, unsupportedMethod } from '../../events/kernel/errors.js'
import { PASSKEY_CALLS, PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import type { PasskeyConnected, PasskeyConnectorDeps } from './passkey-connector.js'
import { connectedPasskey, passkeyNetwork } from './passkey-session.js'
import type { AddedPasskey, PasskeyDeps } from './passkey-code.js'
import type * as PasskeyCode from './passkey-code.js'

/** What the calls do with the account (passkey-code.ts; a test's stand-in). */
export type PasskeyOperations = Pick<typeof PasskeyCode, 'newPasskey' | 'pickedPasskey' | 'addPasskey' | 'signMessage' | 'signTypedData' | 'sendCalls'>

/** The calls that need the code. */
export interface PasskeyRequests {
  /** A new passkey and its account, on `passkeyNetwork`. @throws the ceremony's errors. */
  create(): Promise<PasskeyConnected>
  /** A passkey the visitor picks among the site's, and its account. @throws GangwayError 'This passkey does not own the account' when its key cannot be recovered; the ceremony's errors. */
  use(): Promise<PasskeyConnected>
  /**
   * A new passkey added to the connected passkey's account as another owner (passkey-code.ts addPasskey).
   * @returns the passkey (its `addedOwner` the account and its signer contract) and the transaction that added it.
   * @throws ProviderRequestError 'Not connected' (4100) without a passkey connection; the ceremony's,
   *   the bundler's and the paymaster's errors; GangwayError 'Transaction reverted'.
   */
  add(): Promise<{ credential: AddedPasskey; transactionHash: Hex }>
  /**
   * One of PASSKEY_CODE_METHODS (passkey-connector.ts): personal_sign (hex data), eth_signTypedData_v4,
   * eth_sendTransaction (its transaction hash), wallet_sendCalls (atomic, `{ id }`), wallet_getCallsStatus.
   * @throws ProviderRequestError 'Not connected' (4100) without a passkey connection; 'Invalid message',
   *   'Invalid transaction', 'Invalid wallet_sendCalls request' (-32602); GangwayError 'Transaction reverted'
   *   when the operation's calls reverted; EIP-5792's refusals (5710 another chain, 5720 a used id, 5730 an unknown one).
   */
  request(args: ProviderRequest): Promise<unknown>
}

/**
 * `client` (the engine's, on its JSON-RPC path) with the chain named: viem's user operations read
 * `client.chain.id`. Its requests go through `client`.
 */
function withChain(client: Client, caipNetworkId: CaipNetworkId): Client {
  const chain = defineChain({ id: chainIdOf(caipNetworkId), name: caipNetworkId, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } })
  return createClient({ chain, transport: custom({ request: (args) => client.request(args as never) }, { retryCount: 0 }) })
}

/** An eip155 CAIP-2 id's chain id (a number, as EIP-5792's requests carry it once read). */
const chainIdOf = (caipNetworkId: CaipNetworkId): number => Number(parseCaipNetworkId(caipNetworkId).reference)

/**
 * The calls over `deps`, done by `code`.
 * @example const calls = passkeyRequests(deps, { newPasskey, pickedPasskey, signMessage, signTypedData, sendCalls }); await calls.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
 */
export function passkeyRequests(deps: PasskeyConnectorDeps, code: PasskeyOperations): PasskeyRequests {
  const rpId = () => {
    const origin = deps.site().origin
    if (!origin) throw new GangwayError(ERRORS.passkeyRefusedHere.message, { category: 'API_ERROR', details: 'the engine knows no page origin' })
    return new URL(origin).hostname
  }
  const network = () => passkeyNetwork(deps.state())
  const codeDeps = (): PasskeyDeps => ({
    ceremonies: {
      create: (options) => deps.page.request(PASSKEY_CONNECTOR_ID, { method: PASSKEY_CALLS.create, params: [options] }),
      get: (options) => deps.page.request(PASSKEY_CONNECTOR_ID, { method: PASSKEY_CALLS.get, params: [options] }),
    },
    rpId: rpId(),
    client: (id) => withChain(deps.chains().evmClient(id), id),
    bundlerUrl: (id) => {
      const url = deps.options()?.bundlerUrls[id]
      if (!url) throw new GangwayError(ERRORS.smartAccountNotAllowed.message, { details: id })
      return url
    },
    paymasterUrl: (id) => deps.options()?.paymasterUrls?.[id],
  })
  const signer = () => {
    const c = connectedPasskey(deps.state())
    if (!c) throw new ProviderRequestError(ERRORS.notConnected.message, { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError })
    return c
  }
  const params = (args: ProviderRequest): unknown[] => (Array.isArray(args.params) ? args.params : [])
  /** The EIP-5792 batches sent in this engine's life, by id: each one user operation. */
  const batches = new Map<string, { caipNetworkId: CaipNetworkId; transactionHash: Hex; success: boolean }>()

  async function request(args: ProviderRequest): Promise<unknown> {
    switch (args.method) {
      case 'personal_sign': {
        const [data] = params(args)
        if (typeof data !== 'string' || !isHex(data)) throw new ProviderRequestError('Invalid message', { code: PROVIDER_ERROR_CODES.InvalidParamsRpcError })
        return code.signMessage(codeDeps(), signer().credential, network(), data)
      }
      case 'eth_signTypedData_v4': {
        const [, data] = params(args)
        const typedData = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition
        return code.signTypedData(codeDeps(), signer().credential, network(), typedData)
      }
      case 'eth_sendTransaction': {
        const tx = params(args)[0] as { to?: Hex; value?: Hex; data?: Hex } | undefined
        if (!tx?.to) throw new ProviderRequestError('Invalid transaction', { code: PROVIDER_ERROR_CODES.InvalidParamsRpcError })
        const { credential } = signer()
        const sent = await code.sendCalls(codeDeps(), credential, network(), [{ to: tx.to, ...(tx.value ? { value: BigInt(tx.value) } : {}), ...(tx.data ? { data: tx.data } : {}) }])
        // The bundle's transaction succeeds whether or not the operation's call did: a revert is the call's.
        if (!sent.success) throw new GangwayError(TRANSACTION_REVERTED, { category: 'API_ERROR', details: `user operation ${sent.userOperationHash}` })
        return sent.transactionHash
      }
      case 'wallet_sendCalls': {
        const request = readSendCalls(args.params, { atomic: true })
        const caipNetworkId = network()
        if (request.chainId !== chainIdOf(caipNetworkId)) throw providerRefusal(UnsupportedChainIdError, `chain ${request.chainId}; the account is on ${caipNetworkId}`)
        if (request.id !== undefined && batches.has(request.id)) throw providerRefusal(DuplicateIdError, request.id.slice(0, 80))
        const calls = request.calls.map((c, i) => {
          if (!c.to) throw new ProviderRequestError('Invalid wallet_sendCalls request', { code: PROVIDER_ERROR_CODES.InvalidParamsRpcError, details: `call ${i}: a user operation's call needs a receiver` })
          return { to: c.to as Hex, value: BigInt(c.valueWei), ...(c.data ? { data: c.data as Hex } : {}) }
        })
        const { credential } = signer()
        const sent = await code.sendCalls(codeDeps(), credential, caipNetworkId, calls)
        const id = request.id ?? sent.userOperationHash
        batches.set(id, { caipNetworkId, transactionHash: sent.transactionHash, success: sent.success })
        return { id }
      }
      case 'wallet_getCallsStatus': {
        const [id] = params(args)
        const batch = typeof id === 'string' ? batches.get(id) : undefined
        if (!batch) throw providerRefusal(UnknownBundleIdError, String(id).slice(0, 80))
        const receipt = await getTransactionReceipt(deps.chains().evmClient(batch.caipNetworkId), { hash: batch.transactionHash })
        // One user operation: all its calls applied (200) or none (500, reverted on chain).
        return { version: '2.0.0', id, chainId: chainIdHexOf(batch.caipNetworkId), status: batch.success ? 200 : 500, atomic: true, receipts: [callsReceipt(receipt)] }
      }
      default:
        throw unsupportedMethod(args.method)
    }
  }

  return {
    async create() {
      const caipNetworkId = network()
      const rpName = deps.site().name || rpId()
      return { ...(await code.newPasskey(codeDeps(), { rpName, userName: `${rpName} account`, caipNetworkId })), caipNetworkId }
    },
    async use() {
      const caipNetworkId = network()
      const known = deps.state().passkeys.credentials.map((c) => ({ id: c.id, publicKey: c.publicKey as Hex }))
      const picked = await code.pickedPasskey(codeDeps(), known, caipNetworkId)
      if (!picked) throw new GangwayError(ERRORS.passkeyNotOwner.message, { category: 'API_ERROR', details: 'its public key could not be recovered' })
      return { ...picked, caipNetworkId }
    },
    async add() {
      const { credential } = signer()
      const rpName = deps.site().name || rpId()
      return code.addPasskey(codeDeps(), credential, network(), { rpName, userName: `${rpName} account` })
    },
    request,
  }
}
