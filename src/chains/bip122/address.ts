/**
 * Bitcoin addresses (docs/behaviour.md §5 Bitcoin): P2WPKH and P2WSH (bech32), P2TR (bech32m), P2SH
 * (which holds P2SH-P2WPKH) and P2PKH (base58check), each checked whole (checksum, witness version
 * and program length, the network's prefix) by @scure/btc-signer's address codec, and the dust
 * threshold of each at bitcoind's 3 sat/vB. Pure.
 */
import { Address, OutScript } from '@scure/btc-signer'
import { GangwayError } from '../../events/kernel/errors.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { BITCOIN_NETWORKS, bitcoinNetworkParams, type BitcoinNetworkId } from './networks.js'

/** An address's type, by the output script it pays. */
export type BitcoinAddressType = 'p2wpkh' | 'p2wsh' | 'p2tr' | 'p2sh' | 'p2pkh'

const TYPES: Record<string, BitcoinAddressType> = { wpkh: 'p2wpkh', wsh: 'p2wsh', tr: 'p2tr', sh: 'p2sh', pkh: 'p2pkh' }

/**
 * The smallest output bitcoind relays to each address type (its GetDustThreshold at the 3 sat/vB
 * dust relay fee), in satoshis.
 */
export const DUST_SATOSHIS: Record<BitcoinAddressType, bigint> = { p2wpkh: 294n, p2wsh: 330n, p2tr: 330n, p2sh: 540n, p2pkh: 546n }

/** `address` decoded on the network of `params`, or undefined. */
function decodedOn(address: string, params: NonNullable<ReturnType<typeof bitcoinNetworkParams>>) {
  try {
    return OutScript.decode(OutScript.encode(Address(params).decode(address)))
  } catch {
    return undefined
  }
}

/**
 * `address`'s type on the Bitcoin network `caipNetworkId`, and its output script.
 * @throws GangwayError 'Invalid receiver address' (DATA_PARSING_ERROR) for no address of that network:
 *   a bad checksum or length, another network's prefix (`details` names the network it is of), a
 *   witness version Gangway does not pay, an unknown network.
 * @example bitcoinAddress('bc1q…', 'bip122:000000000019d6689c085ae165831e93') // { type: 'p2wpkh', script: Uint8Array }
 */
export function bitcoinAddress(address: string, caipNetworkId: string): { type: BitcoinAddressType; script: Uint8Array } {
  const params = bitcoinNetworkParams(caipNetworkId)
  const refuse = (details: string) => new GangwayError(ERRORS.invalidReceiver.message, { category: 'DATA_PARSING_ERROR', details })
  if (!params) throw refuse(`${caipNetworkId} is no Bitcoin network Gangway knows`)
  if (typeof address !== 'string' || address.length === 0 || address.length > 90) throw refuse('not an address')
  const decoded = decodedOn(address, params)
  const type = decoded ? TYPES[decoded.type] : undefined
  if (!decoded || !type) {
    const other = Object.entries(BITCOIN_NETWORKS).find(([, n]) => n.params !== params && decodedOn(address, n.params))
    throw refuse(other ? `an address of ${other[1].name}, not of ${BITCOIN_NETWORKS[caipNetworkId as BitcoinNetworkId].name}` : 'not an address of the network (checksum, length or prefix)')
  }
  return { type, script: OutScript.encode(decoded) }
}

/**
 * Whether `amountSatoshis` sent to an address of `type` is under bitcoind's dust threshold (a node
 * would not relay it).
 * @example isDust(300n, 'p2tr') // true
 */
export const isDust = (amountSatoshis: bigint, type: BitcoinAddressType): boolean => amountSatoshis < DUST_SATOSHIS[type]
