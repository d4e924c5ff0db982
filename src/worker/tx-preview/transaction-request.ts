/**
 * The transaction an `eth_sendTransaction` asks for, as the transaction preview keeps it
 * (docs/behaviour.md §2 ApproveTransaction): read from the site's (or Gangway's own) params before
 * the secure site is asked, bounded like an EIP-5792 batch's call (events/kernel/limits.ts CALL_DATA_MAX).
 * Params the secure site would have to refuse, or calldata too long to log, are not previewed. Pure.
 */
import { getAddress, isAddress } from 'viem'
import type { BatchCall } from '../../events/entities.js'
import { CALL_DATA_MAX } from '../../events/kernel/limits.js'

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const EVEN_HEX = /^0x([0-9a-fA-F]{2})*$/

/**
 * `params` of an `eth_sendTransaction` (`[{ from?, to?, data? | input?, value? }]`) as one call.
 * @returns the sender where the params name one (checksummed) and the call (`valueWei` a decimal
 *   string); undefined for params that are not one transaction object, a `from` or `to` that is no
 *   address, a value that is no hex quantity, or data that is not even-length hex of at most
 *   CALL_DATA_MAX characters.
 * @example
 * transactionRequest([{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }])
 * // { call: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', valueWei: '1' } }
 */
export function transactionRequest(params: unknown): { from?: string; call: BatchCall } | undefined {
  const tx = Array.isArray(params) ? (params[0] as Record<string, unknown> | undefined) : undefined
  if (!tx || typeof tx !== 'object' || Array.isArray(tx)) return undefined
  const { from, to, value } = tx
  const data = tx.data ?? tx.input
  if (from !== undefined && !(typeof from === 'string' && isAddress(from, { strict: false }))) return undefined
  if (to !== undefined && to !== null && !(typeof to === 'string' && isAddress(to, { strict: false }))) return undefined
  if (value !== undefined && !(typeof value === 'string' && HEX_QUANTITY.test(value))) return undefined
  if (data !== undefined && !(typeof data === 'string' && data.length <= CALL_DATA_MAX && EVEN_HEX.test(data))) return undefined
  const call: BatchCall = { ...(typeof to === 'string' ? { to: getAddress(to) } : {}), ...(data && data !== '0x' ? { data: (data as string).toLowerCase() } : {}), valueWei: value === undefined ? '0' : BigInt(value as string).toString() }
  return { ...(typeof from === 'string' ? { from: getAddress(from) } : {}), call }
}
