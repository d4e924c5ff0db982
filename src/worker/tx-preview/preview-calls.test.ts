// The transaction preview's worker piece (docs/behaviour.md §2 ApproveTransaction): calls decoded
// with the token names read on chain (ERC-721 told apart by ERC-165), the simulation's changes with
// the native one as the node simulated it, a batch simulated from its call under way, and whatever the chain says
// bounded: control and bidi characters out of symbols, decimals over 36 dropped, a failed or missing
// simulation shown as not simulated, never thrown.
import { encodeFunctionData, erc20Abi, erc721Abi, getAddress, parseAbi, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN } from '../../chains/eip155/swap/decode-swap-call.js'
import { LOCALNET_ROUTER, LOCALNET_WETH } from '../../chains/eip155/swap/routers.js'
import type { SimulatedCall, SimulatedOutcome } from '../../chains/eip155/swap/simulate-asset-changes.js'
import { cleanSymbol, previewCalls, type TxPreviewReads } from './preview-calls.js'

const ME = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')
const BOB = getAddress('0x15d34aaf54267db7d7c367839aaf71a00a2c6a65')
const HBD = getAddress('0xe7f1725e7734ce288f8367e1bb143e90bb3f0512')
const CREW = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3')
const EVIL = getAddress('0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0')

/** Reads of a chain with HBD (18 decimals), the CREW collection (an ERC-721, no decimals) and a token with a hostile symbol and 77 decimals. */
function reads(outcome: SimulatedOutcome | 'unsupported' | Error): TxPreviewReads & { simulated: { calls: readonly SimulatedCall[]; tokens: readonly Address[] }[] } {
  const simulated: { calls: readonly SimulatedCall[]; tokens: readonly Address[] }[] = []
  return {
    simulated,
    isErc721: async (t) => t === CREW,
    decimals: async (t) => (t === HBD ? 18 : t === EVIL ? 77 : Promise.reject(new Error('execution reverted'))),
    symbol: async (t) => (t === HBD ? 'HBD' : t === CREW ? 'CREW' : t === EVIL ? '\u202eDSU\u0007 and a very long name indeed' : Promise.reject(new Error('execution reverted'))),
    async simulate(_account, calls, tokens) {
      simulated.push({ calls, tokens })
      if (outcome instanceof Error) throw outcome
      return outcome
    },
  }
}

const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

