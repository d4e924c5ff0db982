// The secure-site emulator's approval panel names the call a transaction makes (localnet/services/secure-site/calldata.ts):
// the ERC-20 and ERC-721 calls that move or unlock assets decoded, anything else by its target and selector.
import { describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, erc721Abi, maxUint256 } from 'viem'
import { describeCall } from '../../localnet/services/secure-site/calldata.js'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('the approval panel’s call line', () => {
  it('decodes the ERC-20 calls: approve (an unlimited one says so), transfer, transferFrom', () => {
    expect(describeCall(TOKEN.toLowerCase(), encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }))).toBe(`approve: spender ${SPENDER}, amount unlimited, on ${TOKEN}`)
    expect(describeCall(TOKEN, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 1000n] }))).toBe(`approve: spender ${SPENDER}, amount or token id 1000, on ${TOKEN}`)
    expect(describeCall(TOKEN, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, 5n] }))).toBe(`transfer: to ${SPENDER}, amount 5, on ${TOKEN}`)
    expect(describeCall(TOKEN, encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [OWNER, SPENDER, 7n] }))).toBe(`transferFrom: from ${OWNER}, to ${SPENDER}, amount or token id 7, on ${TOKEN}`)
  })

  it('decodes the ERC-721 calls: setApprovalForAll, both safeTransferFroms', () => {
    expect(describeCall(TOKEN, encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [SPENDER, true] }))).toBe(`setApprovalForAll: operator ${SPENDER}, approved true (every token of the collection), on ${TOKEN}`)
    expect(describeCall(TOKEN, encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [OWNER, SPENDER, 3n] }))).toBe(`safeTransferFrom: from ${OWNER}, to ${SPENDER}, token id 3, on ${TOKEN}`)
    expect(describeCall(TOKEN, encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [OWNER, SPENDER, 3n, '0xbeef'] }))).toBe(`safeTransferFrom: from ${OWNER}, to ${SPENDER}, token id 3, data 0xbeef, on ${TOKEN}`)
  })

  it('names anything else by its target and selector only; no calldata, no line', () => {
    expect(describeCall(TOKEN, '0x12345678aabbcc')).toBe(`Contract call to ${TOKEN} with selector 0x12345678`)
    // A known selector with arguments that do not decode is still only a selector.
    expect(describeCall(TOKEN, '0xa9059cbb00')).toBe(`Contract call to ${TOKEN} with selector 0xa9059cbb`)
    expect(describeCall(TOKEN, '0x1234')).toBe(`Contract call to ${TOKEN} with data 0x1234`)
    expect(describeCall(TOKEN, '0x')).toBeUndefined()
    expect(describeCall(TOKEN, undefined)).toBeUndefined()
  })
})
