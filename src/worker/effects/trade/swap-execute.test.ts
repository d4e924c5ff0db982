// The visitor's Swap (docs/behaviour.md §4 swap) with a fake swap service, wallet and node (one that
// has no eth_simulateV1, so the decoded checks stand alone: 'Not simulated'): SwapPreview checks the
// form's swap, then Swap sends exactly the checked transactions. A token source whose allowance the
// chain says is short: the service's USDT-style reset, Gangway's own approval of the amount, the
// swap; a native source without room for the gas checked as the balance less the gas; 'Insufficient
// balance'; an approval to another spender refused before the wallet; the wallet's refusal keeps
// the form.
import { describe, expect, it } from 'vitest'
import { decodeFunctionData, encodeFunctionData, encodeFunctionResult, erc20Abi, parseAbi, type Hex } from 'viem'
import { ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { until } from '../../../../tests/unit/engine-until.js'
import type { Bridge } from '../../../contract.js'
import type { SwapToken } from '../../../events/entities.js'
import type { State } from '../../../projections/state.js'
import { createEngine } from '../../engine.js'
import { parseLog } from '../../../events/log/ndjson.js'
import { LOCALNET_ROUTER as ROUTER, LOCALNET_WETH } from '../../../chains/eip155/swap/routers.js'

const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', decimals: 18 }
const HUSD_ADDRESS = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A'
const TIDE_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HUSD: SwapToken = { name: 'Harbour USD', symbol: 'HUSD', address: `eip155:31337:${HUSD_ADDRESS}`, decimals: 6 }
const TIDE: SwapToken = { name: 'Tidewater', symbol: 'TIDE', address: `eip155:31337:${TIDE_ADDRESS}`, decimals: 18 }
const GAS = 200_000n
const GAS_PRICE = 1_000_000_000n
const router = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
])

/** A fake world: the chain's `allowance` of the router, the native `balance` (wei), the service's approval `spender`, the wallet's refusal. */
function world(o: { allowance?: bigint; balance?: bigint; refuse?: boolean; spender?: Hex }) {
  const calls: string[] = []
  const sent: { to: string; data: string; value: string }[] = []
  const bridge: Bridge = {
    async request(_id, { method, params }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'eth_sendTransaction') {
        if (o.refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        const tx = (params as [{ to: string; data: string; value: string }])[0]
        sent.push({ to: tx.to, data: tx.data, value: tx.value })
        return `0x${String(sent.length).padStart(64, '0')}`
      }
      return null
    },
    watch: () => undefined,
  }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const receipt = (hash: string) => ({ transactionHash: hash, blockHash: `0x${'1'.repeat(64)}`, blockNumber: '0x1', status: '0x1', logs: [], from: ADDRESS, to: ROUTER, gasUsed: '0x5208', cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x1', contractAddress: null, logsBloom: `0x${'0'.repeat(512)}`, transactionIndex: '0x0', type: '0x2' })
  /** eth_call: a token's decimals, symbol and allowance. */
  const ethCall = ({ to, data }: { to: string; data: Hex }): Hex => {
    const { functionName } = decodeFunctionData({ abi: erc20Abi, data })
    const husd = to.toLowerCase() === HUSD_ADDRESS.toLowerCase()
    if (functionName === 'decimals') return encodeFunctionResult({ abi: erc20Abi, functionName, result: husd ? 6 : 18 })
    if (functionName === 'symbol') return encodeFunctionResult({ abi: erc20Abi, functionName, result: husd ? 'HUSD' : 'TIDE' })
    return encodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', result: o.allowance ?? 0n })
  }
  const node = ({ id, method, params }: { id: number; method: string; params: unknown[] }) => {
    if (method === 'eth_simulateV1') return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
    const result =
      method === 'eth_getTransactionReceipt' ? receipt(params[0] as string) : method === 'eth_getBalance' ? `0x${(o.balance ?? 10n ** 18n).toString(16)}` : method === 'eth_getCode' ? '0x6080' : method === 'eth_call' ? ethCall(params[0] as { to: string; data: Hex }) : '0x1'
    return { jsonrpc: '2.0', id, result }
  }
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    if (url.hostname !== 'bc.example') {
      const body = JSON.parse(String(init?.body)) as Parameters<typeof node>[0] | Parameters<typeof node>[0][]
      return json(200, Array.isArray(body) ? body.map(node) : node(body))
    }
    calls.push(url.pathname)
    const request = init?.body ? (JSON.parse(String(init.body)) as { amount: string; from: string }) : undefined
    const amount = url.searchParams.get('amount') ?? request?.amount ?? '0'
    switch (url.pathname) {
      case '/v1/convert/gas-price':
        return json(200, { standard: GAS_PRICE.toString() })
      case '/v1/convert/quotes':
        return json(200, { quotes: [{ id: null, fromAmount: amount, fromAccount: null, toAmount: '7000', toAccount: null }] })
      case '/v1/convert/build-approve': {
        // The service's answer over a non-zero allowance of a USDT-style token: the reset to zero.
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [o.spender ?? ROUTER, (o.allowance ?? 0n) > 0n ? 0n : BigInt(amount)] })
        return json(200, { tx: { from: HUSD.address, to: `eip155:31337:${ROUTER}`, data, value: '0', eip155: { gasPrice: GAS_PRICE.toString() } } })
      }
      case '/v1/convert/build-transaction': {
        const data = request?.from === ETH.address ? encodeFunctionData({ abi: router, functionName: 'swapExactETHForTokens', args: [6930n, [LOCALNET_WETH, TIDE_ADDRESS], ADDRESS, 1n] }) : encodeFunctionData({ abi: router, functionName: 'swapExactTokensForTokens', args: [BigInt(amount), 6930n, [HUSD_ADDRESS, TIDE_ADDRESS], ADDRESS, 1n] })
        return json(200, { tx: { from: `eip155:31337:${ADDRESS}`, to: `eip155:31337:${ROUTER}`, data, amount: '7000', eip155: { gas: GAS.toString(), gasPrice: GAS_PRICE.toString() } } })
      }
    }
    if (url.pathname.endsWith('/balance')) return json(200, { balances: [] })
    return json(200, { http: [], ws: [] })
  }
  return { bridge, fetch, calls, sent }
}

