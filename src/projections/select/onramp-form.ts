/**
 * The on-ramp form as it is now (docs/behaviour.md §4 on-ramp): where a currency is delivered, the
 * amount's problem, and the quote that answers the form (one for an older form is never shown). Pure.
 */
import type { OnrampNetwork, OnrampPurchaseCurrency } from '../../events/entities.js'
import { onrampAmountProblem } from '../../events/onramp-rules.js'
import type { OnrampQuoteState, OnrampState } from '../slices/onramp.js'

/** `currency`'s network on the chain of `caipNetworkId` (whose CAIP-2 reference is the network's `chain_id`), if it is delivered there. */
export function networkOn(currency: OnrampPurchaseCurrency, caipNetworkId: string | undefined): OnrampNetwork | undefined {
  const reference = caipNetworkId?.split(':')[1]
  return reference === undefined ? undefined : currency.networks.find((n) => n.chain_id === reference)
}

/** The card's limits (the method the provider page takes), or undefined when the form has no options yet. */
export function onrampProblem(s: Pick<OnrampState, 'options' | 'amount' | 'paymentCurrency'>): string | undefined {
  return s.options ? onrampAmountProblem(s.amount, s.paymentCurrency, 'card', s.options) : undefined
}

/** Whether quote `q` answers the form as it is in `s`: its amount and both currencies. */
export function quotesForm(q: OnrampQuoteState, s: OnrampState): boolean {
  return q.amount === s.amount && q.paymentCurrency === s.paymentCurrency && q.purchaseCurrency === s.purchaseCurrency
}

/** The quote for the form as it is now, if the state holds one. */
export function currentOnrampQuote(s: OnrampState): OnrampQuoteState | undefined {
  return s.quote && quotesForm(s.quote, s) ? s.quote : undefined
}
