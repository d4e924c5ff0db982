/**
 * The buying form's service calls (docs/behaviour.md §4 on-ramp, §8 fallbacks, §9
 * limits): when OnRampProviders first shows, the on-ramp options (`onramp/options-fetched`; the
 * built-in sample options when the service fails, `sample`); and a quote for the form
 * ONRAMP_QUOTE_DEBOUNCE_MS (500 ms, §9 debounce default) after it last changed, only for an amount
 * within the card's limits (checked here first: nothing is asked for an amount out of them), with
 * §8's mocked quote when the service fails (`mocked`).
 */
import { debounceTime, exhaustMap, filter, from, mergeMap, switchMap, type Observable } from 'rxjs'
import { onrampClient } from '../../../api/onramp.js'
import { event, type NewEvent } from '../../../events/types.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { networkOn, onrampProblem } from '../../../projections/select/onramp-form.js'
import type { State } from '../../../projections/state.js'
import { ofType, type Effect, type EffectContext } from '../context.js'

/** docs/behaviour.md §9 debounce default: a quote is asked this long after the last edit, in ms. */
export const ONRAMP_QUOTE_DEBOUNCE_MS = 500

const ONRAMP_FORM_VIEWS = ['OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect']
const formShows = (s: State) => s.modal.open && ONRAMP_FORM_VIEWS.includes(s.modal.view)

/** The options, once per engine (a failure falls back to the sample options, which are kept). */
async function options(ctx: EffectContext): Promise<NewEvent[]> {
  if (ctx.state().onramp.options) return []
  const { options, sample } = await onrampClient(ctx.api).getOptionsOrSample()
  return [event('onramp/options-fetched', { options, sample })]
}

/** The purchase currency's network on the active chain (its name and contract), if it is delivered there. */
export function onrampNetwork(s: State): { name: string; contract: string } | undefined {
  const currency = s.onramp.options?.purchaseCurrencies.find((c) => c.id === s.onramp.purchaseCurrency)
  const account = activeAccount(s)
  if (!currency || !account) return undefined
  const network = networkOn(currency, account.caipNetworkId)
  return network ? { name: network.name, contract: network.contract_address } : undefined
}

/** A quote for the form as it is now; none while its amount is out of the limits. */
async function quote(ctx: EffectContext): Promise<NewEvent[]> {
  const s = ctx.state()
  const { purchaseCurrency, paymentCurrency, amount } = s.onramp
  if (!purchaseCurrency || amount === '' || onrampProblem(s.onramp) !== undefined) return []
  const network = onrampNetwork(s)?.name ?? s.onramp.options?.purchaseCurrencies.find((c) => c.id === purchaseCurrency)?.networks[0]?.name ?? ''
  const { quote, mocked } = await onrampClient(ctx.api).getQuoteOrMock({ purchaseCurrency, paymentCurrency, amount: amount.trim(), network })
  return [event('onramp/quote-fetched', { amount, paymentCurrency, purchaseCurrency, purchaseAmount: quote.purchaseAmount.amount, mocked })]
}

export const onrampOptionsEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('modal/open-requested', 'modal/navigate-requested'),
    filter((e) => e.tab === ctx.state().tab && formShows(ctx.state())),
    exhaustMap(() => from(options(ctx)).pipe(mergeMap((events) => events))),
  ) as Observable<NewEvent>

export const onrampQuoteEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('onramp/amount-changed', 'onramp/purchase-currency-selected', 'onramp/payment-currency-selected', 'onramp/options-fetched'),
    filter((e) => e.tab === ctx.state().tab && ctx.state().onramp.quotesLoading),
    debounceTime(ONRAMP_QUOTE_DEBOUNCE_MS, ctx.scheduler),
    switchMap(() => from(quote(ctx)).pipe(switchMap((events) => events))),
  ) as Observable<NewEvent>
