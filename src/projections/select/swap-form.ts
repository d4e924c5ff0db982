/**
 * The swap form as it is now (docs/behaviour.md §4 swap): its amount in base units, and the quote
 * and the check that answer it (one for an earlier form is never used). Pure.
 */
import type { SwapChecked } from '../../events/types.js'
import type { SwapQuoteState, SwapState } from '../slices/swap.js'

/**
 * The amount to swap in base units of `from` (a decimal string), or undefined when the form has no
 * token or its amount is not a positive number with at most the token's decimals.
 */
export function swapAmountBase(s: Pick<SwapState, 'from' | 'amount'>): string | undefined {
  if (!s.from || !s.amount || !/^\d{1,60}(\.\d{1,60})?$/.test(s.amount.trim())) return undefined
  const [whole, fraction = ''] = s.amount.trim().split('.')
  if (fraction.length > s.from.decimals) return undefined
  const base = BigInt(whole! + fraction.padEnd(s.from.decimals, '0'))
  return base > 0n ? base.toString() : undefined
}

/** The quote for the form as it is now (its tokens and its amount in base units), if the state holds one. */
export function currentQuote(s: SwapState, fromAmount: string | undefined): SwapQuoteState | undefined {
  const q = s.quote
  return q && s.from && s.to && q.from === s.from.address && q.to === s.to.address && q.fromAmount === fromAmount ? q : undefined
}

/** The check for the form as it is now (its tokens and its amount in base units), if the state holds one. */
export function currentCheck(s: SwapState, typedAmount: string | undefined): SwapChecked | undefined {
  const c = s.checked
  return c && s.from && s.to && c.from === s.from.address && c.to === s.to.address && c.typedAmount === typedAmount ? c : undefined
}
