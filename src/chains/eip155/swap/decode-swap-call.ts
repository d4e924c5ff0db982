/**
 * Reads a pinned router's swap calldata (docs/behaviour.md §4 swap, the checks before the wallet):
 * what it spends, what it must at least give, to whom, and, where the calldata says, which tokens.
 * Uniswap V2's Router02 (`swapExactETHForTokens`, `swapExactTokensForETH`, `swapExactTokensForTokens`)
 * and 1inch's AggregationRouterV6 (`swap`, and the `unoswap`, `unoswapTo`, `ethUnoswap` and
 * `ethUnoswapTo` families, whose `Address` arguments carry the address in their low 160 bits).
 * Anything else is no swap: undefined. Pure.
 */
import { decodeFunctionData, getAddress, parseAbi, zeroAddress, type Address, type Hex } from 'viem'
import type { SwapRouter } from './routers.js'

/** The swap service's and 1inch's name for the native token. */
export const NATIVE_TOKEN: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/**
 * A swap call as the calldata says it. Tokens are checksummed addresses, NATIVE_TOKEN for the native
 * one; amounts in base units.
 */
export interface DecodedSwap {
  /** Who gets the output: an address, or 'sender' where the router pays the caller. */
  recipient: Address | 'sender'
  /** The least the swap may give, in base units of the output token. */
  minOut: bigint
  /** What it spends of the input token; undefined where it is the transaction's value (a native input). */
  amountIn?: bigint
  /** The input token, where the calldata names it. */
  fromToken?: Address
  /** The output token, where the calldata names it (1inch's unoswap routes name only their pools). */
  toToken?: Address
}

const uniswapV2 = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

const oneInchV6 = parseAbi([
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data) payable returns (uint256 returnAmount, uint256 spentAmount)',
  'function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
  'function unoswap2(uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2) returns (uint256)',
  'function unoswap3(uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) returns (uint256)',
  'function unoswapTo(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex) returns (uint256)',
  'function unoswapTo2(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2) returns (uint256)',
  'function unoswapTo3(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) returns (uint256)',
  'function ethUnoswap(uint256 minReturn, uint256 dex) payable returns (uint256)',
  'function ethUnoswap2(uint256 minReturn, uint256 dex, uint256 dex2) payable returns (uint256)',
  'function ethUnoswap3(uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) payable returns (uint256)',
  'function ethUnoswapTo(uint256 to, uint256 minReturn, uint256 dex) payable returns (uint256)',
  'function ethUnoswapTo2(uint256 to, uint256 minReturn, uint256 dex, uint256 dex2) payable returns (uint256)',
  'function ethUnoswapTo3(uint256 to, uint256 minReturn, uint256 dex, uint256 dex2, uint256 dex3) payable returns (uint256)',
])

/** 1inch's `Address` type: an address in the low 160 bits of a uint256, flags above. */
const lowAddress = (v: bigint): Address => getAddress(`0x${(v & ((1n << 160n) - 1n)).toString(16).padStart(40, '0')}`)

function decode<const A extends readonly unknown[]>(abi: A, data: Hex) {
  try {
    return decodeFunctionData({ abi: abi as never, data }) as { functionName: string; args: readonly unknown[] }
  } catch {
    return undefined
  }
}

/** Router02's path token as the swap's token: WETH stands for the native one. */
const pathToken = (t: Address, weth: Address | undefined): Address => (weth !== undefined && getAddress(t) === getAddress(weth) ? NATIVE_TOKEN : getAddress(t))

function readUniswapV2(data: Hex, weth: Address | undefined): DecodedSwap | undefined {
  const call = decode(uniswapV2, data)
  if (!call) return undefined
  const ethIn = call.functionName === 'swapExactETHForTokens'
  const [amountIn, minOut, path, to] = (ethIn ? [undefined, ...call.args] : call.args) as [bigint | undefined, bigint, readonly Address[], Address]
  if (path.length < 2) return undefined
  const fromToken = pathToken(path[0]!, weth)
  const toToken = pathToken(path.at(-1)!, weth)
  // The ETH functions only wrap or unwrap: their path ends in WETH; a path that does not is no swap of these tokens.
  if ((ethIn && fromToken !== NATIVE_TOKEN) || (call.functionName === 'swapExactTokensForETH' && toToken !== NATIVE_TOKEN)) return undefined
  return { recipient: getAddress(to), minOut, ...(amountIn !== undefined ? { amountIn } : {}), fromToken, toToken }
}

function readOneInchV6(data: Hex): DecodedSwap | undefined {
  const call = decode(oneInchV6, data)
  if (!call) return undefined
  const name = call.functionName
  const a = call.args as readonly bigint[]
  if (name === 'swap') {
    const desc = call.args[1] as { srcToken: Address; dstToken: Address; dstReceiver: Address; amount: bigint; minReturnAmount: bigint }
    const receiver = getAddress(desc.dstReceiver)
    return { recipient: receiver === zeroAddress ? 'sender' : receiver, minOut: desc.minReturnAmount, amountIn: desc.amount, fromToken: getAddress(desc.srcToken), toToken: getAddress(desc.dstToken) }
  }
  const to = name.includes('To') ? lowAddress(a[0]!) : 'sender'
  const rest = name.includes('To') ? a.slice(1) : a
  if (name.startsWith('eth')) return { recipient: to, minOut: rest[0]!, fromToken: NATIVE_TOKEN }
  return { recipient: to, minOut: rest[2]!, amountIn: rest[1]!, fromToken: lowAddress(rest[0]!) }
}

/**
 * The swap a call to `router` makes, read from its calldata.
 * @param data the transaction's 0x hex calldata.
 * @returns undefined when the calldata is no swap function of the router's family (an ERC-20
 *   `transfer` included), or a Uniswap V2 path shorter than two tokens.
 * @example
 * decodeSwapCall(SWAP_ROUTERS['31337']!, data)
 * // { recipient: '0x90F7…', minOut: 4200n, fromToken: NATIVE_TOKEN, toToken: '0x…' }
 */
export function decodeSwapCall(router: SwapRouter, data: Hex): DecodedSwap | undefined {
  return router.kind === 'uniswap-v2' ? readUniswapV2(data, router.weth) : readOneInchV6(data)
}