describe('previewCalls', () => {
  it('an ERC-20 transfer: decoded with its token read on chain, simulated; the native change as the node simulated it (the most it may have charged for gas is no change)', async () => {
    const r = reads({ changes: [{ token: HBD, diff: -(10n ** 19n) }], gas: 21000n, approvals: [] })
    const p = await previewCalls(r, { chainId: '31337', account: ME, calls: [{ to: HBD, data: transfer(BOB, 10n ** 19n), valueWei: '0' }], nativeSymbol: 'ETH' })
    expect(p).toEqual({
      calls: [{ kind: 'erc20-transfer', to: HBD, value: '0', token: { address: HBD, symbol: 'HBD', decimals: 18 }, recipient: BOB, amount: '10000000000000000000' }],
      simulated: true,
      changes: [{ token: HBD, diff: '-10000000000000000000', symbol: 'HBD', decimals: 18 }],
      approvals: [],
    })
    expect(r.simulated).toEqual([{ calls: [{ to: HBD, data: transfer(BOB, 10n ** 19n), value: 0n }], tokens: [HBD] }])
  })

  it('an ERC-721 transferFrom and approve read as the collection says (ERC-165), a native send, the approval the simulation granted', async () => {
    const r = reads({ changes: [{ token: NATIVE_TOKEN, diff: -5n }, { token: CREW, diff: -1n }], gas: 7n, approvals: [{ token: CREW, spender: BOB, kind: 'approval' }] })
    const p = await previewCalls(r, {
      chainId: '31337',
      account: ME,
      calls: [
        { to: CREW, data: encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [BOB, 7n] }), valueWei: '0' },
        { to: CREW, data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [ME, BOB, 8n] }), valueWei: '0' },
        { to: BOB, valueWei: '5' },
      ],
      nativeSymbol: 'ETH',
    })
    expect(p.calls).toEqual([
      { kind: 'erc721-approve', to: CREW, value: '0', token: { address: CREW, symbol: 'CREW' }, spender: BOB, tokenId: '7' },
      { kind: 'erc721-transfer', to: CREW, value: '0', token: { address: CREW, symbol: 'CREW' }, owner: ME, recipient: BOB, tokenId: '8' },
      { kind: 'native-transfer', to: BOB, value: '5', recipient: BOB },
    ])
    expect(p.changes).toEqual([
      { token: NATIVE_TOKEN, diff: '-5', symbol: 'ETH', decimals: 18 },
      { token: CREW, diff: '-1', symbol: 'CREW' },
    ])
    expect(p.approvals).toEqual([{ token: CREW, spender: BOB, kind: 'approval', symbol: 'CREW' }])
  })

  it('a swap on the pinned router: its tokens and the least it gives, paid to the caller; a revert is reported at its call', async () => {
    const v2 = parseAbi(['function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)'])
    const data = encodeFunctionData({ abi: v2, functionName: 'swapExactETHForTokens', args: [90n, [LOCALNET_WETH, HBD], ME, 1n] })
    const p = await previewCalls(reads({ failed: 0, changes: [], gas: 0n, approvals: [] }), { chainId: '31337', account: ME, calls: [{ to: LOCALNET_ROUTER, data, valueWei: '100' }], nativeSymbol: 'ETH' })
    expect(p.calls).toEqual([{ kind: 'swap', to: LOCALNET_ROUTER, value: '100', recipient: ME, minOut: '90', amount: '100', swapFrom: { address: NATIVE_TOKEN, symbol: 'ETH', decimals: 18 }, swapTo: { address: HBD, symbol: 'HBD', decimals: 18 } }])
    expect([p.simulated, p.failed]).toEqual([true, 0])
  })

  it('a batch from its call under way: every call decoded, the calls from that one on simulated together, a revert counted in the batch', async () => {
    const r = reads({ failed: 1, changes: [], gas: 0n, approvals: [] })
    const calls = [
      { to: HBD, data: transfer(BOB, 1n), valueWei: '0' },
      { to: HBD, data: transfer(BOB, 2n), valueWei: '0' },
      { to: HBD, data: transfer(BOB, 3n), valueWei: '0' },
    ]
    const p = await previewCalls(r, { chainId: '31337', account: ME, calls, simulateFrom: 1, nativeSymbol: 'ETH' })
    expect(p.calls.map((c) => c.amount)).toEqual(['1', '2', '3'])
    expect(r.simulated[0]!.calls.map((c) => c.data)).toEqual([transfer(BOB, 2n), transfer(BOB, 3n)])
    expect(p.failed).toBe(2)
  })

  it('not simulated: a node without eth_simulateV1, a simulation that throws, a contract creation; a hostile token’s symbol cleaned and its decimals dropped', async () => {
    const call = { to: EVIL, data: transfer(BOB, 1n), valueWei: '0' }
    for (const outcome of ['unsupported' as const, new Error('timeout')]) {
      const p = await previewCalls(reads(outcome), { chainId: '31337', account: ME, calls: [call], nativeSymbol: 'ETH' })
      expect([p.simulated, p.changes, p.calls[0]!.token]).toEqual([false, [], { address: EVIL, symbol: 'DSU and a very long' }])
    }
    const creation = reads({ changes: [], gas: 0n, approvals: [] })
    const p = await previewCalls(creation, { chainId: '31337', account: ME, calls: [{ data: '0x6080', valueWei: '0' }], nativeSymbol: 'ETH' })
    expect([p.calls, p.simulated, creation.simulated]).toEqual([[{ kind: 'contract-creation', value: '0' }], false, []])
    expect([cleanSymbol('  \u200bUSDC\u2066 '), cleanSymbol('\u0000'), cleanSymbol(42)]).toEqual(['USDC', undefined, undefined])
  })
})
