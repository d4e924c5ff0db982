/**
 * The active account: the connected account of the active namespace. The one place that reads it
 * from the state; views, reducers and effects ask here. A domain selector: state → fact. Pure.
 */
import type { CaipAddress, CaipNetworkId, Namespace } from '../../events/entities.js'
import type { AccountState } from '../slices/accounts.js'
import type { ConnectionStatus } from '../slices/connection.js'
import type { State } from '../state.js'
import { activeNamespace } from './active-namespace.js'

/**
 * The connected account of the active namespace: its slice entry (`accounts.ts`: balance in the
 * smallest unit, the Account view's tab…) with the namespace, the CAIP-10 id and its parts, which
 * are always present, and the connector serving it.
 */
export interface ActiveAccount extends AccountState {
  namespace: Namespace
  status: 'connected'
  /** CAIP-10 `namespace:reference:address`. */
  caipAddress: CaipAddress
  address: string
  /** CAIP-2 network the account is on. */
  caipNetworkId: CaipNetworkId
  /** The connector connected on this namespace (`connection.connectorIds`), if recorded. */
  connectorId?: string
}

/** The active namespace's account when it is connected (status connected, with an address), else undefined. */
export function activeAccount(s: State): ActiveAccount | undefined {
  const namespace = activeNamespace(s)
  return namespace ? connectedAccount(s, namespace) : undefined
}

/** `namespace`'s account when it is connected (status connected, with an address), else undefined (docs/api.md `getAccount(namespace)`). */
export function connectedAccount(s: State, namespace: Namespace): ActiveAccount | undefined {
  const a = s.accounts[namespace]
  if (!a || a.status !== 'connected' || !a.caipAddress || !a.address || !a.caipNetworkId) return undefined
  const connectorId = s.connection.connectorIds[namespace]
  return { ...a, namespace, status: 'connected', caipAddress: a.caipAddress, address: a.address, caipNetworkId: a.caipNetworkId, ...(connectorId ? { connectorId } : {}) }
}

/** The active namespace's connection status: connected with an active account, connecting while its connect is pending, else disconnected. */
export function activeAccountStatus(s: State): ConnectionStatus {
  if (activeAccount(s)) return 'connected'
  const namespace = activeNamespace(s)
  return namespace && s.accounts[namespace]?.status === 'connecting' ? 'connecting' : 'disconnected'
}
