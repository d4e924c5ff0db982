/** eip155 account helpers: address validity (spec §5) and the CAIP ids of an EIP-1193 connection. */
import { getAddress } from 'viem'
import type { CaipAddress, CaipNetworkId } from '../../events/entities.js'

/** Spec §5: an EVM address is an optional 0x plus 40 hex characters. */
export function isEvmAddress(value: string): boolean {
  return /^(0x)?[0-9a-fA-F]{40}$/.test(value)
}

/** CAIP-2 id of an `eth_chainId` answer (hex quantity such as `0x7a69`). */
export function caipNetworkIdOf(chainIdHex: string | number): CaipNetworkId {
  return `eip155:${Number(chainIdHex)}`
}

/** CAIP-10 id of an account on a chain, with the address checksummed. */
export function caipAddressOf(chainIdHex: string | number, address: string): CaipAddress {
  return `${caipNetworkIdOf(chainIdHex)}:${getAddress(address)}` as CaipAddress
}
