/**
 * CAIP-2 network ids and CAIP-10 account ids (spec §5). Pure functions.
 */
import { GangwayError } from '../events/errors.js'
import type { CaipAddress, CaipNetworkId, Namespace } from '../events/entities.js'

const NAMESPACES: readonly Namespace[] = ['eip155', 'solana', 'bip122', 'polkadot']

/**
 * Splits a CAIP-2 id `namespace:reference`.
 * @throws GangwayError 'Invalid CAIP-2 network id' unless there are exactly 2 non-empty colon-separated parts.
 */
export function parseCaipNetworkId(id: string): { namespace: string; reference: string } {
  const parts = typeof id === 'string' ? id.split(':') : []
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new GangwayError('Invalid CAIP-2 network id', { category: 'INVALID_INPUT', details: String(id) })
  }
  return { namespace: parts[0], reference: parts[1] }
}

/**
 * Splits a CAIP-10 id `namespace:reference:address`.
 * @throws GangwayError 'Invalid CAIP-10 address' unless there are exactly 3 non-empty colon-separated parts.
 */
export function parseCaipAddress(id: string): { namespace: string; reference: string; address: string; caipNetworkId: CaipNetworkId } {
  const parts = typeof id === 'string' ? id.split(':') : []
  if (parts.length !== 3 || !parts[0] || !parts[1] || !parts[2]) {
    throw new GangwayError('Invalid CAIP-10 address', { category: 'INVALID_INPUT', details: String(id) })
  }
  return { namespace: parts[0], reference: parts[1], address: parts[2], caipNetworkId: `${parts[0]}:${parts[1]}` }
}

/** Joins a CAIP-2 id and an address into a CAIP-10 id. */
export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}` as CaipAddress
}

/** True for the namespaces Gangway knows (spec §6). */
export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value)
}
