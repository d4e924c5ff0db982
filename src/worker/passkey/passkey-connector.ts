/**
 * The passkey connector (docs/behaviour.md §2 Passkey): a Safe owned by a WebAuthn passkey, whose
 * wallet the engine is itself. Its calls never reach the page as calls: the engine answers the
 * account and network from the state, signs through passkey ceremonies the page runs
 * (`gangway_passkey_create` and `gangway_passkey_get` to the page's PASSKEY source), and sends
 * through the network's ERC-4337 bundler: a transaction, or an EIP-5792 batch (`wallet_sendCalls`,
 * atomic), is one user operation. Its code (permissionless, viem's account abstraction)
 * loads on the first passkey call (passkey-code.ts).
 */
import { createClient, custom, defineChain, DuplicateIdError, isHex, UnknownBundleIdError, UnsupportedChainIdError, type Client, type Hex, type TypedDataDefinition } from 'viem'
import { getTransactionReceipt } from 'viem/actions'
import { caipNetworkIdOf, chainIdHexOf } from '../../chains/eip155/accounts.js'
import { parseCaipNetworkId } from '../../chains/caip.js'
import { callsReceipt, readSendCalls } from '../../chains/eip155/send-calls.js'
import { providerRefusal } from '../../chains/eip155/provider-refusal.js'
import type { Bridge, ProviderRequest } from '../../contract.js'
import type { CaipNetworkId } from '../../events/entities.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { GangwayError, PROVIDER_ERROR_CODES, ProviderRequestError, TRANSACTION_REVERTED, unsupportedMethod } from '../../events/kernel/errors.js'
import type { PasskeyOptions } from '../../events/kernel/host-options.js'
import { PASSKEY_CALLS, PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import { passkeyNetworks } from '../../projections/select/features.js'
import { liveConnections } from '../../projections/select/connections.js'
import type { State } from '../../projections/state.js'
import type { ChainAccess } from '../chain-access.js'
import type { PasskeyAccount, PasskeyDeps } from './passkey-code.js'

/** A passkey connected: its credential, its account's address, and the network it connected on. */
export interface PasskeyConnected extends PasskeyAccount {
  caipNetworkId: CaipNetworkId
}

export interface PasskeyConnector {
  /** A new passkey and its account, on the active eip155 network where it has a bundler (else the site's first such). @throws the ceremony's errors. */
  create(): Promise<PasskeyConnected>
  /** A passkey the visitor picks among the site's, and its account. @throws GangwayError 'This passkey does not own the account' when its key cannot be recovered; the ceremony's errors. */
  use(): Promise<PasskeyConnected>
  /** An EIP-1193 request to the connected passkey account (see `answer` for the methods). */
  request(args: ProviderRequest): Promise<unknown>
}

/** What the connector reads of the engine. */
export interface PasskeyConnectorDeps {
  /** The page's bridge itself, never the routed one (the ceremonies are the page's). */
  page: Bridge
  state: () => State
  chains: () => ChainAccess
  /** The site's `passkeys` option (URLs: never logged). */
  options: () => PasskeyOptions | undefined
  /** The page's origin and the site's name (metadata.name): the relying party and what the visitor's passkey list shows. */
  site: () => { origin?: string; name?: string }
  /** Loads passkey-code.ts (a test's stand-in). */
  load?: () => Promise<typeof import('./passkey-code.js')>
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
 * The passkey connector over `deps`.
 * @example const passkey = createPasskeyConnector({ page: bridge, state, chains: () => ctx.chains, options: () => config.passkeys, site: () => ({ origin: config.hostOrigin, name: config.metadata?.name }) })
 */
export function createPasskeyConnector(deps: PasskeyConnectorDeps): PasskeyConnector {
  let code: Promise<typeof import('./passkey-code.js')> | undefined
  const loaded = () => (code ??= (deps.load ?? (() => import('./passkey-code.js')))().catch((error: unknown) => ((code = undefined), Promise.reject(error))))
  const rpId = () => {
    const origin = deps.site().origin
    if (!origin) throw new GangwayError(ERRORS.passkeyRefusedHere.message, { category: 'API_ERROR', details: 'the engine knows no page origin' })
    return new URL(origin).hostname
  }
  const network = (): CaipNetworkId => {
    const s = deps.state()
    const offered = passkeyNetworks(s)
    const active = s.networks.active.eip155
    const picked = active && offered.includes(active) ? active : offered[0]
    if (!picked) throw new GangwayError(ERRORS.smartAccountNotAllowed.message)
    return picked
  }
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
  /** The connected passkey: the live PASSKEY connection's account, and the known credential of that address. */
  const connected = () => {
    const s = deps.state()
    const address = liveConnections(s, 'eip155').find((c) => c.connectorId === PASSKEY_CONNECTOR_ID)?.accounts[0]?.address
    const credential = address ? s.passkeys.credentials.find((c) => c.address.toLowerCase() === address.toLowerCase()) : undefined
    return address && credential ? { address, credential: { id: credential.id, publicKey: credential.publicKey as Hex } } : undefined
  }
  const signer = () => {
    const c = connected()
    if (!c) throw new ProviderRequestError(ERRORS.notConnected.message, { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError })
    return c
  }
  const params = (args: ProviderRequest): unknown[] => (Array.isArray(args.params) ? args.params : [])
  /** The EIP-5792 batches sent in this engine's life, by id: each one user operation. */
  const batches = new Map<string, { caipNetworkId: CaipNetworkId; transactionHash: Hex; success: boolean }>()

  /** The request answered: accounts and network from the state, signatures and calls through the code. */
  async function answer(args: ProviderRequest): Promise<unknown> {
    switch (args.method) {
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        const c = connected()
        return c ? [c.address] : []
      }
      case 'eth_chainId':
        return chainIdHexOf(network())
      case 'wallet_switchEthereumChain': {
        const chainId = (params(args)[0] as { chainId?: unknown } | undefined)?.chainId
        // Only a hex chain id names a network (EIP-3326).
        const id = typeof chainId === 'string' && isHex(chainId) ? caipNetworkIdOf(chainId) : undefined
        if (!id || !passkeyNetworks(deps.state()).includes(id)) throw new ProviderRequestError(ERRORS.smartAccountNotAllowed.message, { code: 4901, details: id ?? String(chainId).slice(0, 64) })
        return null
      }
      case 'wallet_revokePermissions':
        return null
      case 'personal_sign': {
        const [data] = params(args)
        if (typeof data !== 'string' || !isHex(data)) throw new ProviderRequestError('Invalid message', { code: PROVIDER_ERROR_CODES.InvalidParamsRpcError })
        const { credential } = signer()
        return (await loaded()).signMessage(codeDeps(), credential, network(), data)
      }
      case 'eth_signTypedData_v4': {
        const [, data] = params(args)
        const typedData = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition
        const { credential } = signer()
        return (await loaded()).signTypedData(codeDeps(), credential, network(), typedData)
      }
      case 'eth_sendTransaction': {
        const tx = params(args)[0] as { to?: Hex; value?: Hex; data?: Hex } | undefined
        if (!tx?.to) throw new ProviderRequestError('Invalid transaction', { code: PROVIDER_ERROR_CODES.InvalidParamsRpcError })
        const { credential } = signer()
        const sent = await (await loaded()).sendCalls(codeDeps(), credential, network(), [{ to: tx.to, ...(tx.value ? { value: BigInt(tx.value) } : {}), ...(tx.data ? { data: tx.data } : {}) }])
        // The bundle's transaction succeeds whether or not the operation's call did: a revert is the call's.
        if (!sent.success) throw new GangwayError(TRANSACTION_REVERTED, { category: 'API_ERROR', details: `user operation ${sent.userOperationHash}` })
        return sent.transactionHash
      }
      case 'wallet_getCapabilities':
        return Object.fromEntries(passkeyNetworks(deps.state()).map((id) => [chainIdHexOf(id), { atomic: { status: 'supported' } }]))
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
        const sent = await (await loaded()).sendCalls(codeDeps(), credential, caipNetworkId, calls)
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
      const site = deps.site()
      const rpName = site.name || rpId()
      return { ...(await (await loaded()).newPasskey(codeDeps(), { rpName, userName: `${rpName} account`, caipNetworkId })), caipNetworkId }
    },
    async use() {
      const caipNetworkId = network()
      const known = deps.state().passkeys.credentials.map((c) => ({ id: c.id, publicKey: c.publicKey as Hex }))
      const picked = await (await loaded()).pickedPasskey(codeDeps(), known, caipNetworkId)
      if (!picked) throw new GangwayError(ERRORS.passkeyNotOwner.message, { category: 'API_ERROR', details: 'its public key could not be recovered' })
      return { ...picked, caipNetworkId }
    },
    request: answer,
  }
}
