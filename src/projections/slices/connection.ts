/**
 * Connection status and connected namespaces (docs/behaviour.md §4). Status is disconnected, connecting or
 * connected; connected namespaces are a de-duplicated list, added on connect and removed on
 * disconnect; a connector can be marked disconnected per namespace and is unmarked case-insensitively.
 */
import type { Namespace } from '../../events/entities.js'
import { namespaceOf } from '../../chains/caip.js'
import { withKey } from '../../events/kernel/safe-json.js'
import { MULTI_WALLET_NOT_ENABLED } from '../../events/kernel/errors.js'
import { becomesActive, successor } from './connections.js'
import { sameConnector } from '../select/connections.js'
import { slice, type Slice } from '../reducer.js'
import { LEGAL_NOT_ACCEPTED } from '../rules/refusals.js'
import { connectionClass } from '../select/connection-class.js'
import { resolvedFeatures } from '../select/features.js'
import type { State } from '../state.js'
import { formatError } from '../../events/kernel/error-registry.js'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

export interface ConnectionState {
  status: ConnectionStatus
  activeNamespace?: Namespace
  /** Connected connector id per namespace. */
  connectorIds: Partial<Record<Namespace, string>>
  connectedNamespaces: Namespace[]
  /** Connector ids the visitor disconnected, per namespace. */
  disconnectedConnectorIds: Partial<Record<Namespace, string[]>>
  pending?: { connectorId: string; namespace: Namespace }
  lastError?: { connectorId: string; message: string }
}

const initial: ConnectionState = { status: 'disconnected', connectorIds: {}, connectedNamespaces: [], disconnectedConnectorIds: {} }

/** Adds a namespace to the list unless present. */
export function addNamespace(list: readonly Namespace[], ns: Namespace): Namespace[] {
  return list.includes(ns) ? [...list] : [...list, ns]
}

/** Marks a connector disconnected for a namespace (no duplicates, compared case-insensitively). */
export function markDisconnected(map: ConnectionState['disconnectedConnectorIds'], ns: Namespace, id: string): ConnectionState['disconnectedConnectorIds'] {
  const current = map[ns] ?? []
  if (current.some((x) => x.toLowerCase() === id.toLowerCase())) return map
  return withKey(map, ns, [...current, id])
}

/** Removes a connector's disconnected mark for a namespace, compared case-insensitively. */
export function unmarkDisconnected(map: ConnectionState['disconnectedConnectorIds'], ns: Namespace, id: string): ConnectionState['disconnectedConnectorIds'] {
  const current = map[ns]
  if (!current) return map
  return withKey(map, ns, current.filter((x) => x.toLowerCase() !== id.toLowerCase()))
}

const settled = (s: ConnectionState): ConnectionStatus => (s.connectedNamespaces.length > 0 ? 'connected' : 'disconnected')

