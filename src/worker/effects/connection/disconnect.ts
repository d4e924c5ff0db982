/**
 * Disconnecting: from the visitor (disconnect/requested: one connection, the active one, or all)
 * or from the wallet (accountsChanged with no accounts, or the provider's disconnect event). The
 * wallet is asked to revoke its permission.
 * A wallet without wallet_revokePermissions (or standard:disconnect) still disconnects locally;
 * a wallet whose revoke fails otherwise keeps the connection as it was: `disconnect/failed` and
 * the snackbar 'Failed to disconnect' (docs/behaviour.md §8).
 */
import { EMPTY, filter, from, mergeMap, of, type Observable } from 'rxjs'
import type { Bridge } from '../../../contract.js'
import type { Namespace } from '../../../events/entities.js'
import { errorMessage, FAILED_TO_DISCONNECT, PROVIDER_ERROR_CODES, loggedMessage } from '../../../events/kernel/errors.js'
import { event, type EventPayloads, type NewEvent } from '../../../events/types.js'
import { isLiveConnector, liveConnectorIds } from '../../../projections/select/connections.js'
import type { State } from '../../../projections/state.js'
import { activeNamespace } from '../../../projections/select/active-namespace.js'
import { walletRevoke } from '../../wallet-calls.js'
import { ofType, type Effect } from '../context.js'

/** JSON-RPC's "method not found" (EIP-1474 also names -32004 "method not supported"). */
const NOT_SUPPORTED_CODES: readonly number[] = [PROVIDER_ERROR_CODES.UnsupportedProviderMethodError, -32601, -32004]

/** True when the wallet's revoke error only says it has no such method: the site forgets the connection itself. */
export function revokeUnsupported(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'number' && NOT_SUPPORTED_CODES.includes(code)) return true
  return /method not (found|supported)|unsupported method|does not support|does not exist/i.test(errorMessage(error))
}

/** One connection to disconnect. */
interface Target {
  namespace: Namespace
  connectorId: string
}

/** The connections a disconnect/requested names (see its payload's comment), each once, live ones only. */
export function disconnectTargets(s: State, p: EventPayloads['disconnect/requested']): Target[] {
  if (p.connectorId !== undefined) return p.namespace && isLiveConnector(s, p.namespace, p.connectorId) ? [{ namespace: p.namespace, connectorId: p.connectorId }] : []
  if (p.all) {
    const namespaces = p.namespace ? [p.namespace] : s.connection.connectedNamespaces
    return namespaces.flatMap((namespace) => liveConnectorIds(s, namespace).map((connectorId) => ({ namespace, connectorId })))
  }
  const namespace = p.namespace ?? activeNamespace(s)
  const connectorId = namespace ? s.connection.connectorIds[namespace] : undefined
  return namespace && connectorId ? [{ namespace, connectorId }] : []
}

/** The wallet's revoke: undefined when done (or the wallet has no such method), else the error it threw. */
const revoke = (bridge: Bridge, t: Target): Promise<unknown> =>
  walletRevoke(bridge, t.connectorId, t.namespace).then(
    () => undefined,
    (error: unknown) => (revokeUnsupported(error) ? undefined : error),
  )

/**
 * Each target's wallet is asked to revoke, all at once; every one that did is disconnected
 * (disconnect/succeeded), every one that failed stays as it was (disconnect/failed), and a single
 * snackbar 'Failed to disconnect' reports any failure: disconnecting all continues past one.
 */
export const disconnectEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    ofType('disconnect/requested'),
    mergeMap((e) => {
      const targets = disconnectTargets(state(), e.payload)
      if (targets.length === 0) return EMPTY
      return from(Promise.all(targets.map((t) => revoke(bridge, t)))).pipe(
        mergeMap((failures): Observable<NewEvent> => {
          const out: NewEvent[] = []
          targets.forEach(({ namespace, connectorId }, i) => {
            const failure = failures[i]
            // A wallet may end the connection itself (accountsChanged([])) and still throw from its revoke: then it is gone, not failed.
            if (failure !== undefined && isLiveConnector(state(), namespace, connectorId)) {
              const code = (failure as { code?: unknown } | null)?.code
              out.push(event('disconnect/failed', { connectorId, namespace, message: FAILED_TO_DISCONNECT, cause: loggedMessage(failure), ...(typeof code === 'number' && Number.isSafeInteger(code) ? { code } : {}) }))
            } else if (failure === undefined && isLiveConnector(state(), namespace, connectorId)) {
              // A wallet may answer the revoke with accountsChanged([]) (or a WalletConnect session's end), which disconnects first: then nothing is left to do.
              out.push(event('disconnect/succeeded', { connectorId, namespace, reason: 'user' }))
            }
          })
          if (out.some((x) => x.type === 'disconnect/failed')) out.push(event('snackbar/show-requested', { variant: 'error', message: FAILED_TO_DISCONNECT }))
          return from(out)
        }),
      )
    }),
  )

/** A wallet that ended a live connection itself (accountsChanged with no accounts, its disconnect event): the connection is disconnected. */
export const walletDisconnectEffect: Effect = ({ events$, state }) =>
  events$.pipe(
    ofType('wallet/accounts-changed', 'wallet/disconnected'),
    filter((e) => e.type === 'wallet/disconnected' || e.payload.addresses.length === 0),
    filter((e) => isLiveConnector(state(), e.payload.namespace, e.payload.connectorId)),
    mergeMap((e) => of(event('disconnect/succeeded', { connectorId: e.payload.connectorId, namespace: e.payload.namespace, reason: 'wallet' }))),
  )
