/**
 * The per-connection class (docs/behaviour.md §4): `connected` when its connector is the namespace's
 * active one; `active` when it is a known connection that is not (it was not disconnected);
 * `disconnected` otherwise. Connector ids compare case-insensitively. Switching acts per class
 * (`switchAction`): any other value is refused with 'Invalid connection status'. Pure.
 */
import type { Namespace } from '../../events/entities.js'
import { GangwayError } from '../../events/kernel/errors.js'
import { sameConnector } from './connections.js'
import type { State } from '../state.js'

export type ConnectionClass = 'connected' | 'active' | 'disconnected'

/** docs/behaviour.md §4: switching to a connection of a class the rule does not know. */
export const INVALID_CONNECTION_STATUS = 'Invalid connection status'

/** The class of `connectorId`'s connection on `namespace` (see the module's comment). */
export function connectionClass(s: State, namespace: Namespace, connectorId: string): ConnectionClass {
  const active = s.connection.connectorIds[namespace]
  if (active !== undefined && sameConnector(active, connectorId)) return 'connected'
  const known = (s.connections[namespace] ?? []).some((c) => sameConnector(c.connectorId, connectorId))
  const dropped = (s.connection.disconnectedConnectorIds[namespace] ?? []).some((id) => sameConnector(id, connectorId))
  return known && !dropped ? 'active' : 'disconnected'
}

/**
 * What switching to a connection of class `status` does (docs/behaviour.md §4): `connected`, stay
 * (or move to another of its accounts), no prompt; `active`, make it the namespace's active
 * connection, no prompt (the wallet still exposes it); `disconnected`, connect again through its
 * wallet (which may ask the visitor).
 * @throws GangwayError 'Invalid connection status' (INTERNAL_SDK_ERROR, details: the value) for any other value.
 */
export function switchAction(status: ConnectionClass): 'account' | 'activate' | 'reconnect' {
  switch (status) {
    case 'connected':
      return 'account'
    case 'active':
      return 'activate'
    case 'disconnected':
      return 'reconnect'
    default:
      throw new GangwayError(INVALID_CONNECTION_STATUS, { details: `connection status ${JSON.stringify(status as unknown)}` })
  }
}
