/**
 * Named selectors: what `engine.subscribe(name, cb)` delivers. Each returns a small plain-JSON view
 * model; the engine delivers it only when it differs (deep equality) from the last one delivered.
 */
import { WALLETCONNECT_CONNECTOR_ID, type CaipAddress, type CaipNetworkId, type Namespace, type SendToken, type ViewName, type WalletListing, type WalletRef } from '../events/entities.js'
import { sendProblem } from './send-rules.js'
import { connectorRow, orderRows, type ConnectorGroup, type ConnectorRow } from './connector-order.js'
import { showsBrowserWallet, withoutExcluded, withoutShown, type Shown } from './wallet-rules.js'
import { walletRef } from './wallets.js'
import { walletsHaveMore } from './paging.js'
import type { ConnectionStatus } from './connection.js'
import { floorUnits } from './format.js'
import { activeNamespace, openingView } from './modal.js'
import { isUnsupported } from './networks.js'
import type { State } from './state.js'
import { accountTabsView, type AccountTabsView } from './account-tabs.js'

export type { AccountTabsView }

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
  /** Spec §3 profileName and profileImage: the address's name and avatar (blockchain service identity, EVM). */
  profileName?: string
  profileImage?: string
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
  /** The All Wallets entry: the registry's size, once known. */
  allWallets?: { count: number }
}

/** A wallet of the All Wallets list. */
export interface WalletRow {
  id: string
  name: string
  imageUrl?: string
  wallet: WalletRef
}

/** The All Wallets view (spec §2, §9): the pages so far or the search results, with the spec §5 exclusions applied. */
export interface AllWalletsView {
  wallets: WalletRow[]
  count: number
  loading: boolean
  /** More pages to fetch (not while searching; paging.ts: not after an empty, short or repeated page, nor past 25 pages). */
  hasMore: boolean
  nextPage: number
  query?: string
  error?: string
}

/** The ConnectingWalletConnect views: the pairing on show (never its URI), the picked wallet, the stored deep link choice, a failure. */
export interface WalletConnectView {
  pairing?: { pairingTopic: string; expiresAt: number }
  wallet?: WalletRef
  deepLink?: { name: string; href: string }
  connecting: boolean
  error?: string
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

/** Spec §5: the Browser Wallet entry (the legacy injected provider) hides on desktop; on mobile, when it has no rdns and is not installed. */
const isBrowserWalletEntry = (c: { type: string; name: string }) => c.type === 'INJECTED' && c.name === 'Browser Wallet'

const listingRow = (w: WalletRef, group: ConnectorGroup, chain: Namespace): ConnectorRow => ({ id: w.id, name: w.name, chain, type: 'WALLET_CONNECT', group, wallet: w, ...(w.imageUrl ? { imageUrl: w.imageUrl } : {}) })

const shownBy = (list: readonly { id: string; rdns?: string | null }[], base: Shown = { ids: [], rdns: [] }): Shown => ({
  ids: [...base.ids, ...list.map((w) => w.id)],
  rdns: [...base.rdns, ...list.flatMap((w) => (w.rdns ? [w.rdns] : []))],
})

/**
 * The Connect view's rows (spec §2 connector groups, §5 list rules): WalletConnect; recent wallets
 * not already present; announced and injected wallets (the exclusions and the Browser Wallet rule
 * applied); featured; up to 4 recommended, neither repeating a wallet shown above.
 */
export function connectRows(s: State): ConnectorRow[] {
  const exclude = s.config.excludeWalletIds ?? []
  const chain = activeNamespace(s) ?? 'eip155'
  const present = withoutExcluded(s.connectors.list, exclude).filter((c) => !isBrowserWalletEntry(c) || showsBrowserWallet(s.modal.isMobile, Boolean(c.rdns), true))
  const recent = withoutShown(withoutExcluded(s.wallets.recent, exclude), shownBy(present))
  const shown = shownBy(recent, shownBy(present))
  const featured = withoutShown(withoutExcluded(s.wallets.featured, exclude), shown)
  const recommended = withoutShown(withoutExcluded(s.wallets.recommended, exclude), shownBy(featured, shown)).slice(0, RECOMMENDED_COUNT)
  return orderRows([
    { id: WALLETCONNECT_CONNECTOR_ID, name: 'WalletConnect', chain, type: 'WALLET_CONNECT', group: 'walletConnect' },
    ...present.map(connectorRow),
    ...recent.map((w) => listingRow(w, 'recent', chain)),
    ...featured.map((w) => listingRow(walletRef(w), 'featured', chain)),
    ...recommended.map((w) => listingRow(walletRef(w), 'recommended', chain)),
  ])
}

/** Spec §9: 4 recommended wallets. */
export const RECOMMENDED_COUNT = 4

const walletRow = (w: WalletListing): WalletRow => ({ id: w.id, name: w.name, wallet: walletRef(w), ...(w.image_url ? { imageUrl: w.image_url } : {}) })

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
      profileName: namespace === 'eip155' && a?.address ? s.accountData.identities[a.address.toLowerCase()]?.name : undefined,
      profileImage: namespace === 'eip155' && a?.address ? s.accountData.identities[a.address.toLowerCase()]?.avatar : undefined,
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
      rows: connectRows(s),
      status: s.connection.status,
      pendingConnectorId: s.connection.pending?.connectorId,
      error: s.connection.lastError,
      allWallets: s.wallets.count !== undefined ? { count: s.wallets.count } : undefined,
    }),
  allWallets: (s: State): AllWalletsView => {
    const w = s.wallets
    const exclude = s.config.excludeWalletIds ?? []
    const list = withoutExcluded(w.search ? w.search.wallets : w.listed, exclude).map(walletRow)
    return defined({
      wallets: list,
      count: w.search ? w.search.count : (w.count ?? 0),
      loading: w.search ? w.search.loading : w.loading,
      hasMore: !w.search && walletsHaveMore(w),
      nextPage: w.nextPage,
      query: w.search?.query,
      error: w.search ? w.search.error : w.error,
    })
  },
  walletConnect: (s: State): WalletConnectView => {
    const error = s.connection.lastError?.connectorId === WALLETCONNECT_CONNECTOR_ID ? s.connection.lastError.message : undefined
    return defined({
      pairing: s.wallets.pairing,
      wallet: s.wallets.picked,
      deepLink: s.wallets.deepLink,
      connecting: s.connection.pending?.connectorId === WALLETCONNECT_CONNECTOR_ID,
      error,
    })
  },
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
  accountTabs: (s: State): AccountTabsView => accountTabsView(s),
  engine: (s: State): EngineView => defined({ mode: s.engineMode, lastSeq: s.lastSeq }),
} as const

/** Names accepted by `engine.subscribe`. */
export type SelectorName = keyof typeof selectors
/** The value a named selector delivers. */
export type Selected<N extends SelectorName> = ReturnType<(typeof selectors)[N]>
