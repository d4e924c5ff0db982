/**
 * On start, asks the blockchain service which chains its wallet-provider RPC endpoint serves
 * (GET v1/supported-chains, spec §7); the answer decides RPC routing. Without a blockchain service,
 * or when it fails, every chain keeps its own RPC URL.
 */
import { EMPTY, catchError, filter, from, map, switchMap } from 'rxjs'
import { event } from '../../events/types.js'
import { ofType, type Effect } from './context.js'

export const supportedChainsEffect: Effect = ({ events$, api, services }) =>
  events$.pipe(
    ofType('engine/started'),
    filter(() => Boolean(services.blockchain)),
    switchMap(() =>
      from(api.get<{ http?: string[]; ws?: string[] }>('blockchain', 'v1/supported-chains')).pipe(
        map((r) => event('rpc/supported-chains-fetched', { http: r.http ?? [], ws: r.ws ?? [] })),
        catchError(() => EMPTY),
      ),
    ),
  )
