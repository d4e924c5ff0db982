/**
 * The swap form's quote (docs/behaviour.md §4 swap, §9): once the visitor stops changing
 * the tokens or the amount for SWAP_QUOTE_DEBOUNCE_MS (200 ms), and again every
 * SWAP_QUOTE_REFRESH_MS (10 s) while the Swap form shows (the modal's Swap view, or the site's own
 * form: `shows(s, 'swap')`, select/showing.ts), the swap service is asked what the amount
 * (in base units) of `from` yields of `to`, at the network's standard gas price: `swap/quote-fetched`
 * or `swap/quote-failed` ('Insufficient liquidity' when the service says so). A form without both
 * tokens and a positive amount is not quoted; a newer edit drops the quote asked before it.
 */
import { debounceTime, filter, from, switchMap, takeWhile, timer, type Observable } from 'rxjs'
import { convertClient, isSwapNativeToken } from '../../../api/convert.js'
import { defined } from '../../../events/defined.js'
import { ERROR_FETCHING_SWAP_QUOTE, loggedMessage } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { shows } from '../../../projections/select/showing.js'
import { swapAmountBase } from '../../../projections/select/swap-form.js'
import type { State } from '../../../projections/state.js'
import { ofType, type Effect, type EffectContext } from '../context.js'
import { turningOn } from '../showing.js'
import { tokenPrices } from './token-prices.js'

/** docs/behaviour.md §4: a quote is asked this long after the last edit, in ms. */
export const SWAP_QUOTE_DEBOUNCE_MS = 200
/** docs/behaviour.md §4: the quote is asked again this often while the Swap form shows, in ms. */
export const SWAP_QUOTE_REFRESH_MS = 10_000

const swapShows = (s: State) => shows(s, 'swap')

/** One quote for the form as it is now, as an event; none for an incomplete form. */
async function quote(ctx: EffectContext): Promise<NewEvent[]> {
  const s = ctx.state()
  const { from: fromToken, to: toToken } = s.swap
  const fromAmount = swapAmountBase(s.swap)
  const account = activeAccount(s)
  if (!fromToken || !toToken || fromAmount === undefined || account?.namespace !== 'eip155') return []
  const request = { from: fromToken.address, to: toToken.address, fromAmount }
  try {
    const client = convertClient(ctx.api)
    // The order of docs/behaviour.md §4: the prices (the native currency's first), the gas price, the quote.
    const native = s.swap.tokens?.list.find((t) => isSwapNativeToken(t.address))
    const prices = await tokenPrices(ctx, [...(native ? [native] : []), fromToken, toToken])
    const gas = await client.getGasPrice(account.caipNetworkId)
    const answer = await client.getQuote({ amount: fromAmount, from: fromToken.address, to: toToken.address, userAddress: account.caipAddress, gasPrice: gas.standard })
    const priced = { fromPrice: prices[fromToken.address], toPrice: prices[toToken.address], nativePrice: native ? prices[native.address] : undefined }
    return [event('swap/quote-fetched', defined({ ...request, toAmount: answer.toAmount, ...priced, gasPrice: gas.standard, gas: answer.gas, fee: answer.fee }))]
  } catch (error) {
    return [event('swap/quote-failed', { ...request, message: loggedMessage(error, ERROR_FETCHING_SWAP_QUOTE) })]
  }
}

/** docs/behaviour.md §4: the quote cycle, (re)started by an edit, a navigation or the site's swap form turning on, while the Swap form shows. */
export const swapQuoteEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('swap/token-selected', 'swap/amount-changed', 'modal/navigate-requested', 'modal/open-requested', 'headless/showing-changed'),
    filter((e) => e.tab === ctx.state().tab),
    turningOn('swap'),
    filter(() => swapShows(ctx.state())),
    debounceTime(SWAP_QUOTE_DEBOUNCE_MS, ctx.scheduler),
    // Each edit starts the cycle again: now, then every 10 s while the form shows.
    switchMap(() =>
      timer(0, SWAP_QUOTE_REFRESH_MS, ctx.scheduler).pipe(
        takeWhile(() => swapShows(ctx.state())),
        switchMap(() => from(quote(ctx)).pipe(switchMap((events) => events))),
      ),
    ),
  ) as Observable<NewEvent>
