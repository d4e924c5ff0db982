/**
 * What one EVM call does, read from its calldata for the transaction preview (docs/behaviour.md §2
 * ApproveTransaction, WalletSendPreview; §4 EIP-5792's fallback): the visitor sees what is signed,
 * not only a target and a value. Read with viem's `decodeFunctionData`:
 * - no calldata: a plain native transfer of the call's value;
 * - ERC-20 `transfer`, `approve`, `transferFrom`; ERC-721 `approve`, `transferFrom`,
 *   `setApprovalForAll` and both `safeTransferFrom`s. `approve` and `transferFrom` have one selector
 *   for both standards (the last word is an amount or a token id), so the caller says which the
 *   target is (`standard`, read on chain with ERC-165: `needsStandard` says when to ask);
 * - a swap on the chain's pinned router (swap/routers.ts), read by swap/decode-swap-call.ts;
 * - anything else, calldata that does not decode included: a contract call to its target, with its
 *   selector (never its arguments); no target: a contract creation.
 * Addresses come back checksummed, amounts and token ids in base units. Pure: no chain access.
 */
import { decodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem'
import { decodeSwapCall, type DecodedSwap } from './swap/decode-swap-call.js'
import type { SwapRouter } from './swap/routers.js'

/** A call as it is sent: `value` in wei. */
export interface CallToDecode {
  to?: Address
  data?: Hex
  value?: bigint
}

/** What a token call is read as where the selector is ERC-20's and ERC-721's alike. */
export type TokenStandard = 'erc20' | 'erc721'

/** A call as decoded; every kind carries the native `value` it sends (wei). */
export type DecodedCall =
  | { kind: 'native-transfer'; to: Address; value: bigint }
  | { kind: 'erc20-transfer'; token: Address; recipient: Address; amount: bigint; value: bigint }
  | { kind: 'erc20-approve'; token: Address; spender: Address; amount: bigint; value: bigint }
  | { kind: 'erc20-transfer-from'; token: Address; owner: Address; recipient: Address; amount: bigint; value: bigint }
  | { kind: 'erc721-approve'; token: Address; spender: Address; tokenId: bigint; value: bigint }
  | { kind: 'erc721-approval-for-all'; token: Address; spender: Address; approved: boolean; value: bigint }
  | { kind: 'erc721-transfer'; token: Address; owner: Address; recipient: Address; tokenId: bigint; value: bigint }
  | { kind: 'swap'; router: Address; swap: DecodedSwap; value: bigint }
  | { kind: 'contract-call'; to: Address; selector?: Hex; value: bigint }
  | { kind: 'contract-creation'; value: bigint }

/** The kinds of DecodedCall, as the preview's events name them. */
export type DecodedCallKind = DecodedCall['kind']

/** The token calls read (approve and transferFrom are one selector each for ERC-20 and ERC-721). */
const TOKEN_CALLS = parseAbi([
  'function transfer(address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
])

/** `approve(address,uint256)` and `transferFrom(address,address,uint256)`: ERC-20's and ERC-721's alike. */
const SHARED_SELECTORS: ReadonlySet<string> = new Set(['0x095ea7b3', '0x23b872dd'])

/** An empty calldata: none, or '0x'. */
const empty = (data: Hex | undefined) => data === undefined || data === '0x'

/**
 * Whether `data` is a call whose reading depends on the target's standard (ERC-20 `approve` and
 * `transferFrom` share their selectors with ERC-721's), so the caller should ask the target first.
 * @example
 * needsStandard(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 1n] })) // true
 */
export function needsStandard(data: Hex | undefined): boolean {
  return !empty(data) && SHARED_SELECTORS.has(data!.slice(0, 10).toLowerCase())
}

/**
 * Reads one call.
 * @param call its target (none for a contract creation), 0x hex calldata and value in wei.
 * @param options `router`: the chain's pinned swap router (routers.ts `swapRouterOf`), whose swaps
 *   are read; `standard`: what the target is where `needsStandard` (default 'erc20').
 * @returns the call's DecodedCall; never throws (what does not decode is a 'contract-call').
 * @example
 * decodeCall({ to: hbd, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [bob, 10n ** 18n] }) })
 * // { kind: 'erc20-transfer', token: hbd, recipient: bob, amount: 10n ** 18n, value: 0n }
 */
export function decodeCall(call: CallToDecode, options: { router?: SwapRouter; standard?: TokenStandard } = {}): DecodedCall {
  const value = call.value ?? 0n
  if (!call.to) return { kind: 'contract-creation', value }
  const to = getAddress(call.to)
  if (empty(call.data)) return { kind: 'native-transfer', to, value }
  const data = call.data!
  const other: DecodedCall = { kind: 'contract-call', to, value, ...(data.length >= 10 ? { selector: data.slice(0, 10).toLowerCase() as Hex } : {}) }
  if (options.router && getAddress(options.router.address) === to) {
    const swap = decodeSwapCall(options.router, data)
    return swap ? { kind: 'swap', router: to, swap, value } : other
  }
  let decoded: { functionName: string; args: readonly unknown[] }
  try {
    decoded = decodeFunctionData({ abi: TOKEN_CALLS, data }) as typeof decoded
  } catch {
    return other
  }
  const a = decoded.args
  const nft = options.standard === 'erc721'
  const address = (i: number) => getAddress(a[i] as Address)
  switch (decoded.functionName) {
    case 'transfer':
      return { kind: 'erc20-transfer', token: to, recipient: address(0), amount: a[1] as bigint, value }
    case 'approve':
      return nft ? { kind: 'erc721-approve', token: to, spender: address(0), tokenId: a[1] as bigint, value } : { kind: 'erc20-approve', token: to, spender: address(0), amount: a[1] as bigint, value }
    case 'transferFrom':
      return nft
        ? { kind: 'erc721-transfer', token: to, owner: address(0), recipient: address(1), tokenId: a[2] as bigint, value }
        : { kind: 'erc20-transfer-from', token: to, owner: address(0), recipient: address(1), amount: a[2] as bigint, value }
    case 'setApprovalForAll':
      return { kind: 'erc721-approval-for-all', token: to, spender: address(0), approved: a[1] as boolean, value }
    case 'safeTransferFrom':
      return { kind: 'erc721-transfer', token: to, owner: address(0), recipient: address(1), tokenId: a[2] as bigint, value }
    default:
      return other
  }
}
