// The simulated swap against the review (docs/behaviour.md §4 swap): a revert, more input than the
// amount, less output than the minimum, another asset leaving, and any approval but the one shown
// each refuse with their own message; the honest outcome (an airdrop arriving included) passes.
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { SWAP_REFUSALS } from '../../../events/kernel/errors.js'
import { compareSwapOutcome, type ShownSwap } from './compare-swap-outcome.js'
import { NATIVE_TOKEN } from './decode-swap-call.js'
import { approvalsOf, isUnsupportedMethod } from './simulate-asset-changes.js'

const TIDE = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3')
const HBD = getAddress('0xe7f1725e7734ce288f8367e1bb143e90bb3f0512')
const ROUTER = getAddress('0xca8b49076d1a8039599e24979abf819af784c27a')
const ME = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')
const shown: ShownSwap = { from: TIDE, to: HBD, amount: 100n, minimum: 40n, approval: { token: TIDE, spender: ROUTER } }
const refusal = (o: Parameters<typeof compareSwapOutcome>[0], s = shown) => compareSwapOutcome(o, s)?.refusal

describe('compareSwapOutcome', () => {
  it('passes the honest outcome, an asset arriving besides', () => {
    expect(refusal({ changes: [{ token: TIDE, diff: -100n }, { token: HBD, diff: 41n }, { token: NATIVE_TOKEN, diff: 5n }], approvals: [{ token: TIDE, spender: ROUTER, kind: 'approval' }], gas: 0n })).toBeUndefined()
    expect(refusal({ changes: [{ token: NATIVE_TOKEN, diff: -100n }, { token: HBD, diff: 40n }], approvals: [], gas: 0n }, { from: NATIVE_TOKEN, to: HBD, amount: 100n, minimum: 40n })).toBeUndefined()
  })

  it('counts native changes net of the gas the simulation may have charged', () => {
    const eth: ShownSwap = { from: NATIVE_TOKEN, to: HBD, amount: 100n, minimum: 40n }
    expect(refusal({ changes: [{ token: NATIVE_TOKEN, diff: -107n }, { token: HBD, diff: 40n }], approvals: [], gas: 7n }, eth)).toBeUndefined()
    expect(refusal({ changes: [{ token: NATIVE_TOKEN, diff: -108n }, { token: HBD, diff: 40n }], approvals: [], gas: 7n }, eth)).toBe(SWAP_REFUSALS.simulatedAmounts)
    expect(refusal({ changes: [{ token: TIDE, diff: -100n }, { token: HBD, diff: 41n }, { token: NATIVE_TOKEN, diff: -7n }], approvals: [{ token: TIDE, spender: ROUTER, kind: 'approval' }], gas: 7n })).toBeUndefined()
  })

  it('refuses each mismatch with its own message', () => {
    expect(refusal({ failed: 1, changes: [], approvals: [], gas: 0n })).toBe(SWAP_REFUSALS.simulationFailed)
    expect(refusal({ changes: [{ token: TIDE, diff: -101n }, { token: HBD, diff: 41n }], approvals: [], gas: 0n })).toBe(SWAP_REFUSALS.simulatedAmounts)
    expect(refusal({ changes: [{ token: TIDE, diff: -100n }, { token: HBD, diff: 39n }], approvals: [], gas: 0n })).toBe(SWAP_REFUSALS.simulatedAmounts)
    expect(refusal({ changes: [{ token: TIDE, diff: -100n }], approvals: [], gas: 0n })).toBe(SWAP_REFUSALS.simulatedAmounts)
    expect(refusal({ changes: [{ token: TIDE, diff: -100n }, { token: HBD, diff: 41n }, { token: NATIVE_TOKEN, diff: -1n }], approvals: [], gas: 0n })).toBe(SWAP_REFUSALS.otherAsset)
    expect(refusal({ changes: [{ token: TIDE, diff: -100n }, { token: HBD, diff: 41n }], approvals: [{ token: TIDE, spender: ME, kind: 'approval' }], gas: 0n })).toBe(SWAP_REFUSALS.otherApproval)
    expect(refusal({ changes: [{ token: TIDE, diff: -100n }, { token: HBD, diff: 41n }], approvals: [{ token: HBD, spender: ROUTER, kind: 'approval-for-all' }], gas: 0n })).toBe(SWAP_REFUSALS.otherApproval)
    const { approval: _a, ...noApproval } = shown
    expect(refusal({ changes: [{ token: TIDE, diff: -100n }, { token: HBD, diff: 41n }], approvals: [{ token: TIDE, spender: ROUTER, kind: 'approval' }], gas: 0n }, noApproval)).toBe(SWAP_REFUSALS.otherApproval)
  })

  it("reads the account's Approval and ApprovalForAll logs, no one else's; knows a node without the method", () => {
    const word = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}` as const
    const logs = [
      { address: TIDE, topics: ['0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', word(ME), word(ROUTER)] as `0x${string}`[] },
      { address: HBD, topics: ['0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31', word(ME), word(TIDE)] as `0x${string}`[] },
      { address: HBD, topics: ['0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', word(ROUTER), word(ME)] as `0x${string}`[] },
    ]
    expect(approvalsOf(logs, ME)).toEqual([
      { token: TIDE, spender: ROUTER, kind: 'approval' },
      { token: HBD, spender: TIDE, kind: 'approval-for-all' },
    ])
    expect(isUnsupportedMethod({ message: 'x', cause: { code: -32601 } })).toBe(true)
    expect(isUnsupportedMethod(new Error('the method eth_simulateV1 does not exist/is not available'))).toBe(true)
    expect(isUnsupportedMethod(new Error('Method not found'))).toBe(true)
    expect(isUnsupportedMethod(new Error('execution reverted'))).toBe(false)
  })
})
