/**
 * ERC-5792 (`wallet_sendCalls` version 2.0.0, and 1.0) as Gangway's sequential fallback reads and
 * answers it (docs/behaviour.md §1): the site's request checked into plain calls, and a transaction receipt
 * in the shape `wallet_getCallsStatus` reports. The refusals carry the codes of viem's EIP-5792
 * error classes and their short messages.
 */
import {
  AtomicityNotSupportedError,
  BundleTooLargeError,
  InvalidParamsRpcError,
  isAddress,
  isHex,
  UnsupportedNonOptionalCapabilityError,
  type TransactionReceipt,
} from 'viem'
import type { BatchCall } from '../../events/entities.js'
import { ProviderRequestError } from '../../events/kernel/errors.js'
import { providerRefusal } from './provider-refusal.js'
import { CALL_DATA_MAX, CALLS_BATCH_MAX } from '../../events/kernel/limits.js'

/** A `wallet_sendCalls` request as the fallback sends it. */
export interface SendCallsRequest {
  /** The batch id the site chose (0x-prefixed hex), if it chose one. */
  id?: string
  /** The sending account, if the site named one. */
  from?: string
  /** The chain, as a number. */
  chainId: number
  calls: BatchCall[]
}

/** A receipt as ERC-5792's `wallet_getCallsStatus` reports it (hex quantities). */
export interface CallsReceipt {
  logs: { address: string; data: string; topics: string[] }[]
  status: '0x1' | '0x0'
  blockHash: string
  blockNumber: string
  gasUsed: string
  transactionHash: string
}

const invalid = (details: string) => new ProviderRequestError('Invalid wallet_sendCalls request', { code: InvalidParamsRpcError.code, details })
const hexQuantity = (v: unknown): v is string => typeof v === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(v)

/**
 * The capabilities that are not marked `optional: true`: a fallback supports none, so any of them
 * refuses the batch.
 */
function required(capabilities: unknown): string[] {
  if (capabilities === undefined || capabilities === null) return []
  if (typeof capabilities !== 'object' || Array.isArray(capabilities)) throw invalid('capabilities must be an object')
  return Object.entries(capabilities).filter(([, c]) => (c as { optional?: unknown } | null)?.optional !== true).map(([name]) => name.slice(0, 64))
}

/**
 * The site's `wallet_sendCalls` params (`[{ version, id?, from?, chainId, atomicRequired, calls,
 * capabilities? }]`) checked for the fallback, or, with `atomic` true, for a wallet that runs the
 * calls atomically (the passkey's account: one user operation), which takes `atomicRequired`.
 * @throws ProviderRequestError -32602 'Invalid wallet_sendCalls request' (details: what is wrong)
 *   for a malformed request; 5740 'The call bundle is too large for the Wallet to process.' over
 *   CALLS_BATCH_MAX calls; 5760 'The wallet does not support atomic execution but the request
 *   requires it.' when `atomicRequired` is true and `atomic` is not; 5700 'This Wallet does not support a capability
 *   that was not marked as optional.' for a capability (of the batch or a call) not marked optional.
 */
export function readSendCalls(params: unknown, { atomic = false }: { atomic?: boolean } = {}): SendCallsRequest {
  const p = (Array.isArray(params) ? params[0] : undefined) as Record<string, unknown> | undefined
  if (!p || typeof p !== 'object') throw invalid('params must be [request]')
  if (p.version !== '2.0.0' && p.version !== '1.0') throw invalid(`unknown version ${String(p.version).slice(0, 16)}`)
  if (p.id !== undefined && !(typeof p.id === 'string' && p.id.length <= 4096 && /^0x[0-9a-fA-F]+$/.test(p.id))) throw invalid('id must be 0x-prefixed hex')
  if (p.from !== undefined && !(typeof p.from === 'string' && isAddress(p.from, { strict: false }))) throw invalid('from must be an address')
  if (!hexQuantity(p.chainId)) throw invalid('chainId must be a hex number')
  if (p.atomicRequired !== undefined && typeof p.atomicRequired !== 'boolean') throw invalid('atomicRequired must be a boolean')
  if (!Array.isArray(p.calls) || p.calls.length === 0) throw invalid('calls must be a non-empty list')
  if (p.calls.length > CALLS_BATCH_MAX) throw providerRefusal(BundleTooLargeError, `${p.calls.length} calls; at most ${CALLS_BATCH_MAX}`)
  const calls = p.calls.map((c: unknown, i): BatchCall => {
    const call = c as Record<string, unknown> | null
    if (!call || typeof call !== 'object') throw invalid(`call ${i} must be an object`)
    if (call.to !== undefined && !(typeof call.to === 'string' && isAddress(call.to, { strict: false }))) throw invalid(`call ${i}: to must be an address`)
    if (call.data !== undefined && !(typeof call.data === 'string' && call.data.length <= CALL_DATA_MAX && isHex(call.data) && call.data.length % 2 === 0)) throw invalid(`call ${i}: data must be even-length hex of at most ${CALL_DATA_MAX} characters`)
    if (call.value !== undefined && !hexQuantity(call.value)) throw invalid(`call ${i}: value must be a hex number`)
    if (call.to === undefined && call.data === undefined) throw invalid(`call ${i} has neither to nor data`)
    const unsupported = required(call.capabilities)
    if (unsupported.length) throw providerRefusal(UnsupportedNonOptionalCapabilityError, `call ${i}: ${unsupported.join(', ')}`)
    return { ...(call.to !== undefined ? { to: call.to as string } : {}), ...(call.data !== undefined ? { data: call.data as string } : {}), valueWei: BigInt((call.value as string | undefined) ?? '0x0').toString() }
  })
  const unsupported = required(p.capabilities)
  if (unsupported.length) throw providerRefusal(UnsupportedNonOptionalCapabilityError, unsupported.join(', '))
  if (p.atomicRequired === true && !atomic) throw providerRefusal(AtomicityNotSupportedError, 'the wallet has no wallet_sendCalls; Gangway sends the calls one by one')
  return {
    ...(p.id !== undefined ? { id: p.id as string } : {}),
    ...(p.from !== undefined ? { from: p.from as string } : {}),
    chainId: Number(BigInt(p.chainId)),
    calls,
  }
}

/** viem's receipt as ERC-5792 reports one. */
export function callsReceipt(r: TransactionReceipt): CallsReceipt {
  const hex = (n: bigint) => `0x${n.toString(16)}`
  return {
    logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: [...l.topics] })),
    status: r.status === 'success' ? '0x1' : '0x0',
    blockHash: r.blockHash,
    blockNumber: hex(r.blockNumber),
    gasUsed: hex(r.gasUsed),
    transactionHash: r.transactionHash,
  }
}
