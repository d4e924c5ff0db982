/**
 * Connections per namespace (docs/behaviour.md §3 Connection: connectorId, accounts, auth name; the
 * browser-stored "connections per namespace"): every wallet this site connected on a
 * namespace, most recently used first, each with the accounts it exposed. A connection stays here
 * after a disconnect (it is then of the `disconnected` class, select/connection-class.ts), so it
 * can be offered again. Folded from shared events only, so every tab and the snapshots agree.
 *
 * Syncing (docs/behaviour.md §5): the accounts a wallet reports (a connect, `accountsChanged`) are
 * merged into what the connection already holds, by lowercase address (a known address keeps its
 * first spelling and type; new ones are appended); the auth connector's accounts are taken as
 * they come (`mergeAccounts`).
 */
import { parseCaipAddress } from '../../chains/caip.js'
import { AUTH_CONNECTOR_ID, type AccountType, type Namespace } from '../../events/entities.js'
import { withKey } from '../../events/kernel/safe-json.js'
import type { EventPayloads } from '../../events/types.js'
import { MAX_CONNECTION_ACCOUNTS } from '../../events/kernel/limits.js'
import { slice, type Slice } from '../reducer.js'
import { liveConnections, sameConnector } from '../select/connections.js'
import type { State } from '../state.js'

/** One account of a connection: its address as the wallet gave it, and its type where known. */
export interface ConnectionAccount {
  address: string
  type?: AccountType
}

/** One wallet connected on a namespace. `name` is the wallet's (or, for the auth connector, the account's) display name. */
export interface Connection {
  connectorId: string
  accounts: ConnectionAccount[]
  name?: string
}

/** Every namespace's connections, most recently used first. */
export type ConnectionsState = Partial<Record<Namespace, Connection[]>>

export { MAX_CONNECTION_ACCOUNTS }

/**
 * `known` with `reported` merged in (docs/behaviour.md §5): for any connector but the auth one,
 * the known accounts stay in their order, spelling and type, and each reported address whose
 * lowercase form is not yet there is appended (once); for the auth connector the reported accounts
 * replace the known ones as they are. At most MAX_CONNECTION_ACCOUNTS.
 */
export function mergeAccounts(connectorId: string, known: readonly ConnectionAccount[], reported: readonly ConnectionAccount[]): ConnectionAccount[] {
  if (sameConnector(connectorId, AUTH_CONNECTOR_ID)) return reported.slice(0, MAX_CONNECTION_ACCOUNTS)
  const out = [...known]
  const seen = new Set(known.map((a) => a.address.toLowerCase()))
  for (const a of reported) {
    const key = a.address.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(a)
  }
  return out.slice(0, MAX_CONNECTION_ACCOUNTS)
}

/** `list` with `connectorId`'s connection first: its accounts merged with `reported` (a new connection when there was none). */
function upsert(list: readonly Connection[], connectorId: string, reported: readonly ConnectionAccount[], name?: string): Connection[] {
  const current = list.find((c) => sameConnector(c.connectorId, connectorId))
  const accounts = mergeAccounts(connectorId, current?.accounts ?? [], reported)
  const label = name ?? current?.name
  const updated: Connection = { connectorId: current?.connectorId ?? connectorId, accounts, ...(label ? { name: label } : {}) }
  return [updated, ...list.filter((c) => c !== current)]
}

/**
 * Whether a connect/succeeded makes its connector the namespace's active one: always, except for
 * a restore while another connector is active (a restore confirms a connection, it does not pick one).
 */
export function becomesActive(root: State, p: EventPayloads['connect/succeeded']): boolean {
  const active = root.connection.connectorIds[p.namespace]
  return p.via !== 'restore' || active === undefined || sameConnector(active, p.connectorId)
}

/**
 * The connection that becomes active on `namespace` when `connectorId`'s is disconnected: the most
 * recently used other live connection with an account, when `connectorId` is the active one;
 * undefined otherwise (or when none is left). Pure.
 */
export function successor(root: State, namespace: Namespace, connectorId: string): Connection | undefined {
  const active = root.connection.connectorIds[namespace]
  if (active === undefined || !sameConnector(active, connectorId)) return undefined
  return liveConnections(root, namespace).find((c) => !sameConnector(c.connectorId, connectorId) && c.accounts.length > 0)
}

/** The accounts a connect reported: the connected address first, then every other one the wallet exposes. */
const reportedBy = (p: EventPayloads['connect/succeeded']): ConnectionAccount[] => {
  const { address } = parseCaipAddress(p.caipAddress)
  const seen = new Set<string>()
  return [address, ...(p.accounts ?? [])].filter((a) => !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase())).map((a) => ({ address: a }))
}

/** The slice (see the module's comment). */
export const connections: Slice<ConnectionsState, State> = slice<ConnectionsState, State>(
  {},
  {
    'connect/succeeded': (all, e, root) => {
      const { namespace, connectorId } = e.payload
      // The auth connector's accounts get their types from its user (auth/user-received, shared, folded just before).
      const user = sameConnector(connectorId, AUTH_CONNECTOR_ID) ? root.auth?.users[namespace] : undefined
      const typeOf = (address: string) => user?.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())?.type
      const reported = reportedBy(e.payload).map((a) => ({ ...a, ...(typeOf(a.address) ? { type: typeOf(a.address) } : {}) }))
      // The name the event carries only: the discovered wallets are this tab's, and a shared fold reads no tab-local state (the views fall back to them).
      return withKey(all, namespace, upsert(all[namespace] ?? [], connectorId, reported, e.payload.wallet?.name))
    },
    /** The switched-to connection becomes the most recently used (and holds the address, should a wallet have reported it only now). */
    'connection/switched': (all, e) => {
      const { namespace, connectorId } = e.payload
      const list = all[namespace] ?? []
      const address = parseCaipAddress(e.payload.caipAddress).address
      const current = list.find((c) => sameConnector(c.connectorId, connectorId))
      // An address the connection holds keeps every account (the auth connector's would otherwise be replaced by the one reported).
      if (current?.accounts.some((a) => a.address.toLowerCase() === address.toLowerCase())) return withKey(all, namespace, [current, ...list.filter((c) => c !== current)])
      return withKey(all, namespace, upsert(list, connectorId, [{ address }]))
    },
    /** A known connection's wallet reported its accounts: merged in (an empty list is a disconnect, folded by its own event). */
    'wallet/accounts-changed': (all, e) => {
      const { namespace, connectorId, addresses } = e.payload
      const list = all[namespace] ?? []
      const current = list.find((c) => sameConnector(c.connectorId, connectorId))
      if (!current || addresses.length === 0) return all
      return withKey(
        all,
        namespace,
        list.map((c) => (c === current ? { ...c, accounts: mergeAccounts(connectorId, c.accounts, addresses.map((address) => ({ address }))) } : c)),
      )
    },
  },
)
