/**
 * The Activity tab's history (blockchain service, docs/behaviour.md §7; EVM only, docs/behaviour.md §9; a Bitcoin
 * account's from the site's Esplora, one page, worker/bitcoin/bitcoin-history.ts): the first page
 * through the 15 s transactions cache keyed by address and chain (docs/behaviour.md §3, §9), later pages (with
 * a cursor) straight from the service and never into the cache. Shared and cancellable (remote-fetch.ts), one read in flight
 * per account. A later page is read only when the fold took its request (projections/rules/paging.ts:
 * the cursor the last page gave, within 20 pages a showing), so no answer makes it page forever.
 */
import { filter } from 'rxjs'
import { blockchainClient } from '../../../api/blockchain.js'
import { parseCaipAddress } from '../../../chains/caip.js'
import { event } from '../../../events/types.js'
import { historyPageTaken } from '../../../projections/rules/paging.js'
import { cacheKeys } from '../../cache/lifetimes.js'
import { leaving } from './account-tabs.js'
import { ofType, switchMapPerKey, type Effect } from '../context.js'

export const historyFetchEffect: Effect = (ctx) => {
  const client = blockchainClient(ctx.api)
  return ctx.events$.pipe(
    ofType('history/fetch-requested'),
    filter(({ payload: { caipAddress, cursor } }) => !cursor || historyPageTaken(ctx.state().accountData.history[caipAddress], cursor)),
    switchMapPerKey(
      (e) => e.payload.caipAddress,
      ({ payload: { caipAddress, cursor } }) => {
        const { caipNetworkId, address, namespace } = parseCaipAddress(caipAddress)
        const leave$ = leaving(ctx, 'history', caipAddress)
        const page = cursor ? { cursor } : {}
        return ctx.read({
          requestKey: `history:${caipAddress}:${cursor ?? ''}`,
          // Only the first page is cached: a later page written under the same key would come back as the first.
          ...(cursor ? {} : { cache: { name: 'transactions' as const, store: ctx.caches.transactions, key: cacheKeys.transactions(address, caipNetworkId), readCache: true } }),
          // A Bitcoin account's history is the site's Esplora's (its own chunk), paged by the last confirmed txid.
          load: (signal) =>
            namespace === 'bip122'
              ? import('../../bitcoin/bitcoin-code.js').then(({ bitcoinHistory }) => bitcoinHistory(ctx.api, address, caipNetworkId, ctx.clock(), signal, cursor))
              : client.getHistory(address, { chainId: caipNetworkId, ...page }, signal),
          fetched: ({ transactions, next }) => event('history/fetched', { caipAddress, ...page, transactions, ...(next ? { next } : {}) }),
          failed: (message) => event('history/failed', { caipAddress, ...page, message }),
          ...(leave$ ? { leave$, cancelled: () => event('history/fetch-cancelled', { caipAddress, ...page }) } : {}),
        })
      },
    ),
  )
}
