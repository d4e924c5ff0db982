// The visitor's Swap (issue 21; docs/behaviour.md §4) with a fake swap service, wallet and node: a
// token source approved first (a USDT-style reset, then the approval, the allowance asked after each
// receipt), then the swap; a native source that leaves no room for gas rebuilt with the balance less
// the gas; 'Insufficient balance'; the wallet's refusal keeps the form.
import { describe, expect, it } from 'vitest'
import { ADDRESS, LOCALNET } from '../../../tests/unit/fixtures.js'
import { until } from '../../../tests/unit/engine-until.js'
import type { Bridge } from '../../contract.js'
import type { SwapToken } from '../../events/entities.js'
import type { State } from '../../projections/state.js'
import { createEngine } from '../engine.js'
import { parseLog } from '../../events/ndjson.js'

const ROUTER = '0xcA8b49076D1A8039599e24979abf819af784c27a'
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', decimals: 18 }
const HUSD: SwapToken = { name: 'Harbour USD', symbol: 'HUSD', address: 'eip155:31337:0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A', decimals: 6 }
const TIDE: SwapToken = { name: 'Tidewater', symbol: 'TIDE', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 18 }
const APPROVE_DATA = '0x095ea7b3000000000000000000000000ca8b49076d1a8039599e24979abf819af784c27a'
const GAS = 200_000n
const GAS_PRICE = 1_000_000_000n

/** A fake world: `allowances` the service answers in turn (the last repeats), the native `balance` (wei), the wallet's refusal. */
function world(o: { allowances?: bigint[]; balance?: bigint; refuse?: boolean }) {
  const allowances = [...(o.allowances ?? [0n])]
  const calls: string[] = []
  const sent: { to: string; data: string; value: string }[] = []
  const bridge: Bridge = {
    async request(_id, { method, params }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'eth_sendTransaction') {
        if (o.refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        const tx = (params as [{ to: string; data: string; value: string }])[0]
        sent.push({ to: tx.to, data: tx.data.slice(0, 74), value: tx.value })
        return `0x${String(sent.length).padStart(64, '0')}`
      }
      return null
    },
    watch: () => undefined,
  }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const receipt = (hash: string) => ({ transactionHash: hash, blockHash: `0x${'1'.repeat(64)}`, blockNumber: '0x1', status: '0x1', logs: [], from: ADDRESS, to: ROUTER, gasUsed: '0x5208', cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x1', contractAddress: null, logsBloom: `0x${'0'.repeat(512)}`, transactionIndex: '0x0', type: '0x2' })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.hostname !== 'bc.example') {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[]
      const answer = ({ id, method, params }: { id: number; method: string; params: unknown[] }) => ({ jsonrpc: '2.0', id, result: method === 'eth_getTransactionReceipt' ? receipt(params[0] as string) : method === 'eth_getBalance' ? `0x${(o.balance ?? 10n ** 18n).toString(16)}` : '0x1' })
      return json(200, Array.isArray(body) ? body.map(answer) : answer(body))
    }
    calls.push(url.pathname)
    const amount = url.searchParams.get('amount') ?? (init?.body ? (JSON.parse(String(init.body)) as { amount: string }).amount : '0')
    switch (url.pathname) {
      case '/v1/convert/gas-price':
        return json(200, { standard: GAS_PRICE.toString() })
      case '/v1/convert/quotes':
        return json(200, { quotes: [{ id: null, fromAmount: amount, fromAccount: null, toAmount: '7000', toAccount: null }] })
      case '/v1/convert/allowance':
        return json(200, { allowance: String(allowances.length > 1 ? allowances.shift() : allowances[0]) })
      case '/v1/convert/build-approve':
        return json(200, { tx: { from: HUSD.address, to: ROUTER, data: `${APPROVE_DATA}${'0'.repeat(64)}`, value: '0', eip155: { gasPrice: GAS_PRICE.toString() } } })
      case '/v1/convert/build-transaction':
        return json(200, { tx: { from: ETH.address, to: `eip155:31337:${ROUTER}`, data: `0x7ff36ab5${amount.padStart(64, '0')}`, amount: '7000', eip155: { gas: GAS.toString(), gasPrice: GAS_PRICE.toString() } } })
    }
    if (url.pathname.endsWith('/balance')) return json(200, { balances: [] })
    return json(200, { http: [], ws: [] })
  }
  return { bridge, fetch, calls, sent }
}

