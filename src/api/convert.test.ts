import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { GangwayError } from '../events/kernel/errors.js'
import { convertClient, isSwapNativeToken, readUint256, SWAP_NATIVE_TOKEN_ADDRESS, SWAP_TOKENS_MAX } from './convert.js'
import { createServiceFetch } from './service-fetch.js'

interface Sent {
  method: string
  path: string
  params: Record<string, string>
  body?: unknown
}

/** A swap client over a stubbed fetch answering `answer` (a body and a status, or a thrown error); every request recorded. */
function stubbed(answer: (sent: Sent) => { status?: number; body?: unknown } | Error) {
  const sent: Sent[] = []
  const api = createServiceFetch({
    services: { blockchain: 'https://bc.example' },
    projectId: 'p1',
    fetch: async (input, init) => {
      const u = new URL(String(input))
      const s: Sent = { method: init?.method ?? 'GET', path: u.pathname, params: Object.fromEntries(u.searchParams), ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) }
      sent.push(s)
      const a = answer(s)
      if (a instanceof Error) throw a
      return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status ?? 200 })
    },
  })
  return { client: convertClient(api), sent }
}

/** The GangwayError a call rejects with. */
async function failure(p: Promise<unknown>): Promise<GangwayError> {
  const error = await p.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(GangwayError)
  return error as GangwayError
}

const common = { projectId: 'p1', st: 'gangway', sv: 'html-universal-0.1.0' }
const reasons = (description: unknown) => ({ status: 'FAILED', reasons: [{ field: 'amount', description }, { description: 'second' }] })
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const ROUTER = '0x111111125421cA6dc452d289314280a0f8842A65'
const user = `eip155:1:${ALICE}`
const eth = `eip155:1:${SWAP_NATIVE_TOKEN_ADDRESS}`
const usdc = `eip155:1:${USDC}`
const approveData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, maxUint256] })

describe('readUint256 and the native token', () => {
  it('reads decimal strings, 0x hex and safe integers ≥ 0 as decimal strings, nothing over 2^256 - 1', () => {
    expect(readUint256('1000000000000000000')).toBe('1000000000000000000')
    expect(readUint256('0x3b9aca00')).toBe('1000000000')
    expect(readUint256(21000)).toBe('21000')
    expect(readUint256(maxUint256.toString())).toBe(maxUint256.toString())
    for (const bad of [(maxUint256 + 1n).toString(), `0x1${'0'.repeat(64)}`, -1, 1.5, 2 ** 60, '1e18', '1.5', '', ' 1', null, {}]) expect(readUint256(bad), String(bad)).toBeUndefined()
  })
  it('names the native token by its checksummed address, in any case', () => {
    expect(isSwapNativeToken(eth)).toBe(true)
    expect(isSwapNativeToken(eth.toLowerCase())).toBe(true)
    expect(isSwapNativeToken(usdc)).toBe(false)
  })
})

