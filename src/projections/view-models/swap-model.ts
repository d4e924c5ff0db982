/**
 * The swap views' data (docs/behaviour.md §4 swap, §9 slippage): the tokens the swap
 * service lists with the account's balances, the form, the quote and what the form shows beside it.
 * Base-unit amounts go through viem's `formatUnits`; only the USD figures (prices are floats as the
 * price service gives them) are numbers. A view model. Pure.
 */
import { formatUnits } from 'viem'
import type { SwapToken } from '../../events/entities.js'
import { defined } from '../../events/defined.js'
import { floorUnits, floorUsd } from '../format.js'
import { withTokenImage } from '../images.js'
import { activeNetwork } from '../select/active-network.js'
import { sendTokens } from '../select/send-tokens.js'
import { currentCheck, currentQuote, swapAmountBase } from '../select/swap-form.js'
import { SEND_ERRORS } from '../rules/send-rules.js'
import { minimumReceived, SWAP_SLIPPAGE_PERCENT } from '../rules/swap-rules.js'
import type { State } from '../state.js'
import { tradeResult, type TradeResult } from './send-model.js'

/** The swap service's name for the native currency (CAIP-10 address part). */
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
/** The native currency's decimals on an eip155 network (gas is paid in wei). */
const NATIVE_DECIMALS = 18

/** A token of the list: `iconUrl` its logo (else the image service's by symbol); `balance` in base units and `balanceDisplay` (whole tokens, floored to 3 decimals) when the account holds it. */
export interface SwapTokenRow extends SwapToken {
  iconUrl?: string
  balance?: string
  balanceDisplay?: string
}

/**
 * What the form shows beside a quote (docs/behaviour.md §4 swap display), as decimal strings: token
 * amounts in whole tokens, USD floored to 2 decimals (a cost above 0 shows at least 0.01).
 */
export interface SwapDetails {
  /** Whole `to` tokens one whole `from` token gets: from the USD prices, else from the quote (6 significant digits). */
  rate: string
  /** How much less the output is worth than the input, in percent (0 when it is worth more); undefined without both prices. */
  priceImpact?: string
  /** The least the swap yields at the slippage tolerance, in whole `to` tokens. */
  minimumReceived: string
  slippagePercent: number
  /** What the provider keeps, in whole `from` tokens, and in USD when priced. */
  providerFee?: string
  providerFeeUsd?: string
  /** The swap's gas at the quoted gas price, in USD (needs the gas limit, the gas price and the native price). */
  networkCostUsd?: string
}

/** One asset the checked swap moves for the account, as simulated: `amount` signed whole tokens (a decimal string), `address` the token's contract (none for the native currency). */
export interface SwapAssetChange {
  symbol: string
  amount: string
  address?: string
}

/**
 * What SwapPreview shows of the checked swap (docs/behaviour.md §4 swap): the two tokens' contracts
 * as the chain names them, the least the signed swap gives (`minimumReceived`, whole `to` tokens,
 * read from its calldata), how many transactions the wallet will ask for, and the account's asset
 * changes from the simulation (`simulated` false: the node could not simulate, 'Not simulated').
 */
export interface SwapReview {
  tokens: { symbol: string; address: string }[]
  minimumReceived: string
  transactions: number
  simulated: boolean
  changes: SwapAssetChange[]
}

/** The swap views' data. */
export interface SwapModel {
  tokens: SwapTokenRow[]
  /** Why there are no tokens ('Network not supported for Swaps'…). */
  tokensError?: string
  selecting?: 'from' | 'to'
  from?: SwapTokenRow
  to?: SwapTokenRow
  /** Whole `from` tokens, as typed. */
  amount: string
  /** The quote's output in whole `to` tokens (6 significant digits), for the form as it is now. */
  toAmount?: string
  /** The USD values of the input and the output, when priced, floored to 2 decimals. */
  fromUsd?: string
  toUsd?: string
  details?: SwapDetails
  quoting: boolean
  /** The form's problem before a swap: 'Insufficient balance' (an amount over the balance held). */
  problem?: string
  /** Why the last quote or swap failed. */
  error?: string
  step?: 'approving' | 'swapping'
  /** A quote for the form as it is now, no problem, nothing under way. */
  canSwap: boolean
  /** What the checks before the wallet found for the form as it is now (SwapPreview), when they passed. */
  review?: SwapReview
  /** The form is quoted and its checks are under way (no review yet, no error). */
  checking: boolean
  /** canSwap, and the review is there: Swap sends what it shows. */
  canConfirm: boolean
  networkName?: string
  /**
   * The swap transaction once sent (send-model.ts `tradeResult`; an approval before it is not it):
   * 'submitted' until it lands, then 'succeeded' (the form is reset by then, docs/behaviour.md §4
   * swap); with `error`, sent and then failed. Absent before, and again once the form is edited or
   * another swap starts.
   */
  result?: TradeResult
}

/** A positive number as a short decimal string: 6 significant digits (4 decimals from 1 up), no exponent. */
export function shortDecimal(n: number): string {
  if (!(n > 0) || !Number.isFinite(n)) return '0'
  const fixed = n >= 1 ? n.toFixed(4) : n.toFixed(Math.min(20, 5 - Math.floor(Math.log10(n))))
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed
}

