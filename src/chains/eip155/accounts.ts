/** eip155 account helpers: the CAIP ids of an EIP-1193 connection (address validity is events/address-rules.ts). */
import { getAddress } from 'viem'
import type { CaipAddress, CaipNetworkId } from '../../events/entities.js'

/** CAIP-2 id of an `eth_chainId` answer (hex quantity such as `0x7a69`). */
export function caipNetworkIdOf(chainIdHex: string | number): CaipNetworkId {
  return `eip155:${Number(chainIdHex)}`
}

/** CAIP-10 id of an account on a chain, with the address checksummed. */
export function caipAddressOf(chainIdHex: string | number, address: string): CaipAddress {
  return `${caipNetworkIdOf(chainIdHex)}:${getAddress(address)}` as CaipAddress
}