describe('getTokens', () => {
  it('asks GET /v1/convert/tokens with chainId and keeps the tokens on that chain, checksummed', async () => {
    const { client, sent } = stubbed(() => ({
      body: {
        tokens: [
          { name: 'Ether', symbol: 'ETH', address: eth.toLowerCase(), decimals: 18, logoUri: 'https://tokens.example/eth.png', eip2612: false },
          { name: 'USD Coin', symbol: 'USDC', address: usdc.toLowerCase(), decimals: 6, logoUri: 'javascript:alert(1)' },
        ],
      },
    }))
    expect(await client.getTokens('eip155:1')).toEqual([
      { name: 'Ether', symbol: 'ETH', address: eth, decimals: 18, logoUri: 'https://tokens.example/eth.png' },
      { name: 'USD Coin', symbol: 'USDC', address: usdc, decimals: 6 },
    ])
    expect(sent).toEqual([{ method: 'GET', path: '/v1/convert/tokens', params: { chainId: 'eip155:1', ...common } }])
  })
  it('bounds a hostile answer: at most SWAP_TOKENS_MAX looked at, other chains, bad decimals and duplicates dropped, names cut', async () => {
    const bad = [
      { name: 'Other chain', symbol: 'X', address: `eip155:10:${USDC}`, decimals: 6 },
      { name: 'Solana', symbol: 'S', address: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6 },
      { name: 'Fraction', symbol: 'F', address: `eip155:1:0x${'1'.repeat(40)}`, decimals: 6.5 },
      { name: 'Huge', symbol: 'H', address: `eip155:1:0x${'2'.repeat(40)}`, decimals: 255 },
      { name: 'Text', symbol: 'T', address: `eip155:1:0x${'3'.repeat(40)}`, decimals: '18' },
      { name: '', symbol: 'N', address: `eip155:1:0x${'4'.repeat(40)}`, decimals: 18 },
      { name: 'Dup', symbol: 'USDC', address: usdc, decimals: 6 },
    ]
    const many = Array.from({ length: 5000 }, (_, i) => ({ name: `Token ${i} ${'n'.repeat(100)}`, symbol: `T${i}`, address: `eip155:1:0x${i.toString(16).padStart(40, '0')}`, decimals: 18 }))
    const { client } = stubbed(() => ({ body: { tokens: [{ name: 'USD Coin', symbol: 'USDC', address: usdc, decimals: 6 }, ...bad, ...many] } }))
    const tokens = await client.getTokens('eip155:1')
    expect(tokens).toHaveLength(SWAP_TOKENS_MAX - bad.length)
    expect(tokens[0]).toEqual({ name: 'USD Coin', symbol: 'USDC', address: usdc, decimals: 6 })
    expect(tokens[1]!.name).toHaveLength(64)
    expect(tokens.filter((t) => t.symbol === 'USDC')).toHaveLength(1)
  })
  it("refuses a network that is not eip155 without asking: 'Network not supported for Swaps'", async () => {
    const { client, sent } = stubbed(() => ({ body: { tokens: [] } }))
    expect(await failure(client.getTokens('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toMatchObject({ message: 'Network not supported for Swaps', category: 'INTERNAL_SDK_ERROR' })
    expect(await failure(client.getTokens('eip155:01'))).toMatchObject({ message: 'Error fetching swap tokens', details: 'Invalid request: chainId' })
    expect(sent).toEqual([])
  })
  it("'Insufficient liquidity', the first reason, else 'Error fetching swap tokens'", async () => {
    expect((await failure(stubbed(() => ({ status: 400, body: reasons('Unsupported chain') })).client.getTokens('eip155:1'))).message).toBe('Unsupported chain')
    for (const answer of [() => ({ status: 500 }), () => new TypeError('fetch failed'), () => ({ body: { tokens: 'none' } }), () => ({})]) {
      expect(await failure(stubbed(answer).client.getTokens('eip155:1'))).toMatchObject({ message: 'Error fetching swap tokens', category: 'API_ERROR' })
    }
  })
})

describe('getQuote', () => {
  const request = { amount: '1000000000000000000', from: eth, to: usdc, userAddress: user, gasPrice: '1000000000' }
  it('asks GET /v1/convert/quotes with amount, the plain userAddress, from, to, gasPrice and reads the first quote', async () => {
    const { client, sent } = stubbed(() => ({ body: { quotes: [{ id: null, fromAmount: '1000000000000000000', fromAccount: eth.toLowerCase(), toAmount: '3012345678', toAccount: usdc }] } }))
    expect(await client.getQuote(request)).toEqual({ fromAmount: '1000000000000000000', toAmount: '3012345678' })
    expect(sent).toEqual([{ method: 'GET', path: '/v1/convert/quotes', params: { amount: request.amount, userAddress: ALICE, from: eth, to: usdc, gasPrice: '1000000000', ...common } }])
  })
  it('skips quotes without amounts or for other tokens; none left is an error', async () => {
    const quotes = [
      { fromAmount: '1', toAmount: 1.5 },
      { fromAmount: '1', toAmount: '-3' },
      { fromAmount: '1', toAmount: '5', toAccount: `eip155:1:0x${'9'.repeat(40)}` },
      { fromAmount: '1', toAmount: '6', toAccount: `eip155:10:${USDC}` },
      { id: 'q7', fromAmount: '1', toAmount: '7' },
    ]
    expect(await stubbed(() => ({ body: { quotes } })).client.getQuote(request)).toEqual({ id: 'q7', fromAmount: '1', toAmount: '7' })
    for (const body of [{ quotes: [] }, { quotes: quotes.slice(0, 4) }, { quote: {} }]) {
      expect(await failure(stubbed(() => ({ body })).client.getQuote(request))).toMatchObject({ message: 'Error fetching swap quote', category: 'API_ERROR' })
    }
  })
  it("'Insufficient liquidity' when the first reason says so in any case, else that reason, else 'Error fetching swap quote'", async () => {
    for (const description of ['insufficient liquidity', 'Swap failed: Insufficient Liquidity for this pair']) {
      expect(await failure(stubbed(() => ({ status: 400, body: reasons(description) })).client.getQuote(request))).toMatchObject({ message: 'Insufficient liquidity', category: 'API_ERROR', details: 'Status 400' })
    }
    expect((await failure(stubbed(() => ({ status: 400, body: reasons('Amount too small') })).client.getQuote(request))).message).toBe('Amount too small')
    expect((await failure(stubbed(() => ({ status: 502 })).client.getQuote(request))).message).toBe('Error fetching swap quote')
  })
  it('sends nothing for a request that is not well formed', async () => {
    const { client, sent } = stubbed(() => ({ body: { quotes: [] } }))
    const bad: [Record<string, unknown>, string, string][] = [
      [{ amount: '0' }, 'Error fetching swap quote', 'Invalid request: amount'],
      [{ amount: '1.5' }, 'Error fetching swap quote', 'Invalid request: amount'],
      [{ amount: (maxUint256 + 1n).toString() }, 'Error fetching swap quote', 'Invalid request: amount'],
      [{ gasPrice: '0x10' }, 'Error fetching swap quote', 'Invalid request: gasPrice'],
      [{ to: `eip155:10:${USDC}` }, 'Error fetching swap quote', 'Invalid request: to is on another chain'],
      [{ userAddress: ALICE }, 'Error fetching swap quote', 'Invalid request: userAddress'],
      [{ from: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112' }, 'Network not supported for Swaps', 'Invalid request: from'],
    ]
    for (const [change, message, details] of bad) expect(await failure(client.getQuote({ ...request, ...change } as never))).toMatchObject({ message, details, category: 'INTERNAL_SDK_ERROR' })
    expect(sent).toEqual([])
  })
})

describe('getGasPrice', () => {
  it('asks GET /v1/convert/gas-price with chainId and reads standard, fast and instant as wei decimal strings', async () => {
    const { client, sent } = stubbed(() => ({ body: { standard: '1000000000', fast: '0x77359400', instant: 'soon' } }))
    expect(await client.getGasPrice('eip155:1')).toEqual({ standard: '1000000000', fast: '2000000000' })
    expect(sent).toEqual([{ method: 'GET', path: '/v1/convert/gas-price', params: { chainId: 'eip155:1', ...common } }])
  })
  it("'Network not supported for Gas Price' for another network, without asking; 'Error fetching gas price' without a standard price", async () => {
    const { client, sent } = stubbed(() => ({ body: {} }))
    for (const id of ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155', '1']) expect(await failure(client.getGasPrice(id))).toMatchObject({ message: 'Network not supported for Gas Price', category: 'INTERNAL_SDK_ERROR' })
    expect(sent).toEqual([])
    for (const body of [{}, { standard: 1.5 }, { standard: '-1' }]) expect((await failure(stubbed(() => ({ body })).client.getGasPrice('eip155:1'))).message).toBe('Error fetching gas price')
  })
})

describe('getAllowance', () => {
  it('asks GET /v1/convert/allowance with the CAIP-10 token and account and reads the allowance', async () => {
    const { client, sent } = stubbed(() => ({ body: { allowance: maxUint256.toString() } }))
    expect(await client.getAllowance({ tokenAddress: usdc, userAddress: user })).toBe(maxUint256.toString())
    expect(sent).toEqual([{ method: 'GET', path: '/v1/convert/allowance', params: { tokenAddress: usdc, userAddress: user, ...common } }])
  })
  it("the first reason, else 'Error fetching allowance' (a missing or negative allowance included)", async () => {
    expect((await failure(stubbed(() => ({ status: 400, body: reasons('Unknown token') })).client.getAllowance({ tokenAddress: usdc, userAddress: user }))).message).toBe('Unknown token')
    for (const body of [{}, { allowance: '-1' }, { allowance: 'lots' }]) expect((await failure(stubbed(() => ({ body })).client.getAllowance({ tokenAddress: usdc, userAddress: user }))).message).toBe('Error fetching allowance')
  })
})

describe('buildApproveTransaction', () => {
  const request = { userAddress: user, from: usdc, to: eth }
  const answer = (tx: Record<string, unknown>) => () => ({ body: { tx: { from: usdc.toLowerCase(), to: eth, data: approveData, value: '0', eip155: { gasPrice: '1000000000' }, ...tx } } })
  it('asks GET /v1/convert/build-approve and answers the approval to the `from` token, with no value', async () => {
    const { client, sent } = stubbed(answer({}))
    expect(await client.buildApproveTransaction({ ...request, amount: '5000000' })).toEqual({ to: USDC, data: approveData, value: '0', gasPrice: '1000000000' })
    expect(sent).toEqual([{ method: 'GET', path: '/v1/convert/build-approve', params: { userAddress: user, from: usdc, to: eth, amount: '5000000', ...common } }])
    expect(await stubbed(answer({ from: undefined, value: '0x0', eip155: { gas: 60000, gasPrice: '0x3b9aca00' } })).client.buildApproveTransaction(request)).toEqual({ to: USDC, data: approveData, value: '0', gas: '60000', gasPrice: '1000000000' })
  })
  it('refuses data that is no ERC-20 approval, a value, another token, bad hex', async () => {
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ROUTER, 1n] })
    const cases: [Record<string, unknown>, string][] = [
      [{ data: transfer }, 'Not an ERC-20 approval'],
      [{ data: '0xdeadbeef' }, 'Not an ERC-20 approval'],
      [{ value: '1' }, 'An approval with a value'],
      [{ from: `eip155:1:0x${'5'.repeat(40)}` }, 'Another token'],
      [{ data: '0x123' }, 'Malformed answer'],
      [{ data: `0x${'ab'.repeat(60_000)}` }, 'Malformed answer'],
    ]
    for (const [tx, details] of cases) expect(await failure(stubbed(answer(tx)).client.buildApproveTransaction(request))).toMatchObject({ message: 'Error building approval transaction', category: 'API_ERROR', details })
  })
  it('sends nothing to approve the native token or an amount that is not base units', async () => {
    const { client, sent } = stubbed(answer({}))
    expect(await failure(client.buildApproveTransaction({ ...request, from: eth, to: usdc }))).toMatchObject({ message: 'Error building approval transaction', details: 'Invalid request: from is the native token', category: 'INTERNAL_SDK_ERROR' })
    expect(await failure(client.buildApproveTransaction({ ...request, amount: '1e6' }))).toMatchObject({ details: 'Invalid request: amount' })
    expect(sent).toEqual([])
  })
})

describe('buildSwapTransaction', () => {
  const request = { amount: '1000000000000000000', from: eth, to: usdc, userAddress: user }
  const tx = { from: user.toLowerCase(), to: `eip155:1:${ROUTER.toLowerCase()}`, data: '0x12aa3caf00', amount: '3012345678', eip155: { gas: '180000', gasPrice: '1000000000' } }
  it('POSTs /v1/convert/build-transaction with the slippage, projectId and disableEstimate, and answers the router call', async () => {
    const { client, sent } = stubbed(() => ({ body: { tx } }))
    expect(await client.buildSwapTransaction(request)).toEqual({ to: ROUTER, data: '0x12aa3caf00', value: '1000000000000000000', gas: '180000', gasPrice: '1000000000', toAmount: '3012345678' })
    expect(sent).toEqual([{ method: 'POST', path: '/v1/convert/build-transaction', params: common, body: { amount: request.amount, eip155: { slippage: 1 }, projectId: 'p1', from: eth, to: usdc, userAddress: user, disableEstimate: true } }])
  })
  it('sends no value for a token swap, whatever the answer says', async () => {
    const { client, sent } = stubbed(() => ({ body: { tx: { ...tx, value: '999' } } }))
    expect((await client.buildSwapTransaction({ ...request, from: usdc, to: eth, amount: '5000000', disableEstimate: false })).value).toBe('0')
    expect((sent[0]!.body as { disableEstimate: boolean }).disableEstimate).toBe(false)
  })
  it("refuses a router on another chain or no call data; 'Insufficient liquidity' and reasons as the quote", async () => {
    for (const change of [{ to: `eip155:10:${ROUTER}` }, { to: ROUTER }, { data: '0x' }, { data: 'calldata' }]) {
      expect(await failure(stubbed(() => ({ body: { tx: { ...tx, ...change } } })).client.buildSwapTransaction(request))).toMatchObject({ message: 'Error building swap transaction', details: 'Malformed answer' })
    }
    expect((await failure(stubbed(() => ({ status: 500, body: reasons('INSUFFICIENT LIQUIDITY') })).client.buildSwapTransaction(request))).message).toBe('Insufficient liquidity')
    expect((await failure(stubbed(() => ({ status: 500, body: reasons('Slippage too low') })).client.buildSwapTransaction(request))).message).toBe('Slippage too low')
  })
  it('sends nothing for a request that is not well formed', async () => {
    const { client, sent } = stubbed(() => ({ body: { tx } }))
    expect(await failure(client.buildSwapTransaction({ ...request, amount: '' }))).toMatchObject({ message: 'Error building swap transaction', details: 'Invalid request: amount', category: 'INTERNAL_SDK_ERROR' })
    expect(await failure(client.buildSwapTransaction({ ...request, userAddress: 'bip122:000000000019d6689c085ae165831e93:bc1q' }))).toMatchObject({ message: 'Network not supported for Swaps' })
    expect(sent).toEqual([])
  })
})

describe('every call', () => {
  it("passes the caller's abort through as it is", async () => {
    const controller = new AbortController()
    const { client } = stubbed(() => {
      controller.abort(new DOMException('view closed', 'AbortError'))
      return new DOMException('aborted', 'AbortError')
    })
    await expect(client.getTokens('eip155:1', controller.signal)).rejects.toMatchObject({ name: 'AbortError', message: 'view closed' })
  })
  it("the timeout is the call's fallback message with the fetch's details", async () => {
    const slow = convertClient(createServiceFetch({ services: { blockchain: 'https://bc.example' }, projectId: 'p', timeoutMs: 10, fetch: (_u, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))) }))
    expect(await failure(slow.getGasPrice('eip155:1'))).toMatchObject({ message: 'Error fetching gas price', details: 'The request took too long to respond.' })
  })
})
