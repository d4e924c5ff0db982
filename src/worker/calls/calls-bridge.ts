/**
 * EIP-5792 through `modal.getWalletProvider()` (docs/behaviour.md §1): `wallet_getCapabilities`,
 * `wallet_sendCalls`, `wallet_getCallsStatus` and `wallet_showCallsStatus` go to the connected
 * wallet as they are. A wallet without them (it answers 4200 or -32601; the auth connector's secure
 * site has none) gets Gangway's sequential fallback instead, so a site can rely on one API:
 * - `wallet_getCapabilities`: `{ [chainId]: { atomic: { status: 'unsupported' } } }` for the asked
 *   chains (else the site's EVM networks);
 * - `wallet_sendCalls`: refused with 5760 when the site requires atomicity; else logged as batch
 *   `calls/requested` and sent by `effects/trade/calls-fallback.ts`, one call after another, each after
 *   the last one's receipt; it answers `{ id }` once the first call is sent, and throws the
 *   wallet's error (a UserRejectedError for a refusal) when the first is not;
 * - `wallet_getCallsStatus` of a fallback batch: its ERC-5792 status (projections/select/calls.ts) with
 *   every receipt so far, read from the chain; `atomic: false`;
 * - `wallet_showCallsStatus` of a fallback batch: opens the modal's Account view on Activity.
 */
import { DuplicateIdError, MethodNotFoundRpcError, ProviderDisconnectedError, toHex, UnknownBundleIdError, UnsupportedChainIdError, UnsupportedProviderMethodError, type Hex } from 'viem'
import { getTransactionReceipt } from 'viem/actions'
import { filter, firstValueFrom, type Observable } from 'rxjs'
import { callsReceipt, readSendCalls, type CallsReceipt } from '../../chains/eip155/send-calls.js'
import { providerRefusal } from '../../chains/eip155/provider-refusal.js'
import { parseCaipNetworkId } from '../../chains/caip.js'
import { chainIdHexOf } from '../../chains/eip155/accounts.js'
import { AUTH_CONNECTOR_ID, type CaipNetworkId, type Network } from '../../events/entities.js'
import { asGangwayError, errorCode, ProviderRequestError } from '../../events/kernel/errors.js'
import { event, type GangwayEvent, type NewEvent } from '../../events/types.js'
import type { CallsBatch } from '../../projections/slices/calls.js'
import { callsBatch, callsStatus } from '../../projections/select/calls.js'
import { sameConnector } from '../../projections/select/connections.js'
import type { State } from '../../projections/state.js'
import type { Bridge } from '../../contract.js'
import type { ChainAccess } from '../chain-access.js'
import { ERRORS } from '../../events/kernel/error-registry.js'

/** The codes that mean "this wallet has no such method". */
const UNSUPPORTED_CODES: readonly number[] = [UnsupportedProviderMethodError.code, MethodNotFoundRpcError.code]
/** Whether `error` says the wallet lacks the method it was asked. */
export const isUnsupportedMethod = (error: unknown): boolean => UNSUPPORTED_CODES.includes(errorCode(error) ?? 0)

/** What the fallback reads and writes. */
export interface CallsBridgeDeps {
  append(e: NewEvent): void
  events$: Observable<GangwayEvent>
  state(): State
  networks(): readonly Network[]
  chains(): ChainAccess
  /** A new batch id (0x-prefixed hex). */
  newId(): string
}

/** ERC-5792's answer to `wallet_getCallsStatus`. */
export interface CallsStatusAnswer {
  version: '2.0.0'
  id: string
  chainId: string
  status: 100 | 200 | 400 | 500 | 600
  atomic: false
  receipts: CallsReceipt[]
}

