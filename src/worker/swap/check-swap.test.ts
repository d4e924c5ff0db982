// The checks before the wallet (docs/behaviour.md §4 swap) with a stubbed swap service and chain:
// the site's own router and its unlimited-approval policy, a router the site did not pin, a
// router without code, a swap of another amount or to other tokens, a 1inch swap that pays the
// caller, and the simulation's refusals reaching the visitor by name.
import { encodeFunctionData, erc20Abi, getAddress, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { SWAP_REFUSALS } from '../../events/kernel/errors.js'
import type { SwapToken } from '../../events/entities.js'
import { NATIVE_TOKEN } from '../../chains/eip155/swap/decode-swap-call.js'
import type { SwapChainReads } from '../../chains/eip155/swap/chain-reads.js'
import { checkSwap, type SwapCheckDeps } from './check-swap.js'

const ME = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')
const TIDE_ADDRESS = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3')
const HBD_ADDRESS = getAddress('0xe7f1725e7734ce288f8367e1bb143e90bb3f0512')
const SITE_ROUTER = getAddress('0x1111111111111111111111111111111111111111')
const TIDE: SwapToken = { name: 'Tide', symbol: 'TIDE', address: `eip155:8453:${TIDE_ADDRESS}`, decimals: 18 }
const HBD: SwapToken = { name: 'Harbour Dollar', symbol: 'HBD', address: `eip155:8453:${HBD_ADDRESS}`, decimals: 18 }
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: `eip155:8453:${NATIVE_TOKEN}`, decimals: 18 }
const inch = parseAbi([
  'struct SwapDescription { address srcToken; address dstToken; address srcReceiver; address dstReceiver; uint256 amount; uint256 minReturnAmount; uint256 flags; }',
  'function swap(address executor, SwapDescription desc, bytes data)',
])
const v2 = parseAbi(['function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)'])

/** A world on Base (8453): the service's approval value and swap calldata, the chain's code and simulation. */
function world(o: { approval?: bigint; swap?: Hex; swapTo?: Address; code?: boolean; outcome?: Awaited<ReturnType<SwapChainReads['simulate']>> } = {}) {
  const reads: SwapChainReads = {
    hasCode: async () => o.code ?? true,
    decimals: async () => 18,
    symbol: async (t) => (t === TIDE_ADDRESS ? 'TIDE' : 'HBD'),
    allowance: async () => 0n,
    nativeBalance: async () => 10n ** 20n,
    simulate: async () => o.outcome ?? { changes: [{ token: TIDE_ADDRESS, diff: -100n }, { token: HBD_ADDRESS, diff: 99n }], gas: 0n, approvals: [{ token: TIDE_ADDRESS, spender: SITE_ROUTER, kind: 'approval' }] },
  }
  const service: SwapCheckDeps['service'] = {
    buildApproveTransaction: async () => ({ to: TIDE_ADDRESS, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SITE_ROUTER, o.approval ?? 100n] }), value: '0' }),
    buildSwapTransaction: async (r) => ({ to: o.swapTo ?? SITE_ROUTER, data: o.swap ?? encodeFunctionData({ abi: v2, functionName: 'swapExactTokensForTokens', args: [BigInt(r.amount), 99n, [TIDE_ADDRESS, HBD_ADDRESS], ME, 1n] }), value: '0' }),
  }
  return { chain: reads, service, routers: { '8453': { address: SITE_ROUTER, kind: 'uniswap-v2' as const } } }
}
const input = { chainId: '8453', account: ME, from: TIDE, to: HBD, amount: 100n, quotedToAmount: 100n, nativeSymbol: 'ETH' }
const refusal = (deps: SwapCheckDeps, i = input) => checkSwap(deps, i).then(() => 'passed', (e: Error) => e.message)

