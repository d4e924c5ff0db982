/**
 * The account's holdings (blockchain service balance, docs/behaviour.md §7) for the Tokens tab and the network
 * balance in USD: 30 s cache (docs/behaviour.md §9), shared and cancellable (remote-fetch.ts). Within 30 s of a
 * failure nothing is fetched (docs/behaviour.md §9 retry block); a namespace without balances (docs/behaviour.md §9) is
 * skipped. Failures and skips show 'Token Balance Unavailable' (balance.ts).
 * A forced refresh (`forceUpdate`, after a buy or a swap, docs/behaviour.md §7) stays asked until it is
 * answered: a request for the same account that comes first (the modal opened again) replaces the
 * read in flight, and is forced too, with the same tokens, rather than answered from a cache that
 * holds what came before the buy.
 */
import { of, tap } from 'rxjs'
import { blockchainClient } from '../../../api/blockchain.js'
import { parseCaipAddress } from '../../../chains/caip.js'
import type { Namespace } from '../../../events/entities.js'
import { event } from '../../../events/types.js'
import { BALANCE_NAMESPACES } from '../../../projections/select/account-needs.js'
import { BALANCE_RETRY_BLOCK_MS } from '../../cache/lifetimes.js'
import { leaving } from './account-tabs.js'
import { ofType, switchMapPerKey, type Effect } from '../context.js'

export const portfolioFetchEffect: Effect = (ctx) => {
  const client = blockchainClient(ctx.api)
  /** The forced refreshes not answered yet, by CAIP-10 account: the tokens to read afresh (CAIP-19 ids, maybe none). */
  const forced = new Map<string, string[]>()
  return ctx.events$.pipe(
    ofType('portfolio/fetch-requested'),
    switchMapPerKey(
      (e) => e.payload.caipAddress,
      ({ payload }) => {
        const { caipAddress } = payload
        if (payload.forceUpdate) forced.set(caipAddress, [...new Set([...(forced.get(caipAddress) ?? []), ...(payload.tokens ?? [])])])
        const tokens = forced.get(caipAddress)
        const forceUpdate = tokens !== undefined
        const { namespace, caipNetworkId, address } = parseCaipAddress(caipAddress)
        if (!BALANCE_NAMESPACES.includes(namespace as Namespace)) return of(event('portfolio/fetch-skipped', { caipAddress, reason: 'unsupported-network' }))
        const failedAt = ctx.state().accountData.portfolio[caipAddress]?.failedAt
        const sinceFailure = failedAt === undefined ? Infinity : ctx.clock() - failedAt
        if (sinceFailure < BALANCE_RETRY_BLOCK_MS) return of(event('portfolio/fetch-skipped', { caipAddress, reason: 'retry-blocked', retryInMs: BALANCE_RETRY_BLOCK_MS - sinceFailure }))
        const leave$ = leaving(ctx, 'portfolio', caipAddress)
        return ctx.read({
          requestKey: `portfolio:${caipAddress}:${forceUpdate ? 'force' : ''}`,
          cache: { name: 'portfolio', store: ctx.caches.portfolio, key: caipAddress, readCache: !forceUpdate },
          load: (signal) => client.getBalances(address, { chainId: caipNetworkId, ...(tokens ? { forceUpdate: tokens } : {}) }, signal),
          fetched: (balances) => event('portfolio/fetched', { caipAddress, balances }),
          failed: (message) => event('portfolio/failed', { caipAddress, message }),
          ...(leave$ ? { leave$, cancelled: () => event('portfolio/fetch-cancelled', { caipAddress }) } : {}),
        }).pipe(
          // Answered (or failed, which the retry block then covers): the refresh is done.
          tap((e) => void (forceUpdate && (e.type === 'portfolio/fetched' || e.type === 'portfolio/failed') && forced.delete(caipAddress))),
        )
      },
    ),
  )
}