const BATCH_METHODS: ReadonlySet<string> = new Set(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus'])

/**
 * `inner` with the EIP-5792 fallback above for the site's calls.
 * @throws ProviderRequestError 5760 'The wallet does not support atomic execution but the request
 *   requires it.', 5700, 5740 and -32602 from `readSendCalls`; 5710 'This Wallet does not support
 *   the requested chain ID.' for a chain other than the connection's; 5720 'There is already a
 *   bundle submitted with this ID.'; 5730 'This bundle id is unknown / has not been submitted' for
 *   a status of an id neither the wallet nor the fallback knows; 4900 'Not connected' for a batch
 *   with no EVM account on that connector; the wallet's error for the first call; else whatever
 *   `inner` throws.
 */
export function callsBridge(inner: Bridge, deps: CallsBridgeDeps): Bridge {
  /** The wallet's own answer, or `fallback()` when it has no such method. */
  const orFallback = async (connectorId: string, args: Parameters<Bridge['request']>[1], options: Parameters<Bridge['request']>[2], fallback: () => Promise<unknown>) => {
    // The secure site has no batches: its approval UI takes one transaction at a time.
    if (sameConnector(connectorId, AUTH_CONNECTOR_ID)) return fallback()
    try {
      return await inner.request(connectorId, args, options)
    } catch (error) {
      if (!isUnsupportedMethod(error)) throw error
      return fallback()
    }
  }

  const ours = (params: unknown): CallsBatch | undefined => {
    const id = Array.isArray(params) ? params[0] : undefined
    return typeof id === 'string' ? callsBatch(deps.state(), id) : undefined
  }

  const capabilities = (params: unknown): Record<string, { atomic: { status: 'unsupported' } }> => {
    const asked = Array.isArray(params) && Array.isArray(params[1]) ? (params[1] as unknown[]).filter((c): c is string => typeof c === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(c)) : undefined
    const chains = asked ?? deps.networks().filter((n) => n.chainNamespace === 'eip155').map((n) => toHex(Number(n.id)))
    return Object.fromEntries(chains.slice(0, 100).map((c) => [toHex(BigInt(c)), { atomic: { status: 'unsupported' as const } }]))
  }

  const sendCalls = async (connectorId: string, params: unknown): Promise<{ id: string }> => {
    const request = readSendCalls(params)
    const s = deps.state()
    const account = s.accounts.eip155
    const caipNetworkId = account?.caipNetworkId
    if (!account?.address || !caipNetworkId || !sameConnector(s.connection.connectorIds.eip155 ?? '', connectorId)) throw new ProviderRequestError(ERRORS.notConnected.message, { code: ProviderDisconnectedError.code, details: `no EVM account on connector ${connectorId}` })
    const chain = Number(parseCaipNetworkId(caipNetworkId).reference)
    if (request.chainId !== chain) throw providerRefusal(UnsupportedChainIdError, `chain ${request.chainId}; the connection is on ${caipNetworkId}`)
    const id = request.id ?? deps.newId()
    if (callsBatch(s, id)) throw providerRefusal(DuplicateIdError, id.slice(0, 80))
    const first = firstValueFrom(
      deps.events$.pipe(filter((e): e is GangwayEvent<'calls/sent' | 'calls/failed'> => (e.type === 'calls/sent' || e.type === 'calls/failed') && e.payload.id === id && e.payload.index === 0)),
    )
    deps.append(event('calls/requested', { id, connectorId, caipNetworkId, from: request.from ?? account.address, calls: request.calls }))
    const outcome = await first
    if (outcome.type === 'calls/failed') {
      const { message, code } = outcome.payload
      throw asGangwayError({ message, code: code ?? -32603 }, { category: 'API_ERROR', details: `wallet_sendCalls on connector ${connectorId}: call 0 was not sent` })
    }
    return { id }
  }

  const callsStatusAnswer = async (b: CallsBatch): Promise<CallsStatusAnswer> => {
    const client = deps.chains().evmClient(b.caipNetworkId as CaipNetworkId)
    const found = await Promise.all(b.hashes.map((hash) => getTransactionReceipt(client, { hash: hash as Hex }).catch(() => undefined)))
    const receipts = found.filter((r) => r !== undefined)
    return { version: '2.0.0', id: b.id, chainId: chainIdHexOf(b.caipNetworkId), status: callsStatus(b), atomic: false, receipts: receipts.map(callsReceipt) }
  }

  const unknownBundle = (params: unknown) => providerRefusal(UnknownBundleIdError, String(Array.isArray(params) ? params[0] : '').slice(0, 80))

  return {
    async request(connectorId, args, options) {
      if (!BATCH_METHODS.has(args.method)) return inner.request(connectorId, args, options)
      const { method, params } = args
      if (method === 'wallet_getCapabilities') return orFallback(connectorId, args, options, async () => capabilities(params))
      if (method === 'wallet_sendCalls') return orFallback(connectorId, args, options, () => sendCalls(connectorId, params))
      const batch = ours(params)
      if (method === 'wallet_getCallsStatus') return batch ? callsStatusAnswer(batch) : orFallback(connectorId, args, options, () => Promise.reject(unknownBundle(params)))
      // wallet_showCallsStatus
      if (!batch) return orFallback(connectorId, args, options, () => Promise.reject(unknownBundle(params)))
      deps.append(event('modal/open-requested', { view: 'Account', isMobile: false }))
      deps.append(event('account/tab-selected', { tab: 'Activity' }))
      return null
    },
    watch: (connectorIds) => inner.watch(connectorIds),
  }
}
