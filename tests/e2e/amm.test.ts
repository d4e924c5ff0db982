/**
 * The localnet's AMM (issue 21, localnet/amm.ts) on the shared anvils: Uniswap V2 from its published
 * artifacts, Router02's pair init code hash agreeing with the pairs the factory deploys, the pools
 * as seeded, swaps through Router02 landing getAmountsOut's amounts, and Harbour USD's USDT quirks
 * (localnet/stablecoin.ts): no return data, the approve reset dance, and a swap of it. Each test
 * trades from a fresh key, so no dev account's holdings change. Node only: no browser.
 */
import { createRequire } from 'node:module'
import { describe, expect, inject, it } from 'vitest'
import {
  parseAbiItem,
  createPublicClient,
  createWalletClient,
  decodeFunctionResult,
  defineChain,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getCreate2Address,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  toHex,
  type Abi,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { rpc } from '../../localnet/anvil.js'
import { AMM_POOLS, HUSD_HELD, poolSide, POOL_SIDE_USD } from '../../localnet/amm.js'
import { PRICES } from '../../localnet/services/blockchain.js'
import { HUSD, HUSD_APPROVE_REFUSAL } from '../../localnet/stablecoin.js'

const require = createRequire(import.meta.url)
const pairArtifact = require('@uniswap/v2-core/build/UniswapV2Pair.json') as { bytecode: string; evm: { deployedBytecode: { object: string } } }

const rpcUrl = inject('rpcUrl')
const rpcUrl2 = inject('rpcUrl2')
const amm = inject('amm')
const hbd = inject('tokenAddress') as Hex
const tide = inject('seededTokens').find((t) => t.symbol === 'TIDE')!.address as Hex
const husd = amm.stablecoin.address
const chain = defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
const pub = createPublicClient({ chain, transport: http() })
const DEADLINE = maxUint256

/** The published Router02's constant (UniswapV2Library.pairFor), as Uniswap documents it. */
const PUBLISHED_INIT_CODE_HASH = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

const routerAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)', 'function allPairsLength() view returns (uint256)'])
const pairAbi = parseAbi(['function token0() view returns (address)', 'function getReserves() view returns (uint112, uint112, uint32)'])
/** Harbour USD as Tether USD declares it: transfer, transferFrom and approve return nothing. */
const usdtAbi = parseAbi([
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
])

const address: Record<string, Hex> = { WETH: amm.weth, HUSD: husd, TIDE: tide, HBD: hbd }
const balanceOf = (token: Hex, owner: Hex) => pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const quote = (amountIn: bigint, path: Hex[]) => pub.readContract({ address: amm.router, abi: routerAbi, functionName: 'getAmountsOut', args: [amountIn, path] })
const reserves = async (pair: Hex, tokenA: Hex) => {
  const [token0, [r0, r1]] = await Promise.all([pub.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }), pub.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' })])
  return token0.toLowerCase() === tokenA.toLowerCase() ? [r0, r1] : [r1, r0]
}

/** The reserves a pair was seeded with (its first Sync event), `tokenA`'s first, and the block of that event. */
const seededReserves = async (pair: Hex, tokenA: Hex) => {
  const [first] = await pub.getLogs({ address: pair, event: parseAbiItem('event Sync(uint112 reserve0, uint112 reserve1)'), fromBlock: 0n, toBlock: 'latest' })
  const token0 = await pub.readContract({ address: pair, abi: pairAbi, functionName: 'token0' })
  const { reserve0, reserve1 } = first!.args as { reserve0: bigint; reserve1: bigint }
  return { reserves: token0.toLowerCase() === tokenA.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0], block: first!.blockNumber }
}

/** A fresh key with 100 ETH, and its wallet client. */
async function trader() {
  const account = privateKeyToAccount(generatePrivateKey())
  await rpc(rpcUrl, 'anvil_setBalance', [account.address, toHex(parseEther('100'))])
  return { account, wallet: createWalletClient({ account, chain, transport: http() }) }
}

