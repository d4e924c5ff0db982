/** Name and avatar of the connected EVM address (blockchain service identity, docs/behaviour.md §7): 5 min cache (docs/behaviour.md §9), shared and cancellable (remote-fetch.ts). */
import { blockchainClient } from '../../../api/blockchain.js'
import { event } from '../../../events/types.js'
import { leaving } from './account-tabs.js'
import { ofType, switchMapPerKey, type Effect } from '../context.js'

export const identityFetchEffect: Effect = (ctx) => {
  const client = blockchainClient(ctx.api)
  return ctx.events$.pipe(
    ofType('identity/fetch-requested'),
    switchMapPerKey(
      (e) => e.payload.address.toLowerCase(),
      ({ payload: { address } }) => {
        const leave$ = leaving(ctx, 'identity', address)
        return ctx.read({
          requestKey: `identity:${address.toLowerCase()}`,
          cache: { name: 'identity', store: ctx.caches.identity, key: address.toLowerCase(), readCache: true },
          load: (signal) => client.getIdentity(address, signal),
          fetched: (identity) => event('identity/fetched', { address, ...identity }),
          failed: (message) => event('identity/failed', { address, message }),
          ...(leave$ ? { leave$, cancelled: () => event('identity/fetch-cancelled', { address }) } : {}),
        })
      },
    ),
  )
}
