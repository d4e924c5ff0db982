/**
 * The chain reads the swap checks make (docs/behaviour.md §4 swap, the checks before the wallet),
 * on a viem client of the swap's network: never the swap service's word for an allowance, a token's
 * decimals or symbol, or whether the router is a contract.
 */
import { erc20Abi, type Address, type Client } from 'viem'
import { getBalance, getCode, readContract } from 'viem/actions'
import { simulateAssetChanges, type SimulatedCall, type SimulatedOutcome } from './simulate-asset-changes.js'

/** What the swap checks read from the chain; amounts in base units (wei for the native balance). */
export interface SwapChainReads {
  /** Whether `address` has code at the latest block. */
  hasCode(address: Address): Promise<boolean>
  /** The token's `decimals()`. @throws the node's error where it has none (no contract, a revert). */
  decimals(token: Address): Promise<number>
  /** The token's `symbol()`. @throws the node's error where it has none. */
  symbol(token: Address): Promise<string>
  /** `allowance(owner, spender)` of the token. */
  allowance(token: Address, owner: Address, spender: Address): Promise<bigint>
  /** The account's native balance, in wei. */
  nativeBalance(owner: Address): Promise<bigint>
  /** simulate-asset-changes.ts `simulateAssetChanges`. */
  simulate(account: Address, calls: readonly SimulatedCall[], tokens: readonly Address[]): Promise<SimulatedOutcome | 'unsupported'>
}

/**
 * The reads over `client` (the engine's JSON-RPC path for the swap's network).
 * @example
 * const reads = swapChainReads(ctx.chains.evmClient('eip155:1'))
 * await reads.decimals('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48') // 6
 */
export function swapChainReads(client: Client): SwapChainReads {
  return {
    hasCode: async (address) => ((await getCode(client, { address })) ?? '0x') !== '0x',
    decimals: async (token) => Number(await readContract(client, { address: token, abi: erc20Abi, functionName: 'decimals' })),
    symbol: (token) => readContract(client, { address: token, abi: erc20Abi, functionName: 'symbol' }),
    allowance: (token, owner, spender) => readContract(client, { address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] }),
    nativeBalance: (owner) => getBalance(client, { address: owner }),
    simulate: (account, calls, tokens) => simulateAssetChanges(client, account, calls, tokens),
  }
}
