// The swap form's quote (docs/behaviour.md §4, §9) on virtual time: asked 200 ms after the
// last edit, only for the form as it is then, again every 10 s while the Swap view shows, and no
// more once it does not; 'Insufficient liquidity' from the service's reason.
import { describe, expect, it } from 'vitest'
import { accountBridge, ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until } from '../../../../tests/unit/engine-until.js'
import { settle, virtualTime } from '../../../../tests/unit/virtual-time.js'
import type { SwapToken } from '../../../events/entities.js'
import { createEngine } from '../../engine.js'

const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', decimals: 18 }
const TIDE: SwapToken = { name: 'Tidewater', symbol: 'TIDE', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18 }

const bridge = accountBridge()

/** An engine on virtual time whose swap service answers `quote` (an amount out, or a refusal) and records what it was asked; the modal open on Swap unless `modal` is false. */
async function setup(answer: (amount: string) => { status: number; body: unknown }, { modal = true } = {}) {
  const time = virtualTime()
  const quotes: string[] = []
  const priced: string[][] = []
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.hostname !== 'bc.example') return json(200, { jsonrpc: '2.0', id: 1, result: '0x0' })
    if (url.pathname === '/v1/convert/tokens') return json(200, { tokens: [{ ...ETH, logoUri: null, eip2612: false }, { ...TIDE, logoUri: null, eip2612: false }] })
    if (url.pathname === '/v1/convert/gas-price') return json(200, { standard: '1000000000', fast: '2000000000', instant: '3000000000' })
    if (url.pathname === '/v1/convert/quotes') {
      const amount = url.searchParams.get('amount')!
      quotes.push(`${amount} ${url.searchParams.get('from')} ${url.searchParams.get('to')}`)
      const a = answer(amount)
      return json(a.status, a.body)
    }
    if (url.pathname === '/v1/fungible/price') {
      // As the hosted service: the first address only is priced.
      const { addresses } = JSON.parse(String(init?.body)) as { addresses: string[] }
      const [first] = addresses
      priced.push(addresses)
      const known: Record<string, object> = { [ETH.address]: { name: 'Ether', symbol: 'ETH', price: 3000 }, [TIDE.address]: { name: 'Tidewater', symbol: 'TIDE', price: 0.42 } }
      return json(200, { fungibles: first && known[first] ? [{ address: first, ...known[first] }] : [] })
    }
    if (url.pathname.endsWith('/balance')) return json(200, { balances: [] })
    if (url.pathname.startsWith('/v1/identity/')) return json(200, { name: null })
    return json(200, { http: [], ws: [] })
  }
  const engine = createEngine({ mode: 'main', fetch, clock: time.clock, scheduler: time.scheduler })
  await engine.start({ projectId: 'test', networks: [LOCALNET], services: { blockchain: 'https://bc.example' }, swapNetworks: ['eip155:31337'] }, bridge)
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
  await until(engine, (s) => s.connection.status === 'connected')
  if (modal) await engine.dispatch({ type: 'modal/open-requested', payload: { view: 'Swap', isMobile: false } })
  return { engine, time, quotes, priced }
}

const quoted = (amount: string, toAmount: string) => ({ status: 200, body: { quotes: [{ id: null, fromAmount: amount, fromAccount: ETH.address, toAmount, toAccount: TIDE.address }] } })

describe('the swap view', () => {
  it('lists the swap service’s tokens for the network when Swap shows; a network swaps are not offered on shows Account', async () => {
    const { engine } = await setup(() => ({ status: 500, body: {} }))
    const s = await until(engine, (x) => x.swap.tokens !== undefined)
    expect(s.modal.view).toBe('Swap')
    expect(s.swap.tokens).toEqual({ caipNetworkId: 'eip155:31337', list: [ETH, TIDE] })
    await engine.stop()

    const other = createEngine({ mode: 'main' })
    await other.start({ projectId: 'test', networks: [LOCALNET] }, bridge)
    await other.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
    await until(other, (x) => x.connection.status === 'connected')
    await other.dispatch({ type: 'modal/open-requested', payload: { view: 'Swap', isMobile: false } })
    expect((await other.getState()).modal.view).toBe('Account')
    await other.stop()
  })
})