const show = (s: State) => ({ swap: s.swap, view: s.modal.view })

async function quotedSwap(w: ReturnType<typeof world>, from: SwapToken, amount: string) {
  const engine = createEngine({ mode: 'main', fetch: w.fetch })
  await engine.start({ projectId: 'test', networks: [LOCALNET], services: { blockchain: 'https://bc.example' }, swapNetworks: ['eip155:31337'] }, w.bridge)
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
  await until(engine, (s) => s.connection.status === 'connected')
  await engine.dispatch({ type: 'modal/open-requested', payload: { view: 'Swap', isMobile: false } })
  await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'from', token: from } })
  await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'to', token: TIDE } })
  await engine.dispatch({ type: 'swap/amount-changed', payload: { amount } })
  await until(engine, (s) => s.swap.quote !== undefined, { show })
  return engine
}

describe('the swap', () => {
  it('a token source: a USDT-style reset and the approval, each awaited and the allowance asked again, then the swap; Account, the form reset, the holdings asked afresh', async () => {
    const w = world({ allowances: [5n, 0n, 25_000_000n] })
    const engine = await quotedSwap(w, HUSD, '25')
    await expect(engine.dispatch({ type: 'swap/requested', payload: {} })).resolves.toBeUndefined()
    const s = await until(engine, (x) => x.swap.lastHash !== undefined || x.swap.error !== undefined, { show })
    expect(s.swap.error).toBeUndefined()
    expect(w.sent.map((t) => t.data.slice(0, 10))).toEqual(['0x095ea7b3', '0x095ea7b3', '0x7ff36ab5'])
    expect(w.calls.filter((c) => c === '/v1/convert/allowance')).toHaveLength(3)
    expect(s.modal.view).toBe('Account')
    expect(s.swap).toMatchObject({ quoting: false, lastHash: `0x${'3'.padStart(64, '0')}` })
    expect(s.swap.from).toBeUndefined()
    const events = parseLog(await engine.exportLog({ redact: false })).events as { type: string; payload: { forceUpdate?: boolean } }[]
    const after = events.slice(events.findIndex((e) => e.type === 'swap/requested'))
    expect(after.filter((e) => e.type.startsWith('swap/')).map((e) => e.type)).toEqual(['swap/requested', 'swap/approval-submitted', 'swap/approval-submitted', 'swap/submitted', 'swap/succeeded'])
    // The holdings are asked afresh, past the cache.
    expect(after.slice(after.findIndex((e) => e.type === 'swap/succeeded')).some((e) => e.type === 'portfolio/fetch-requested' && e.payload.forceUpdate === true)).toBe(true)
    await engine.stop()
  })

  it('a native source without room for the gas is swapped as the balance less the gas; none at all: Insufficient balance', async () => {
    const gas = GAS * GAS_PRICE
    let w = world({ balance: 10n ** 18n })
    let engine = await quotedSwap(w, ETH, '1')
    await engine.dispatch({ type: 'swap/requested', payload: {} })
    let s = await until(engine, (x) => x.swap.lastHash !== undefined || x.swap.error !== undefined, { show })
    expect(w.sent).toHaveLength(1)
    expect(BigInt(w.sent[0]!.value)).toBe(10n ** 18n - gas)
    expect(w.calls.filter((c) => c === '/v1/convert/build-transaction')).toHaveLength(2)
    await engine.stop()

    w = world({ balance: gas })
    engine = await quotedSwap(w, ETH, '1')
    await engine.dispatch({ type: 'swap/requested', payload: {} })
    s = await until(engine, (x) => x.swap.error !== undefined, { show })
    expect(s.swap).toMatchObject({ error: 'Insufficient balance', step: undefined })
    expect(w.sent).toEqual([])
    await engine.stop()
  })

  it("the wallet's refusal keeps the form with its message; a second Swap while one is under way is refused", async () => {
    const w = world({ refuse: true })
    const engine = await quotedSwap(w, ETH, '0.5')
    await engine.dispatch({ type: 'swap/requested', payload: {} })
    await expect(engine.dispatch({ type: 'swap/requested', payload: {} })).rejects.toThrow('A swap is already under way')
    const s = await until(engine, (x) => x.swap.error !== undefined, { show })
    expect(s.swap).toMatchObject({ error: 'User rejected the request.', amount: '0.5', step: undefined })
    expect(s.swap.from?.symbol).toBe('ETH')
    await engine.stop()
  })
})
