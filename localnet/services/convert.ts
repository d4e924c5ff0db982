/**
 * The swap service of the blockchain service emulator (docs/behaviour.md §7 `/v1/convert/…`; issue
 * 21), quoting from the localnet's real Uniswap V2 pools (amm.ts) and answering exactly the shapes
 * the client reads (src/api/convert.ts, its module comment). Every read is live, from the chain.
 * - GET /v1/convert/tokens (chainId, CAIP-2): `{ tokens: [{ name, symbol, address, decimals,
 *   logoUri, eip2612: false }] }`: the native token (SWAP_NATIVE_TOKEN, 'Ether', 18 decimals) first,
 *   then the stablecoin, then every other token of the factory's pairs by symbol (HUSD, HBD, TIDE);
 *   WETH is not listed, the native token stands for it. Addresses are CAIP-10, checksummed; logos are
 *   the blockchain emulator's token icons (`iconUrl`, the same art as the wallet/config service's).
 * - GET /v1/convert/quotes (amount, from, to, userAddress, gasPrice): `{ quotes: [{ id: null,
 *   fromAmount, fromAccount, toAmount, toAccount, fee, gas }] }`: Router02's `getAmountsOut` over the
 *   best path (see `bestRoute`), amounts in base units as decimal strings, the accounts the CAIP-10
 *   tokens asked; `fee` what the pools keep (0.3 % a hop) in base units of `from`, `gas` the swap's
 *   gas limit as build-transaction gives it.
 * - GET /v1/convert/gas-price (chainId): `{ standard, fast, instant }`, wei as decimal strings: the
 *   node's eth_gasPrice, ×FAST_GAS_PERCENT/100 and ×INSTANT_GAS_PERCENT/100.
 * - GET /v1/convert/allowance (tokenAddress, userAddress; CAIP-10): `{ allowance }`, the token's
 *   allowance from the account to Router02, read live.
 * - GET /v1/convert/build-approve (userAddress, from, to, amount?; CAIP-10): `{ tx: { from (the token,
 *   CAIP-10), to (as asked), data, value: '0', eip155: { gasPrice } } }` with `data` an ERC-20
 *   `approve(router, amount)` (amount absent: 2^256-1). A USDT-style token (Harbour USD) refuses to
 *   move a non-zero allowance to another non-zero one: when the account's allowance is non-zero and
 *   `approve(router, amount)` sent from it would revert (an eth_call), the answer is the reset
 *   `approve(router, 0)` instead. A caller that loops "send the approval, wait for it, read the
 *   allowance, ask again while it is short" (the engine's) thus sends the reset, then asks again and
 *   gets the real approval.
 * - POST /v1/convert/build-transaction `{ amount, eip155: { slippage }, projectId, from, to,
 *   userAddress, disableEstimate }`: `{ tx: { from (the account, CAIP-10), to (Router02, CAIP-10),
 *   data, amount (the expected output, base units), eip155: { gas, gasPrice } } }` with `data`
 *   swapExactETHForTokens, swapExactTokensForETH or swapExactTokensForTokens over the quote's path, to
 *   the account, `amountOutMin` the expected output × (100 − slippage)/100 (slippage in percent, to
 *   0.01 %) and the deadline DEADLINE_S after the later of now and the latest block. `gas` is
 *   SWAP_GAS_FIRST_HOP + SWAP_GAS_NEXT_HOP a further hop, or, with `disableEstimate: false`,
 *   eth_estimateGas from the account (a revert is refused with CONVERT_REFUSALS.simulation and the
 *   node's reason).
 * Insufficient liquidity (quotes and build-transaction): a 400 `{ reasons: [{ field: 'amount',
 * description: 'insufficient liquidity' }] }` when no path of at most MAX_HOPS pools joins the tokens,
 * getAmountsOut reverts on every shortest path, it yields 0, or some hop's input is its pool's whole
 * input-side reserve or more (the output would then take half the other side or more).
 * Any other refusal is a 400 `{ reasons: [{ field, description }] }`, the descriptions in
 * CONVERT_REFUSALS (the client shows the first description). Requests are checked at entry: CAIP ids
 * by pattern on a served chain, all on one chain; amounts decimal base units of at most 256 bits; the
 * body at most BODY_MAX characters. Prices for the blockchain emulator's `/v1/fungible/price`:
 * `usdPrice`. Demo and test tooling only.
 */