describe('the swap quote', () => {
  it('is asked 200 ms after the last edit, for the form as it is then; again every 10 s while Swap shows; not after', async () => {
    const { engine, time, quotes, priced } = await setup((amount) => quoted(amount, (BigInt(amount) * 7000n).toString()))
    await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'from', token: ETH } })
    await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'to', token: TIDE } })
    await engine.dispatch({ type: 'swap/amount-changed', payload: { amount: '0.' } })
    await time.advance(150)
    await engine.dispatch({ type: 'swap/amount-changed', payload: { amount: '0.5' } })
    await time.advance(199)
    expect(quotes).toEqual([])
    expect((await engine.getState()).swap.quoting).toBe(true)
    await time.advance(1)
    let s = await until(engine, (x) => x.swap.quote !== undefined)
    expect(quotes).toEqual([`500000000000000000 ${ETH.address} ${TIDE.address}`])
    expect(s.swap).toMatchObject({ quoting: false, quote: { from: ETH.address, to: TIDE.address, fromAmount: '500000000000000000', toAmount: '3500000000000000000000' } })
    // The native currency's price first, with the tokens'; the gas price the quote was asked at.
    expect(s.swap.quote).toMatchObject({ fromPrice: 3000, toPrice: 0.42, nativePrice: 3000, gasPrice: '1000000000' })
    // One address a request (the hosted service prices only the first it is sent).
    expect([...priced].sort()).toEqual([[ETH.address], [TIDE.address]].sort())

    await time.advance(9_999)
    expect(quotes).toHaveLength(1)
    await time.advance(1)
    await settle()
    expect(quotes).toHaveLength(2)
    // The prices come from the 15 s cache at 10 s, and are asked again at 20 s.
    expect(priced).toHaveLength(2)
    await time.advance(10_000)
    await settle()
    expect(quotes).toHaveLength(3)
    expect(priced).toHaveLength(4)

    // Back to Account: no more quotes.
    await engine.dispatch({ type: 'modal/navigate-requested', payload: { view: 'Account' } })
    await time.advance(30_000)
    await settle()
    expect(quotes).toHaveLength(3)
    s = await engine.getState()
    expect(s.swap.quote?.toAmount).toBe('3500000000000000000000')
    await engine.stop()
  })

  it("an incomplete form is not quoted; a pool that cannot fill says 'Insufficient liquidity'", async () => {
    const { engine, time, quotes } = await setup(() => ({ status: 400, body: { reasons: [{ description: 'insufficient liquidity' }] } }))
    await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'from', token: ETH } })
    await engine.dispatch({ type: 'swap/amount-changed', payload: { amount: '1' } })
    await time.advance(1_000)
    await settle()
    expect(quotes).toEqual([])
    expect((await engine.getState()).swap.quoting).toBe(false)
    await engine.dispatch({ type: 'swap/amount-changed', payload: { amount: '1.0000000000000000001' } })
    await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'to', token: TIDE } })
    await time.advance(1_000)
    await settle()
    // 19 decimals for an 18-decimal token: not an amount.
    expect(quotes).toEqual([])
    await engine.dispatch({ type: 'swap/amount-changed', payload: { amount: '1000' } })
    await time.advance(200)
    const s = await until(engine, (x) => x.swap.error !== undefined)
    expect(s.swap).toMatchObject({ quoting: false, error: 'Insufficient liquidity' })
    expect(quotes).toHaveLength(1)
    await engine.stop()
  })
})

describe("a site's own swap form (the modal closed)", () => {
  const none = { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false }

  it('lists the tokens and quotes the form while `swap` is on, as for the Swap view; nothing while it is off', async () => {
    const { engine, time, quotes } = await setup((amount) => quoted(amount, (BigInt(amount) * 7000n).toString()), { modal: false })
    await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'from', token: ETH } })
    await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'to', token: TIDE } })
    await engine.dispatch({ type: 'swap/amount-changed', payload: { amount: '0.5' } })
    await time.advance(1_000)
    await settle()
    // Off: neither the tokens nor a quote.
    expect(quotes).toEqual([])
    let s = await engine.getState()
    expect([s.modal.open, s.swap.tokens, s.swap.quote]).toEqual([false, undefined, undefined])

    await engine.dispatch({ type: 'headless/showing-changed', payload: { ...none, swap: true } })
    s = await until(engine, (x) => x.swap.tokens !== undefined)
    expect(s.swap.tokens?.list).toEqual([ETH, TIDE])
    await time.advance(200)
    s = await until(engine, (x) => x.swap.quote !== undefined)
    expect(quotes).toEqual([`500000000000000000 ${ETH.address} ${TIDE.address}`])
    expect(s.swap.quote).toMatchObject({ fromAmount: '500000000000000000', toAmount: '3500000000000000000000' })
    // An edit while on: quoted 200 ms later; another flag changed while it stays on starts nothing.
    await engine.dispatch({ type: 'swap/amount-changed', payload: { amount: '1' } })
    await time.advance(200)
    await until(engine, (x) => x.swap.quote?.fromAmount === '1000000000000000000')
    await engine.dispatch({ type: 'headless/showing-changed', payload: { ...none, swap: true, tokens: true } })
    await time.advance(9_000)
    await settle()
    expect(quotes).toHaveLength(2)
    // The refresh every 10 s while on; none once off.
    await time.advance(1_000)
    await settle()
    expect(quotes).toHaveLength(3)
    await engine.dispatch({ type: 'headless/showing-changed', payload: none })
    await time.advance(30_000)
    await settle()
    expect(quotes).toHaveLength(3)
    await engine.stop()
  })
})
