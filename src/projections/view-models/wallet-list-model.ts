/**
 * The wallet list without the views' concerns (docs/behaviour.md §2 connector groups, §5 list rules,
 * §9 wallet lists): what a site that draws its own wallet list is shown. Built from the Connect
 * view's rows (select/connect-rows.ts) and the All Wallets list (all-wallets-model.ts), never
 * recomputed. A host view model, served as `walletList` and followed only on demand. Pure.
 */
import { WALLETCONNECT_CONNECTOR_ID, type Namespace, type WalletRef } from '../../events/entities.js'
import { walletLink } from '../../events/kernel/urls.js'
import { defined } from '../../events/defined.js'
import { rowConnectPayload, type ConnectorGroup, type ConnectorRow } from '../connector-order.js'
import { activeNamespace } from '../select/active-namespace.js'
import { connectRows } from '../select/connect-rows.js'
import type { State } from '../state.js'
import { allWalletsModel, type WalletRow } from './all-wallets-model.js'

/**
 * Where a wallet of the list comes from: a Connect view group (docs/behaviour.md §2: `injected`
 * the announced and injected wallets, `external`, `recent`, `featured`, `recommended`), or
 * `allWallets` for the registry's pages and search results.
 *
 * @example
 * ```ts
 * const installed = headless.getWalletList().wallets.filter((w) => w.group === 'injected')
 * ```
 */
export type WalletItemGroup = Exclude<ConnectorGroup, 'walletConnect' | 'custom'> | 'allWallets'

/**
 * A wallet of the list (docs/behaviour.md §3 Connector and Wallet listing; the names follow AppKit's
 * `WalletItem`). Every string is data from the page's wallets or the wallet registry: a site shows
 * it as text, an image only as `<img src>`.
 *
 * @example
 * ```ts
 * for (const w of headless.getWalletList().wallets) list.append(Object.assign(document.createElement('button'), { textContent: w.name, onclick: () => headless.connectWallet(w) }))
 * ```
 */
export interface WalletItem {
  /** The connector id of a discovered wallet (its rdns for an announced one), the registry id of a listed one. */
  id: string
  name: string
  /** The wallet's image: the announced icon or the registry's image, through the engine's URL validator (absent when refused or unknown). */
  imageUrl?: string
  /**
   * What connecting it asks for (`connect/requested`'s `connectorId` and `namespace`): the wallet's own
   * connector, or WalletConnect (`walletConnect`) for a registry wallet this browser does not have.
   */
  connectors: { id: string; namespace: Namespace }[]
  /** Installed in this browser: an announced (EIP-6963, Wallet Standard) or injected wallet. */
  isInjected: boolean
  /** One of the recent wallets (docs/behaviour.md §5: at most 2, kept across sessions). */
  isRecent: boolean
  group: WalletItemGroup
  /**
   * The registry's links, each accepted by the wallet link validator (https or a wallet app's
   * scheme, src/events/kernel/urls.ts `walletLink`): `deepLink` its mobile link, `desktopLink`,
   * `webappLink`. Empty for a discovered wallet.
   */
  walletInfo: { deepLink?: string; desktopLink?: string; webappLink?: string }
}

/**
 * The wallet list (docs/behaviour.md §2 Connect and AllWallets, §5 list rules, §9 wallet lists;
 * AppKit's `getWalletList()` names, plus the registry's state): the Connect view's wallets and the
 * All Wallets list, each wallet as a `WalletItem`.
 *
 * @example
 * ```ts
 * const { wallets, wcWallets, hasMore } = headless.getWalletList()
 * if (hasMore) await headless.fetchWallets()
 * ```
 */
