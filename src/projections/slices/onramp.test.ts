// The buying form's state (docs/behaviour.md §3 on-ramp state, §4 resetState): a new
// purchase forgets the last one's page; a reset while one is being opened wins over it; a quote for
// an older form does not end the wait for the current one.
import { describe, expect, it } from 'vitest'
import { connected, fold, started } from '../../../tests/unit/fixtures.js'
import { SAMPLE_ONRAMP_OPTIONS } from '../../events/onramp-rules.js'

const opened = ['onramp/provider-opened', { provider: 'meld', url: 'https://meldcrypto.com/?walletAddress=0x1', caipAddress: 'eip155:1:0x1', decimals: 6, symbol: 'USDC', baseline: '0' }] as const
const base = [...started(), ...connected, ['onramp/options-fetched', { options: SAMPLE_ONRAMP_OPTIONS, sample: true }]] as const

describe('the on-ramp state', () => {
  it('a new purchase forgets the last one’s page; a reset while opening wins over the page that follows', () => {
    const again = fold(...base, ['onramp/provider-selected', { provider: 'meld' }], opened, ['onramp/succeeded', { received: '5' }], ['onramp/provider-selected', { provider: 'meld' }])
    expect(again.onramp).toMatchObject({ status: 'opening' })
    expect(again.onramp.purchase).toBeUndefined()
    expect(again.onramp.received).toBeUndefined()
    const reset = fold(...base, ['onramp/provider-selected', { provider: 'meld' }], ['onramp/reset-requested', {}], opened)
    expect(reset.onramp.status).toBe('idle')
    expect(reset.onramp.purchase).toBeUndefined()
  })

  it('checks the amount against the card’s limits before quoting; an older quote does not end the wait', () => {
    const under = fold(...base, ['onramp/amount-changed', { amount: '9.99' }])
    expect(under.onramp.quotesLoading).toBe(false)
    const s = fold(...base, ['onramp/amount-changed', { amount: '20' }], ['onramp/amount-changed', { amount: '30' }], ['onramp/quote-fetched', { amount: '20', paymentCurrency: 'USD', purchaseCurrency: 'USDC', purchaseAmount: '19.5', mocked: false }])
    expect(s.onramp.quotesLoading).toBe(true)
  })
})
