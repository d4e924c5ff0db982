/** eip155 account helpers: the CAIP ids of an EIP-1193 connection (address validity is events/address-rules.ts). */
import { getAddress, toHex, type Hex } from 'viem'
import type { CaipAddress, CaipNetworkId } from '../../events/entities.js'
import { parseCaipNetworkId } from '../caip.js'

/** CAIP-2 id of an `eth_chainId` answer (hex quantity such as `0x7a69`). */
export function caipNetworkIdOf(chainIdHex: string | number): CaipNetworkId {
  return `eip155:${Number(chainIdHex)}`
}

/** The `eth_chainId` form (a hex quantity such as `0x7a69`) of an eip155 CAIP-2 id. @throws GangwayError 'Invalid CAIP-2 network id' (parseCaipNetworkId). */
export function chainIdHexOf(caipNetworkId: CaipNetworkId): Hex {
  return toHex(Number(parseCaipNetworkId(caipNetworkId).reference))
}

/** CAIP-10 id of an account on a chain, with the address checksummed. */
export function caipAddressOf(chainIdHex: string | number, address: string): CaipAddress {
  return `${caipNetworkIdOf(chainIdHex)}:${getAddress(address)}` as CaipAddress
}
