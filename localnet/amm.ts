/**
 * A real AMM on each localnet EVM chain (issue 21): Uniswap V2 from its published npm artifacts
 * (@uniswap/v2-periphery's WETH9 and UniswapV2Router02, @uniswap/v2-core's UniswapV2Factory, whose
 * pairs are the UniswapV2Pair artifact's creation code), beside Harbour USD (stablecoin.ts), and four
 * pools seeded through the router. Dev account 8, the market maker, deploys at nonces 0–3 on a fresh
 * chain, so every address (pairs included: CREATE2 from the factory) is the same on every chain:
 * HUSD, WETH9, the factory (fee setter: account 8), Router02. Then HUSD_HELD goes to dev accounts
 * 1–2, HBD's and TIDE's minter (dev account 9) mints account 8 what the pools take, and account 8
 * adds the liquidity (addLiquidityETH, addLiquidity) and keeps the LP tokens.
 *
 * Prices: each side of each pool is worth POOL_SIDE_USD at the blockchain service emulator's USD
 * prices (services/blockchain.ts PRICES; WETH at ETH's, HUSD at $1), so a quote and the Tokens tab
 * agree: 1 ETH ≈ 3120.55 HUSD, 1 TIDE ≈ 0.4217 HBD ≈ 0.4217 HUSD, 1 HBD ≈ 1 HUSD.
 * Depth: $100 000 a side (≈ 32.05 ETH, 237 135 TIDE, 100 000 HBD or HUSD). A $3 000 swap (about
 * 1 ETH) moves its pool's price about 3%; an oversized one is an input of the pool's own reserve or
 * more (≥ 32 ETH into WETH/HUSD, which dev accounts 0–2 hold in ETH): it gets under half its worth at the
 * pool's price, and an exact output of the whole reserve or more (swapETHForExactTokens of ≥ 100 000
 * HUSD) cannot be filled at all and reverts. Demo and test tooling only.
 */
import { createRequire } from 'node:module'
import { decodeFunctionResult, encodeAbiParameters, encodeFunctionData, encodePacked, getContractAddress, getCreate2Address, keccak256, maxUint256, parseUnits, type Abi, type Hex } from 'viem'
import { rpc, sendAndWait } from './anvil.js'
import type { LocalnetToken } from './contracts.js'
import { PRICES } from './services/blockchain.js'
import { HUSD, stablecoinArtifact } from './stablecoin.js'

const require = createRequire(import.meta.url)
/** A Uniswap artifact: its bytecode is hex without the 0x. */
const uniswap = (path: string) => {
  const a = require(path) as { abi: Abi; bytecode: string }
  return { abi: a.abi, bytecode: `0x${a.bytecode.replace(/^0x/, '')}` as Hex }
}
const weth9 = uniswap('@uniswap/v2-periphery/build/WETH9.json')
const factoryArtifact = uniswap('@uniswap/v2-core/build/UniswapV2Factory.json')
const pairArtifact = uniswap('@uniswap/v2-core/build/UniswapV2Pair.json')
const routerArtifact = uniswap('@uniswap/v2-periphery/build/UniswapV2Router02.json')
const erc20 = require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as { abi: Abi }

/**
 * keccak256 of UniswapV2Pair's creation code (the @uniswap/v2-core artifact, which the factory
 * deploys with CREATE2). Router02's UniswapV2Library.pairFor embeds it: the published artifacts
 * agree (0x96e8ac42…845f); a router whose hash differed would compute pair addresses that hold no
 * contract, and every call through it would revert.
 */
export const PAIR_INIT_CODE_HASH = keccak256(pairArtifact.bytecode)

/** The dev account (index in eth_accounts) that deploys the AMM and provides its liquidity. */
export const AMM_DEPLOYER_INDEX = 8
/**
 * HUSD minted to each of dev accounts 1 and 2, in whole units (not account 0: the demo's first
 * account keeps the holdings the Account tab tests expect; it buys HUSD through the on-ramp).
 */
export const HUSD_HELD = '10000'
/** The USD worth of each side of every pool as seeded. */
export const POOL_SIDE_USD = 100_000

/** The pools, by the symbols of their tokens. */
export const AMM_POOLS = ['WETH/HUSD', 'WETH/TIDE', 'TIDE/HBD', 'HBD/HUSD'] as const
export type AmmPoolName = (typeof AMM_POOLS)[number]
type PoolSymbol = 'WETH' | 'HUSD' | 'TIDE' | 'HBD'

/** What the localnet's AMM is, the same on every chain. */
export interface LocalnetAmm {
  /** WETH9, the router's wrapped ether. */
  weth: Hex
  factory: Hex
  router: Hex
  /** keccak256 of the pairs' creation code, as the router embeds it (PAIR_INIT_CODE_HASH). */
  initCodeHash: Hex
  /** Harbour USD, the USDT-style stablecoin. */
  stablecoin: LocalnetToken
  /** Each pool's UniswapV2Pair (its LP token). */
  pairs: Record<AmmPoolName, Hex>
}

const DECIMALS: Record<PoolSymbol, number> = { WETH: 18, HUSD: HUSD.decimals, TIDE: 18, HBD: 18 }
const USD: Record<PoolSymbol, number> = { WETH: PRICES.ETH!, HUSD: 1, TIDE: PRICES.TIDE!, HBD: PRICES.HBD! }

/** What one side of a pool is seeded with: POOL_SIDE_USD at the symbol's price, in the token's smallest unit. */
export function poolSide(symbol: PoolSymbol): bigint {
  return parseUnits((POOL_SIDE_USD / USD[symbol]).toFixed(6), DECIMALS[symbol])
}

