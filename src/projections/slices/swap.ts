/**
 * The swap form (docs/behaviour.md §4 swap): the tokens picked, the amount typed, and the
 * latest quote for them with its state. A quote answers one `from`, `to` and amount: one for an
 * earlier form is never shown (select/swap-form.ts `currentQuote`). The swap views show it;
 * swap-rules.ts and the worker's swap effects take it to the wallet. The swap's hash is kept from
 * its broadcast until the form is edited or another swap starts, so it always names this form's swap.
 */
import type { SwapToken } from '../../events/entities.js'
import type { SwapChecked, SwapQuoteFetched } from '../../events/types.js'
import { slice, type Slice } from '../reducer.js'
import { NO_SWAP_QUOTE, SWAP_NOT_CHECKED, SWAP_UNDER_WAY } from '../rules/refusals.js'
import { currentCheck, currentQuote, swapAmountBase } from '../select/swap-form.js'
import type { State } from '../state.js'

/** A quote as the state keeps it: CAIP-10 tokens, base units (decimal strings), with the prices, gas and fee the effect found (events/types.ts SwapQuoteFetched). */
export type SwapQuoteState = SwapQuoteFetched

export interface SwapState {
  /** The tokens the swap service lists for a network (the active one's when it was asked). */
  tokens?: { caipNetworkId: string; list: SwapToken[] }
  /** Why there are none ('Network not supported for Swaps'…). */
  tokensError?: string
  from?: SwapToken
  to?: SwapToken
  /** The side SwapSelectToken picks for (`swap/token-list-requested`). */
  selecting?: 'from' | 'to'
  /** Whole tokens of `from`, as typed. */
  amount?: string
  quote?: SwapQuoteState
  /** A quote is asked for the form as it is now. */
  quoting: boolean
  /** Why the last quote or swap failed ('Insufficient liquidity', 'Insufficient balance'…). */
  error?: string
  /** The swap under way: approving the `from` token, then swapping. */
  step?: 'approving' | 'swapping'
  /** The hash of the swap transaction sent and not settled yet (`swap/submitted`). */
  submittedHash?: string
  /**
   * The hash of the last swap: it landed, or (with `error`) it was sent and then failed. Gone once
   * the form is edited or another swap starts.
   */
  lastHash?: string
  /** The swap as checked before the wallet (docs/behaviour.md §4 swap): what SwapPreview shows and Swap sends; one for an earlier form is never used (select/swap-form.ts `currentCheck`). */
  checked?: SwapChecked
}

const initial: SwapState = { quoting: false }

/** The form changed: a quote is due when it is complete (the effect asks after the debounce); the last error and the last swap's hash are gone. */
const edited = (s: SwapState, patch: Partial<SwapState>): SwapState => {
  const { error: _e, checked: _c, lastHash: _h, ...rest } = s
  const next = { ...rest, ...patch }
  return { ...next, quoting: next.to !== undefined && swapAmountBase(next) !== undefined }
}

export const swap: Slice<SwapState, State> = slice<SwapState, State>(initial, {
  'engine/started': () => initial,
  'swap/token-selected': (s, e) => edited(s, e.payload.side === 'from' ? { from: e.payload.token } : { to: e.payload.token }),
  'swap/amount-changed': (s, e) => edited(s, { amount: e.payload.amount }),
  'swap/token-list-requested': (s, e) => ({ ...s, selecting: e.payload.side }),
  'swap/quote-fetched': (s, e) => {
    const { error: _e, ...rest } = s
    return { ...rest, quote: e.payload, quoting: false }
  },
  'swap/quote-failed': (s, e) => ({ ...s, quoting: false, error: e.payload.message }),
  'swap/tokens-fetched': (s, e) => {
    const { tokensError: _e, ...rest } = s
    return { ...rest, tokens: { caipNetworkId: e.payload.caipNetworkId, list: e.payload.tokens } }
  },
  'swap/tokens-failed': (s, e) => ({ ...s, tokensError: e.payload.message }),
  'swap/checked': (s, e) => {
    const { error: _e, ...rest } = s
    return { ...rest, checked: e.payload }
  },
  'swap/check-failed': (s, e) => {
    const { checked: _c, ...rest } = s
    return { ...rest, error: e.payload.message }
  },
  /** Another swap starts: the last one's error and hash are gone. */
  'swap/requested': (s) => {
    const { error: _e, lastHash: _h, submittedHash: _u, ...rest } = s
    return { ...rest, step: 'swapping' }
  },
  'swap/approval-submitted': (s) => ({ ...s, step: 'approving' }),
  'swap/submitted': (s, e) => ({ ...s, step: 'swapping', submittedHash: e.payload.hash }),
  /** docs/behaviour.md §4: a swap that landed resets the form. */
  'swap/succeeded': (s, e) => ({ ...initial, ...(s.tokens ? { tokens: s.tokens } : {}), lastHash: e.payload.hash }),
  /** A failed swap is checked again before another try: its approval may have landed. A swap sent before it failed keeps its hash as the last one. */
  'swap/failed': (s, e) => {
    const { checked: _c, submittedHash, ...rest } = s
    return { ...rest, step: undefined, error: e.payload.message, ...(submittedHash ? { lastHash: submittedHash } : {}) }
  },
  /** Another network: the form's tokens are not its tokens (not while a swap is under way: its receipt is still awaited). */
  'network/switched': (s) => (s.step ? s : { ...initial, ...(s.tokens ? { tokens: s.tokens } : {}) }),
}, {
  'swap/requested': (s) => {
    if (s.swap.step) return SWAP_UNDER_WAY
    const typed = swapAmountBase(s.swap)
    if (!currentQuote(s.swap, typed)) return NO_SWAP_QUOTE
    return currentCheck(s.swap, typed) ? undefined : SWAP_NOT_CHECKED
  },
})