/** Simulates then sends one contract call from `account`; fails the test unless it is mined with success. */
async function send(account: PrivateKeyAccount, call: { address: Hex; abi: Abi; functionName: string; args: readonly unknown[]; value?: bigint }): Promise<void> {
  const { request } = await pub.simulateContract({ ...call, account } as never)
  const hash = await createWalletClient({ account, chain, transport: http() }).writeContract(request as never)
  expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
}

/** eth_call's raw answer for `data` sent to `to` from `from`. */
const rawCall = (from: Hex, to: Hex, data: Hex) => rpc<Hex>(rpcUrl, 'eth_call', [{ from, to, data }, 'latest'])

describe('the localnet AMM', () => {
  it('Router02 embeds the init code hash of the pairs the factory deploys, the artifacts as published, at the same addresses on both chains', async () => {
    const pairHash = keccak256(`0x${pairArtifact.bytecode.replace(/^0x/, '')}`)
    expect(pairHash).toBe(PUBLISHED_INIT_CODE_HASH)
    expect(amm.initCodeHash).toBe(pairHash)
    const routerCode = (await pub.getCode({ address: amm.router }))!.toLowerCase()
    expect(routerCode.includes(pairHash.slice(2))).toBe(true)
    expect(await pub.readContract({ address: amm.router, abi: routerAbi, functionName: 'factory' })).toBe(amm.factory)
    expect(await pub.readContract({ address: amm.router, abi: routerAbi, functionName: 'WETH' })).toBe(amm.weth)
    expect(await pub.readContract({ address: amm.factory, abi: factoryAbi, functionName: 'allPairsLength' })).toBe(BigInt(AMM_POOLS.length))

    const pub2 = createPublicClient({ chain: { ...chain, id: 31338, rpcUrls: { default: { http: [rpcUrl2] } } }, transport: http() })
    expect(await pub2.getCode({ address: amm.router })).toBe(await pub.getCode({ address: amm.router }))
    for (const name of AMM_POOLS) {
      const [a, b] = name.split('/').map((s) => address[s]!) as [Hex, Hex]
      const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
      const predicted = getCreate2Address({ from: amm.factory, salt: keccak256(encodePacked(['address', 'address'], [token0, token1])), bytecodeHash: pairHash })
      expect(amm.pairs[name]).toBe(predicted)
      expect(await pub.readContract({ address: amm.factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] })).toBe(predicted)
      expect(await pub2.readContract({ address: amm.factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] })).toBe(predicted)
      // What the factory deployed there is the artifact's pair.
      expect(await pub.getCode({ address: predicted })).toBe(`0x${pairArtifact.evm.deployedBytecode.object}`)
    }
  })

  it('the pools hold POOL_SIDE_USD a side at the blockchain emulator prices; HUSD is a 6-decimal coin dev accounts 1 and 2 hold, account 0 none', async () => {
    const usd: Record<string, number> = { WETH: PRICES.ETH!, HUSD: 1, TIDE: PRICES.TIDE!, HBD: PRICES.HBD! }
    // The block the last pool was seeded in: the localnet as it started, whatever the tests did since.
    let seeded = 0n
    for (const name of AMM_POOLS) {
      const [a, b] = name.split('/') as ['WETH' | 'HUSD' | 'TIDE' | 'HBD', 'WETH' | 'HUSD' | 'TIDE' | 'HBD']
      // As seeded: the pair's first Sync (other tests trade on the pools, before or after this one).
      const { reserves: [ra, rb], block } = await seededReserves(amm.pairs[name], address[a]!)
      if (block > seeded) seeded = block
      expect([ra, rb]).toEqual([poolSide(a), poolSide(b)])
      const decimals = (s: string) => (s === 'HUSD' ? 6 : 18)
      const worthA = (Number(ra) / 10 ** decimals(a)) * usd[a]!
      const worthB = (Number(rb) / 10 ** decimals(b)) * usd[b]!
      expect(Math.abs(worthA - POOL_SIDE_USD)).toBeLessThan(0.01)
      expect(Math.abs(worthB - POOL_SIDE_USD)).toBeLessThan(0.01)
    }
    expect(await pub.readContract({ address: husd, abi: usdtAbi, functionName: 'decimals' })).toBe(HUSD.decimals)
    expect(await pub.readContract({ address: husd, abi: usdtAbi, functionName: 'symbol' })).toBe(HUSD.symbol)
    const accounts = await rpc<Hex[]>(rpcUrl, 'eth_accounts')
    // As the localnet started (the on-ramp test buys account 0 some later).
    const heldAtStart = (owner: Hex) => pub.readContract({ address: husd, abi: erc20Abi, functionName: 'balanceOf', args: [owner], blockNumber: seeded })
    for (const a of accounts.slice(1, 3)) expect(await heldAtStart(a)).toBe(parseUnits(HUSD_HELD, HUSD.decimals))
    expect(await heldAtStart(accounts[0]!)).toBe(0n)
  })

  it('swaps ETH for TIDE, then TIDE for HBD after an approve, through Router02, landing getAmountsOut’s amounts', async () => {
    const { account } = await trader()
    const ethIn = parseEther('1')
    const [wethHeld, tideHeld] = await reserves(amm.pairs['WETH/TIDE'], amm.weth)
    const toTide = await quote(ethIn, [amm.weth, tide])
    await send(account, { address: amm.router, abi: routerAbi, functionName: 'swapExactETHForTokens', args: [toTide[1]!, [amm.weth, tide], account.address, DEADLINE], value: ethIn })
    expect(await balanceOf(tide, account.address)).toBe(toTide[1])
    // About the pool's price (1/0.4217 TIDE a dollar for 3120.55 dollars as seeded; other tests
    // trade on it too), less the fee and 3% of impact.
    expect(Number(toTide[1])).toBeGreaterThan((Number(tideHeld) / Number(wethHeld)) * Number(ethIn) * 0.96)

    const tideIn = toTide[1]! / 2n
    await send(account, { address: tide, abi: erc20Abi, functionName: 'approve', args: [amm.router, tideIn] })
    const toHbd = await quote(tideIn, [tide, hbd])
    await send(account, { address: amm.router, abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [tideIn, toHbd[1]!, [tide, hbd], account.address, DEADLINE] })
    expect(await balanceOf(hbd, account.address)).toBe(toHbd[1])
    expect(await balanceOf(tide, account.address)).toBe(toTide[1]! - tideIn)
  })

  it('HUSD: transfer, transferFrom and approve return no data; a non-zero allowance only changes through 0; it swaps through the router', async () => {
    const { account } = await trader()
    const ethIn = parseEther('1')
    const toHusd = await quote(ethIn, [amm.weth, husd])
    await send(account, { address: amm.router, abi: routerAbi, functionName: 'swapExactETHForTokens', args: [toHusd[1]!, [amm.weth, husd], account.address, DEADLINE], value: ethIn })
    const held = await balanceOf(husd, account.address)
    expect(held).toBe(toHusd[1])

    // No return data where an ERC20 returns a bool (TIDE's transfer answers 32 bytes of `true`).
    const other = privateKeyToAccount(generatePrivateKey()).address
    expect(await rawCall(account.address, husd, encodeFunctionData({ abi: usdtAbi, functionName: 'transfer', args: [other, 1n] }))).toBe('0x')
    expect(await rawCall(account.address, husd, encodeFunctionData({ abi: usdtAbi, functionName: 'approve', args: [other, 1n] }))).toBe('0x')
    expect(await rawCall(account.address, tide, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 0n] }))).toBe(toHex(1n, { size: 32 }))
    await send(account, { address: husd, abi: usdtAbi, functionName: 'transfer', args: [other, 5n] })
    expect(await balanceOf(husd, other)).toBe(5n)

    // The reset dance: non-zero to non-zero is refused, through 0 it works.
    const first = parseUnits('100', HUSD.decimals)
    const second = parseUnits('250', HUSD.decimals)
    await send(account, { address: husd, abi: usdtAbi, functionName: 'approve', args: [amm.router, first] })
    await expect(pub.simulateContract({ account, address: husd, abi: usdtAbi, functionName: 'approve', args: [amm.router, second] })).rejects.toThrow(HUSD_APPROVE_REFUSAL)
    await expect(rawCall(account.address, husd, encodeFunctionData({ abi: usdtAbi, functionName: 'approve', args: [amm.router, second] }))).rejects.toThrow(HUSD_APPROVE_REFUSAL)
    expect(await pub.readContract({ address: husd, abi: usdtAbi, functionName: 'allowance', args: [account.address, amm.router] })).toBe(first)
    await send(account, { address: husd, abi: usdtAbi, functionName: 'approve', args: [amm.router, 0n] })
    await send(account, { address: husd, abi: usdtAbi, functionName: 'approve', args: [amm.router, second] })
    expect(await pub.readContract({ address: husd, abi: usdtAbi, functionName: 'allowance', args: [account.address, amm.router] })).toBe(second)
    // transferFrom by an approved spender returns nothing either.
    expect(await rawCall(amm.router, husd, encodeFunctionData({ abi: usdtAbi, functionName: 'transferFrom', args: [account.address, other, 1n] }))).toBe('0x')

    // The router takes it (its TransferHelper accepts no return data) and pays the quote.
    const toHbd = await quote(second, [husd, hbd])
    await send(account, { address: amm.router, abi: routerAbi, functionName: 'swapExactTokensForTokens', args: [second, toHbd[1]!, [husd, hbd], account.address, DEADLINE] })
    expect(await balanceOf(hbd, account.address)).toBe(toHbd[1])
    expect(await balanceOf(husd, account.address)).toBe(held - 5n - second)
    expect(await pub.readContract({ address: husd, abi: usdtAbi, functionName: 'allowance', args: [account.address, amm.router] })).toBe(0n)
    // About 250 HBD for 250 HUSD, less the 0.3% fee.
    expect(Number(toHbd[1]) / 1e18).toBeGreaterThan(248)
  })

  it('an oversized swap: the whole reserve cannot be bought, and an input of the reserve gets under half its worth', async () => {
    const { account } = await trader()
    const [wethReserve, husdReserve] = await reserves(amm.pairs['WETH/HUSD'], amm.weth)
    const path = [amm.weth, husd]
    // More than the reserve fails the router's quote; the whole reserve fails the swap (a division by zero).
    await expect(pub.readContract({ address: amm.router, abi: routerAbi, functionName: 'getAmountsIn', args: [husdReserve! + 1n, path] })).rejects.toThrow('ds-math-sub-underflow')
    const buyAll = encodeFunctionData({ abi: routerAbi, functionName: 'swapETHForExactTokens', args: [husdReserve!, path, account.address, DEADLINE] })
    await expect(rpc(rpcUrl, 'eth_call', [{ from: account.address, to: amm.router, data: buyAll, value: toHex(parseEther('99')) }, 'latest'])).rejects.toThrow()
    const buyHalf = encodeFunctionData({ abi: routerAbi, functionName: 'swapETHForExactTokens', args: [husdReserve! / 2n, path, account.address, DEADLINE] })
    const half = decodeFunctionResult({ abi: routerAbi, functionName: 'swapETHForExactTokens', data: await rpc<Hex>(rpcUrl, 'eth_call', [{ from: account.address, to: amm.router, data: buyHalf, value: toHex(parseEther('99')) }, 'latest']) })
    expect(half[1]).toBe(husdReserve! / 2n)
    // Half the reserve costs the other side's whole reserve (plus the fee): the price doubled.
    expect(half[0]).toBeGreaterThan(wethReserve!)
    const [, out] = await quote(wethReserve!, path)
    expect(out! * 2n).toBeLessThan(husdReserve!)
  })
})
