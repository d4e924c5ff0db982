/**
 * The wallets the Connect view lists (docs/behaviour.md §2 connector groups, §5 list rules, §9 counts). A domain
 * selector: state → fact. Pure.
 */
import { WALLETCONNECT_CONNECTOR_ID, type Namespace, type WalletRef } from '../../events/entities.js'
import { connectorRow, orderRows, type ConnectorGroup, type ConnectorRow } from '../connector-order.js'
import type { State } from '../state.js'
import { showsBrowserWallet, withoutExcluded, withoutShown, type Shown } from '../rules/wallet-rules.js'
import { walletRef } from './wallet-ref.js'
import { activeNamespace } from './active-namespace.js'
import { resolvedFeatures } from './features.js'

/** docs/behaviour.md §9: 4 recommended wallets. */
export const RECOMMENDED_COUNT = 4

/** docs/behaviour.md §5: the Browser Wallet entry (the legacy injected provider) hides on desktop; on mobile, when it has no rdns and is not installed. */
const isBrowserWalletEntry = (c: { type: string; name: string }) => c.type === 'INJECTED' && c.name === 'Browser Wallet'

const listingRow = (w: WalletRef, group: ConnectorGroup, chain: Namespace): ConnectorRow => ({ id: w.id, name: w.name, chain, type: 'WALLET_CONNECT', group, wallet: w, ...(w.imageUrl ? { imageUrl: w.imageUrl } : {}) })

const shownBy = (list: readonly { id: string; rdns?: string | null }[], base: Shown = { ids: [], rdns: [] }): Shown => ({
  ids: [...base.ids, ...list.map((w) => w.id)],
  rdns: [...base.rdns, ...list.flatMap((w) => (w.rdns ? [w.rdns] : []))],
})

/**
 * The Connect view's rows (docs/behaviour.md §2 connector groups, §5 list rules): WalletConnect; recent wallets
 * not already present; announced and injected wallets (the exclusions and the Browser Wallet rule
 * applied); featured; up to RECOMMENDED_COUNT recommended, neither repeating a wallet shown above.
 * With WalletConnect off (`walletConnect: false`), the announced and injected wallets only.
 * Rows without a chain of their own take the active namespace's (eip155 when there is none). A
 * wallet on the page connects only on a namespace the site has a network of (a Bitcoin wallet shows
 * on a site with a Bitcoin network). The groups the site names in `features.connectorTypeOrder` come first.
 */
export function connectRows(s: State): ConnectorRow[] {
  const exclude = s.config.excludeWalletIds ?? []
  const chain = activeNamespace(s) ?? 'eip155'
  const namespaces = new Set(s.config.networks.map((n) => n.chainNamespace))
  const present = withoutExcluded(s.connectors.list, exclude).filter((c) => namespaces.has(c.chain) && (!isBrowserWalletEntry(c) || showsBrowserWallet(s.modal.isMobile, Boolean(c.rdns), true)))
  // WalletConnect off: the wallets on the page only (a registry wallet connects through WalletConnect).
  if (s.config.walletConnect === false) return orderRows(present.map(connectorRow), resolvedFeatures(s).connectorTypeOrder)
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
  ], resolvedFeatures(s).connectorTypeOrder)
}
