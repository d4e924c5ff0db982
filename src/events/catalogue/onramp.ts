/**
 * Buying (docs/behaviour.md §4 on-ramp): the form's options, currencies and amount, the quote, the
 * provider's popup and the purchase watched until it arrives.
 */
import type { OnrampOptions } from '../entities.js'
import { ONRAMP_DECIMAL } from '../onramp-rules.js'
import { bool, check, list, matching, nothing, object, oneOf, optional, text, whole, type Schema } from '../schema.js'
import { intent, outcome } from './define.js'
import { errorId, message, onrampCode, uint } from './fields.js'

/** A decimal amount in whole units (a limit may have been stored as a number by an older build). */
const decimal = check<string>((v) => ONRAMP_DECIMAL.test(String(v)))

/** Options as src/api/onramp.ts keeps them: bounded lists of codes, names and decimal limits. */
const options: Schema<OnrampOptions> = object({
  paymentCurrencies: list(object({ id: onrampCode, limits: list(object({ paymentMethod: optional(onrampCode), min: decimal, max: decimal }), 10, 1) }), 100, 1),
  purchaseCurrencies: list(
    object({
      id: onrampCode,
      name: text(),
      symbol: text(20),
      networks: list(object({ name: onrampCode, display_name: text(), chain_id: text(Infinity, 0), contract_address: text(64, 0) }), 50, 1),
    }),
    100,
    1,
  ),
})

export const onramp = {
  /** The service's options, else the sample ones (`sample`). */
  'onramp/options-fetched': outcome(object({ options, sample: bool })),
  /** The currency to buy: an options purchase currency id. I (P). */
  'onramp/purchase-currency-selected': intent(object({ id: onrampCode }, true)),
  /** The currency to pay with: an options payment currency id. I (P). */
  'onramp/payment-currency-selected': intent(object({ id: onrampCode }, true)),
  /** The amount to pay, in whole units of the payment currency, as typed (the limits are the form's rules). I (P). */
  'onramp/amount-changed': intent(object({ amount: text(40, 0) }, true)),
  /** A quote for the form (decimal strings in whole units); `mocked`: the service failed and this is docs/behaviour.md §8's mocked quote, an estimate. */
  'onramp/quote-fetched': outcome(
    object({ amount: matching(ONRAMP_DECIMAL), paymentCurrency: onrampCode, purchaseCurrency: onrampCode, purchaseAmount: matching(ONRAMP_DECIMAL), mocked: bool }),
  ),
  /** The visitor picked a provider: the page opened the popup in the click. I (P). */
  'onramp/provider-selected': intent(object({ provider: oneOf(['meld']) }, true)),
  /**
   * The provider's page the popup goes to, and what the purchase is watched by: the account
   * (CAIP-10), the token (its contract, absent for the native coin) and its balance before, in base units.
   */
  'onramp/provider-opened': outcome(
    object({ provider: oneOf(['meld']), url: text(2048), caipAddress: text(128), token: optional(text(64)), decimals: whole(36), symbol: text(20), baseline: uint }),
  ),
  /** The bought funds arrived: `received` base units more than before. */
  'onramp/succeeded': outcome(object({ received: uint })),
  /** Nothing arrived within ONRAMP_WATCH_MS (180 s): 'Buy failed'. */
  'onramp/failed': outcome(object({ message, errorId: optional(errorId) })),
  /** docs/behaviour.md §4 resetState: the form back to its defaults (Retry after 'Buy failed' starts here). I (P). */
  'onramp/reset-requested': intent(nothing),
}
