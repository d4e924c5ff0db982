/** The Connect view's data (docs/behaviour.md §2 Connect): the wallet rows and the pending or failed connect. A view model. Pure. */
import type { ConnectionStatus } from '../connection.js'
import type { ConnectorRow } from '../connector-order.js'
import { connectRows } from '../select/connect-rows.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'

/** The Connect view's data: wallet rows in docs/behaviour.md §2 group order, and the pending or failed connect. */
export interface ConnectModel {
  rows: ConnectorRow[]
  status: ConnectionStatus
  pendingConnectorId?: string
  error?: { connectorId: string; message: string }
  /** The All Wallets entry: the registry's size, once known. */
  allWallets?: { count: number }
}

/** The Connect model: connectRows, the connection's status, its pending connect and its last error. */
export function connectModel(s: State): ConnectModel {
  return defined({
    rows: connectRows(s),
    status: s.connection.status,
    pendingConnectorId: s.connection.pending?.connectorId,
    error: s.connection.lastError,
    allWallets: s.wallets.count !== undefined ? { count: s.wallets.count } : undefined,
  })
}
