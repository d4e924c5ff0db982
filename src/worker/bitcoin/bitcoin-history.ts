/**
 * A Bitcoin account's Activity (docs/behaviour.md §2 Account tabs, §5 Bitcoin): its transactions as
 * the site's Esplora lists them (`GET /address/:address/txs`: those in the mempool, then the latest
 * confirmed), each as the Activity tab's Transaction: sent or received, what the address gained or
 * paid (the fee included) in BTC, confirmed or pending. Loaded with its chunk on the first Bitcoin
 * Activity only.
 */
import { Decimal } from '@scure/btc-signer'
import { esploraHistory, esploraOver } from '../../api/esplora.js'
import type { ServiceFetch } from '../../api/service-fetch.js'
import type { Transaction } from '../../events/entities.js'
import { HISTORY_PAGE_MAX } from '../../events/kernel/limits.js'

/**
 * The Activity page of `address` on `caipNetworkId`; `now` (ms since the epoch) dates what is not
 * in a block yet.
 * @throws what the Esplora's read throws (HttpRequestError, TimeoutError, the signal's AbortError).
 * @example const { transactions } = await bitcoinHistory(api, 'bcrt1q…', 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', Date.now())
 */
export async function bitcoinHistory(api: ServiceFetch, address: string, caipNetworkId: string, now: number, signal?: AbortSignal): Promise<{ transactions: Transaction[]; next?: string }> {
  const txs = await esploraHistory(esploraOver(api), address, signal)
  return {
    transactions: txs.slice(0, HISTORY_PAGE_MAX).map((t) => {
      const received = t.netSatoshis > 0n
      const amount = received ? t.netSatoshis : -t.netSatoshis
      return {
        id: t.txid,
        metadata: {
          operationType: received ? 'receive' : 'send',
          hash: t.txid,
          minedAt: new Date(t.blockTime !== undefined ? t.blockTime * 1000 : now).toISOString(),
          status: t.confirmed ? 'confirmed' : 'pending',
          chain: caipNetworkId,
        },
        transfers: [{ fungible_info: { name: 'Bitcoin', symbol: 'BTC' }, direction: received ? 'in' : 'out', quantity: { numeric: Decimal.encode(amount) } }],
      }
    }),
  }
}
