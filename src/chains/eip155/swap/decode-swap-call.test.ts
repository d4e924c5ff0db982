// The router calldata reader (docs/behaviour.md §4 swap): Router02's three swaps with their
// recipients, amounts and path tokens (WETH read as the native token); 1inch v6's swap, unoswap,
// unoswapTo and ethUnoswap families (Address arguments with flags in their high bits); anything
// else, an ERC-20 transfer to the router included, is no swap.
import { encodeFunctionData, erc20Abi, getAddress, parseAbi, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeSwapCall, NATIVE_TOKEN } from './decode-swap-call.js'
import { LOCALNET_WETH, siteSwapRouters, SWAP_ROUTERS, swapRouterOf } from './routers.js'

const V2 = SWAP_ROUTERS['31337']!
const INCH = SWAP_ROUTERS['1']!
const ME = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')
const TIDE = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3')
const HBD = getAddress('0xe7f1725e7734ce288f8367e1bb143e90bb3f0512')
const v2 = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
])
const inch = parseAbi([
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data)',
  'function unoswap(uint256 token, uint256 amount, uint256 minReturn, uint256 dex)',
  'function unoswapTo(uint256 to, uint256 token, uint256 amount, uint256 minReturn, uint256 dex)',
  'function ethUnoswapTo2(uint256 to, uint256 minReturn, uint256 dex, uint256 dex2)',
])
/** 1inch's Address: the address with flags above bit 160. */
const flagged = (a: string) => (1n << 255n) | BigInt(a)

describe('decodeSwapCall', () => {
  it("Router02: each swap's recipient, minimum, amount and tokens, WETH as the native token", () => {
    expect(decodeSwapCall(V2, encodeFunctionData({ abi: v2, functionName: 'swapExactETHForTokens', args: [90n, [LOCALNET_WETH, TIDE], ME, 1n] }))).toEqual({ recipient: ME, minOut: 90n, fromToken: NATIVE_TOKEN, toToken: TIDE })
    expect(decodeSwapCall(V2, encodeFunctionData({ abi: v2, functionName: 'swapExactTokensForETH', args: [100n, 80n, [TIDE, LOCALNET_WETH], ME, 1n] }))).toEqual({ recipient: ME, minOut: 80n, amountIn: 100n, fromToken: TIDE, toToken: NATIVE_TOKEN })
    expect(decodeSwapCall(V2, encodeFunctionData({ abi: v2, functionName: 'swapExactTokensForTokens', args: [100n, 70n, [TIDE, LOCALNET_WETH, HBD], TIDE, 1n] }))).toEqual({ recipient: TIDE, minOut: 70n, amountIn: 100n, fromToken: TIDE, toToken: HBD })
  })

  it('Router02: a one-token path, an ETH swap whose path does not end in WETH, a transfer and junk are no swap', () => {
    expect(decodeSwapCall(V2, encodeFunctionData({ abi: v2, functionName: 'swapExactTokensForTokens', args: [1n, 1n, [TIDE], ME, 1n] }))).toBeUndefined()
    expect(decodeSwapCall(V2, encodeFunctionData({ abi: v2, functionName: 'swapExactETHForTokens', args: [1n, [HBD, TIDE], ME, 1n] }))).toBeUndefined()
    expect(decodeSwapCall(V2, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ME, 1n] }))).toBeUndefined()
    expect(decodeSwapCall(V2, '0x')).toBeUndefined()
    expect(decodeSwapCall(V2, '0x7ff36ab5')).toBeUndefined()
  })

  it("1inch v6: swap's description (a zero receiver pays the caller), unoswap, unoswapTo and ethUnoswapTo2", () => {
    const desc = { srcToken: TIDE, dstToken: NATIVE_TOKEN, srcReceiver: zeroAddress, dstReceiver: zeroAddress, amount: 100n, minReturnAmount: 60n, flags: 0n }
    expect(decodeSwapCall(INCH, encodeFunctionData({ abi: inch, functionName: 'swap', args: [HBD, desc, '0x'] }))).toEqual({ recipient: 'sender', minOut: 60n, amountIn: 100n, fromToken: TIDE, toToken: NATIVE_TOKEN })
    expect(decodeSwapCall(INCH, encodeFunctionData({ abi: inch, functionName: 'swap', args: [HBD, { ...desc, dstReceiver: HBD }, '0x'] }))?.recipient).toBe(HBD)
    expect(decodeSwapCall(INCH, encodeFunctionData({ abi: inch, functionName: 'unoswap', args: [flagged(TIDE), 100n, 50n, flagged(HBD)] }))).toEqual({ recipient: 'sender', minOut: 50n, amountIn: 100n, fromToken: TIDE })
    expect(decodeSwapCall(INCH, encodeFunctionData({ abi: inch, functionName: 'unoswapTo', args: [flagged(HBD), BigInt(TIDE), 100n, 50n, 0n] }))).toEqual({ recipient: HBD, minOut: 50n, amountIn: 100n, fromToken: TIDE })
    expect(decodeSwapCall(INCH, encodeFunctionData({ abi: inch, functionName: 'ethUnoswapTo2', args: [BigInt(ME), 40n, 0n, 0n] }))).toEqual({ recipient: ME, minOut: 40n, fromToken: NATIVE_TOKEN })
    expect(decodeSwapCall(INCH, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ME, 1n] }))).toBeUndefined()
  })

  it("pins 1inch's router on the §9 networks (zkSync's own), Router02 on the localnet, nothing elsewhere; a site's router wins", () => {
    for (const id of ['1', '42161', '10', '8453', '56', '137', '100', '43114', '250', '8217', '1313161554']) expect(swapRouterOf(id)?.address).toBe('0x111111125421cA6dc452d289314280a0f8842A65')
    expect(swapRouterOf('324')?.address).toBe('0x6fd4383cB451173D5f9304F041C7BCBf27d561fF')
    expect(swapRouterOf('31338')).toMatchObject({ kind: 'uniswap-v2', weth: LOCALNET_WETH })
    expect(swapRouterOf('5')).toBeUndefined()
    expect(swapRouterOf('1', { '1': { address: HBD, kind: 'uniswap-v2' } })?.address).toBe(HBD)
    // The site's option, by CAIP-2 id and in any case, as swapRouterOf takes it.
    const site = siteSwapRouters({ 'eip155:8453': { address: HBD.toLowerCase(), kind: 'uniswap-v2', weth: LOCALNET_WETH.toLowerCase() } })
    expect(swapRouterOf('8453', site)).toEqual({ address: HBD, kind: 'uniswap-v2', weth: LOCALNET_WETH })
    expect(siteSwapRouters(undefined)).toBeUndefined()
  })
})
