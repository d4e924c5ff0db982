/**
 * Account state per chain namespace (docs/behaviour.md §3): caipAddress, address, balance, balanceSymbol, status.
 * Balances are kept in the chain's smallest unit (wei, lamports) with their decimals; selectors format them.
 */
import { balanceValue } from '../../events/catalogue/account-data.js'
import type { AccountTab, CaipAddress, CaipNetworkId, Namespace } from '../../events/entities.js'
import { namespaceOf, parseCaipAddress, toCaipAddress } from '../../chains/caip.js'
import { isForbiddenKey, withKey } from '../../events/kernel/safe-json.js'
import { normalizeAddress } from '../../chains/address.js'
import { fromConnectedWallet, type ConnectionStatus } from './connection.js'
import { becomesActive, successor } from './connections.js'
import { sameConnector } from '../select/connections.js'
import { slice, type Slice } from '../reducer.js'
import { activeNamespace } from '../select/active-namespace.js'
import type { State } from '../state.js'

export interface AccountState {
  status: ConnectionStatus
  caipAddress?: CaipAddress
  address?: string
  caipNetworkId?: CaipNetworkId
  /** Native balance in the smallest unit (wei, lamports), an integer decimal string. */
  balanceRaw?: string
  balanceDecimals?: number
  balanceSymbol?: string
  balanceLoading: boolean
  balanceError?: string
  /** When the last balance fetch failed (the event's `at`, ms): docs/behaviour.md §9 blocks retries for 30 s. */
  balanceFailedAt?: number
  /** The Account view's tab (docs/behaviour.md §3 currentTab); Tokens when none was picked. */
  currentTab?: AccountTab
  /** A tab the visitor reached for and has not picked (`account/tab-approached`), until a tab is picked or the modal closes. */
  approachedTab?: AccountTab
}

export type AccountsState = Partial<Record<Namespace, AccountState>>

const empty: AccountState = { status: 'disconnected', balanceLoading: false }

const withAddress = (s: AccountState, caipAddress: CaipAddress): AccountState => {
  if (s.caipAddress === caipAddress) return s
  const { address, caipNetworkId } = parseCaipAddress(caipAddress)
  return { status: s.status, caipAddress, address, caipNetworkId, balanceLoading: false, ...(s.currentTab ? { currentTab: s.currentTab } : {}) }
}

const update = (all: AccountsState, ns: Namespace, f: (s: AccountState) => AccountState): AccountsState => withKey(all, ns, f(all[ns] ?? empty))

/** Applies `f` to the namespace whose account is `caipAddress`, when it still is. */
const forAddress = (all: AccountsState, caipAddress: CaipAddress, f: (s: AccountState) => AccountState): AccountsState => {
  const ns = parseCaipAddress(caipAddress).namespace as Namespace
  return all[ns]?.caipAddress === caipAddress ? update(all, ns, f) : all
}

export const accounts: Slice<AccountsState, State> = slice<AccountsState, State>(
  {},
  {
    'engine/started': (all) => {
      const out: AccountsState = {}
      for (const [ns, s] of Object.entries(all) as [Namespace, AccountState][]) {
        if (!isForbiddenKey(ns)) out[ns] = { ...s, status: s.caipAddress ? 'connected' : 'disconnected', balanceLoading: false }
      }
      return out
    },
    'connect/requested': (all, e) => update(all, e.payload.namespace, (s) => (s.status === 'connected' ? s : { ...s, status: 'connecting' })),
    'connect/failed': (all, e) => update(all, e.payload.namespace, (s) => ({ ...s, status: s.caipAddress ? 'connected' : 'disconnected' })),
    /** Only a connect that makes its connector the active one moves the account (connections.ts becomesActive). */
    'connect/succeeded': (all, e, root) =>
      becomesActive(root, e.payload) ? update(all, e.payload.namespace, (s) => ({ ...withAddress(s, e.payload.caipAddress), status: 'connected' })) : all,
    'connection/switched': (all, e) => update(all, e.payload.namespace, (s) => ({ ...withAddress(s, e.payload.caipAddress), status: 'connected' })),
    'wallet/accounts-changed': (all, e, root) =>
      !fromConnectedWallet(root, e.payload) ? all : update(all, e.payload.namespace, (s) => {
        const [first] = e.payload.addresses
        if (!first || !s.caipNetworkId) return s
        return withAddress(s, toCaipAddress(s.caipNetworkId, normalizeAddress(e.payload.namespace, first)))
      }),
    'wallet/chain-changed': (all, e, root) =>
      !fromConnectedWallet(root, e.payload) ? all : update(all, e.payload.namespace, (s) => (s.address ? withAddress(s, toCaipAddress(e.payload.caipNetworkId, s.address)) : s)),
    /** A switch on a connected namespace moves its account to the new network (a Solana wallet does not report its cluster). */
    'network/switched': (all, e) => {
      const ns = namespaceOf(e.payload.caipNetworkId)
      return !ns ? all : update(all, ns, (s) => (s.address ? { ...withAddress(s, toCaipAddress(e.payload.caipNetworkId, s.address)), status: s.status } : s))
    },
    /**
     * Another connection than the active one: the account stays. The active one: the next active
     * connection's first account on the namespace's network (connections.ts successor), else none.
     */
    'disconnect/succeeded': (all, e, root) => {
      const { namespace, connectorId } = e.payload
      const active = root.connection.connectorIds[namespace]
      if (active !== undefined && !sameConnector(active, connectorId)) return all
      const next = successor(root, namespace, connectorId)?.accounts[0]
      const network = all[namespace]?.caipNetworkId ?? root.networks.active[namespace]
      if (!next || !network) return withKey(all, namespace, empty)
      return update(all, namespace, (s) => ({ ...withAddress(s, toCaipAddress(network, normalizeAddress(namespace, next.address))), status: 'connected' }))
    },
    'account/tab-selected': (all, e, root) => {
      const ns = activeNamespace(root)
      return ns ? update(all, ns, ({ approachedTab: _a, ...s }) => ({ ...s, currentTab: e.payload.tab })) : all
    },
    'account/tab-approached': (all, e, root) => {
      const ns = activeNamespace(root)
      const s = ns ? all[ns] : undefined
      return ns && s?.caipAddress && s.approachedTab !== e.payload.tab ? update(all, ns, (a) => ({ ...a, approachedTab: e.payload.tab })) : all
    },
    'modal/close-requested': (all, _e, root) => {
      const ns = activeNamespace(root)
      return ns && all[ns]?.approachedTab ? update(all, ns, ({ approachedTab: _a, ...s }) => s) : all
    },
    'balance/fetch-requested': (all, e) => forAddress(all, e.payload.caipAddress, (s) => ({ ...s, balanceLoading: true })),
    'balance/fetched': (all, e) =>
      forAddress(all, e.payload.caipAddress, (s) => {
        const { balanceError: _e, balanceFailedAt: _f, ...rest } = s
        return { ...rest, balanceRaw: balanceValue(e.payload), balanceDecimals: e.payload.decimals, balanceSymbol: e.payload.symbol, balanceLoading: false }
      }),
    'balance/failed': (all, e) => forAddress(all, e.payload.caipAddress, (s) => ({ ...s, balanceLoading: false, balanceError: e.payload.message, balanceFailedAt: e.at })),
    'balance/fetch-skipped': (all, e) => forAddress(all, e.payload.caipAddress, (s) => ({ ...s, balanceLoading: false })),
  },
)