export const connection: Slice<ConnectionState, State> = slice<ConnectionState, State>(initial, {
  'engine/started': (s) => {
    const { pending: _p, ...rest } = s
    return { ...rest, status: settled(s) }
  },
  'connect/requested': (s, e) => {
    const { lastError: _e, ...rest } = s
    return { ...rest, status: 'connecting', pending: { connectorId: e.payload.connectorId, namespace: e.payload.namespace } }
  },
  /**
   * The connector becomes the namespace's active one (unless it is a restore of another than the
   * active one: connections.ts becomesActive). `replace` (the multiWallet remote feature off, or a
   * log from before multi-wallet) marks the namespace's other connections disconnected; `add` keeps them.
   */
  'connect/succeeded': (s, e, root) => {
    const { namespace, connectorId } = e.payload
    const { pending: _p, lastError: _e, ...rest } = s
    let dropped = unmarkDisconnected(s.disconnectedConnectorIds, namespace, connectorId)
    if (e.payload.mode !== 'add') {
      for (const c of root.connections?.[namespace] ?? []) if (!sameConnector(c.connectorId, connectorId)) dropped = markDisconnected(dropped, namespace, c.connectorId)
    }
    return {
      ...rest,
      status: 'connected',
      // A silent restore keeps the namespace the visitor was on (or switched to meanwhile).
      activeNamespace: e.payload.via === 'restore' && s.activeNamespace ? s.activeNamespace : namespace,
      connectorIds: becomesActive(root, e.payload) ? withKey(s.connectorIds, namespace, connectorId) : s.connectorIds,
      connectedNamespaces: addNamespace(s.connectedNamespaces, namespace),
      disconnectedConnectorIds: dropped,
    }
  },
  /** Another connection (or account) became the namespace's active one; its namespace becomes the active namespace. */
  'connection/switched': (s, e) => ({
    ...s,
    status: 'connected',
    activeNamespace: e.payload.namespace,
    connectorIds: withKey(s.connectorIds, e.payload.namespace, e.payload.connectorId),
    connectedNamespaces: addNamespace(s.connectedNamespaces, e.payload.namespace),
    disconnectedConnectorIds: unmarkDisconnected(s.disconnectedConnectorIds, e.payload.namespace, e.payload.connectorId),
  }),
  'connect/failed': (s, e) => {
    const { pending: _p, ...rest } = s
    return { ...rest, status: settled(s), lastError: { connectorId: e.payload.connectorId, message: e.payload.message } }
  },
  /** docs/behaviour.md §4: switching the active network changes the active namespace. */
  'network/switched': (s, e) => {
    const namespace = namespaceOf(e.payload.caipNetworkId)
    return namespace ? { ...s, activeNamespace: namespace } : s
  },
  /**
   * The connection is marked disconnected (it stays known, connections.ts). When it was the active
   * one, the most recently used other live connection takes over (connections.ts successor); when
   * none is left, the namespace is no longer connected.
   */
  'disconnect/succeeded': (s, e, root) => {
    const { namespace, connectorId } = e.payload
    const disconnectedConnectorIds = markDisconnected(s.disconnectedConnectorIds, namespace, connectorId)
    const active = s.connectorIds[namespace]
    if (active !== undefined && !sameConnector(active, connectorId)) return { ...s, disconnectedConnectorIds }
    const next = successor(root, namespace, connectorId)
    if (next) return { ...s, connectorIds: withKey(s.connectorIds, namespace, next.connectorId), disconnectedConnectorIds }
    const connectorIds = { ...s.connectorIds }
    delete connectorIds[namespace]
    const after: ConnectionState = { ...s, connectorIds, connectedNamespaces: s.connectedNamespaces.filter((n) => n !== namespace), disconnectedConnectorIds }
    return { ...after, status: settled(after) }
  },
}, {
  'connection/switch-requested': (s, intent) => {
    const { namespace, connectorId } = intent.payload
    // Only a connection the namespace has (docs/behaviour.md §8's 'No connector found for connection: {id}').
    if (!(s.connections[namespace] ?? []).some((c) => sameConnector(c.connectorId, connectorId))) return formatError('noConnectorFound', { connectorId })
    // docs/behaviour.md §6: another connection than the active one only with the multiWallet remote feature.
    const cls = connectionClass(s, namespace, connectorId)
    if (cls !== 'connected' && !resolvedFeatures(s).multiWallet) return MULTI_WALLET_NOT_ENABLED
    // A disconnected connection connects again through its wallet: the legal checkbox holds as for any connect.
    return cls === 'disconnected' && resolvedFeatures(s).legalCheckbox && !s.legal.accepted ? LEGAL_NOT_ACCEPTED : undefined
  },
})

/** True when a wallet event comes from the connector connected on its namespace (others are ignored). */
export function fromConnectedWallet(root: { connection: ConnectionState }, payload: { connectorId: string; namespace: Namespace }): boolean {
  return root.connection.connectorIds[payload.namespace] === payload.connectorId
}
