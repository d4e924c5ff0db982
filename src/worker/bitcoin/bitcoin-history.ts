/**
 * A Bitcoin account's Activity (docs/behaviour.md §2 Account tabs, §5 Bitcoin): its transactions as
 * the site's Esplora lists them (`GET /address/:address/txs`: those in the mempool, then the latest
 * confirmed; a later page, `GET /address/:address/txs/chain/:txid`, the confirmed ones after the last
 * of the page before, whose txid is the page's cursor), each as the Activity tab's Transaction: sent or received, what the address gained or
 * paid (the fee included) in BTC, confirmed or pending. Loaded with its chunk on the first Bitcoin
 * Activity only.
 */
import { Decimal } from '@scure/btc-signer'
import { ESPLORA_CHAIN_PAGE, esploraHistory, esploraOver } from '../../api/esplora.js'
import type { ServiceFetch } from '../../api/service-fetch.js'
import type { Transaction } from '../../events/entities.js'
import { HISTORY_PAGE_MAX } from '../../events/kernel/limits.js'

/**
 * The Activity page of `address` on `caipNetworkId` (the first, or the one after `cursor`); `now` (ms
 * since the epoch) dates what is not in a block yet. At most HISTORY_PAGE_MAX are kept; `next`, the
 * cursor of the page after, is the last confirmed txid kept when the Esplora gave a whole page of
 * confirmed ones or some were left off.
 * @throws what the Esplora's read throws (HttpRequestError, TimeoutError, the signal's AbortError);
 *   GangwayError 'Invalid cursor' for a cursor that is not a txid.
 * @example const { transactions } = await bitcoinHistory(api, 'bcrt1q…', 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', Date.now())
 */
export async function bitcoinHistory(api: ServiceFetch, address: string, caipNetworkId: string, now: number, signal?: AbortSignal, cursor?: string): Promise<{ transactions: Transaction[]; next?: string }> {
  const txs = await esploraHistory(esploraOver(api), address, signal, cursor)
  const kept = txs.slice(0, HISTORY_PAGE_MAX)
  // More follow when the Esplora gave a whole page of confirmed ones, or some were left off here.
  const more = txs.filter((t) => t.confirmed).length >= ESPLORA_CHAIN_PAGE || kept.length < txs.length
  const last = kept.filter((t) => t.confirmed).pop()
  return {
    ...(more && last ? { next: last.txid } : {}),
    transactions: kept.map((t) => {
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
