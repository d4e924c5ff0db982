import type { Samples } from './samples.js'

const options = {
  paymentCurrencies: [{ id: 'USD', limits: [{ paymentMethod: 'card', min: '10.00', max: '7500.00' }, { min: '1', max: '2' }] }],
  purchaseCurrencies: [{ id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [{ name: 'ethereum-mainnet', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }] }],
}

/** Well-formed payloads of the on-ramp events (events/catalogue/onramp.ts). */
export const onramp: Samples = {
  'onramp/options-fetched': [{ options, sample: false }],
  'onramp/purchase-currency-selected': [{ id: 'USDC' }],
  'onramp/payment-currency-selected': [{ id: 'EUR' }],
  'onramp/amount-changed': [{ amount: '100' }, { amount: '' }],
  'onramp/quote-fetched': [{ amount: '100', paymentCurrency: 'USD', purchaseCurrency: 'USDC', purchaseAmount: '99.5', mocked: true }],
  'onramp/provider-selected': [{ provider: 'meld' }],
  'onramp/provider-opened': [
    { provider: 'meld', url: 'https://meldcrypto.com/?a=1', caipAddress: 'eip155:1:0x00000000000000000000000000000000000000ab', token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, symbol: 'USDC', baseline: '0' },
    { provider: 'meld', url: 'https://meldcrypto.com/', caipAddress: 'eip155:1:0x00000000000000000000000000000000000000ab', decimals: 18, symbol: 'ETH', baseline: '12' },
  ],
  'onramp/succeeded': [{ received: '1000' }],
  'onramp/failed': [{ message: 'Buy failed' }],
  'onramp/reset-requested': [{}],
}
