/**
 * Disconnecting: from the visitor (disconnect/requested) or from the wallet (accountsChanged with
 * no accounts, or the provider's disconnect event). The wallet is asked to revoke its permission.
 * A wallet without wallet_revokePermissions (or standard:disconnect) still disconnects locally;
 * a wallet whose revoke fails otherwise keeps the connection as it was: `disconnect/failed` and
 * the snackbar 'Failed to disconnect' (docs/behaviour.md §8).
 */
import { EMPTY, filter, from, mergeMap, of, type Observable } from 'rxjs'
import type { Namespace } from '../../events/entities.js'
import { errorMessage, FAILED_TO_DISCONNECT, PROVIDER_ERROR_CODES } from '../../events/errors.js'
import { event, type NewEvent } from '../../events/types.js'
import { activeNamespace } from '../../projections/select/active-namespace.js'
import { walletRevoke } from '../wallet-calls.js'
import { ofType, type Effect } from './context.js'

/** JSON-RPC's "method not found" (EIP-1474 also names -32004 "method not supported"). */
const NOT_SUPPORTED_CODES: readonly number[] = [PROVIDER_ERROR_CODES.UnsupportedProviderMethodError, -32601, -32004]

/** True when the wallet's revoke error only says it has no such method: the site forgets the connection itself. */
export function revokeUnsupported(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'number' && NOT_SUPPORTED_CODES.includes(code)) return true
  return /method not (found|supported)|unsupported method|does not support|does not exist/i.test(errorMessage(error))
}

export const disconnectEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    ofType('disconnect/requested'),
    mergeMap((e) => {
      const s = state()
      const namespace: Namespace | undefined = e.payload.namespace ?? activeNamespace(s)
      const connectorId = namespace ? s.connection.connectorIds[namespace] : undefined
      if (!namespace || !connectorId) return EMPTY
      const revoke = walletRevoke(bridge, connectorId, namespace).then(
        () => undefined,
        (error: unknown) => (revokeUnsupported(error) ? undefined : error),
      )
      return from(revoke).pipe(
        mergeMap((failure): Observable<NewEvent> => {
          if (failure !== undefined) {
            const code = (failure as { code?: unknown } | null)?.code
            return of(
              event('disconnect/failed', { connectorId, namespace, message: FAILED_TO_DISCONNECT, cause: errorMessage(failure).slice(0, 256), ...(typeof code === 'number' && Number.isSafeInteger(code) ? { code } : {}) }),
              event('snackbar/show-requested', { variant: 'error', message: FAILED_TO_DISCONNECT }),
            )
          }
          // A wallet may answer the revoke with accountsChanged([]), which disconnects first: then nothing is left to do.
          return state().connection.connectorIds[namespace] === connectorId ? of(event('disconnect/succeeded', { connectorId, namespace, reason: 'user' })) : EMPTY
        }),
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
