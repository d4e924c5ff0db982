/**
 * The ProfileWallets view (docs/behaviour.md §2): every connection grouped by namespace,
 * each with its wallet's name and icon and its accounts (short address, balance, the site's label,
 * the explorer page), and what can be done with it (switch, disconnect, connect again). With the
 * multiWallet remote feature off (docs/behaviour.md §6), only the active connector's connection
 * shows, with the multi-wallet-not-enabled alert. A view model. Pure.
 */
import { AUTH_CONNECTOR_ID, type CaipAddress, type Namespace } from '../../events/entities.js'
import { PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import { authDisplayName } from '../rules/auth-rules.js'
import { defined } from '../../events/defined.js'
import { addressLabel } from '../select/address-label.js'
import type { Connection } from '../slices/connections.js'
import { sameConnector } from '../select/connections.js'
import { floorUnits } from '../format.js'
import { addressExplorerUrl } from '../select/address-explorer-url.js'
import { activeNamespace } from '../select/active-namespace.js'
import { connectionClass, type ConnectionClass } from '../select/connection-class.js'
import { resolvedFeatures } from '../select/features.js'
import { profileAccount, profileGroups } from '../select/profile-connections.js'
import type { State } from '../state.js'

/** One account of a connection. */
export interface ProfileAccountRow {
  address: string
  /** CAIP-10, on the namespace's network, when it has one. */
  caipAddress?: CaipAddress
  /** The namespace's active account. */
  active: boolean
  /** Native balance floored to 3 decimals, once read. */
  balance?: string
  balanceSymbol?: string
  /** The site's label (addressLabels). */
  label?: string
  /** The account's page on the network's block explorer (addressExplorerUrl). */
  explorerUrl?: string
}

/** One connection: its wallet, its class and its accounts. */
export interface ProfileConnectionRow {
  connectorId: string
  name: string
  imageUrl?: string
  /** docs/behaviour.md §4: connected (the active one), active (live), disconnected (connect again). */
  status: ConnectionClass
  accounts: ProfileAccountRow[]
}

/** One namespace's connections, the active one first. */
export interface ProfileNamespace {
  namespace: Namespace
  connections: ProfileConnectionRow[]
}

export interface ProfileWalletsModel {
  /** The multiWallet remote feature: off shows the alert and only the active connection. */
  multiWallet: boolean
  /** The namespace the modal is on (the view's first tab). */
  activeNamespace?: Namespace
  /** Each configured namespace with a connection, in the order of the site's networks. */
  namespaces: ProfileNamespace[]
  /** Whether any connection can be disconnected (Disconnect all). */
  canDisconnect: boolean
}

/** The wallet's icon: the discovered connector's, else the recent wallet of that name (a WalletConnect listing). */
const iconOf = (s: State, c: Connection): string | undefined =>
  s.connectors.list.find((x) => sameConnector(x.id, c.connectorId))?.imageUrl ?? (c.name ? s.wallets.recent.find((w) => w.name === c.name)?.imageUrl : undefined)

/**
 * A connection's name: the wallet's as the connect recorded it or the page discovered it; for the
 * auth connector, its user's display name (docs/behaviour.md §5: the social username, else the email), else 'Email';
 * for the passkey connector, 'Passkey' (docs/behaviour.md §2 Passkey).
 */
export function connectionName(s: State, namespace: Namespace, c: Connection): string {
  if (sameConnector(c.connectorId, AUTH_CONNECTOR_ID)) {
    const user = s.auth?.users[namespace]
    return (user && authDisplayName(user, user.socialProvider)) ?? 'Email'
  }
  if (sameConnector(c.connectorId, PASSKEY_CONNECTOR_ID)) return 'Passkey'
  return c.name ?? s.connectors.list.find((x) => sameConnector(x.id, c.connectorId))?.name ?? c.connectorId
}

/** The ProfileWallets model (see the module's comment). */
export function profileWalletsModel(s: State): ProfileWalletsModel {
  const groups = profileGroups(s).flatMap(({ namespace, network, connections: listed }): ProfileNamespace[] => {
    const activeAddress = s.accounts[namespace]?.address?.toLowerCase()
    const connections = listed.map((c): ProfileConnectionRow => {
      const status = connectionClass(s, namespace, c.connectorId)
      const accounts = c.accounts.map((a): ProfileAccountRow => {
        const { address, caipAddress } = profileAccount(namespace, network, a.address)
        const held = caipAddress ? s.addressBalances?.[caipAddress] : undefined
        return defined({
          address,
          caipAddress,
          active: status === 'connected' && address.toLowerCase() === activeAddress,
          balance: held ? floorUnits(held.raw, held.decimals, 3) : undefined,
          balanceSymbol: held?.symbol,
          label: addressLabel(s, a.address),
          explorerUrl: addressExplorerUrl(s, caipAddress),
        })
      })
      return defined({ connectorId: c.connectorId, name: connectionName(s, namespace, c), imageUrl: iconOf(s, c), status, accounts })
    })
    return connections.length ? [{ namespace, connections }] : []
  })
  return defined({
    multiWallet: resolvedFeatures(s).multiWallet,
    activeNamespace: activeNamespace(s),
    namespaces: groups,
    canDisconnect: groups.some((g) => g.connections.some((c) => c.status !== 'disconnected')),
  })
}
