/**
 * The buying views' data (docs/behaviour.md §3 on-ramp state, §4 on-ramp, §9 provider fee
 * and limits): the options, the form with its problem (the card's limits, checked before any
 * quote), the quote (marked when it is §8's mocked estimate), the providers, and the purchase under
 * way. A view model. Pure.
 */
import { formatUnits } from 'viem'
import { defined } from '../../events/defined.js'
import { withTokenImage } from '../images.js'
import { currentOnrampQuote, networkOn, onrampProblem } from '../select/onramp-form.js'
import { activeNetworkId } from '../select/active-network.js'
import type { State } from '../state.js'

/** A currency to buy: its options id, name and symbol, and the image service's image of its symbol. */
export interface OnrampCurrencyRow {
  id: string
  name: string
  symbol: string
  iconUrl?: string
}

/** The providers Gangway offers (docs/behaviour.md §9: meld, a 1-2 % fee). */
export interface OnrampProviderRow {
  name: 'meld'
  label: string
  feeRange: string
}

/** The buying views' data. */
export interface OnrampModel {
  /** The options are not in yet. */
  loading: boolean
  /** The options are the built-in sample ones (the service failed). */
  sample: boolean
  /** The currencies delivered on the active network. */
  purchaseCurrencies: OnrampCurrencyRow[]
  paymentCurrencies: string[]
  purchaseCurrency?: OnrampCurrencyRow
  paymentCurrency: string
  /** Whole units of the payment currency, as typed. */
  amount: string
  /** The amount against the card's limits ('The minimum is 10.00 USD'…); no quote is asked while there is one. */
  problem?: string
  /** What the amount buys, in whole units; `mocked`: an estimate (the quote service failed). */
  quote?: { purchaseAmount: string; symbol: string; mocked: boolean }
  quotesLoading: boolean
  providers: OnrampProviderRow[]
  status: 'idle' | 'opening' | 'buying' | 'succeeded' | 'failed'
  /** The provider's page the popup goes to. */
  url?: string
  /** What arrived, in whole units of `receivedSymbol`. */
  received?: string
  receivedSymbol?: string
  error?: string
}

/** docs/behaviour.md §9: meld, 1-2 %. */
const PROVIDERS: OnrampProviderRow[] = [{ name: 'meld', label: 'Meld.io', feeRange: '1-2%' }]

/** The on-ramp model. */
export function onrampModel(s: State): OnrampModel {
  const o = s.onramp
  const network = activeNetworkId(s)
  const all = o.options?.purchaseCurrencies ?? []
  const here = all.filter((c) => networkOn(c, network))
  const row = (c: (typeof all)[number]): OnrampCurrencyRow => withTokenImage({ id: c.id, name: c.name, symbol: c.symbol })
  const chosen = all.find((c) => c.id === o.purchaseCurrency)
  const quote = currentOnrampQuote(o)
  const purchase = o.purchase
  return defined({
    loading: o.options === undefined,
    sample: o.sample,
    purchaseCurrencies: here.map(row),
    paymentCurrencies: (o.options?.paymentCurrencies ?? []).map((c) => c.id),
    purchaseCurrency: chosen ? row(chosen) : undefined,
    paymentCurrency: o.paymentCurrency,
    amount: o.amount,
    problem: o.amount === '' ? undefined : onrampProblem(o),
    quote: quote && chosen ? { purchaseAmount: quote.purchaseAmount, symbol: chosen.symbol, mocked: quote.mocked } : undefined,
    quotesLoading: o.quotesLoading,
    providers: PROVIDERS,
    status: o.status,
    url: purchase?.url,
    received: o.received !== undefined && purchase ? formatUnits(BigInt(o.received), purchase.decimals) : undefined,
    receivedSymbol: purchase?.symbol,
    error: o.error,
  })
}
