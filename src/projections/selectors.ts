/**
 * Named selectors: what `engine.subscribe(name, cb)` delivers. Each returns a small plain-JSON view
 * model; the engine delivers it only when it differs (deep equality) from the last one delivered.
 */
import type { CaipAddress, CaipNetworkId, Namespace, SendToken, ViewName } from '../events/entities.js'
import { sendProblem } from './send-rules.js'
import { connectorRows, type ConnectorRow } from './connector-order.js'
import type { ConnectionStatus } from './connection.js'
import { floorUnits } from './format.js'
import { activeNamespace, openingView } from './modal.js'
import { isUnsupported } from './networks.js'
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

/**
 * The active network. `name` is 'Unknown network' and `unsupported` true for a chain the site did
 * not configure on one of its namespaces (spec §4 placeholder).
 */
export interface NetworkView {
  caipNetworkId?: CaipNetworkId
  namespace?: Namespace
  name?: string
  unsupported?: boolean
}

/** SwitchNetwork's list: the site's networks grouped by namespace, the active one marked. */
export interface NetworkListView {
  /** `needsWallet`: another namespace with no connected account (picking it goes through SwitchActiveChain). */
  groups: { namespace: Namespace; label: string; networks: { caipNetworkId: CaipNetworkId; name: string; active: boolean; needsWallet: boolean; imageUrl?: string }[] }[]
  /** A switch the wallet has not answered yet. */
  pending?: CaipNetworkId
  /** SwitchActiveChain's network and its namespace's label. */
  target?: { caipNetworkId: CaipNetworkId; name: string; namespaceLabel: string }
}

