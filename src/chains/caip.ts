/**
 * CAIP-2 network ids and CAIP-10 account ids (docs/behaviour.md §5). Pure functions.
 */
import { GangwayError } from '../events/kernel/errors.js'
import type { CaipAddress, CaipNetworkId, Namespace } from '../events/entities.js'

const NAMESPACES: readonly Namespace[] = ['eip155', 'solana', 'bip122', 'polkadot']

/**
 * Splits a CAIP-2 id `namespace:reference`.
 * @throws GangwayError 'Invalid CAIP-2 network id' unless there are exactly 2 non-empty colon-separated parts.
 */
export function parseCaipNetworkId(id: string): { namespace: string; reference: string } {
  const parsed = readCaipNetworkId(id)
  if (!parsed) throw new GangwayError('Invalid CAIP-2 network id', { category: 'DATA_PARSING_ERROR', details: String(id) })
  return parsed
}

/** parseCaipNetworkId without the throw: undefined unless `id` is exactly 2 non-empty colon-separated parts. */
export function readCaipNetworkId(id: unknown): { namespace: string; reference: string } | undefined {
  const parts = typeof id === 'string' ? id.split(':') : []
  return parts.length === 2 && parts[0] && parts[1] ? { namespace: parts[0], reference: parts[1] } : undefined
}

/**
 * Splits a CAIP-10 id `namespace:reference:address`.
 * @throws GangwayError 'Invalid CAIP-10 address' unless there are exactly 3 non-empty colon-separated parts.
 */
export function parseCaipAddress(id: string): CaipAddressParts {
  const parsed = readCaipAddress(id)
  if (!parsed) throw new GangwayError('Invalid CAIP-10 address', { category: 'DATA_PARSING_ERROR', details: String(id) })
  return parsed
}

/** The parts of a CAIP-10 id `namespace:reference:address`, and its CAIP-2 network id `namespace:reference`. */
export interface CaipAddressParts {
  namespace: string
  reference: string
  address: string
  caipNetworkId: CaipNetworkId
}

/** parseCaipAddress without the throw: undefined unless `id` is exactly 3 non-empty colon-separated parts. */
export function readCaipAddress(id: unknown): CaipAddressParts | undefined {
  const parts = typeof id === 'string' ? id.split(':') : []
  if (parts.length !== 3 || !parts[0] || !parts[1] || !parts[2]) return undefined
  return { namespace: parts[0], reference: parts[1], address: parts[2], caipNetworkId: `${parts[0]}:${parts[1]}` }
}

/**
 * The namespace of a CAIP-2 network id or a CAIP-10 address (`eip155` for `eip155:1` and for
 * `eip155:1:0xabc`) when the id is well formed and its namespace one Gangway knows; else undefined.
 * Never throws.
 */
export function namespaceOf(id: unknown): Namespace | undefined {
  const namespace = (readCaipNetworkId(id) ?? readCaipAddress(id))?.namespace
  return isNamespace(namespace) ? namespace : undefined
}

/** Joins a CAIP-2 id and an address into a CAIP-10 id. */
export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}` as CaipAddress
}

/** True for the namespaces Gangway knows (docs/behaviour.md §6). */
export function isNamespace(value: unknown): value is Namespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value)
}
