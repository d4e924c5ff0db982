/**
 * The swap client (src/api/convert.ts, issue 21) against the blockchain service emulator's swap
 * service (localnet/services/convert.ts) over HTTP, on the localnet's Uniswap V2 pools (amm.ts):
 * the token list, quotes equal to Router02's getAmountsOut, built swaps sent and landing their quote,
 * the approval loop (Harbour USD's reset to 0 first), insufficient liquidity, the gas price, and pool
 * prices. A service of its own, on the shared chains; each test trades from a fresh funded key, so no
 * dev account's holdings change, and no other trade runs between a quote and its swap (e2e files run
 * one at a time). The trades move the pools, which amm.test.ts expects as seeded when it runs first:
 * chain 31337 is taken back to an anvil snapshot after the file (evm_snapshot, evm_revert), and the
 * pools' reserves are checked to be as found. No other service syncs its index of 31337 meanwhile (the
 * localnet's blockchain service reads blocks only when asked), so none keeps a block the revert
 * undoes. Node only: no browser.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicClient, createWalletClient, decodeFunctionData, defineChain, erc20Abi, getAddress, http, parseAbi, parseEther, parseUnits, toHex, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { rpc } from '../../localnet/anvil.js'
import { PRICES, startBlockchainService, type BlockchainService } from '../../localnet/services/blockchain.js'
import { DEADLINE_S, pairAbi, routerAbi, SWAP_GAS_FIRST_HOP, SWAP_GAS_NEXT_HOP } from '../../localnet/services/convert.js'
import { freePort } from '../../localnet/ports.js'
import { HUSD } from '../../localnet/stablecoin.js'
import { blockchainClient } from '../../src/api/blockchain.js'
import { convertClient, SWAP_NATIVE_TOKEN_ADDRESS, SWAP_SLIPPAGE, type SwapTransaction } from '../../src/api/convert.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'

const rpcUrl = inject('rpcUrl')
const amm = inject('amm')
const CHAIN = 'eip155:31337'
const chain = defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
const pub = createPublicClient({ chain, transport: http() })
const weth = getAddress(amm.weth)
const router = getAddress(amm.router)
const husd = getAddress(amm.stablecoin.address)
const hbd = getAddress(inject('tokenAddress'))
const tide = getAddress(inject('seededTokens').find((t) => t.symbol === 'TIDE')!.address)
const kelp = getAddress(inject('seededTokens').find((t) => t.symbol === 'KELP')!.address)
const id = (address: string) => `${CHAIN}:${address}`
const ETH = id(SWAP_NATIVE_TOKEN_ADDRESS)

/** Harbour USD's approve returns nothing. */
const usdtApproveAbi = parseAbi(['function approve(address spender, uint256 value)'])

let service: BlockchainService
let convert: ReturnType<typeof convertClient>
let prices: ReturnType<typeof blockchainClient>
let snapshot: Hex | undefined
let seeded: [bigint, bigint][] = []

const poolReserves = () => Promise.all(Object.values(amm.pairs).map((pair) => pub.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }).then(([r0, r1]) => [r0, r1] as [bigint, bigint])))

beforeAll(async () => {
  seeded = await poolReserves()
  snapshot = await rpc<Hex>(rpcUrl, 'evm_snapshot')
  service = await startBlockchainService({ port: await freePort(), chains: [{ chainId: 31337, rpcUrl }, { chainId: 31338, rpcUrl: inject('rpcUrl2') }], amm })
  const api = createServiceFetch({ services: { blockchain: service.url }, projectId: 'gangway-test' })
  convert = convertClient(api)
  prices = blockchainClient(api)
})
afterAll(async () => {
  await service?.stop()
  if (snapshot) expect(await rpc<boolean>(rpcUrl, 'evm_revert', [snapshot])).toBe(true)
  expect(await poolReserves()).toEqual(seeded)
})

const amountsOut = (amountIn: bigint, path: Hex[]) => pub.readContract({ address: router, abi: routerAbi, functionName: 'getAmountsOut', args: [amountIn, path] })
const balanceOf = (token: Hex, owner: Hex) => pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
/** The reserves of the pool of `a` and `b`, `a`'s first. */
async function reserves(pair: Hex, a: Hex): Promise<[bigint, bigint]> {
  const [token0, [r0, r1]] = await Promise.all([pub.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }), pub.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' })])
  return getAddress(token0) === getAddress(a) ? [r0, r1] : [r1, r0]
}

