/**
 * Buying with the fiat on-ramp (docs/behaviour.md §3 on-ramp state, §4 on-ramp): the
 * options (the service's, or the sample ones), the form (the currency to buy, the one to pay with,
 * the amount), the latest quote with `quotesLoading`, and the purchase under way: the provider's
 * page opened, then the funds arrived ('succeeded') or not within the watch ('failed').
 */
import type { OnrampOptions } from '../../events/entities.js'
import { BUY_UNDER_WAY, NOT_ONRAMP } from '../../events/kernel/errors.js'
import { slice, type Slice } from '../reducer.js'
import { onrampOffered } from '../rules/onramp-rules.js'
import { activeNetworkId } from '../select/active-network.js'
import { networkOn, onrampProblem, quotesForm } from '../select/onramp-form.js'
import type { State } from '../state.js'

/** A quote as the state keeps it: whole units, decimal strings; `mocked` marks §8's estimate. */
export interface OnrampQuoteState {
  amount: string
  paymentCurrency: string
  purchaseCurrency: string
  purchaseAmount: string
  mocked: boolean
}

/** The purchase under way: what the popup shows, and what arriving funds are measured against. */
export interface OnrampPurchase {
  provider: 'meld'
  url: string
  caipAddress: string
  /** The bought token's contract; absent for the native coin. */
  token?: string
  decimals: number
  symbol: string
  /** The balance before, in base units. */
  baseline: string
}

export interface OnrampState {
  options?: OnrampOptions
  /** The options are the built-in sample ones (the service failed). */
  sample: boolean
  purchaseCurrency?: string
  paymentCurrency: string
  /** Whole units of the payment currency, as typed. */
  amount: string
  quote?: OnrampQuoteState
  quotesLoading: boolean
  status: 'idle' | 'opening' | 'buying' | 'succeeded' | 'failed'
  purchase?: OnrampPurchase
  /** Base units that arrived. */
  received?: string
  error?: string
}

/** docs/behaviour.md §4 resetState: USD, no amount, nothing under way (the options stay). */
const initial: OnrampState = { sample: false, paymentCurrency: 'USD', amount: '', quotesLoading: false, status: 'idle' }

/** The form changed: a quote is due when the amount is within the limits and a currency is chosen. */
const edited = (s: OnrampState, patch: Partial<OnrampState>): OnrampState => {
  const next = { ...s, ...patch }
  return { ...next, quotesLoading: next.purchaseCurrency !== undefined && next.amount !== '' && onrampProblem(next) === undefined }
}

export const onramp: Slice<OnrampState, State> = slice<OnrampState, State>(initial, {
  'engine/started': () => initial,
  'onramp/options-fetched': (s, e, root) => {
    const { options, sample } = e.payload
    // The first currency delivered on the active network, else the first of all.
    const network = activeNetworkId(root)
    const first = options.purchaseCurrencies.find((c) => networkOn(c, network)) ?? options.purchaseCurrencies[0]
    const purchaseCurrency = s.purchaseCurrency && options.purchaseCurrencies.some((c) => c.id === s.purchaseCurrency) ? s.purchaseCurrency : first?.id
    const paymentCurrency = options.paymentCurrencies.some((c) => c.id === s.paymentCurrency) ? s.paymentCurrency : (options.paymentCurrencies[0]?.id ?? 'USD')
    return edited(s, { options, sample, ...(purchaseCurrency ? { purchaseCurrency } : {}), paymentCurrency })
  },
  'onramp/purchase-currency-selected': (s, e) => edited(s, { purchaseCurrency: e.payload.id }),
  'onramp/payment-currency-selected': (s, e) => edited(s, { paymentCurrency: e.payload.id }),
  'onramp/amount-changed': (s, e) => edited(s, { amount: e.payload.amount }),
  // A quote for an older form is kept (never shown: select/onramp-form.ts currentOnrampQuote) and the form's own is still awaited.
  'onramp/quote-fetched': (s, e) => {
    return { ...s, quote: e.payload, quotesLoading: quotesForm(e.payload, s) ? false : s.quotesLoading }
  },
  // A new purchase: the last one's page, funds and error are gone.
  'onramp/provider-selected': (s) => {
    const { error: _e, received: _r, purchase: _p, ...rest } = s
    return { ...rest, status: 'opening' }
  },
  // Only for the purchase being opened (a reset in between wins).
  'onramp/provider-opened': (s, e) => {
    if (s.status !== 'opening') return s
    const { provider: _p, ...purchase } = e.payload
    return { ...s, status: 'buying', purchase: { provider: 'meld', ...purchase } }
  },
  'onramp/succeeded': (s, e) => ({ ...s, status: 'succeeded', received: e.payload.received }),
  'onramp/failed': (s, e) => ({ ...s, status: 'failed', error: e.payload.message }),
  'onramp/reset-requested': (s) => ({ ...initial, ...(s.options ? { options: s.options, sample: s.sample, ...(s.options.purchaseCurrencies[0] ? { purchaseCurrency: s.purchaseCurrency ?? s.options.purchaseCurrencies[0].id } : {}) } : {}) }),
}, {
  'onramp/provider-selected': (s) => {
    if (!onrampOffered(s)) return NOT_ONRAMP
    return s.onramp.status === 'opening' || s.onramp.status === 'buying' ? BUY_UNDER_WAY : undefined
  },
})