import { encodeFunctionData, erc20Abi, getAddress, maxUint256, parseAbi, type Client, type Hex } from 'viem'
import { call, estimateGas, getBlock, getGasPrice, readContract } from 'viem/actions'
import type { JsonAnswer } from './emulator-types.js'

/** The swap service's name for the native token (the client's SWAP_NATIVE_TOKEN_ADDRESS), checksummed. */
export const SWAP_NATIVE_TOKEN = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
/** The most pools a path crosses. */
export const MAX_HOPS = 3
/** How long a built swap stays valid, in seconds (Uniswap's interface default: 20 minutes). */
export const DEADLINE_S = 20 * 60
/** The gas limit of a swap's first hop (wrapping or taking the input included), and of each further hop. */
export const SWAP_GAS_FIRST_HOP = 250_000n
export const SWAP_GAS_NEXT_HOP = 100_000n
/** Uniswap V2's fee: each hop passes on POOL_FEE_KEPT/POOL_FEE_BASE of its input (0.3 % stays in the pool). */
export const POOL_FEE_KEPT = 997n
export const POOL_FEE_BASE = 1000n
/** The `fast` and `instant` gas prices, in percent of the node's. */
export const FAST_GAS_PERCENT = 120n
export const INSTANT_GAS_PERCENT = 150n
/** The highest slippage accepted, in percent. */
export const SLIPPAGE_MAX = 50
/** The largest request body read, in characters. */
const BODY_MAX = 16 * 1024

/** Where the hostile cases (HOSTILE_SWAP_CASES) send what they steal: an address no one holds a key of. */
export const SWAP_ATTACKER = getAddress('0x000000000000000000000000000000000badbad0')

/**
 * The hostile swap service (hostile.ts: `/hostile/<case>` on the blockchain service's base URL),
 * each case one rewrite of an honest answer, as a compromised or spoofed service would answer:
 * - `swap-spender`: build-approve approves SWAP_ATTACKER for the amount asked;
 * - `swap-unlimited`: build-approve approves the router for 2^256 - 1;
 * - `swap-to`: build-transaction's `to` is SWAP_ATTACKER (a native source's value goes there);
 * - `swap-token-target`: build-transaction calls the `from` token (the native source: the `to`
 *   token) with `transfer(SWAP_ATTACKER, amount)`;
 * - `swap-transfer`: build-transaction calls the router with ERC-20 `transfer(SWAP_ATTACKER, amount)` calldata;
 * - `swap-recipient`: the router's swap pays SWAP_ATTACKER;
 * - `swap-worse`: the router's swap asks half the expected output as its minimum (and says so in `amount`);
 * - `swap-decimals`: the token list gives every ERC-20 6 decimals more than its contract;
 * - `swap-allowance`: allowance answers 2^256 - 1 (an approval is not needed, it says).
 */
export const HOSTILE_SWAP_CASES = ['swap-spender', 'swap-unlimited', 'swap-to', 'swap-token-target', 'swap-transfer', 'swap-recipient', 'swap-worse', 'swap-decimals', 'swap-allowance'] as const

/** What each refusal says (the `description` of its first reason). */
export const CONVERT_REFUSALS = {
  chain: 'Chain is not served',
  id: 'Must be a CAIP-10 eip155 id',
  otherChain: 'Tokens and account must be on one chain',
  token: 'Token is not swappable on this chain',
  native: 'The native token has no allowance',
  same: 'From and to are the same token',
  amount: 'Amount must be base units: a decimal integer of at most 256 bits',
  gasPrice: 'Gas price must be wei: a decimal integer of at most 256 bits',
  slippage: `Slippage must be a percentage from 0 to ${SLIPPAGE_MAX}`,
  body: 'Request body must be JSON with amount, eip155.slippage, from, to and userAddress',
  liquidity: 'insufficient liquidity',
  simulation: 'Swap simulation failed',
} as const