/** A fresh key with 100 ETH. */
async function trader(): Promise<{ account: PrivateKeyAccount; user: string }> {
  const account = privateKeyToAccount(generatePrivateKey())
  await rpc(rpcUrl, 'anvil_setBalance', [account.address, toHex(parseEther('100'))])
  return { account, user: id(account.address) }
}

/** Sends a transaction the service built, as the engine would (its to, data, value, gas and gas price); fails unless mined with success. */
async function sendBuilt(account: PrivateKeyAccount, tx: SwapTransaction) {
  const wallet = createWalletClient({ account, chain, transport: http() })
  const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), ...(tx.gas ? { gas: BigInt(tx.gas) } : {}), ...(tx.gasPrice ? { gasPrice: BigInt(tx.gasPrice) } : {}) })
  const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(receipt.status).toBe('success')
  return receipt
}

/** Quotes, builds and sends a swap of `amount` of `from` into `to` (CAIP-10) for `account`; returns the quote's output and the built transaction. */
async function swap(account: PrivateKeyAccount, from: string, to: string, amount: bigint) {
  const userAddress = id(account.address)
  const { standard } = await convert.getGasPrice(CHAIN)
  const quote = await convert.getQuote({ amount: amount.toString(), from, to, userAddress, gasPrice: standard })
  const built = await convert.buildSwapTransaction({ amount: amount.toString(), from, to, userAddress })
  expect(built.toAmount).toBe(quote.toAmount)
  const receipt = await sendBuilt(account, built)
  expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(built.gas!))
  return { out: BigInt(quote.toAmount), built }
}

/** The approve(spender, value) an approval transaction carries. */
const approval = (tx: SwapTransaction) => {
  const d = decodeFunctionData({ abi: erc20Abi, data: tx.data })
  expect(d.functionName).toBe('approve')
  return d.args as readonly [Hex, bigint]
}

