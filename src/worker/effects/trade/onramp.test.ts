// Buying (docs/behaviour.md §4 on-ramp, §8 fallbacks, §9 limits) on virtual time: the
// options (the sample ones when the service fails), a quote 500 ms after the last edit and only for
// an amount within the card's limits (the mocked estimate when the service fails), meld's URL with
// §4's fields, and the watch: the balance read every 4 s, 'succeeded' once it grows, 'Buy failed'
// after 180 s.
import { describe, expect, it } from 'vitest'
import { accountBridge, ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until } from '../../../../tests/unit/engine-until.js'
import { settle, virtualTime } from '../../../../tests/unit/virtual-time.js'
import { SAMPLE_ONRAMP_OPTIONS } from '../../../events/onramp-rules.js'
import { createEngine } from '../../engine.js'

const bridge = accountBridge()

/** ETH on the localnet chain, bought with USD or EUR (the card 10.00 to 7500.00). */
const OPTIONS = {
  paymentCurrencies: SAMPLE_ONRAMP_OPTIONS.paymentCurrencies.map((c) => ({ id: c.id, payment_method_limits: c.limits.map((l) => ({ id: l.paymentMethod, min: l.min, max: l.max })) })),
  purchaseCurrencies: [{ id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'localnet-31337', display_name: 'Localnet', chain_id: '31337', contract_address: '' }] }],
}

async function setup(o: { options?: number; quote?: number } = {}) {
  const time = virtualTime()
  const asked: string[] = []
  const node = { balance: 10n ** 18n, reads: 0 }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.hostname !== 'bc.example') {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
      const answer = ({ id, method }: { id: number; method: string }) => {
        if (method === 'eth_getBalance') node.reads++
        return { jsonrpc: '2.0', id, result: method === 'eth_getBalance' ? `0x${node.balance.toString(16)}` : method === 'eth_chainId' ? '0x7a69' : '0x1' }
      }
      return json(200, Array.isArray(body) ? body.map(answer) : answer(body))
    }
    if (url.pathname.startsWith('/v1/onramp/')) asked.push(url.pathname === '/v1/onramp/quote' ? `quote ${(JSON.parse(String(init?.body)) as { amount: string }).amount}` : 'options')
    if (url.pathname === '/v1/onramp/options') return o.options ? json(o.options, {}) : json(200, OPTIONS)
    if (url.pathname === '/v1/onramp/quote') {
      const { amount } = JSON.parse(String(init?.body)) as { amount: string }
      return o.quote ? json(o.quote, {}) : json(200, { purchaseAmount: { amount: (Number(amount) / 4000).toFixed(6), currency: 'ETH' }, networkFee: { amount: '0.10', currency: 'USD' }, paymentSubtotal: { amount, currency: 'USD' }, paymentTotal: { amount, currency: 'USD' }, quoteId: 'q1' })
    }
    if (url.pathname.endsWith('/balance')) return json(200, { balances: [] })
    if (url.pathname.startsWith('/v1/identity/')) return json(200, { name: null })
    return json(200, { http: [], ws: [] })
  }
  const engine = createEngine({ mode: 'main', fetch, clock: time.clock, scheduler: time.scheduler })
  await engine.start({ projectId: 'test-project', networks: [LOCALNET], services: { blockchain: 'https://bc.example', onramp: 'http://127.0.0.1:9/provider' }, onramp: { meldPublicKey: 'pk_site_meld' } }, bridge)
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
  await until(engine, (s) => s.connection.status === 'connected')
  await engine.dispatch({ type: 'modal/open-requested', payload: { view: 'OnRampProviders', isMobile: false } })
  await until(engine, (s) => s.onramp.options !== undefined)
  return { engine, time, asked, node }
}

describe('buying', () => {
  it('quotes 500 ms after the last edit, never an amount out of the card’s limits; a failed quote is the marked estimate', async () => {
    const { engine, time, asked } = await setup()
    expect((await engine.getState()).onramp).toMatchObject({ sample: false, purchaseCurrency: 'ETH', paymentCurrency: 'USD' })
    await engine.dispatch({ type: 'onramp/amount-changed', payload: { amount: '9.99' } })
    await time.advance(5_000)
    await settle()
    expect(asked).toEqual(['options'])
    await engine.dispatch({ type: 'onramp/amount-changed', payload: { amount: '7500.01' } })
    await time.advance(5_000)
    await settle()
    expect(asked).toEqual(['options'])
    await engine.dispatch({ type: 'onramp/amount-changed', payload: { amount: '10' } })
    await time.advance(499)
    expect(asked).toEqual(['options'])
    await time.advance(1)
    const s = await until(engine, (x) => x.onramp.quote !== undefined)
    expect(asked).toEqual(['options', 'quote 10'])
    expect(s.onramp.quote).toEqual({ amount: '10', paymentCurrency: 'USD', purchaseCurrency: 'ETH', purchaseAmount: '0.002500', mocked: false })
    await engine.stop()

    const failing = await setup({ quote: 500 })
    await failing.engine.dispatch({ type: 'onramp/amount-changed', payload: { amount: '50' } })
    await failing.time.advance(500)
    const m = await until(failing.engine, (x) => x.onramp.quote !== undefined)
    expect(m.onramp.quote).toMatchObject({ purchaseAmount: '50', mocked: true })
    await failing.engine.stop()
  })

  it('falls back to the sample options when the service fails', async () => {
    const { engine } = await setup({ options: 500 })
    expect((await engine.getState()).onramp).toMatchObject({ sample: true, options: SAMPLE_ONRAMP_OPTIONS })
    await engine.stop()
  })

  it('opens meld with §4’s fields, then reads the balance every 4 s: succeeded when it grows; Buy failed after 180 s', async () => {
    const { engine, time, node } = await setup()
    await engine.dispatch({ type: 'onramp/provider-selected', payload: { provider: 'meld' } })
    let s = await until(engine, (x) => x.onramp.status === 'buying')
    expect(s.modal.view).toBe('BuyInProgress')
    const url = new URL(s.onramp.purchase!.url)
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9/provider')
    expect(Object.fromEntries(url.searchParams)).toEqual({ publicKey: 'pk_site_meld', destinationCurrencyCode: 'USDC', walletAddress: ADDRESS, externalCustomerId: 'test-project' })
    const reads = node.reads
    await time.advance(3_999)
    await settle()
    expect(node.reads).toBe(reads)
    node.balance += 25n * 10n ** 15n
    await time.advance(1)
    s = await until(engine, (x) => x.onramp.status === 'succeeded')
    expect(s.onramp.received).toBe('25000000000000000')

    // Again, and nothing arrives: 'Buy failed' at 180 s, not before.
    await engine.dispatch({ type: 'onramp/reset-requested', payload: {} })
    await engine.dispatch({ type: 'onramp/provider-selected', payload: { provider: 'meld' } })
    await until(engine, (x) => x.onramp.status === 'buying')
    await time.advance(179_999)
    await settle()
    expect((await engine.getState()).onramp.status).toBe('buying')
    await time.advance(1)
    s = await until(engine, (x) => x.onramp.status === 'failed')
    expect(s.onramp.error).toBe('Buy failed')
    await engine.stop()
  })
})
