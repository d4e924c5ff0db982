/**
 * What a transaction's calldata asks, as one line of plain text for the secure-site emulator's
 * approval panel (the visitor sees the call before Approve, not only the target and value). Decoded
 * with viem's `decodeFunctionData` over the token calls that move or unlock assets:
 * - ERC-20 `transfer`, and `approve` / `transferFrom` (whose selectors ERC-721's share: the amount
 *   is then a token id, and the text says so); an approval of 2^256-1 reads 'unlimited';
 * - ERC-721 `setApprovalForAll` and both `safeTransferFrom`s.
 * Anything else is 'Contract call to <address> with selector <0x8 hex>'; calldata shorter than a
 * selector is 'Contract call to <address> with data <hex>'. Amounts are base units, as the call has them.
 * Demo and test tooling only.
 */
import { decodeFunctionData, getAddress, maxUint256, parseAbi, type Hex } from 'viem'

/** The calls read (ERC-20 and ERC-721; approve and transferFrom are one selector each for both). */
export const TOKEN_CALLS_ABI = parseAbi([
  'function approve(address spender, uint256 value)',
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
])

/** A selector's length in characters of 0x-prefixed hex (an unknown call shows only its selector, never its arguments). */
const SELECTOR_HEX = 10

/**
 * The call `data` makes to `to`, as text; undefined for no calldata ('0x' or none: a plain value transfer).
 * Never throws: calldata that does not decode is shown by its selector.
 */
export function describeCall(to: string, data: Hex | undefined): string | undefined {
  if (data === undefined || data === '0x') return undefined
  const target = getAddress(to)
  if (data.length < SELECTOR_HEX) return `Contract call to ${target} with data ${data}`
  let call: ReturnType<typeof decodeFunctionData<typeof TOKEN_CALLS_ABI>>
  try {
    call = decodeFunctionData({ abi: TOKEN_CALLS_ABI, data })
  } catch {
    return `Contract call to ${target} with selector ${data.slice(0, SELECTOR_HEX)}`
  }
  const a = call.args as readonly unknown[]
  const on = `on ${target}`
  switch (call.functionName) {
    case 'approve':
      return `approve: spender ${a[0]}, ${a[1] === maxUint256 ? 'amount unlimited' : `amount or token id ${a[1]}`}, ${on}`
    case 'transfer':
      return `transfer: to ${a[0]}, amount ${a[1]}, ${on}`
    case 'transferFrom':
      return `transferFrom: from ${a[0]}, to ${a[1]}, amount or token id ${a[2]}, ${on}`
    case 'setApprovalForAll':
      return `setApprovalForAll: operator ${a[0]}, approved ${a[1]} (every token of the collection), ${on}`
    case 'safeTransferFrom':
      return `safeTransferFrom: from ${a[0]}, to ${a[1]}, token id ${a[2]}${a.length > 3 ? `, data ${a[3]}` : ''}, ${on}`
  }
}