/** The AMM the service quotes from (amm.ts `LocalnetAmm` has these), the same on every served chain. */
export interface SwapAmm {
  /** WETH9, which the native token swaps through. */
  weth: Hex
  /** UniswapV2Factory: its pairs are the pools. */
  factory: Hex
  /** UniswapV2Router02: quotes, swaps, the spender of approvals. */
  router: Hex
  /** The dollar stablecoin: priced at $1, the other tokens against it. */
  stablecoin: { address: Hex }
}

export interface ConvertServiceOptions {
  /** The served EVM chains, each with the viem client the service reads and simulates on. */
  chains: { chainId: number; client: Client }[]
  amm: SwapAmm
  /** A token icon's URL by symbol. */
  iconUrl: (symbol: string) => string
  /** The clock, in ms; default Date.now. */
  now?: () => number
}

export interface ConvertService {
  /** Answers a request on one of the `/v1/convert/` paths (method, path without the base, query; `body` reads the request body), or undefined for any other path. */
  route(method: string, pathname: string, params: URLSearchParams, body: () => Promise<string>): Promise<JsonAnswer | undefined>
  /**
   * The USD price of `token` (an address, or SWAP_NATIVE_TOKEN in any case, priced as WETH) on
   * `chainId` from the pools: 1 for the stablecoin; else the mid price (the reserves' ratio, in whole
   * units) along the first shortest path to the stablecoin in the factory's pair order; undefined
   * for a chain not served or a token no pool path joins to the stablecoin.
   */
  usdPrice(chainId: number, token: string): Promise<number | undefined>
}

/** Router02's functions the service calls and builds. */
export const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi(['function allPairsLength() view returns (uint256)', 'function allPairs(uint256) view returns (address)'])
/** A pair's tokens and reserves. */
export const pairAbi = parseAbi(['function token0() view returns (address)', 'function token1() view returns (address)', 'function getReserves() view returns (uint112, uint112, uint32)'])

type Json = Record<string, unknown>
type Answer = JsonAnswer
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const refuse = (field: string, reason: keyof typeof CONVERT_REFUSALS, more = '', status = 400): Answer => ({ status, body: { reasons: [{ field, description: `${CONVERT_REFUSALS[reason]}${more}` }] } })
const ok = (body: unknown): Answer => ({ status: 200, body })
const isRefusal = (v: unknown): v is Answer => obj(v)?.status !== undefined && obj(v)?.body !== undefined
const CAIP2 = /^eip155:([1-9]\d{0,15})$/
const CAIP10 = /^eip155:([1-9]\d{0,15}):(0x[0-9a-fA-F]{40})$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const DECIMAL = /^(?:0|[1-9]\d{0,77})$/
const key = (a: string) => a.toLowerCase()
const pairKey = (a: string, b: string) => [key(a), key(b)].sort().join('-')

/** `v` as base units (bigint) of at most 256 bits, or undefined; `positive` refuses 0. */
function units(v: unknown, positive: boolean): bigint | undefined {
  if (typeof v !== 'string' || !DECIMAL.test(v)) return undefined
  const n = BigInt(v)
  return n <= maxUint256 && (!positive || n > 0n) ? n : undefined
}

interface Pool {
  pair: Hex
  token0: Hex
  token1: Hex
}
interface Chain {
  chainId: number
  client: Client
  /** The factory's pairs as last read, and their count then. */
  pools?: Pool[]
}
interface TokenInfo {
  name: string
  symbol: string
  decimals: number
}
/** A route: the path (token addresses, WETH for the native token) and getAmountsOut's amounts along it. */
interface Route {
  path: Hex[]
  amounts: readonly bigint[]
}

