/**
 * The chain reads of a bip122 network (docs/behaviour.md §5 Bitcoin) for chain-access.ts, over the
 * site's Esplora (`services.bitcoin`): the balance is the sum of the address's unspent outputs, the
 * block number the tip's height, a transaction final once in a block. Part of the Bitcoin chunk
 * (bitcoin-code.ts), so the start-up code keeps only one call per read.
 */
import { esploraOver, esploraTipHeight, esploraTxConfirmed, esploraUtxos } from '../../api/esplora.js'
import type { ServiceFetch } from '../../api/service-fetch.js'

/** What chain-access.ts reads on a bip122 network: decimal strings (satoshis, a height) and a confirmation. */
export interface BitcoinReads {
  /** The address's balance in satoshis, decimal: the sum of its unspent outputs, those in the mempool included. */
  balance(address: string): Promise<string>
  /** The tip's height, decimal. */
  tipHeight(): Promise<string>
  /** Whether the transaction is in a block. */
  confirmed(txid: string): Promise<boolean>
}

/**
 * The bip122 reads over `api`'s `bitcoin` service.
 * @throws (its reads) what the Esplora's reads throw (HttpRequestError, TimeoutError, GangwayError for a malformed answer).
 * @example const height = await bitcoinReads(api).tipHeight() // '101'
 */
export function bitcoinReads(api: ServiceFetch): BitcoinReads {
  const esplora = esploraOver(api)
  return {
    balance: async (address) => String((await esploraUtxos(esplora, address)).reduce((sum, u) => sum + u.valueSatoshis, 0n)),
    tipHeight: async () => String(await esploraTipHeight(esplora)),
    confirmed: (txid) => esploraTxConfirmed(esplora, txid),
  }
}