async function send(rpcUrl: string, tx: Record<string, string>): Promise<{ contractAddress: Hex | null }> {
  const receipt = await sendAndWait(rpcUrl, tx)
  if (receipt.status !== '0x1') throw new Error(`AMM seeding transaction failed: ${JSON.stringify(tx).slice(0, 120)}`)
  return receipt
}

async function deploy(rpcUrl: string, from: Hex, nonce: bigint, bytecode: Hex, args: Hex = '0x'): Promise<Hex> {
  const receipt = await send(rpcUrl, { from, data: `${bytecode}${args.slice(2)}` })
  const expected = getContractAddress({ from, nonce })
  if (receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) throw new Error('AMM deployment failed')
  return expected
}

const call = (rpcUrl: string, from: Hex, to: Hex, abi: Abi, functionName: string, args: unknown[], value?: bigint) =>
  send(rpcUrl, { from, to, data: encodeFunctionData({ abi, functionName, args }), ...(value ? { value: `0x${value.toString(16)}` } : {}) })

/**
 * Deploys the AMM on the anvil at `rpcUrl` (after HBD and the seeded assets: `hbd` and `tide` are
 * their addresses, minted by dev account 9) and seeds its pools; dev account 8 must be at nonce 0.
 * @throws Error 'AMM deployment failed' when a contract is not at its expected address,
 * 'UniswapV2Router02 does not embed the pair init code hash {hash}', 'AMM seeding transaction
 * failed: {tx}' or 'pair {name} is not where the init code hash puts it'.
 */
export async function deployAmm(rpcUrl: string, { hbd, tide }: { hbd: Hex; tide: Hex }): Promise<LocalnetAmm> {
  const accounts = await rpc<Hex[]>(rpcUrl, 'eth_accounts')
  const maker = accounts[AMM_DEPLOYER_INDEX]!
  const minter = accounts[9]!
  const husdArtifact = await stablecoinArtifact()
  const husd = await deploy(rpcUrl, maker, 0n, husdArtifact.bytecode, encodeAbiParameters([{ type: 'string' }, { type: 'string' }], [HUSD.name, HUSD.symbol]))
  const weth = await deploy(rpcUrl, maker, 1n, weth9.bytecode)
  const factory = await deploy(rpcUrl, maker, 2n, factoryArtifact.bytecode, encodeAbiParameters([{ type: 'address' }], [maker]))
  const router = await deploy(rpcUrl, maker, 3n, routerArtifact.bytecode, encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [factory, weth]))
  const code = await rpc<Hex>(rpcUrl, 'eth_getCode', [router, 'latest'])
  if (!code.toLowerCase().includes(PAIR_INIT_CODE_HASH.slice(2))) throw new Error(`UniswapV2Router02 does not embed the pair init code hash ${PAIR_INIT_CODE_HASH}`)

  const address: Record<PoolSymbol, Hex> = { WETH: weth, HUSD: husd, TIDE: tide, HBD: hbd }
  const need = (symbol: PoolSymbol) => AMM_POOLS.filter((p) => p.split('/').includes(symbol)).reduce((sum) => sum + poolSide(symbol), 0n)
  for (const to of [...accounts.slice(1, 3), maker]) await call(rpcUrl, maker, husd, husdArtifact.abi, 'mint', [to, to === maker ? need('HUSD') : parseUnits(HUSD_HELD, HUSD.decimals)])
  for (const symbol of ['TIDE', 'HBD'] as const) await call(rpcUrl, minter, address[symbol], erc20.abi, 'mint', [maker, need(symbol)])
  // HUSD's approve returns nothing: its own ABI, not the preset's.
  for (const symbol of ['HUSD', 'TIDE', 'HBD'] as const) await call(rpcUrl, maker, address[symbol], symbol === 'HUSD' ? husdArtifact.abi : erc20.abi, 'approve', [router, maxUint256])

  const pairs = {} as Record<AmmPoolName, Hex>
  for (const name of AMM_POOLS) {
    const [a, b] = name.split('/') as [PoolSymbol, PoolSymbol]
    if (a === 'WETH') {
      const token = poolSide(b)
      await call(rpcUrl, maker, router, routerArtifact.abi, 'addLiquidityETH', [address[b], token, token, poolSide(a), maker, maxUint256], poolSide(a))
    } else {
      await call(rpcUrl, maker, router, routerArtifact.abi, 'addLiquidity', [address[a], address[b], poolSide(a), poolSide(b), poolSide(a), poolSide(b), maker, maxUint256])
    }
    const data = encodeFunctionData({ abi: factoryArtifact.abi, functionName: 'getPair', args: [address[a], address[b]] })
    const pair = decodeFunctionResult({ abi: factoryArtifact.abi, functionName: 'getPair', data: await rpc<Hex>(rpcUrl, 'eth_call', [{ to: factory, data }, 'latest']) }) as Hex
    const [token0, token1] = BigInt(address[a]) < BigInt(address[b]) ? [address[a], address[b]] : [address[b], address[a]]
    const predicted = getCreate2Address({ from: factory, salt: keccak256(encodePacked(['address', 'address'], [token0, token1])), bytecodeHash: PAIR_INIT_CODE_HASH })
    if (pair.toLowerCase() !== predicted.toLowerCase()) throw new Error(`pair ${name} is not where the init code hash puts it`)
    pairs[name] = predicted
  }
  return { weth, factory, router, initCodeHash: PAIR_INIT_CODE_HASH, stablecoin: { address: husd, ...HUSD }, pairs }
}
