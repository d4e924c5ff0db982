/**
 * Bitcoin's networks as Gangway names them (docs/behaviour.md §5 Bitcoin): the CAIP-2 id of each
 * (`bip122:` and the first 32 hex characters of its genesis block hash, ChainAgnostic/namespaces
 * `bip122/caip2.md`) and its address prefixes (bitcoind's chainparams), as @scure/btc-signer takes them.
 * Signet shares testnet's prefixes. Pure.
 */
import type { CaipNetworkId } from '../../events/entities.js'

/** A Bitcoin network's address prefixes: bech32 human-readable part, base58check version bytes, WIF byte. */
export interface BitcoinNetworkParams {
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
}

const MAINNET: BitcoinNetworkParams = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 }
const TESTNET: BitcoinNetworkParams = { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const REGTEST: BitcoinNetworkParams = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** Bitcoin's networks by CAIP-2 id: their name and prefixes. */
export const BITCOIN_NETWORKS = {
  'bip122:000000000019d6689c085ae165831e93': { name: 'Bitcoin', params: MAINNET },
  'bip122:000000000933ea01ad0ee984209779ba': { name: 'Bitcoin Testnet', params: TESTNET },
  'bip122:00000008819873e925422c1ff0f99f7c': { name: 'Bitcoin Signet', params: TESTNET },
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': { name: 'Bitcoin Regtest', params: REGTEST },
} as const satisfies Record<CaipNetworkId, { name: string; params: BitcoinNetworkParams }>

/** The CAIP-2 id of a Bitcoin network Gangway knows. */
export type BitcoinNetworkId = keyof typeof BITCOIN_NETWORKS

/**
 * `caipNetworkId`'s prefixes, or undefined for a bip122 id Gangway does not know (another chain of
 * the namespace, such as Litecoin) or another namespace's.
 * @example bitcoinNetworkParams('bip122:000000000019d6689c085ae165831e93')?.bech32 // 'bc'
 */
export function bitcoinNetworkParams(caipNetworkId: string): BitcoinNetworkParams | undefined {
  return Object.prototype.hasOwnProperty.call(BITCOIN_NETWORKS, caipNetworkId) ? BITCOIN_NETWORKS[caipNetworkId as BitcoinNetworkId].params : undefined
}

/** Bitcoin's decimals: 1 BTC is 10^8 satoshis. */
export const BITCOIN_DECIMALS = 8
