/**
 * A namespace's connections as the engine reads them (docs/behaviour.md §3 Connection, §4): whether
 * two connector ids are the same connector, and which connections are live. Pure.
 */
import type { Namespace } from '../../events/entities.js'
import type { Connection } from '../slices/connections.js'
import type { State } from '../state.js'

/** Connector ids compare case-insensitively (docs/behaviour.md §4). */
export const sameConnector = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** True when `connectorId` is among `ids` (connector ids compare case-insensitively). */
const includesConnector = (ids: readonly string[] | undefined, connectorId: string): boolean => (ids ?? []).some((id) => sameConnector(id, connectorId))

/**
 * The live connections of `namespace` (select/connection-class.ts `connected` and `active`): the
 * known ones the visitor or the wallet did not disconnect, most recently used first. Pure.
 */
export function liveConnections(root: State, namespace: Namespace): Connection[] {
  const dropped = root.connection.disconnectedConnectorIds[namespace]
  return (root.connections?.[namespace] ?? []).filter((c) => !includesConnector(dropped, c.connectorId))
}

/**
 * The connector ids of `namespace`'s live connections (liveConnections), with its active connector
 * first where the state knows no connection of it (a state folded before connections per namespace). What restore
 * asks, disconnect-all ends and the bridge watches. Pure.
 */
export function liveConnectorIds(root: State, namespace: Namespace): string[] {
  const live = liveConnections(root, namespace).map((c) => c.connectorId)
  const active = root.connection.connectorIds[namespace]
  return active !== undefined && !includesConnector(live, active) ? [active, ...live] : live
}

/** Whether `connectorId` is one of liveConnectorIds(root, namespace), compared case-insensitively. */
export const isLiveConnector = (root: State, namespace: Namespace, connectorId: string): boolean => includesConnector(liveConnectorIds(root, namespace), connectorId)
