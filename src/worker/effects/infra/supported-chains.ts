/**
 * On start, asks the blockchain service which chains its wallet-provider RPC endpoint serves
 * (GET v1/supported-chains, docs/behaviour.md §7); the answer decides RPC routing. Without a blockchain service,
 * or when it fails, every chain keeps its own RPC URL.
 */
import { EMPTY, catchError, filter, from, map, switchMap } from 'rxjs'
import { event } from '../../../events/types.js'
import { parseCaipNetworkId } from '../../../chains/caip.js'
import { firstReach, type Effect } from '../context.js'

/** The valid CAIP-2 ids of a remote list (anything else, or a non-list, is dropped). */
function caipIds(list: unknown): string[] {
  if (!Array.isArray(list)) return []
  return list.filter((id): id is string => {
    try {
      return typeof id === 'string' && Boolean(parseCaipNetworkId(id))
    } catch {
      return false
    }
  })
}

export const supportedChainsEffect: Effect = ({ events$, api, services }) =>
  events$.pipe(
    // Not at start: when the visitor first reaches for the modal, or a connection (a restored one
    // reads its balance) needs the routing, whichever comes first (network quiet, docs/behaviour.md §7).
    firstReach('connect/succeeded'),
    filter(() => Boolean(services.blockchain)),
    switchMap(() =>
      from(api.get<{ http?: string[]; ws?: string[] }>('blockchain', 'v1/supported-chains')).pipe(
        map((r) => event('rpc/supported-chains-fetched', { http: caipIds(r?.http), ws: caipIds(r?.ws) })),
        catchError(() => EMPTY),
      ),
    ),
  )
