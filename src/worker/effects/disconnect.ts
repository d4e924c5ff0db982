/**
 * Disconnecting: from the visitor (disconnect/requested) or from the wallet (accountsChanged with
 * no accounts, or the provider's disconnect event). The wallet is asked to revoke its permission
 * (best effort: a wallet without wallet_revokePermissions still disconnects locally).
 */
import { EMPTY, filter, from, map, mergeMap, of } from 'rxjs'
import type { Namespace } from '../../events/entities.js'
import { event } from '../../events/types.js'
import { activeNamespace } from '../../projections/select/active-namespace.js'
import { walletRevoke } from '../wallet-calls.js'
import { ofType, type Effect } from './context.js'

export const disconnectEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    ofType('disconnect/requested'),
    mergeMap((e) => {
      const s = state()
      const namespace: Namespace | undefined = e.payload.namespace ?? activeNamespace(s)
      const connectorId = namespace ? s.connection.connectorIds[namespace] : undefined
      if (!namespace || !connectorId) return EMPTY
      const revoke = walletRevoke(bridge, connectorId, namespace).catch(() => undefined)
      // A wallet may answer the revoke with accountsChanged([]), which disconnects first: then nothing is left to do.
      return from(revoke).pipe(
        filter(() => state().connection.connectorIds[namespace] === connectorId),
        map(() => event('disconnect/succeeded', { connectorId, namespace, reason: 'user' })),
      )
    }),
  )

export const walletDisconnectEffect: Effect = ({ events$, state }) =>
  events$.pipe(
    ofType('wallet/accounts-changed', 'wallet/disconnected'),
    filter((e) => e.type === 'wallet/disconnected' || e.payload.addresses.length === 0),
    filter((e) => state().connection.connectorIds[e.payload.namespace] === e.payload.connectorId),
    mergeMap((e) => of(event('disconnect/succeeded', { connectorId: e.payload.connectorId, namespace: e.payload.namespace, reason: 'wallet' }))),
  )
