/** Address normalisation per namespace: the form Gangway stores and shows. Pure. */
import { getAddress } from 'viem'
import type { Namespace } from '../events/entities.js'
import { isEvmAddress } from '../events/address-rules.js'

/**
 * eip155: the EIP-55 checksummed form (wallets report lowercase as often as not); other
 * namespaces and malformed input: unchanged.
 */
export function normalizeAddress(namespace: Namespace, address: string): string {
  return namespace === 'eip155' && isEvmAddress(address) ? getAddress(address.startsWith('0x') ? address : `0x${address}`) : address
}