describe('checkSwap', () => {
  it("takes the site's router over Gangway's (1inch's on Base), and shows the simulated changes", async () => {
    const checked = await checkSwap(world(), input)
    expect(checked).toMatchObject({ fromAmount: '100', minimum: '99', simulated: true, transactions: [{ kind: 'approve', to: TIDE_ADDRESS }, { kind: 'swap', to: SITE_ROUTER }] })
    expect(checked.changes).toEqual([
      { token: `eip155:8453:${TIDE_ADDRESS}`, diff: '-100', symbol: 'TIDE', decimals: 18 },
      { token: `eip155:8453:${HBD_ADDRESS}`, diff: '99', symbol: 'HBD', decimals: 18 },
    ])
    // Without the site's router, Base's pinned router is 1inch's: the site's is unknown there.
    const { routers: _r, ...gangways } = world()
    expect(await refusal(gangways)).toBe(SWAP_REFUSALS.approvalSpender)
  })

  it('an approval above the amount only where the site allows it', async () => {
    expect(await refusal(world({ approval: maxUint256 }))).toBe(SWAP_REFUSALS.approvalAmount)
    expect(await refusal(world({ approval: 99n }))).toBe(SWAP_REFUSALS.approvalAmount)
    expect(await refusal({ ...world({ approval: maxUint256 }), unlimitedApproval: true })).toBe('passed')
  })

  it('refuses a router without code, another target, another amount, other tokens', async () => {
    expect(await refusal(world({ code: false }))).toBe(SWAP_REFUSALS.routerNoCode)
    expect(await refusal(world({ swapTo: HBD_ADDRESS }))).toBe(SWAP_REFUSALS.targetIsToken)
    expect(await refusal(world({ swapTo: ME }))).toBe(SWAP_REFUSALS.unknownRouter)
    expect(await refusal(world({ swap: encodeFunctionData({ abi: v2, functionName: 'swapExactTokensForTokens', args: [101n, 99n, [TIDE_ADDRESS, HBD_ADDRESS], ME, 1n] }) }))).toBe(SWAP_REFUSALS.mismatch)
    expect(await refusal(world({ swap: encodeFunctionData({ abi: v2, functionName: 'swapExactTokensForTokens', args: [100n, 99n, [TIDE_ADDRESS, TIDE_ADDRESS], ME, 1n] }) }))).toBe(SWAP_REFUSALS.mismatch)
    expect(await refusal(world(), { ...input, chainId: '5' })).toBe(SWAP_REFUSALS.unknownRouter)
  })

  it("a 1inch swap that pays the caller passes on Gangway's router; the simulation's refusals reach the visitor by name", async () => {
    const desc = { srcToken: NATIVE_TOKEN, dstToken: HBD_ADDRESS, srcReceiver: ME, dstReceiver: '0x0000000000000000000000000000000000000000' as Address, amount: 100n, minReturnAmount: 99n, flags: 0n }
    const oneInch = world({ swapTo: getAddress('0x111111125421cA6dc452d289314280a0f8842A65'), swap: encodeFunctionData({ abi: inch, functionName: 'swap', args: [ME, desc, '0x'] }), outcome: { changes: [{ token: NATIVE_TOKEN, diff: -100n }, { token: HBD_ADDRESS, diff: 99n }], gas: 0n, approvals: [] } })
    const { routers: _r, ...deps } = oneInch
    // The service's value for a native source is the amount (src/api/convert.ts); the stub gives '0'.
    const native = { ...deps, service: { ...deps.service, buildSwapTransaction: async (r: { amount: string }) => ({ ...(await oneInch.service.buildSwapTransaction(r as never)), value: r.amount }) } }
    expect(await refusal(native, { ...input, from: ETH })).toBe('passed')
    const moved = { ...native, chain: { ...native.chain, simulate: async () => ({ changes: [{ token: NATIVE_TOKEN, diff: -100n }, { token: HBD_ADDRESS, diff: 99n }, { token: TIDE_ADDRESS, diff: -5n }], gas: 0n, approvals: [] }) } }
    expect(await refusal(moved, { ...input, from: ETH })).toBe(SWAP_REFUSALS.otherAsset)
    const unsupported = { ...native, chain: { ...native.chain, simulate: async () => 'unsupported' as const } }
    expect(await checkSwap(unsupported, { ...input, from: ETH })).toMatchObject({ simulated: false })
  })
})