const NAMESPACE_LABELS: Record<Namespace, string> = { eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin', polkadot: 'Polkadot' }

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

/** The send form's data (spec §3 Send state). Amounts in whole tokens; `balance` floored to 3 decimals. */
export interface SendView {
  tokens: (SendToken & { balanceDisplay?: string })[]
  token?: SendToken & { balanceDisplay?: string }
  amount: string
  receiver: string
  /** The first spec §5 problem with the form, if any. */
  problem?: string
  loading: boolean
  error?: string
  networkName?: string
}

/** Which connector serves each connected namespace (for the host's wallet provider). */
export interface ConnectionsView {
  connectorIds: Partial<Record<Namespace, string>>
  activeNamespace?: Namespace
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

const sameToken = (a: SendToken, b: SendToken) => a.caipNetworkId === b.caipNetworkId && (a.address ?? '').toLowerCase() === (b.address ?? '').toLowerCase()
const withDisplay = (t: SendToken): SendToken & { balanceDisplay?: string } => (t.balance === undefined ? t : { ...t, balanceDisplay: floorUnits(t.balance, t.decimals, 3) })

/**
 * What the active account can send on the active network: the native currency, then the site's
 * listed tokens, each with its current balance (smallest unit) when known.
 */
export function sendTokens(s: State): SendToken[] {
  const caipNetworkId = activeNetworkId(s)
  const network = s.config.networks.find((n) => n.caipNetworkId === caipNetworkId)
  if (!caipNetworkId || !network) return []
  const account = s.accounts[network.chainNamespace]
  const onThisChain = account?.caipNetworkId === caipNetworkId ? account : undefined
  const held = onThisChain?.caipAddress ? s.assets.balances[onThisChain.caipAddress] : undefined
  const native: SendToken = { caipNetworkId, name: network.nativeCurrency.name, symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals }
  if (onThisChain?.balanceRaw !== undefined) native.balance = onThisChain.balanceRaw
  const listed = (s.config.tokens?.[caipNetworkId] ?? []).map((t): SendToken => {
    const balance = held?.[t.address.toLowerCase()]
    return { caipNetworkId, address: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, ...(t.iconUrl ? { iconUrl: t.iconUrl } : {}), ...(balance !== undefined ? { balance } : {}) }
  })
  return [native, ...listed]
}

/** The active namespace's network: the one switched to or reported by the wallet, else the default, else the first configured. */
export function activeNetworkId(s: State): CaipNetworkId | undefined {
  const namespace = activeNamespace(s)
  return (namespace && s.networks.active[namespace]) || s.config.defaultNetworkId || s.config.networks[0]?.caipNetworkId
}

const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T

export const selectors = {
  modal: (s: State): ModalView => ({ open: s.modal.open, view: s.modal.view, canGoBack: s.modal.history.length > 0, loading: s.modal.loading, shake: s.modal.shake }),
  account: (s: State): AccountView => {
    const namespace = activeNamespace(s)
    const a = namespace ? s.accounts[namespace] : undefined
    const hasBalance = a?.balanceRaw !== undefined && a.balanceDecimals !== undefined
    return defined({
      namespace,
      status: a?.status ?? 'disconnected',
      caipAddress: a?.caipAddress,
      address: a?.address,
      balance: hasBalance ? floorUnits(a!.balanceRaw!, a!.balanceDecimals!, 3) : undefined,
      balanceSymbol: a?.balanceSymbol,
      balanceLoading: a?.balanceLoading ?? false,
      isConnected: a?.status === 'connected',
    })
  },
  network: (s: State): NetworkView => {
    const namespace = activeNamespace(s)
    const caipNetworkId = activeNetworkId(s)
    const known = s.config.networks.find((n) => n.caipNetworkId === caipNetworkId)
    return defined({ caipNetworkId, namespace, name: known?.name ?? (caipNetworkId ? 'Unknown network' : undefined), unsupported: isUnsupported(s.config.networks, caipNetworkId) || undefined })
  },
  networkList: (s: State): NetworkListView => {
    const active = activeNetworkId(s)
    const activeNs = activeNamespace(s)
    const groups: NetworkListView['groups'] = []
    for (const n of s.config.networks) {
      let group = groups.find((g) => g.namespace === n.chainNamespace)
      if (!group) groups.push((group = { namespace: n.chainNamespace, label: NAMESPACE_LABELS[n.chainNamespace], networks: [] }))
      const needsWallet = n.chainNamespace !== activeNs && !s.accounts[n.chainNamespace]?.address
      group.networks.push(defined({ caipNetworkId: n.caipNetworkId, name: n.name, active: n.caipNetworkId === active, needsWallet, imageUrl: n.assets?.imageUrl }))
    }
    const t = s.config.networks.find((n) => n.caipNetworkId === s.networks.activeChainTarget)
    const target = t ? { caipNetworkId: t.caipNetworkId, name: t.name, namespaceLabel: NAMESPACE_LABELS[t.chainNamespace] } : undefined
    return defined({ groups, pending: s.networks.pending, target })
  },
  connect: (s: State): ConnectView =>
    defined({
      rows: connectorRows(s.connectors.list),
      status: s.connection.status,
      pendingConnectorId: s.connection.pending?.connectorId,
      error: s.connection.lastError,
    }),
  opening: (s: State): OpeningView => ({ view: openingView(s, { isMobile: false }), mobileView: openingView(s, { isMobile: true }) }),
  send: (s: State): SendView => {
    const tokens = sendTokens(s).map(withDisplay)
    // Only a token of the active network counts: one picked on another network is no longer offered.
    const chosen = s.send.token ? tokens.find((t) => sameToken(t, s.send.token!)) : undefined
    const network = s.config.networks.find((n) => n.caipNetworkId === activeNetworkId(s))
    const problem = sendProblem({ namespace: activeNamespace(s), token: chosen, amount: s.send.amount, receiver: s.send.receiver })
    return defined({ tokens, token: chosen, amount: s.send.amount ?? '', receiver: s.send.receiver ?? '', problem, loading: s.send.loading, error: s.send.error, networkName: network?.name })
  },
  connections: (s: State): ConnectionsView => defined({ connectorIds: { ...s.connection.connectorIds }, activeNamespace: activeNamespace(s) }),
  snackbar: (s: State): SnackbarView => ({ ...s.snackbar }),
  engine: (s: State): EngineView => defined({ mode: s.engineMode, lastSeq: s.lastSeq }),
} as const

/** Names accepted by `engine.subscribe`. */
export type SelectorName = keyof typeof selectors
/** The value a named selector delivers. */
export type Selected<N extends SelectorName> = ReturnType<(typeof selectors)[N]>
