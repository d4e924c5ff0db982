/**
 * Ordering rules of docs/behaviour.md §2: connector groups and connect methods.
 */
import { WALLETCONNECT_CONNECTOR_ID, type Connector, type Namespace, type WalletRef } from '../events/entities.js'
import { CONNECT_METHODS, CONNECTOR_GROUPS, type ConnectMethod, type ConnectorGroup } from '../events/kernel/host-options.js'

// The groups and the connect methods are declared with the options that name them (features.connectorTypeOrder, features.connectMethodsOrder).
export { CONNECTOR_GROUPS, type ConnectMethod, type ConnectorGroup }

/** Configured groups first (unknown names ignored, no repeats), then the remaining groups in the default order. */
export function connectorGroupOrder(configured: readonly string[] = []): ConnectorGroup[] {
  const known = configured.filter((g): g is ConnectorGroup => (CONNECTOR_GROUPS as readonly string[]).includes(g))
  return [...new Set([...known, ...CONNECTOR_GROUPS])]
}

/** The group a discovered connector shows in. ANNOUNCED and INJECTED wallets share the injected group, announced first. */
export function groupOf(c: Connector): ConnectorGroup {
  switch (c.type) {
    case 'WALLET_CONNECT':
      return 'walletConnect'
    case 'ANNOUNCED':
    case 'INJECTED':
    case 'MULTI_CHAIN':
      return 'injected'
    case 'EXTERNAL':
      return 'external'
    case 'AUTH':
      return 'custom'
  }
}

/** A row of the Connect view's wallet list. */
export interface ConnectorRow {
  id: string
  name: string
  /** The namespace the wallet connects on. */
  chain: Connector['chain']
  imageUrl?: string
  type: Connector['type']
  group: ConnectorGroup
  /** For a registry wallet (recent, featured, recommended): what connecting through WalletConnect needs. */
  wallet?: WalletRef
}

const TYPE_RANK: Record<Connector['type'], number> = { WALLET_CONNECT: 0, MULTI_CHAIN: 1, ANNOUNCED: 1, INJECTED: 2, EXTERNAL: 3, AUTH: 4 }

/** A discovered connector as a row of its group. */
export function connectorRow(c: Connector): ConnectorRow {
  return { id: c.id, name: c.name, chain: c.chain, type: c.type, group: groupOf(c), ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}) }
}

/** Sorts rows by group order (configured first, docs/behaviour.md §2), announced before injected within a group, given order otherwise. */
export function orderRows(rows: readonly ConnectorRow[], configuredOrder: readonly string[] = []): ConnectorRow[] {
  const order = connectorGroupOrder(configuredOrder)
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => order.indexOf(a.r.group) - order.indexOf(b.r.group) || TYPE_RANK[a.r.type] - TYPE_RANK[b.r.type] || a.i - b.i)
    .map(({ r }) => r)
}

/** Discovered connectors as rows in docs/behaviour.md §2 group order. */
export function connectorRows(list: readonly Connector[], configuredOrder: readonly string[] = []): ConnectorRow[] {
  return orderRows(list.map(connectorRow), configuredOrder)
}

/**
 * docs/behaviour.md §2 Connect methods order: email, social, wallet by default (CONNECT_METHODS); wallet, email, social when an
 * injected or announced wallet is present (wallet moved first); a configured order wins.
 */
export function connectMethodsOrder(hasInjectedOrAnnounced: boolean, configured?: readonly ConnectMethod[]): ConnectMethod[] {
  if (configured && configured.length > 0) return [...configured]
  return hasInjectedOrAnnounced ? ['wallet', ...CONNECT_METHODS.filter((m) => m !== 'wallet')] : [...CONNECT_METHODS]
}

/**
 * What picking a row asks for: a discovered connector connects itself; a registry wallet (recent,
 * featured, recommended, All Wallets) pairs through WalletConnect, remembered as the picked wallet.
 */
export function rowConnectPayload(row: { id: string; chain: Namespace; wallet?: WalletRef }): { connectorId: string; namespace: Namespace; wallet?: WalletRef } {
  return row.wallet ? { connectorId: WALLETCONNECT_CONNECTOR_ID, namespace: row.chain, wallet: row.wallet } : { connectorId: row.id, namespace: row.chain }
}
