/**
 * Named selectors: what `engine.subscribe(name, cb)` delivers. Each returns a small plain-JSON view
 * model; the engine delivers it only when it differs (deep equality) from the last one delivered.
 */
import type { CaipAddress, CaipNetworkId, Namespace, ViewName } from '../events/entities.js'
import { connectorRows, type ConnectorRow } from './connector-order.js'
import type { ConnectionStatus } from './connection.js'
import { floorUnits } from './format.js'
import { activeNamespace, openingView } from './modal.js'
import type { State } from './state.js'

/** What the modal shows. */
export interface ModalView {
  open: boolean
  view: ViewName
  canGoBack: boolean
  loading: boolean
  shake: boolean
}

/** The active namespace's account (api.md `getAccount`). `balance` is floored to 3 decimals (spec §9). */
export interface AccountView {
  namespace?: Namespace
  status: ConnectionStatus
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  isConnected: boolean
}

/** The active network. `name` is 'Unknown network' for a chain the site did not configure. */
export interface NetworkView {
  caipNetworkId?: CaipNetworkId
  namespace?: Namespace
  name?: string
}

/** The Connect view's data: wallet rows in spec §2 group order, and the pending or failed connect. */
export interface ConnectView {
  rows: ConnectorRow[]
  status: ConnectionStatus
  pendingConnectorId?: string
  error?: { connectorId: string; message: string }
}

/**
 * The view an open request with no explicit view or namespace would show now (spec §2 Opening),
 * on desktop and on mobile. The UI shows it on click without waiting for the engine, which then
 * confirms it through `modal`.
 */
export interface OpeningView {
  view: ViewName
  mobileView: ViewName
}

export interface SnackbarView {
  open: boolean
  variant: State['snackbar']['variant']
  message: string
}

export interface EngineView {
  mode?: 'worker' | 'main'
  lastSeq: number
}

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T

export const selectors = {
  modal: (s: State): ModalView => ({ open: s.modal.open, view: s.modal.view, canGoBack: s.modal.history.length > 0, loading: s.modal.loading, shake: s.modal.shake }),
  account: (s: State): AccountView => {
    const namespace = activeNamespace(s)
    const a = namespace ? s.accounts[namespace] : undefined
    const hasBalance = a?.balanceWei !== undefined && a.balanceDecimals !== undefined
    return defined({
      namespace,
      status: a?.status ?? 'disconnected',
      caipAddress: a?.caipAddress,
      address: a?.address,
      balance: hasBalance ? floorUnits(a!.balanceWei!, a!.balanceDecimals!, 3) : undefined,
      balanceSymbol: a?.balanceSymbol,
      balanceLoading: a?.balanceLoading ?? false,
      isConnected: a?.status === 'connected',
    })
  },
  network: (s: State): NetworkView => {
    const namespace = activeNamespace(s)
    const caipNetworkId = (namespace && s.accounts[namespace]?.caipNetworkId) || s.config.defaultNetworkId || s.config.networks[0]?.caipNetworkId
    const known = s.config.networks.find((n) => n.caipNetworkId === caipNetworkId)
    return defined({ caipNetworkId, namespace, name: known?.name ?? (caipNetworkId ? 'Unknown network' : undefined) })
  },
  connect: (s: State): ConnectView =>
    defined({
      rows: connectorRows(s.connectors.list),
      status: s.connection.status,
      pendingConnectorId: s.connection.pending?.connectorId,
      error: s.connection.lastError,
    }),
  opening: (s: State): OpeningView => ({ view: openingView(s, { isMobile: false }), mobileView: openingView(s, { isMobile: true }) }),
  snackbar: (s: State): SnackbarView => ({ ...s.snackbar }),
  engine: (s: State): EngineView => defined({ mode: s.engineMode, lastSeq: s.lastSeq }),
} as const

/** Names accepted by `engine.subscribe`. */
export type SelectorName = keyof typeof selectors
/** The value a named selector delivers. */
export type Selected<N extends SelectorName> = ReturnType<(typeof selectors)[N]>
