/**
 * Swap rules (docs/behaviour.md §9 swaps), pure: the networks swaps are offered on, the
 * minimum received at the slippage tolerance, and the native source that must leave room for gas.
 * Amounts are bigints of base units (wei for the native currency), never floats.
 */
import type { CaipNetworkId } from '../../events/entities.js'

/** docs/behaviour.md §9: the eip155 networks swaps are offered on by default (a site may name others, such as the localnet's). */
export const DEFAULT_SWAP_NETWORKS: readonly CaipNetworkId[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554].map((id) => `eip155:${id}` as CaipNetworkId)

/** docs/behaviour.md §9: the swap slippage tolerance, in percent. */
export const SWAP_SLIPPAGE_PERCENT = 1

/** Whether swaps are offered on `caipNetworkId`: one of `networks` (the site's list, else DEFAULT_SWAP_NETWORKS). */
export function isSwapNetwork(caipNetworkId: string | undefined, networks: readonly string[] = DEFAULT_SWAP_NETWORKS): boolean {
  return caipNetworkId !== undefined && networks.includes(caipNetworkId)
}

/** The least a swap of quoted output `toAmount` (base units) may yield at `slippagePercent` (whole percent, 0–100): rounded down. */
export function minimumReceived(toAmount: bigint, slippagePercent = SWAP_SLIPPAGE_PERCENT): bigint {
  return (toAmount * BigInt(100 - slippagePercent)) / 100n
}

/**
 * docs/behaviour.md §4: a native source whose amount plus the swap's gas (wei) exceeds the balance
 * (wei) is rebuilt with the balance minus the gas; undefined when not even the gas fits (nothing can
 * be swapped). Any other amount stays as it is.
 */
export function nativeAmountAfterGas({ amount, balance, gas }: { amount: bigint; balance: bigint; gas: bigint }): bigint | undefined {
  if (amount + gas <= balance) return amount
  const room = balance - gas
  return room > 0n ? room : undefined
}