export function createConvertService(o: ConvertServiceOptions): ConvertService {
  const now = o.now ?? Date.now
  const { amm } = o
  const chains = new Map<number, Chain>(o.chains.map((c) => [c.chainId, { chainId: c.chainId, client: c.client }]))
  const meta = new Map<string, TokenInfo>()
  const isNative = (a: string) => key(a) === key(SWAP_NATIVE_TOKEN)

  /** The factory's pools on `chain`, read again when their count changed. */
  async function pools(chain: Chain): Promise<Pool[]> {
    const count = Number(await readContract(chain.client, { address: amm.factory, abi: factoryAbi, functionName: 'allPairsLength' }))
    if (chain.pools?.length === count) return chain.pools
    const read = await Promise.all(
      Array.from({ length: Math.min(count, 1000) }, async (_, i) => {
        const pair = await readContract(chain.client, { address: amm.factory, abi: factoryAbi, functionName: 'allPairs', args: [BigInt(i)] })
        const [token0, token1] = await Promise.all([readContract(chain.client, { address: pair, abi: pairAbi, functionName: 'token0' }), readContract(chain.client, { address: pair, abi: pairAbi, functionName: 'token1' })])
        return { pair, token0, token1 }
      }),
    )
    chain.pools = read
    return read
  }

  async function tokenInfo(chain: Chain, token: Hex): Promise<TokenInfo> {
    if (isNative(token)) return { name: 'Ether', symbol: 'ETH', decimals: 18 }
    const k = `${chain.chainId}:${key(token)}`
    const known = meta.get(k)
    if (known) return known
    const read = (functionName: 'name' | 'symbol' | 'decimals') => readContract(chain.client, { address: token, abi: erc20Abi, functionName })
    const [name, symbol, decimals] = await Promise.all([read('name'), read('symbol'), read('decimals')])
    const info = { name: String(name), symbol: String(symbol), decimals: Number(decimals) }
    meta.set(k, info)
    return info
  }

  /** The swap tokens of `chain`: the native token, the stablecoin, then the pools' other tokens by symbol; WETH left out. */
  async function swapTokens(chain: Chain): Promise<Hex[]> {
    const seen = new Map<string, Hex>()
    for (const p of await pools(chain)) for (const t of [p.token0, p.token1]) if (key(t) !== key(amm.weth)) seen.set(key(t), getAddress(t))
    const stable = seen.get(key(amm.stablecoin.address))
    seen.delete(key(amm.stablecoin.address))
    const others = await Promise.all([...seen.values()].map(async (t) => ({ t, symbol: (await tokenInfo(chain, t)).symbol })))
    others.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    return [SWAP_NATIVE_TOKEN, ...(stable ? [stable] : []), ...others.map((x) => x.t)]
  }

  /** Every path of the fewest pools (at most MAX_HOPS) from `a` to `b`, in the factory's pair order. */
  function shortestPaths(list: Pool[], a: Hex, b: Hex): Hex[][] {
    const next = new Map<string, Hex[]>()
    for (const p of list) {
      next.set(key(p.token0), [...(next.get(key(p.token0)) ?? []), p.token1])
      next.set(key(p.token1), [...(next.get(key(p.token1)) ?? []), p.token0])
    }
    let frontier: Hex[][] = [[a]]
    for (let hop = 1; hop <= MAX_HOPS; hop++) {
      const grown = frontier.flatMap((path) => (next.get(key(path.at(-1)!)) ?? []).filter((t) => !path.some((s) => key(s) === key(t))).map((t) => [...path, t]))
      const arrived = grown.filter((path) => key(path.at(-1)!) === key(b))
      if (arrived.length > 0) return arrived
      frontier = grown
    }
    return []
  }

  /** The reserves of the pool joining `a` and `b`, `a`'s first. */
  async function reserves(chain: Chain, list: Pool[], a: Hex, b: Hex): Promise<[bigint, bigint] | undefined> {
    const pool = list.find((p) => pairKey(p.token0, p.token1) === pairKey(a, b))
    if (!pool) return undefined
    const [r0, r1] = await readContract(chain.client, { address: pool.pair, abi: pairAbi, functionName: 'getReserves' })
    return key(pool.token0) === key(a) ? [r0, r1] : [r1, r0]
  }

  /**
   * The best route for `amountIn` of `from` into `to` (swap tokens; the native one as WETH): among
   * the shortest paths, the one whose getAmountsOut yields most (the first on a tie), leaving out a
   * path where getAmountsOut reverts, yields 0, or some hop's input is its pool's input-side reserve
   * or more; undefined when none is left (insufficient liquidity).
   */
  async function bestRoute(chain: Chain, from: Hex, to: Hex, amountIn: bigint): Promise<Route | undefined> {
    const list = await pools(chain)
    const asPool = (t: Hex) => (isNative(t) ? amm.weth : t)
    let best: Route | undefined
    for (const path of shortestPaths(list, asPool(from), asPool(to))) {
      let amounts: readonly bigint[]
      try {
        amounts = await readContract(chain.client, { address: amm.router, abi: routerAbi, functionName: 'getAmountsOut', args: [amountIn, path] })
      } catch {
        continue
      }
      if (amounts.length !== path.length || amounts.at(-1)! === 0n) continue
      let deep = true
      for (let i = 0; i + 1 < path.length && deep; i++) {
        const r = await reserves(chain, list, path[i]!, path[i + 1]!)
        deep = r !== undefined && amounts[i]! < r[0]
      }
      if (deep && (!best || amounts.at(-1)! > best.amounts.at(-1)!)) best = { path, amounts }
    }
    return best
  }

  const chainOf = (chainId: string | null | undefined, field: string): Chain | Answer => {
    const m = CAIP2.exec(chainId ?? '')
    const chain = m ? chains.get(Number(m[1])) : undefined
    return chain ?? refuse(field, m ? 'chain' : 'id')
  }

  /**
   * The CAIP-10 ids `ids` (field → value; `plain` fields may be a bare 0x address too), checked: each
   * an eip155 id on one served chain, and `tokens` among its swap tokens.
   */
  async function resolve<K extends string>(ids: Record<K, unknown>, o2: { plain?: NoInfer<K>[]; tokens: NoInfer<K>[] }): Promise<({ chain: Chain } & Record<K, Hex>) | Answer> {
    const out: Record<string, Hex> = {}
    let chainId: number | undefined
    for (const [field, v] of Object.entries(ids) as [K, unknown][]) {
      const m = typeof v === 'string' ? CAIP10.exec(v) : null
      if (!m) {
        if (o2.plain?.includes(field) && typeof v === 'string' && ADDRESS.test(v)) {
          out[field] = getAddress(v.toLowerCase())
          continue
        }
        return refuse(field, 'id')
      }
      if (chainId !== undefined && Number(m[1]) !== chainId) return refuse(field, 'otherChain')
      chainId = Number(m[1])
      out[field] = getAddress(m[2]!.toLowerCase())
    }
    const chain = chainId === undefined ? undefined : chains.get(chainId)
    if (!chain) return refuse(Object.keys(ids)[0]!, 'chain')
    const listed = new Set((await swapTokens(chain)).map(key))
    for (const field of o2.tokens) if (!listed.has(key(out[field]!))) return refuse(field, 'token')
    return { chain, ...(out as Record<K, Hex>) }
  }

  const caip10 = (chain: Chain, address: Hex) => `eip155:${chain.chainId}:${address}`

  async function tokens(params: URLSearchParams): Promise<Answer> {
    const chain = chainOf(params.get('chainId'), 'chainId')
    if (isRefusal(chain)) return chain
    const lying = params.get('localnetHostile') === 'swap-decimals'
    const list = await Promise.all(
      (await swapTokens(chain)).map(async (t) => {
        const info = await tokenInfo(chain, t)
        return { name: info.name, symbol: info.symbol, address: caip10(chain, t), decimals: lying && !isNative(t) ? info.decimals + 6 : info.decimals, logoUri: o.iconUrl(info.symbol), eip2612: false }
      }),
    )
    return ok({ tokens: list })
  }

  async function quotes(params: URLSearchParams): Promise<Answer> {
    const r = await resolve({ from: params.get('from'), to: params.get('to'), userAddress: params.get('userAddress') }, { plain: ['userAddress'], tokens: ['from', 'to'] })
    if (isRefusal(r)) return r
    const amount = units(params.get('amount'), true)
    if (amount === undefined) return refuse('amount', 'amount')
    if (params.has('gasPrice') && units(params.get('gasPrice'), false) === undefined) return refuse('gasPrice', 'gasPrice')
    if (key(r.from) === key(r.to)) return refuse('to', 'same')
    const route = await bestRoute(r.chain, r.from, r.to, amount)
    if (!route) return refuse('amount', 'liquidity')
    // The pools' own fee (Uniswap V2 keeps 0.3 % of each hop's input), in base units of `from`, and the swap's gas limit.
    const hops = BigInt(route.amounts.length - 1)
    const fee = amount - (amount * POOL_FEE_KEPT ** hops) / POOL_FEE_BASE ** hops
    const gas = SWAP_GAS_FIRST_HOP + SWAP_GAS_NEXT_HOP * (hops - 1n)
    return ok({ quotes: [{ id: null, fromAmount: amount.toString(), fromAccount: caip10(r.chain, r.from), toAmount: route.amounts.at(-1)!.toString(), toAccount: caip10(r.chain, r.to), fee: fee.toString(), gas: gas.toString() }] })
  }

  async function gasPrice(params: URLSearchParams): Promise<Answer> {
    const chain = chainOf(params.get('chainId'), 'chainId')
    if (isRefusal(chain)) return chain
    const wei = await getGasPrice(chain.client)
    return ok({ standard: wei.toString(), fast: ((wei * FAST_GAS_PERCENT) / 100n).toString(), instant: ((wei * INSTANT_GAS_PERCENT) / 100n).toString() })
  }

  const allowanceOf = (chain: Chain, token: Hex, owner: Hex) => readContract(chain.client, { address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, amm.router] })

  async function allowance(params: URLSearchParams): Promise<Answer> {
    const r = await resolve({ tokenAddress: params.get('tokenAddress'), userAddress: params.get('userAddress') }, { tokens: ['tokenAddress'] })
    if (isRefusal(r)) return r
    if (isNative(r.tokenAddress)) return refuse('tokenAddress', 'native')
    if (params.get('localnetHostile') === 'swap-allowance') return ok({ allowance: maxUint256.toString() })
    return ok({ allowance: (await allowanceOf(r.chain, r.tokenAddress, r.userAddress)).toString() })
  }

  async function buildApprove(params: URLSearchParams): Promise<Answer> {
    const r = await resolve({ userAddress: params.get('userAddress'), from: params.get('from'), to: params.get('to') }, { tokens: ['from', 'to'] })
    if (isRefusal(r)) return r
    if (isNative(r.from)) return refuse('from', 'native')
    const amount = params.has('amount') ? units(params.get('amount'), false) : maxUint256
    if (amount === undefined) return refuse('amount', 'amount')
    const mode = params.get('localnetHostile')
    const approve = (value: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [mode === 'swap-spender' ? SWAP_ATTACKER : amm.router, mode === 'swap-unlimited' ? maxUint256 : value] })
    let data = approve(amount)
    if ((await allowanceOf(r.chain, r.from, r.userAddress)) > 0n) {
      // A USDT-style token refuses non-zero to non-zero: the reset comes first.
      const refused = await call(r.chain.client, { account: r.userAddress, to: r.from, data }).then(
        () => false,
        () => true,
      )
      if (refused) data = approve(0n)
    }
    const wei = await getGasPrice(r.chain.client)
    return ok({ tx: { from: caip10(r.chain, r.from), to: caip10(r.chain, r.to), data, value: '0', eip155: { gasPrice: wei.toString() } } })
  }

  async function buildTransaction(text: string, mode: string | null): Promise<Answer> {
    let body: Json | undefined
    try {
      body = text.length <= BODY_MAX ? obj(JSON.parse(text)) : undefined
    } catch {
      body = undefined
    }
    if (!body) return refuse('body', 'body')
    const r = await resolve({ from: body.from, to: body.to, userAddress: body.userAddress }, { tokens: ['from', 'to'] })
    if (isRefusal(r)) return r
    const amount = units(body.amount, true)
    if (amount === undefined) return refuse('amount', 'amount')
    const slippage = obj(body.eip155)?.slippage
    if (typeof slippage !== 'number' || !Number.isFinite(slippage) || slippage < 0 || slippage > SLIPPAGE_MAX) return refuse('eip155.slippage', 'slippage')
    if (key(r.from) === key(r.to)) return refuse('to', 'same')
    const route = await bestRoute(r.chain, r.from, r.to, amount)
    if (!route) return refuse('amount', 'liquidity')
    const expected = mode === 'swap-worse' ? route.amounts.at(-1)! / 2n : route.amounts.at(-1)!
    const minOut = (expected * (10_000n - BigInt(Math.round(slippage * 100)))) / 10_000n
    const latest = await getBlock(r.chain.client, { blockTag: 'latest' })
    const deadline = BigInt(Math.max(Math.floor(now() / 1000), Number(latest.timestamp))) + BigInt(DEADLINE_S)
    const user = mode === 'swap-recipient' ? SWAP_ATTACKER : r.userAddress
    let data = isNative(r.from)
      ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [minOut, route.path, user, deadline] })
      : isNative(r.to)
        ? encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForETH', args: [amount, minOut, route.path, user, deadline] })
        : encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [amount, minOut, route.path, user, deadline] })
    let gas = SWAP_GAS_FIRST_HOP + SWAP_GAS_NEXT_HOP * BigInt(route.path.length - 2)
    if (body.disableEstimate === false) {
      try {
        gas = await estimateGas(r.chain.client, { account: r.userAddress, to: amm.router, data, value: isNative(r.from) ? amount : 0n })
      } catch (error) {
        const why = String((error as { shortMessage?: unknown })?.shortMessage ?? (error as Error)?.message ?? error).replace(/\s+/g, ' ').slice(0, 200)
        return refuse('userAddress', 'simulation', `: ${why}`)
      }
    }
    const wei = await getGasPrice(r.chain.client)
    let target: Hex = getAddress(amm.router)
    const stealing = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SWAP_ATTACKER, amount] })
    if (mode === 'swap-to') target = SWAP_ATTACKER
    if (mode === 'swap-token-target') [target, data] = [isNative(r.from) ? r.to : r.from, stealing]
    if (mode === 'swap-transfer') data = stealing
    return ok({ tx: { from: caip10(r.chain, r.userAddress), to: caip10(r.chain, target), data, amount: expected.toString(), eip155: { gas: gas.toString(), gasPrice: wei.toString() } } })
  }

  async function route(method: string, pathname: string, params: URLSearchParams, body: () => Promise<string>): Promise<Answer | undefined> {
    if (!pathname.startsWith('/v1/convert/')) return undefined
    if (method === 'POST' && pathname === '/v1/convert/build-transaction') return buildTransaction(await body(), params.get('localnetHostile'))
    if (method !== 'GET') return undefined
    if (pathname === '/v1/convert/tokens') return tokens(params)
    if (pathname === '/v1/convert/quotes') return quotes(params)
    if (pathname === '/v1/convert/gas-price') return gasPrice(params)
    if (pathname === '/v1/convert/allowance') return allowance(params)
    if (pathname === '/v1/convert/build-approve') return buildApprove(params)
    return undefined
  }

  async function usdPrice(chainId: number, token: string): Promise<number | undefined> {
    const chain = chains.get(chainId)
    if (!chain || !ADDRESS.test(token)) return undefined
    const stable = amm.stablecoin.address
    const start = isNative(token) ? amm.weth : (getAddress(token.toLowerCase()) as Hex)
    if (key(start) === key(stable)) return 1
    const list = await pools(chain)
    const path = shortestPaths(list, start, stable)[0]
    if (!path) return undefined
    let price = 1
    for (let i = 0; i + 1 < path.length; i++) {
      const r = await reserves(chain, list, path[i]!, path[i + 1]!)
      if (!r || r[0] === 0n || r[1] === 0n) return undefined
      const [a, b] = await Promise.all([tokenInfo(chain, path[i]!), tokenInfo(chain, path[i + 1]!)])
      price *= Number(r[1]) / 10 ** b.decimals / (Number(r[0]) / 10 ** a.decimals)
    }
    return price
  }

  return { route, usdPrice }
}