/** USD floored to cents; a positive amount below a cent shows as 0.01. */
const usd = (n: number | undefined) => (n === undefined ? undefined : n > 0 && n < 0.01 ? '0.01' : floorUsd(n))

const plainAddress = (caip10: string) => caip10.split(':')[2]?.toLowerCase() ?? ''

/** The swap model. */
export function swapModel(s: State): SwapModel {
  const held = sendTokens(s)
  const balanceOf = (t: SwapToken) => {
    const address = plainAddress(t.address)
    return held.find((h) => (address === NATIVE ? h.address === undefined : h.address?.toLowerCase() === address) && h.caipNetworkId === t.address.split(':').slice(0, 2).join(':'))?.balance
  }
  const row = (t: SwapToken): SwapTokenRow => {
    const balance = balanceOf(t)
    return withTokenImage(defined({ ...t, iconUrl: t.logoUri, balance, balanceDisplay: balance === undefined ? undefined : floorUnits(balance, t.decimals, 3) }))
  }
  const network = activeNetwork(s)
  const list = s.swap.tokens && s.swap.tokens.caipNetworkId === network?.caipNetworkId ? s.swap.tokens.list : []
  const from = s.swap.from ? row(s.swap.from) : undefined
  const to = s.swap.to ? row(s.swap.to) : undefined
  const base = swapAmountBase(s.swap)
  const quote = currentQuote(s.swap, base)
  const problem = from && base !== undefined && from.balance !== undefined && BigInt(base) > BigInt(from.balance) ? SEND_ERRORS.insufficient : undefined
  const whole = (units: string | bigint, decimals: number) => Number(formatUnits(BigInt(units), decimals))
  let details: SwapDetails | undefined
  let fromUsd: number | undefined
  let toUsd: number | undefined
  let toAmount: string | undefined
  if (quote && from && to) {
    const fromWhole = whole(quote.fromAmount, from.decimals)
    const toWhole = whole(quote.toAmount, to.decimals)
    fromUsd = quote.fromPrice === undefined ? undefined : fromWhole * quote.fromPrice
    toUsd = quote.toPrice === undefined ? undefined : toWhole * quote.toPrice
    const rate = quote.fromPrice !== undefined && quote.toPrice ? quote.fromPrice / quote.toPrice : fromWhole > 0 ? toWhole / fromWhole : 0
    const fee = quote.fee === undefined ? undefined : formatUnits(BigInt(quote.fee), from.decimals)
    const networkCostUsd = quote.gas !== undefined && quote.gasPrice !== undefined && quote.nativePrice !== undefined ? whole(BigInt(quote.gas) * BigInt(quote.gasPrice), NATIVE_DECIMALS) * quote.nativePrice : undefined
    toAmount = shortDecimal(toWhole)
    details = defined({
      rate: shortDecimal(rate),
      priceImpact: fromUsd !== undefined && toUsd !== undefined && fromUsd > 0 ? shortDecimal(Math.max(0, ((fromUsd - toUsd) / fromUsd) * 100)) : undefined,
      minimumReceived: formatUnits(minimumReceived(BigInt(quote.toAmount)), to.decimals),
      slippagePercent: SWAP_SLIPPAGE_PERCENT,
      providerFee: fee,
      providerFeeUsd: usd(fee !== undefined && quote.fromPrice !== undefined ? Number(fee) * quote.fromPrice : undefined),
      networkCostUsd: usd(networkCostUsd),
    })
  }
  const checked = currentCheck(s.swap, base)
  const review: SwapReview | undefined =
    checked && to
      ? {
          tokens: checked.tokens.map((t) => ({ symbol: t.symbol, address: t.address.split(':')[2] ?? '' })),
          minimumReceived: formatUnits(BigInt(checked.minimum), to.decimals),
          transactions: checked.transactions.length,
          simulated: checked.simulated,
          changes: (checked.changes ?? []).map((c) => {
            const address = c.token.split(':')[2] ?? ''
            return defined({ symbol: c.symbol ?? address, amount: c.decimals === undefined ? c.diff : formatUnits(BigInt(c.diff), c.decimals), address: address.toLowerCase() === NATIVE ? undefined : address })
          }),
        }
      : undefined
  const canSwap = quote !== undefined && problem === undefined && s.swap.step === undefined
  return defined({
    tokens: list.map(row),
    tokensError: s.swap.tokensError,
    selecting: s.swap.selecting,
    from,
    to,
    amount: s.swap.amount ?? '',
    toAmount,
    fromUsd: usd(fromUsd),
    toUsd: usd(toUsd),
    details,
    quoting: s.swap.quoting,
    problem,
    error: s.swap.error,
    step: s.swap.step,
    canSwap,
    review,
    checking: canSwap && review === undefined && s.swap.error === undefined,
    canConfirm: canSwap && review !== undefined,
    networkName: network?.name,
    result: tradeResult(s.swap),
  })
}
