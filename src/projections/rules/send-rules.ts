/**
 * The docs/behaviour.md §5 send rules, as one pure function: the first problem with what the form holds, or
 * undefined when it can be sent. The form shows it; the engine refuses 'send/requested' with it.
 */
import { isAddress, parseUnits } from 'viem'
import { isBitcoinAddress, isEvmAddress, isSolanaAddress } from '../../events/address-rules.js'
import type { Namespace, SendToken } from '../../events/entities.js'
import { ERRORS, formatError } from '../../events/kernel/error-registry.js'

/** docs/behaviour.md §5 messages, and ours where the spec gives none. */
export const SEND_ERRORS = {
  amountAndReceiver: ERRORS.amountAndReceiver.message,
  token: ERRORS.tokenRequired.message,
  unsupportedChain: ERRORS.unsupportedChain.message,
  erc20Address: ERRORS.erc20Address.message,
  invalidReceiver: ERRORS.invalidReceiver.message,
  invalidAmount: ERRORS.invalidAmount.message,
  insufficient: ERRORS.insufficientBalance.message,
  decimals: (symbol: string, decimals: number) => formatError('decimals', { symbol, decimals }),
} as const

/** The namespaces Gangway sends on (docs/behaviour.md §5); another is 'Unsupported chain'. */
export const SEND_NAMESPACES: readonly Namespace[] = ['eip155', 'solana', 'bip122']

export interface SendForm {
  namespace: Namespace | undefined
  token?: SendToken | undefined
  amount?: string | undefined
  receiver?: string | undefined
}

/** An EVM receiver (docs/behaviour.md §5: optional 0x + 40 hex), with a valid EIP-55 checksum when it is mixed case. */
export function isValidEvmReceiver(value: string): boolean {
  return isEvmAddress(value) && isAddress(withHexPrefix(value), { strict: true })
}

/** The address with its 0x prefix. */
export function withHexPrefix(value: string): `0x${string}` {
  return (value.startsWith('0x') ? value : `0x${value}`) as `0x${string}`
}

/** The amount in the token's smallest unit, or undefined when it is not a positive decimal within the token's decimals. */
export function amountInSmallestUnit(amount: string, decimals: number): bigint | undefined {
  if (!/^\d+(\.\d+)?$/.test(amount.trim())) return undefined
  const [, fraction = ''] = amount.trim().split('.')
  if (fraction.length > decimals) return undefined
  const value = parseUnits(amount.trim(), decimals)
  return value > 0n ? value : undefined
}

/** The first problem with the form (docs/behaviour.md §5 order: amount and receiver, token, chain, then the details), or undefined. */
export function sendProblem(f: SendForm): string | undefined {
  if (!f.amount?.trim() || !f.receiver?.trim()) return SEND_ERRORS.amountAndReceiver
  if (!f.token) return SEND_ERRORS.token
  if (!f.namespace || !SEND_NAMESPACES.includes(f.namespace)) return SEND_ERRORS.unsupportedChain
  const native = f.token.address === undefined
  // Bitcoin has only its native currency.
  if (!native && (f.namespace === 'eip155' ? !isEvmAddress(f.token.address!) : f.namespace === 'bip122' || !isSolanaAddress(f.token.address!))) return SEND_ERRORS.erc20Address
  const receiver = f.receiver.trim()
  // bip122: the form here; the checksum and the network where the transfer is built (docs/behaviour.md §5 Bitcoin).
  const validReceiver = f.namespace === 'eip155' ? isValidEvmReceiver(receiver) : f.namespace === 'bip122' ? isBitcoinAddress(receiver) : isSolanaAddress(receiver)
  if (!validReceiver) return SEND_ERRORS.invalidReceiver
  if (!/^\d+(\.\d+)?$/.test(f.amount.trim())) return SEND_ERRORS.invalidAmount
  const fraction = f.amount.trim().split('.')[1] ?? ''
  if (fraction.length > f.token.decimals) return SEND_ERRORS.decimals(f.token.symbol, f.token.decimals)
  const value = amountInSmallestUnit(f.amount, f.token.decimals)
  if (value === undefined) return SEND_ERRORS.invalidAmount
  if (f.token.balance !== undefined && value > BigInt(f.token.balance)) return SEND_ERRORS.insufficient
  return undefined
}
