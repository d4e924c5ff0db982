// The swap views' data (docs/behaviour.md §4 swap display, §9 slippage 1): the quote's
// rate from the USD prices, the price impact, the minimum received at 1 %, the provider fee and the
// network cost, for the form as it is now only.
import { describe, expect, it } from 'vitest'
import { connected, log, started } from '../../../tests/unit/fixtures.js'
import type { SwapToken } from '../../events/entities.js'
import { project } from '../state.js'
import { shortDecimal, swapModel } from './swap-model.js'

const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', decimals: 18 }
const USD: SwapToken = { name: 'Harbour USD', symbol: 'HUSD', address: 'eip155:31337:0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A', decimals: 6 }
const form = [
  ['swap/tokens-fetched', { caipNetworkId: 'eip155:31337', tokens: [ETH, USD] }],
  ['swap/token-selected', { side: 'from', token: ETH }],
  ['swap/token-selected', { side: 'to', token: USD }],
  ['swap/amount-changed', { amount: '2' }],
] as const
// 2 ETH at $3000 for 5,880 HUSD: $120 less (2 %); the pool kept 0.006 ETH; 150,000 gas at 2 gwei.
const quote = { from: ETH.address, to: USD.address, fromAmount: '2000000000000000000', toAmount: '5880000000', fromPrice: 3000, toPrice: 1, nativePrice: 3000, gasPrice: '2000000000', gas: '150000', fee: '6000000000000000' }

describe('the swap model', () => {
  it('shows the rate from the prices, the price impact, the minimum at 1 %, the fee and the network cost in USD', () => {
    const m = swapModel(project(log(...started({ blockchainService: true, swapNetworks: ['eip155:31337'] }), ...connected, ...form, ['swap/quote-fetched', quote])))
    expect(m.toAmount).toBe('5880')
    expect(m.fromUsd).toBe('6000.00')
    expect(m.toUsd).toBe('5880.00')
    expect(m.details).toEqual({ rate: '3000', priceImpact: '2', minimumReceived: '5821.2', slippagePercent: 1, providerFee: '0.006', providerFeeUsd: '18.00', networkCostUsd: '0.90' })
    expect(m.canSwap).toBe(true)
  })
  it('without prices: the rate from the quote, no impact, no USD; a quote for another amount is not shown', () => {
    const { fromPrice: _f, toPrice: _t, nativePrice: _n, ...bare } = quote
    const m = swapModel(project(log(...started({ blockchainService: true, swapNetworks: ['eip155:31337'] }), ...connected, ...form, ['swap/quote-fetched', bare])))
    expect(m.details).toMatchObject({ rate: '2940', minimumReceived: '5821.2', providerFee: '0.006' })
    expect(m.details?.priceImpact).toBeUndefined()
    expect(m.details?.networkCostUsd).toBeUndefined()
    const stale = swapModel(project(log(...started({ blockchainService: true, swapNetworks: ['eip155:31337'] }), ...connected, ...form, ['swap/quote-fetched', quote], ['swap/amount-changed', { amount: '3' }])))
    expect(shortDecimal(0.000123456789)).toBe('0.000123457')
    expect(shortDecimal(1234.56789)).toBe('1234.5679')
    expect([stale.toAmount, stale.details, stale.canSwap, stale.quoting]).toEqual([undefined, undefined, false, true])
  })
})

describe('the swap result (docs/behaviour.md §4 swap)', () => {
  const H1 = `0x${'1'.repeat(64)}`
  const H2 = `0x${'2'.repeat(64)}`
  const A = `0x${'a'.repeat(64)}`
  const quoted = [...started({ blockchainService: true, swapNetworks: ['eip155:31337'] }), ...connected, ...form, ['swap/quote-fetched', quote]] as const
  const sent = [...quoted, ['swap/requested', {}], ['swap/approval-submitted', { caipNetworkId: 'eip155:31337', hash: A }], ['swap/submitted', { caipNetworkId: 'eip155:31337', hash: H1 }]] as const
  const landed = [...sent, ['swap/succeeded', { caipNetworkId: 'eip155:31337', hash: H1, from: ETH.address, to: USD.address, fromAmount: '2000000000000000000' }]] as const
  const model = (...items: Parameters<typeof log>) => swapModel(project(log(...items)))

  it("none before the swap is sent (an approval's hash is not it); submitted with its hash; succeeded once it landed", () => {
    expect(model(...quoted).result).toBeUndefined()
    expect(model(...quoted, ['swap/requested', {}], ['swap/approval-submitted', { caipNetworkId: 'eip155:31337', hash: A }]).result).toBeUndefined()
    expect(model(...sent).result).toEqual({ hash: H1, status: 'submitted' })
    expect(model(...landed)).toMatchObject({ result: { hash: H1, status: 'succeeded' }, amount: '' })
    expect(model(...landed).step).toBeUndefined()
  })

  it('a failure after the swap was sent keeps its hash as submitted, with the error; one before it has no result', () => {
    expect(model(...sent, ['swap/failed', { message: 'Transaction reverted' }])).toMatchObject({ result: { hash: H1, status: 'submitted' }, error: 'Transaction reverted' })
    const refused = model(...quoted, ['swap/requested', {}], ['swap/failed', { message: 'Transaction rejected in the wallet', code: 4001 }])
    expect(refused.result).toBeUndefined()
    expect(refused.error).toBe('Transaction rejected in the wallet')
  })

  it('goes when the form is edited or another swap starts: a new swap never shows the last one', () => {
    expect(model(...landed, ['swap/amount-changed', { amount: '1' }]).result).toBeUndefined()
    expect(model(...landed, ['swap/token-selected', { side: 'to', token: ETH }]).result).toBeUndefined()
    expect(model(...sent, ['swap/failed', { message: 'Transaction reverted' }], ['swap/amount-changed', { amount: '2' }]).result).toBeUndefined()
    const again = [...sent, ['swap/failed', { message: 'Transaction reverted' }], ['swap/requested', {}]] as const
    expect(model(...again).result).toBeUndefined()
    expect(model(...again, ['swap/failed', { message: 'boom' }]).result).toBeUndefined()
    expect(model(...again, ['swap/submitted', { caipNetworkId: 'eip155:31337', hash: H2 }]).result).toEqual({ hash: H2, status: 'submitted' })
    // The page restarts: a new session's form holds nothing of the last one.
    expect(model(...landed, ...started({ blockchainService: true, swapNetworks: ['eip155:31337'] })).result).toBeUndefined()
  })
})