const show = (s: State) => ({ swap: s.swap, view: s.modal.view })

const NONE = { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false }

/**
 * Connected, the form quoted, then SwapPreview: resolves once its checks passed or failed. `headless`:
 * the modal never opens, the site's own form and review show instead (`headless/showing-changed`).
 */
async function reviewedSwap(w: ReturnType<typeof world>, from: SwapToken, amount: string, { headless = false } = {}) {
  const engine = createEngine({ mode: 'main', fetch: w.fetch })
  await engine.start({ projectId: 'test', networks: [LOCALNET], services: { blockchain: 'https://bc.example' }, swapNetworks: ['eip155:31337'] }, w.bridge)
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
  await until(engine, (s) => s.connection.status === 'connected')
  await engine.dispatch(headless ? { type: 'headless/showing-changed', payload: { ...NONE, swap: true } } : { type: 'modal/open-requested', payload: { view: 'Swap', isMobile: false } })
  await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'from', token: from } })
  await engine.dispatch({ type: 'swap/token-selected', payload: { side: 'to', token: TIDE } })
  await engine.dispatch({ type: 'swap/amount-changed', payload: { amount } })
  await until(engine, (s) => s.swap.quote !== undefined, { show })
  await expect(engine.dispatch({ type: 'swap/requested', payload: {} })).rejects.toThrow('This swap has not been checked')
  if (headless) expect(w.calls).not.toContain('/v1/convert/build-transaction')
  await engine.dispatch(headless ? { type: 'headless/showing-changed', payload: { ...NONE, swapReview: true } } : { type: 'modal/navigate-requested', payload: { view: 'SwapPreview' } })
  const s = await until(engine, (x) => x.swap.checked !== undefined || x.swap.error !== undefined, { show })
  return { engine, s }
}

