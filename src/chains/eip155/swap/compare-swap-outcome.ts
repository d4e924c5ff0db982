/**
 * Compares a simulated swap with what the visitor was shown (docs/behaviour.md §4 swap, the checks
 * before the wallet): the input token leaves by at most the amount, the output token arrives by at
 * least the minimum shown, nothing else leaves the account, and the account grants no approval but
 * the one shown. Pure.
 */
import { getAddress, type Address } from 'viem'
import { SWAP_REFUSALS, type SwapRefusal } from '../../../events/kernel/errors.js'
import type { SimulatedOutcome } from './simulate-asset-changes.js'
import { NATIVE_TOKEN } from './decode-swap-call.js'

/** What the review shows: tokens checksummed (NATIVE_TOKEN for the native one), amounts in base units. */
export interface ShownSwap {
  from: Address
  to: Address
  /** The most of `from` that may leave. */
  amount: bigint
  /** The least of `to` that must arrive. */
  minimum: bigint
  /** The approval shown, if one is sent first: of `from`, to the router. */
  approval?: { token: Address; spender: Address }
}

/**
 * The refusal a simulated outcome earns against what was shown, with what was found; undefined
 * when it matches.
 * @example
 * compareSwapOutcome({ failed: undefined, changes: [{ token: NATIVE_TOKEN, diff: -5n }, { token: tide, diff: 9n }], approvals: [] },
 *   { from: NATIVE_TOKEN, to: tide, amount: 5n, minimum: 9n }) // undefined
 */
export function compareSwapOutcome(outcome: SimulatedOutcome, shown: ShownSwap): { refusal: SwapRefusal; details: string } | undefined {
  if (outcome.failed !== undefined) return { refusal: SWAP_REFUSALS.simulationFailed, details: `Call ${outcome.failed} reverted` }
  const from = getAddress(shown.from)
  const to = getAddress(shown.to)
  // Native changes net of gas: what the simulation may have charged for it does not count as spent.
  const diffOf = (token: Address) => outcome.changes.filter((c) => c.token === token).reduce((sum, c) => sum + c.diff, token === NATIVE_TOKEN ? outcome.gas : 0n)
  if (-diffOf(from) > shown.amount) return { refusal: SWAP_REFUSALS.simulatedAmounts, details: `Spends ${-diffOf(from)} of ${from}, not at most ${shown.amount}` }
  if (diffOf(to) < shown.minimum) return { refusal: SWAP_REFUSALS.simulatedAmounts, details: `Gives ${diffOf(to)} of ${to}, not at least ${shown.minimum}` }
  const other = outcome.changes.find((c) => c.token !== from && c.token !== to && diffOf(c.token) < 0n)
  if (other) return { refusal: SWAP_REFUSALS.otherAsset, details: `${other.token} ${other.diff}` }
  const approval = outcome.approvals.find(
    (a) => a.kind !== 'approval' || !shown.approval || a.token !== getAddress(shown.approval.token) || a.spender !== getAddress(shown.approval.spender),
  )
  if (approval) return { refusal: SWAP_REFUSALS.otherApproval, details: `${approval.kind} of ${approval.token} to ${approval.spender}` }
  return undefined
}
