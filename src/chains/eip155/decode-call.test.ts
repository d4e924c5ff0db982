// The transaction preview's call reader (docs/behaviour.md §2 ApproveTransaction): plain native
// transfers, ERC-20 transfer/approve/transferFrom, ERC-721 approve/transferFrom/setApprovalForAll/
// safeTransferFrom (the shared selectors read by the standard the caller names), swaps on the pinned
// router, and everything else as a contract call by its selector or a contract creation.
import { encodeFunctionData, erc20Abi, erc721Abi, getAddress, maxUint256, parseAbi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeCall, needsStandard } from './decode-call.js'
import { NATIVE_TOKEN } from './swap/decode-swap-call.js'
import { LOCALNET_ROUTER, LOCALNET_WETH, SWAP_ROUTERS } from './swap/routers.js'

const ME = getAddress('0x90f79bf6eb2c4f870365e785982e1f101e93b906')
const BOB = getAddress('0x15d34aaf54267db7d7c367839aaf71a00a2c6a65')
const HBD = getAddress('0xe7f1725e7734ce288f8367e1bb143e90bb3f0512')
const CREW = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3')
const lower = (a: string) => a.toLowerCase() as Hex
const V2 = SWAP_ROUTERS['31337']!
const v2 = parseAbi(['function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)'])

describe('decodeCall', () => {
  it('no calldata is a native transfer of the value; no target is a contract creation', () => {
    expect(decodeCall({ to: lower(BOB), value: 5n })).toEqual({ kind: 'native-transfer', to: BOB, value: 5n })
    expect(decodeCall({ to: BOB, data: '0x' })).toEqual({ kind: 'native-transfer', to: BOB, value: 0n })
    expect(decodeCall({ data: '0x6080', value: 1n })).toEqual({ kind: 'contract-creation', value: 1n })
  })

  it('ERC-20 transfer, approve (unlimited as 2^256-1) and transferFrom, addresses checksummed', () => {
    expect(decodeCall({ to: lower(HBD), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [lower(BOB), 10n ** 19n] }) })).toEqual({ kind: 'erc20-transfer', token: HBD, recipient: BOB, amount: 10n ** 19n, value: 0n })
    expect(decodeCall({ to: HBD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, maxUint256] }) })).toEqual({ kind: 'erc20-approve', token: HBD, spender: BOB, amount: maxUint256, value: 0n })
    expect(decodeCall({ to: HBD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [BOB, ME, 3n] }), value: 2n })).toEqual({ kind: 'erc20-transfer-from', token: HBD, owner: BOB, recipient: ME, amount: 3n, value: 2n })
  })

  it('ERC-721: approve and transferFrom when the caller says the target is one, setApprovalForAll and both safeTransferFroms always', () => {
    const nft = { standard: 'erc721' as const }
    expect(decodeCall({ to: CREW, data: encodeFunctionData({ abi: erc721Abi, functionName: 'approve', args: [BOB, 7n] }) }, nft)).toEqual({ kind: 'erc721-approve', token: CREW, spender: BOB, tokenId: 7n, value: 0n })
    expect(decodeCall({ to: CREW, data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [ME, BOB, 7n] }) }, nft)).toEqual({ kind: 'erc721-transfer', token: CREW, owner: ME, recipient: BOB, tokenId: 7n, value: 0n })
    expect(decodeCall({ to: CREW, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [BOB, true] }) })).toEqual({ kind: 'erc721-approval-for-all', token: CREW, spender: BOB, approved: true, value: 0n })
    expect(decodeCall({ to: CREW, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [BOB, false] }) })).toMatchObject({ kind: 'erc721-approval-for-all', approved: false })
    expect(decodeCall({ to: CREW, data: encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [ME, BOB, 9n] }) })).toEqual({ kind: 'erc721-transfer', token: CREW, owner: ME, recipient: BOB, tokenId: 9n, value: 0n })
    expect(decodeCall({ to: CREW, data: encodeFunctionData({ abi: erc721Abi, functionName: 'safeTransferFrom', args: [ME, BOB, 9n, '0x1234'] }) })).toMatchObject({ kind: 'erc721-transfer', tokenId: 9n })
  })

  it('needsStandard: only the selectors ERC-20 and ERC-721 share', () => {
    expect(needsStandard(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, 1n] }))).toBe(true)
    expect(needsStandard(encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [BOB, ME, 1n] }))).toBe(true)
    expect(needsStandard(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1n] }))).toBe(false)
    expect(needsStandard(encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [BOB, true] }))).toBe(false)
    expect(needsStandard(undefined)).toBe(false)
    expect(needsStandard('0x')).toBe(false)
  })

  it('a swap on the pinned router is read as one; other calldata to the router is a contract call', () => {
    const data = encodeFunctionData({ abi: v2, functionName: 'swapExactETHForTokens', args: [90n, [LOCALNET_WETH, HBD], ME, 1n] })
    expect(decodeCall({ to: LOCALNET_ROUTER, data, value: 100n }, { router: V2 })).toEqual({ kind: 'swap', router: LOCALNET_ROUTER, swap: { recipient: ME, minOut: 90n, fromToken: NATIVE_TOKEN, toToken: HBD }, value: 100n })
    // Without the router pinned (another chain), the same call is a contract call.
    expect(decodeCall({ to: LOCALNET_ROUTER, data, value: 100n })).toEqual({ kind: 'contract-call', to: LOCALNET_ROUTER, selector: data.slice(0, 10), value: 100n })
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1n] })
    expect(decodeCall({ to: LOCALNET_ROUTER, data: transfer }, { router: V2 })).toEqual({ kind: 'contract-call', to: LOCALNET_ROUTER, selector: '0xa9059cbb', value: 0n })
  })

  it('unknown selectors, truncated arguments and calldata shorter than a selector are contract calls, never a throw', () => {
    expect(decodeCall({ to: HBD, data: '0xdeadbeef00' })).toEqual({ kind: 'contract-call', to: HBD, selector: '0xdeadbeef', value: 0n })
    const truncated = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [BOB, 1n] }).slice(0, 40) as Hex
    expect(decodeCall({ to: HBD, data: truncated })).toEqual({ kind: 'contract-call', to: HBD, selector: '0xa9059cbb', value: 0n })
    expect(decodeCall({ to: HBD, data: '0x12' })).toEqual({ kind: 'contract-call', to: HBD, value: 0n })
  })
})