describe('the swap', () => {
  it("a token source short of allowance on chain: the service's reset, Gangway's approval of the amount, then the swap, as checked; Account, the form reset, the holdings asked afresh", async () => {
    const w = world({ allowance: 5n })
    const { engine, s: checked } = await reviewedSwap(w, HUSD, '25')
    expect(checked.swap.checked).toMatchObject({ simulated: false, fromAmount: '25000000', minimum: '6930', tokens: [{ symbol: 'HUSD', decimals: 6 }, { symbol: 'TIDE', decimals: 18 }] })
    expect(checked.swap.checked?.transactions.map((t) => t.kind)).toEqual(['reset', 'approve', 'swap'])
    await expect(engine.dispatch({ type: 'swap/requested', payload: {} })).resolves.toBeUndefined()
    const s = await until(engine, (x) => x.swap.lastHash !== undefined || x.swap.error !== undefined, { show })
    expect(s.swap.error).toBeUndefined()
    expect(w.sent.map((t) => decodeFunctionData({ abi: [...erc20Abi, ...router], data: t.data as Hex }).args?.slice(0, 2))).toEqual([
      [ROUTER, 0n],
      [ROUTER, 25_000_000n],
      [25_000_000n, 6930n],
    ])
    // The allowance is the chain's: the service's is never asked.
    expect(w.calls).not.toContain('/v1/convert/allowance')
    expect(s.modal.view).toBe('Account')
    expect(s.swap).toMatchObject({ quoting: false, lastHash: `0x${'3'.padStart(64, '0')}` })
    expect(s.swap.from).toBeUndefined()
    const events = parseLog(await engine.exportLog({ redact: false })).events as { type: string; payload: { forceUpdate?: boolean } }[]
    const after = events.slice(events.findIndex((e) => e.type === 'swap/requested'))
    expect(after.filter((e) => e.type.startsWith('swap/')).map((e) => e.type)).toEqual(['swap/requested', 'swap/approval-submitted', 'swap/approval-submitted', 'swap/submitted', 'swap/succeeded'])
    expect(after.slice(after.findIndex((e) => e.type === 'swap/succeeded')).some((e) => e.type === 'portfolio/fetch-requested' && e.payload.forceUpdate === true)).toBe(true)
    await engine.stop()
  })

  it('a native source without room for the gas is checked as the balance less the gas; none at all: Insufficient balance, nothing sent', async () => {
    const gas = GAS * GAS_PRICE
    let w = world({ balance: 10n ** 18n })
    let { engine, s } = await reviewedSwap(w, ETH, '1')
    expect(s.swap.checked).toMatchObject({ fromAmount: (10n ** 18n - gas).toString(), transactions: [{ kind: 'swap', value: (10n ** 18n - gas).toString() }] })
    await engine.dispatch({ type: 'swap/requested', payload: {} })
    s = await until(engine, (x) => x.swap.lastHash !== undefined || x.swap.error !== undefined, { show })
    expect(w.sent).toHaveLength(1)
    expect(BigInt(w.sent[0]!.value)).toBe(10n ** 18n - gas)
    expect(w.calls.filter((c) => c === '/v1/convert/build-transaction')).toHaveLength(2)
    await engine.stop()

    w = world({ balance: gas })
    ;({ engine, s } = await reviewedSwap(w, ETH, '1'))
    expect(s.swap).toMatchObject({ error: 'Insufficient balance' })
    expect(s.swap.step).toBeUndefined()
    await expect(engine.dispatch({ type: 'swap/requested', payload: {} })).rejects.toThrow('This swap has not been checked')
    expect(w.sent).toEqual([])
    await engine.stop()
  })

  it("an approval to another spender is refused before the wallet, with the spender in the log's details", async () => {
    const w = world({ spender: '0x000000000000000000000000000000000000dEaD' })
    const { engine, s } = await reviewedSwap(w, HUSD, '25')
    expect(s.swap).toMatchObject({ error: 'Approval spender is not the swap router' })
    expect(s.swap.checked).toBeUndefined()
    const failed = parseLog(await engine.exportLog({ redact: false })).events.find((e) => e.type === 'swap/check-failed')
    expect(failed?.payload).toMatchObject({ message: 'Approval spender is not the swap router', details: '0x000000000000000000000000000000000000dEaD' })
    expect(w.sent).toEqual([])
    await engine.stop()
  })

  it("a site's own form and review, the modal never opened: quoted, checked once `swapReview` turns on, then sent as checked", async () => {
    const w = world({ allowance: 5n })
    const { engine, s: checked } = await reviewedSwap(w, HUSD, '25', { headless: true })
    expect(checked.modal.open).toBe(false)
    expect(checked.swap.checked?.transactions.map((t) => t.kind)).toEqual(['reset', 'approve', 'swap'])
    expect(w.calls.filter((c) => c === '/v1/convert/build-transaction')).toHaveLength(1)
    // Another flag changed while the review stays on: not checked again.
    await engine.dispatch({ type: 'headless/showing-changed', payload: { ...NONE, swapReview: true, tokens: true } })
    await engine.dispatch({ type: 'swap/requested', payload: {} })
    const s = await until(engine, (x) => x.swap.lastHash !== undefined || x.swap.error !== undefined, { show })
    expect(s.swap.error).toBeUndefined()
    expect(w.sent).toHaveLength(3)
    expect(w.calls.filter((c) => c === '/v1/convert/build-transaction')).toHaveLength(1)
    expect(s.modal.open).toBe(false)
    await engine.stop()
  })

  it("the wallet's refusal keeps the form with its message; a second Swap while one is under way is refused", async () => {
    const w = world({ refuse: true })
    const { engine } = await reviewedSwap(w, ETH, '0.5')
    await engine.dispatch({ type: 'swap/requested', payload: {} })
    await expect(engine.dispatch({ type: 'swap/requested', payload: {} })).rejects.toThrow('A swap is already under way')
    const s = await until(engine, (x) => x.swap.error !== undefined, { show })
    expect(s.swap).toMatchObject({ error: 'User rejected the request.', amount: '0.5', step: undefined })
    expect(s.swap.from?.symbol).toBe('ETH')
    await engine.stop()
  })
})