describe('swap service on the localnet', () => {
  it('lists the native token, HUSD, HBD and TIDE on each chain, CAIP-10 with decimals, names and logos', async () => {
    for (const chainId of [31337, 31338]) {
      const tokens = await convert.getTokens(`eip155:${chainId}`)
      const logo = (symbol: string) => `${service.url}/localnet/images/token/${symbol}.svg`
      expect(tokens).toEqual([
        { name: 'Ether', symbol: 'ETH', address: `eip155:${chainId}:${SWAP_NATIVE_TOKEN_ADDRESS}`, decimals: 18, logoUri: logo('ETH') },
        { name: HUSD.name, symbol: 'HUSD', address: `eip155:${chainId}:${husd}`, decimals: 6, logoUri: logo('HUSD') },
        { name: expect.any(String), symbol: 'HBD', address: `eip155:${chainId}:${hbd}`, decimals: 18, logoUri: logo('HBD') },
        { name: 'Tidewater', symbol: 'TIDE', address: `eip155:${chainId}:${tide}`, decimals: 18, logoUri: logo('TIDE') },
      ])
    }
    const icon = await fetch(`${service.url}/localnet/images/token/HUSD.svg`)
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    await expect(convert.getTokens('eip155:1')).rejects.toThrow('Chain is not served')
    const asked = service.requests.filter((r) => r.path.startsWith('/v1/convert/'))
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((r) => r.query.projectId === 'gangway-test' && r.query.st && r.query.sv)).toBe(true)
  })

  it('quotes what Router02’s getAmountsOut gives over the pools: direct where a pool joins the tokens, else the better of two hops', async () => {
    const { user } = await trader()
    const { standard } = await convert.getGasPrice(CHAIN)
    const quote = (amount: bigint, from: string, to: string) => convert.getQuote({ amount: amount.toString(), from: id(from), to: id(to), userAddress: user, gasPrice: standard })
    const last = (a: readonly bigint[]) => a.at(-1)!.toString()
    const oneEth = parseEther('1')
    // The pool keeps 0.3 % of the input (one hop), and the gas limit is build-transaction's.
    expect(await quote(oneEth, SWAP_NATIVE_TOKEN_ADDRESS, tide)).toEqual({ fromAmount: oneEth.toString(), toAmount: last(await amountsOut(oneEth, [weth, tide])), fee: ((oneEth * 3n) / 1000n).toString(), gas: SWAP_GAS_FIRST_HOP.toString() })
    expect((await quote(parseEther('1000'), tide, SWAP_NATIVE_TOKEN_ADDRESS)).toAmount).toBe(last(await amountsOut(parseEther('1000'), [tide, weth])))
    expect((await quote(parseEther('1000'), tide, hbd)).toAmount).toBe(last(await amountsOut(parseEther('1000'), [tide, hbd])))
    const hundred = parseUnits('100', HUSD.decimals)
    expect((await quote(hundred, husd, hbd)).toAmount).toBe(last(await amountsOut(hundred, [husd, hbd])))
    expect((await quote(parseEther('100'), hbd, husd)).toAmount).toBe(last(await amountsOut(parseEther('100'), [hbd, husd])))
    // ETH to HBD: no pool joins them; through TIDE or through HUSD, whichever yields more.
    const viaTide = (await amountsOut(oneEth, [weth, tide, hbd])).at(-1)!
    const viaHusd = (await amountsOut(oneEth, [weth, husd, hbd])).at(-1)!
    const twoHops = await quote(oneEth, SWAP_NATIVE_TOKEN_ADDRESS, hbd)
    expect(twoHops).toMatchObject({ toAmount: (viaTide > viaHusd ? viaTide : viaHusd).toString(), fee: (oneEth - (oneEth * 997n * 997n) / 1_000_000n).toString(), gas: (SWAP_GAS_FIRST_HOP + SWAP_GAS_NEXT_HOP).toString() })
    // Not a swap token, or the same token twice.
    await expect(quote(oneEth, SWAP_NATIVE_TOKEN_ADDRESS, kelp)).rejects.toThrow('Token is not swappable on this chain')
    await expect(quote(oneEth, tide, tide)).rejects.toThrow('From and to are the same token')
  })

  it('ETH → TIDE: the built swapExactETHForTokens, sent, lands exactly the quote, above its minimum', async () => {
    const { account, user } = await trader()
    const amount = parseEther('0.5')
    const { standard } = await convert.getGasPrice(CHAIN)
    const quote = await convert.getQuote({ amount: amount.toString(), from: ETH, to: id(tide), userAddress: user, gasPrice: standard })
    const asked = Math.floor(Date.now() / 1000)
    const latestBefore = Number((await pub.getBlock({ blockTag: 'latest' })).timestamp)
    const built = await convert.buildSwapTransaction({ amount: amount.toString(), from: ETH, to: id(tide), userAddress: user })
    const answered = Math.floor(Date.now() / 1000)
    expect(built).toMatchObject({ to: router, value: amount.toString(), gas: SWAP_GAS_FIRST_HOP.toString(), gasPrice: standard, toAmount: quote.toAmount })
    const call = decodeFunctionData({ abi: routerAbi, data: built.data })
    expect(call.functionName).toBe('swapExactETHForTokens')
    const [minOut, path, to, deadline] = call.args as [bigint, Hex[], Hex, bigint]
    expect(minOut).toBe((BigInt(quote.toAmount) * BigInt(100 - SWAP_SLIPPAGE)) / 100n)
    expect(path).toEqual([weth, tide])
    expect(to).toBe(account.address)
    // 20 minutes after the service's now (between the request and its answer, however slow the
    // machine), or after the latest block when anvil's clock runs ahead (blocks in the same second).
    const latest = Number((await pub.getBlock({ blockTag: 'latest' })).timestamp)
    expect(Number(deadline)).toBeGreaterThanOrEqual(Math.max(asked, latestBefore) + DEADLINE_S)
    expect(Number(deadline)).toBeLessThanOrEqual(Math.max(answered, latest) + DEADLINE_S)

    const receipt = await sendBuilt(account, built)
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(built.gas!))
    const got = await balanceOf(tide, account.address)
    expect(got).toBe(BigInt(quote.toAmount))
    expect(got).toBeGreaterThanOrEqual(minOut)
  })

  it('TIDE → HBD: allowance 0, build-approve, the approval sent, the allowance read again, then the swap lands its quote', async () => {
    const { account, user } = await trader()
    const { out: held } = await swap(account, ETH, id(tide), parseEther('0.3'))
    const amount = held / 2n
    expect(await convert.getAllowance({ tokenAddress: id(tide), userAddress: user })).toBe('0')
    // Simulated without the approval, the swap fails on the chain: the service says so.
    await expect(convert.buildSwapTransaction({ amount: amount.toString(), from: id(tide), to: id(hbd), userAddress: user, disableEstimate: false })).rejects.toThrow('Swap simulation failed')

    const approve = await convert.buildApproveTransaction({ userAddress: user, from: id(tide), to: id(hbd), amount: amount.toString() })
    expect(approve).toMatchObject({ to: tide, value: '0' })
    expect(approval(approve)).toEqual([router, amount])
    await sendBuilt(account, approve)
    expect(await convert.getAllowance({ tokenAddress: id(tide), userAddress: user })).toBe(amount.toString())

    // Simulated with it, the gas is the node's estimate.
    const estimated = await convert.buildSwapTransaction({ amount: amount.toString(), from: id(tide), to: id(hbd), userAddress: user, disableEstimate: false })
    expect(BigInt(estimated.gas!)).toBeLessThan(SWAP_GAS_FIRST_HOP)
    expect(BigInt(estimated.gas!)).toBeGreaterThan(21_000n)
    const { out, built } = await swap(account, id(tide), id(hbd), amount)
    const call = decodeFunctionData({ abi: routerAbi, data: built.data })
    expect(call.functionName).toBe('swapExactTokensForTokens')
    expect(call.args.slice(0, 4)).toEqual([amount, (out * 99n) / 100n, [tide, hbd], account.address])
    expect(built.value).toBe('0')
    expect(await balanceOf(hbd, account.address)).toBe(out)
    expect(await balanceOf(tide, account.address)).toBe(held - amount)
    expect(await convert.getAllowance({ tokenAddress: id(tide), userAddress: user })).toBe('0')

    // TIDE is a plain ERC-20: from a non-zero allowance the answer is the approval itself, no reset.
    const wallet = createWalletClient({ account, chain, transport: http() })
    await pub.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: tide, abi: erc20Abi, functionName: 'approve', args: [router, 5n] }), pollingInterval: 50 })
    expect(approval(await convert.buildApproveTransaction({ userAddress: user, from: id(tide), to: id(hbd), amount: '7' }))).toEqual([router, 7n])
    // And TIDE back to ETH: swapExactTokensForETH.
    const back = await convert.buildSwapTransaction({ amount: parseEther('1000').toString(), from: id(tide), to: ETH, userAddress: user })
    expect(decodeFunctionData({ abi: routerAbi, data: back.data }).functionName).toBe('swapExactTokensForETH')
  })

  it('HUSD with a non-zero allowance: the reset approve(router, 0) first, then the real approval, then the swap', async () => {
    const { account, user } = await trader()
    const { out: held } = await swap(account, ETH, id(husd), parseEther('0.2'))
    const wallet = createWalletClient({ account, chain, transport: http() })
    const first = parseUnits('1', HUSD.decimals)
    await pub.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: husd, abi: usdtApproveAbi, functionName: 'approve', args: [router, first] }), pollingInterval: 50 })
    expect(await convert.getAllowance({ tokenAddress: id(husd), userAddress: user })).toBe(first.toString())

    // The engine's loop: ask, send, wait, read the allowance, ask again while it is short.
    const amount = parseUnits('300', HUSD.decimals)
    const sent: bigint[] = []
    for (let round = 0; round < 3 && BigInt(await convert.getAllowance({ tokenAddress: id(husd), userAddress: user })) < amount; round++) {
      const tx = await convert.buildApproveTransaction({ userAddress: user, from: id(husd), to: id(hbd), amount: amount.toString() })
      expect(tx.to).toBe(husd)
      const [spender, value] = approval(tx)
      expect(spender).toBe(router)
      sent.push(value)
      await sendBuilt(account, tx)
    }
    expect(sent).toEqual([0n, amount])
    expect(await convert.getAllowance({ tokenAddress: id(husd), userAddress: user })).toBe(amount.toString())

    const { out, built } = await swap(account, id(husd), id(hbd), amount)
    expect(decodeFunctionData({ abi: routerAbi, data: built.data }).args.slice(0, 3)).toEqual([amount, (out * 99n) / 100n, [husd, hbd]])
    expect(await balanceOf(hbd, account.address)).toBe(out)
    expect(await balanceOf(husd, account.address)).toBe(held - amount)
    // About 300 HBD for 300 HUSD, less the fee.
    expect(Number(out) / 1e18).toBeGreaterThan(295)
  })

  it('an input of a pool’s whole reserve or more is insufficient liquidity, for the quote and the swap', async () => {
    const { user } = await trader()
    const { standard } = await convert.getGasPrice(CHAIN)
    const [wethReserve] = await reserves(amm.pairs['WETH/TIDE'], weth)
    const ask = (amount: bigint) => ({ amount: amount.toString(), from: ETH, to: id(tide), userAddress: user, gasPrice: standard })
    await expect(convert.getQuote(ask(wethReserve))).rejects.toThrow('Insufficient liquidity')
    await expect(convert.buildSwapTransaction(ask(wethReserve))).rejects.toThrow('Insufficient liquidity')
    // Just under the reserve is quoted (at a poor price).
    expect((await convert.getQuote(ask(wethReserve - 1n))).toAmount).toBe((await amountsOut(wethReserve - 1n, [weth, tide])).at(-1)!.toString())
    // The other way, HUSD's whole side of WETH/HUSD; and over two hops, more HBD than either pool holding HBD has.
    const [husdReserve] = await reserves(amm.pairs['WETH/HUSD'], husd)
    await expect(convert.getQuote({ ...ask(husdReserve), from: id(husd), to: ETH })).rejects.toThrow('Insufficient liquidity')
    const [viaHusd] = await reserves(amm.pairs['HBD/HUSD'], hbd)
    const [viaTide] = await reserves(amm.pairs['TIDE/HBD'], hbd)
    const hbdIn = viaHusd > viaTide ? viaHusd : viaTide
    await expect(convert.getQuote({ ...ask(hbdIn), from: id(hbd), to: ETH })).rejects.toThrow('Insufficient liquidity')
    expect(BigInt((await convert.getQuote({ ...ask(parseEther('100')), from: id(hbd), to: ETH })).toAmount)).toBeGreaterThan(0n)
  })

  it('gas price: the node’s eth_gasPrice as standard, fast and instant above it', async () => {
    const node = await pub.getGasPrice()
    const price = await convert.getGasPrice(CHAIN)
    expect(price).toEqual({ standard: node.toString(), fast: ((node * 120n) / 100n).toString(), instant: ((node * 150n) / 100n).toString() })
    await expect(convert.getGasPrice('eip155:5')).rejects.toThrow('Chain is not served')
  })

  it('prices: HUSD at 1, ETH and TIDE at the pools’ mid price against HUSD, a token no pool holds at the emulator’s price', async () => {
    const price = async (address: string) => (await prices.getTokenPrices([id(address)]))[0]!.price
    expect(await price(husd)).toBe(1)
    const [w, h] = await reserves(amm.pairs['WETH/HUSD'], weth)
    const ethUsd = Number(h) / 1e6 / (Number(w) / 1e18)
    expect(await price(SWAP_NATIVE_TOKEN_ADDRESS)).toBeCloseTo(ethUsd, 6)
    const [t1, w1] = await reserves(amm.pairs['WETH/TIDE'], tide)
    const [t2, b2] = await reserves(amm.pairs['TIDE/HBD'], tide)
    const [b3, h3] = await reserves(amm.pairs['HBD/HUSD'], hbd)
    const viaWeth = (Number(w1) / Number(t1)) * ethUsd
    const viaHbd = (Number(b2) / Number(t2)) * (Number(h3) / 1e6 / (Number(b3) / 1e18))
    const tidePrice = await price(tide)
    expect(Math.min(Math.abs(tidePrice - viaWeth), Math.abs(tidePrice - viaHbd))).toBeLessThan(1e-9)
    // Seeded at the emulator's prices; the tests' trades move them a little.
    expect(Math.abs(tidePrice / PRICES.TIDE! - 1)).toBeLessThan(0.1)
    expect(await price(kelp)).toBe(PRICES.KELP)
  })
})
