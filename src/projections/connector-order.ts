/**
 * Ordering rules of spec §2: connector groups and connect methods.
 */
import type { Connector } from '../events/entities.js'

/** Connector groups in the spec §2 default order. */
export const CONNECTOR_GROUPS = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export type ConnectorGroup = (typeof CONNECTOR_GROUPS)[number]

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
}

const TYPE_RANK: Record<Connector['type'], number> = { WALLET_CONNECT: 0, MULTI_CHAIN: 1, ANNOUNCED: 1, INJECTED: 2, EXTERNAL: 3, AUTH: 4 }

/** Sorts connectors into rows by group order, announced before injected within a group, discovery order otherwise. */
export function connectorRows(list: readonly Connector[], configuredOrder: readonly string[] = []): ConnectorRow[] {
  const order = connectorGroupOrder(configuredOrder)
  return list
    .map((c, i) => ({ c, i, g: groupOf(c) }))
    .sort((a, b) => order.indexOf(a.g) - order.indexOf(b.g) || TYPE_RANK[a.c.type] - TYPE_RANK[b.c.type] || a.i - b.i)
    .map(({ c, g }) => ({ id: c.id, name: c.name, chain: c.chain, type: c.type, group: g, ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}) }))
}

export type ConnectMethod = 'email' | 'social' | 'wallet'

/**
 * Spec §2 Connect methods order: email, social, wallet by default; wallet, email, social when an
 * injected or announced wallet is present; a configured order wins.
 */
export function connectMethodsOrder(hasInjectedOrAnnounced: boolean, configured?: readonly ConnectMethod[]): ConnectMethod[] {
  if (configured && configured.length > 0) return [...configured]
  return hasInjectedOrAnnounced ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}
