/** The site's label for an address (docs/behaviour.md §3 addressLabels), and the key a label is kept under. Pure. */
import { isEvmAddress } from '../../events/address-rules.js'
import type { State } from '../state.js'

/** The key an address's label is kept under: an EVM address lowercase with its 0x, any other as it is. */
export function labelKey(address: string): string {
  if (!isEvmAddress(address)) return address
  const lower = address.toLowerCase()
  return lower.startsWith('0x') ? lower : `0x${lower}`
}

/** The site's label for `address`, if it gave one. */
export function addressLabel(s: State, address: string | undefined): string | undefined {
  if (address === undefined) return undefined
  const key = labelKey(address)
  const labels = s.addressLabels ?? {}
  return Object.hasOwn(labels, key) ? labels[key] : undefined
}
