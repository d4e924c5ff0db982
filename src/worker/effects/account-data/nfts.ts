/** The NFTs tab's ERC721 tokens (blockchain service; EVM only): 30 s cache, shared and cancellable (remote-fetch.ts). */
import { blockchainClient } from '../../../api/blockchain.js'
import { parseCaipAddress } from '../../../chains/caip.js'
import { event } from '../../../events/types.js'
import { leaving } from './account-tabs.js'
import { ofType, switchMapPerKey, type Effect } from '../context.js'

export const nftsFetchEffect: Effect = (ctx) => {
  const client = blockchainClient(ctx.api)
  return ctx.events$.pipe(
    ofType('nfts/fetch-requested'),
    switchMapPerKey(
      (e) => e.payload.caipAddress,
      ({ payload: { caipAddress } }) => {
        const { caipNetworkId, address } = parseCaipAddress(caipAddress)
        const leave$ = leaving(ctx, 'nfts', caipAddress)
        return ctx.read({
          requestKey: `nfts:${caipAddress}`,
          cache: { name: 'nfts', store: ctx.caches.nfts, key: caipAddress, readCache: true },
          load: (signal) => client.getNfts(address, { chainId: caipNetworkId }, signal),
          fetched: (nfts) => event('nfts/fetched', { caipAddress, nfts }),
          failed: (message) => event('nfts/failed', { caipAddress, message }),
          ...(leave$ ? { leave$, cancelled: () => event('nfts/fetch-cancelled', { caipAddress }) } : {}),
        })
      },
    ),
  )
}