export interface WalletListModel {
  /**
   * The Connect view's wallets in its order (docs/behaviour.md §2, §5): installed and announced,
   * recent, featured, up to 4 recommended, with the site's exclusions and without repeats; neither
   * the bare WalletConnect row nor the rows that are no wallet (email, social, All Wallets).
   */
  wallets: WalletItem[]
  /**
   * The registry as All Wallets shows it (docs/behaviour.md §2, §9): the search results while a search
   * is on, else the pages fetched so far (40 a page), the site's exclusions applied. Empty with
   * WalletConnect off (`walletConnect: false`): a registry wallet connects through it.
   */
  wcWallets: WalletItem[]
  /** The last registry page fetched (from 1; 0 before the first). The next one to ask for is `page + 1`. */
  page: number
  /** The registry's size as the service counts it (the search's count while a search is on); 0 until known. */
  count: number
  /** Another registry page may be asked for (not while searching; paging rules of docs/behaviour.md §9). */
  hasMore: boolean
  /** A registry page or search is on its way. */
  isFetchingWallets: boolean
  /** The search on show (trimmed, docs/behaviour.md §5). */
  search?: string
  /** Why the last page or search failed (docs/behaviour.md §8 message). */
  error?: string
  /** The id of the wallet being connected: the registry wallet picked, else the pending connect's connector id. */
  connectingWallet?: string
}

/** The wallet link validator's form of each link a registry wallet carries (refused links left out). */
const walletInfo = (w: WalletRef | undefined): WalletItem['walletInfo'] =>
  w ? defined({ deepLink: walletLink(w.mobileLink), desktopLink: walletLink(w.desktopLink), webappLink: walletLink(w.webappLink) }) : {}

/** docs/behaviour.md §2: the wallets the Connect view tags as installed. */
const isInstalled = (r: ConnectorRow) => r.type === 'ANNOUNCED' || r.type === 'INJECTED'

/** A Connect view row that is a wallet: not the bare WalletConnect row, not the email and social (auth) connector. */
const isWalletRow = (r: ConnectorRow): r is ConnectorRow & { group: Exclude<WalletItemGroup, 'allWallets'> } => r.group !== 'walletConnect' && r.group !== 'custom'

/** A row as a WalletItem; `via` is what picking it connects (the row itself, or the installed wallet a registry row names). */
const item = (row: { id: string; name: string; imageUrl?: string; wallet?: WalletRef }, group: WalletItemGroup, via: { id: string; chain: Namespace; wallet?: WalletRef }, isInjected: boolean, recentIds: ReadonlySet<string>): WalletItem => {
  const p = rowConnectPayload(via)
  return defined({
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    connectors: [{ id: p.connectorId, namespace: p.namespace }],
    isInjected,
    isRecent: group === 'recent' || recentIds.has(row.id),
    group,
    walletInfo: walletInfo(row.wallet),
  })
}

/**
 * The wallet list model (docs/behaviour.md §2, §5, §9): `connectRows` without the bare WalletConnect
 * row and the auth connector, and `allWalletsModel`'s wallets, as `WalletItem`s. A registry wallet
 * this browser has installed (its rdns an installed wallet's id, as All Wallets picks it) connects
 * through that wallet.
 */
export function walletListModel(s: State): WalletListModel {
  const rows = connectRows(s)
  const all = allWalletsModel(s)
  const recentIds = new Set(s.wallets.recent.map((w) => w.id))
  const chain = activeNamespace(s) ?? 'eip155'
  const registry = s.config.walletConnect !== false
  const listed = (w: WalletRow): WalletItem => {
    const installed = w.wallet.rdns ? rows.find((r) => isInstalled(r) && r.id === w.wallet.rdns) : undefined
    return item(w, 'allWallets', installed ?? { id: w.id, chain, wallet: w.wallet }, installed !== undefined, recentIds)
  }
  const pending = s.connection.pending
  return defined({
    wallets: rows.filter(isWalletRow).map((r) => item(r, r.group, r, isInstalled(r), recentIds)),
    wcWallets: registry ? all.wallets.map(listed) : [],
    page: all.nextPage - 1,
    count: all.count,
    hasMore: registry && all.hasMore,
    isFetchingWallets: all.loading,
    search: all.query,
    error: all.error,
    connectingWallet: pending ? (pending.connectorId === WALLETCONNECT_CONNECTOR_ID && s.wallets.picked ? s.wallets.picked.id : pending.connectorId) : undefined,
  })
}
