/** The active namespace's account (and every connected namespace's) as the views and the host see it (docs/api.md `getAccount`). A view model. Pure. */
import { AUTH_CONNECTOR_ID, BITCOIN_STANDARD_CONNECTOR_PREFIX, type AccountType, type CaipAddress, type Namespace } from '../../events/entities.js'
import type { SocialProvider } from '../../events/kernel/host-options.js'
import { sameConnector } from '../select/connections.js'
import { PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import type { ConnectionStatus } from '../slices/connection.js'
import { floorUnits } from '../format.js'
import { activeAccount, activeAccountStatus, connectedAccount, type ActiveAccount } from '../select/active-account.js'
import { activeNamespace } from '../select/active-namespace.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'
import { preferredAccountType } from '../select/preferred-account-type.js'
import { addressLabel } from '../select/address-label.js'
import { addressExplorerUrl } from '../select/address-explorer-url.js'
import type { ConnectionClass } from '../select/connection-class.js'
import { profileWalletsModel, type ProfileNamespace } from './profile-wallets-model.js'

/** The active namespace's account (docs/api.md `getAccount`). `balance` is floored to 3 decimals (docs/behaviour.md §9). */
export interface AccountModel {
  namespace?: Namespace
  status: ConnectionStatus
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  isConnected: boolean
  /** docs/behaviour.md §3 profileName and profileImage: the address's name and avatar (blockchain service identity, EVM). */
  profileName?: string
  profileImage?: string
  /** The active connection's connector: a switch between connections changes it, even to the same address. */
  connectorId?: string
  /** docs/behaviour.md §3 connectedWalletInfo: the active connection's wallet, its name and icon. */
  connectedWalletInfo?: { name: string; icon?: string }
  /** docs/behaviour.md §3 addressLabels: the site's label for the address. */
  label?: string
  /**
   * An email or social login's account (docs/behaviour.md §3 user, socialProvider,
   * smartAccountDeployed): the user's email or social username, how they logged in, the account
   * type on show, and whether the smart account's code is on chain yet.
   */
  embeddedWalletInfo?: { user: { email?: string; username?: string }; authProvider: 'email' | SocialProvider; accountType: AccountType; isSmartAccountDeployed: boolean }
  /**
   * docs/behaviour.md §6: the account type the Account view offers to switch to, for an email or
   * social login: eoa from a smart account; a smart account from an eoa where the network has them.
   */
  accountTypeSwitch?: AccountType
  /** docs/behaviour.md §3 addressExplorerUrl: the address's page on its network's block explorer. */
  addressExplorerUrl?: string
  /**
   * A passkey's account (docs/behaviour.md §2 Passkey): how many passkeys the site's tabs know for it
   * (`passkeys`), whether this tab is adding one (`adding`), and how its last add ended (`added`, or
   * `error` with the failure's message).
   */
  passkey?: { passkeys: number; adding: boolean; added?: true; error?: string }
  /**
   * The namespace's connections (ProfileWallets without balances): with the multiWallet remote
   * feature off (docs/behaviour.md §6), only the active one.
   */
  connections?: AccountConnection[]
  /** docs/api.md `getAccount(namespace)`: every connected namespace's account model, when one is connected. */
  byNamespace?: Partial<Record<Namespace, AccountModel>>
}

/** One connection as `getAccount` gives it: its connector, wallet name, class and accounts (with their labels). */
export interface AccountConnection {
  connectorId: string
  name: string
  status: ConnectionClass
  accounts: { address: string; label?: string }[]
}

/**
 * The account model: the active account (activeAccount) with its balance floored to 3 decimals,
 * its EVM name and avatar, its connection and the namespace's connections; `byNamespace` holds the
 * same for every connected namespace (docs/api.md `getAccount(namespace)`).
 */
export function accountModel(s: State): AccountModel {
  const groups = profileWalletsModel(s).namespaces
  const active = namespaceModel(s, activeAccount(s), activeNamespace(s), activeAccountStatus(s), groups)
  const byNamespace: Partial<Record<Namespace, AccountModel>> = {}
  for (const ns of s.connection.connectedNamespaces) {
    const a = connectedAccount(s, ns)
    if (a) byNamespace[ns] = namespaceModel(s, a, ns, 'connected', groups)
  }
  return Object.keys(byNamespace).length > 0 ? { ...active, byNamespace } : active
}

/** The auth connection's user as AccountModel gives it, when `a` is the auth connector's account. */
function embeddedWalletInfo(s: State, a: ActiveAccount): AccountModel['embeddedWalletInfo'] {
  const user = sameConnector(a.connectorId ?? '', AUTH_CONNECTOR_ID) ? s.auth?.users[a.namespace] : undefined
  if (!user) return undefined
  const accountType = user.accounts.find((x) => x.address.toLowerCase() === a.address.toLowerCase())?.type ?? user.preferredAccountType
  return { user: defined({ email: user.email, username: user.username }), authProvider: user.socialProvider ?? 'email', accountType, isSmartAccountDeployed: user.smartAccountDeployed }
}

/** A passkey account's AccountModel.passkey. */
function passkeyInfo(s: State, address: string): AccountModel['passkey'] {
  const { asking, added, credentials } = s.passkeys
  const passkeys = credentials.filter((c) => c.address.toLowerCase() === address.toLowerCase()).length
  return defined({ passkeys, adding: asking === 'add', added: added && 'id' in added ? (true as const) : undefined, error: added && 'error' in added ? added.error : undefined })
}

/**
 * The type the connection may switch to (AccountModel.accountTypeSwitch), or undefined: an auth
 * connection between its eoa and its smart account; a Wallet Standard Bitcoin wallet between its
 * payment and its ordinals account (docs/behaviour.md §6).
 */
function accountTypeSwitch(s: State, a: ActiveAccount): AccountType | undefined {
  if (a.namespace === 'bip122') return a.connectorId?.startsWith(BITCOIN_STANDARD_CONNECTOR_PREFIX) ? (preferredAccountType(s.accountTypes, 'bip122') === 'ordinal' ? 'payment' : 'ordinal') : undefined
  const current = embeddedWalletInfo(s, a)?.accountType
  if (current === 'smartAccount') return 'eoa'
  if (current !== 'eoa' || !s.auth.users[a.namespace]?.accounts.some((x) => x.type === 'smartAccount')) return undefined
  const network = a.caipNetworkId
  return [...(s.config.smartAccountNetworks ?? []), ...s.auth.smartAccountNetworks].includes(network) ? 'smartAccount' : undefined
}

/** One namespace's account model (see AccountModel), without `byNamespace`. */
function namespaceModel(s: State, a: ActiveAccount | undefined, namespace: Namespace | undefined, status: ConnectionStatus, groups: readonly ProfileNamespace[]): AccountModel {
  const hasBalance = a?.balanceRaw !== undefined && a.balanceDecimals !== undefined
  const identity = a?.namespace === 'eip155' ? s.accountData.identities[a.address.toLowerCase()] : undefined
  const rows = a ? groups.find((g) => g.namespace === a.namespace)?.connections ?? [] : []
  const wallet = rows.find((c) => c.status === 'connected')
  return defined({
    namespace,
    status,
    caipAddress: a?.caipAddress,
    address: a?.address,
    balance: hasBalance ? floorUnits(a!.balanceRaw!, a!.balanceDecimals!, 3) : undefined,
    balanceSymbol: a?.balanceSymbol,
    balanceLoading: a?.balanceLoading ?? false,
    isConnected: a !== undefined,
    profileName: identity?.name,
    profileImage: identity?.avatar,
    connectorId: a?.connectorId,
    connectedWalletInfo: wallet ? defined({ name: wallet.name, icon: wallet.imageUrl }) : undefined,
    label: a ? addressLabel(s, a.address) : undefined,
    embeddedWalletInfo: a ? embeddedWalletInfo(s, a) : undefined,
    accountTypeSwitch: a ? accountTypeSwitch(s, a) : undefined,
    addressExplorerUrl: addressExplorerUrl(s, a?.caipAddress),
    passkey: a && a.namespace === 'eip155' && sameConnector(a.connectorId ?? '', PASSKEY_CONNECTOR_ID) ? passkeyInfo(s, a.address) : undefined,
    connections: a ? rows.map((c) => ({ connectorId: c.connectorId, name: c.name, status: c.status, accounts: c.accounts.map((x) => defined({ address: x.address, label: x.label })) })) : undefined,
  })
}
