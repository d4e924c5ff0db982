/**
 * The connections ProfileWallets lists (docs/behaviour.md §2, §6) and the accounts whose balances it
 * shows, as both its view model (view-models/profile-wallets-model.ts) and the balance effect read
 * them. Pure.
 */
import type { CaipAddress, CaipNetworkId, Namespace } from '../../events/entities.js'
import { toCaipAddress } from '../../chains/caip.js'
import { normalizeAddress } from '../../chains/address.js'
import type { Connection } from '../slices/connections.js'
import { sameConnector } from './connections.js'
import type { State } from '../state.js'
import { connectionClass } from './connection-class.js'
import { resolvedFeatures } from './features.js'

/** The connections of `namespace` the view lists: every known one (live first, then disconnected), or only the active one with the feature off. */
export function listedConnections(s: State, namespace: Namespace, multiWallet: boolean): Connection[] {
  const all = s.connections?.[namespace] ?? []
  const active = s.connection.connectorIds[namespace]
  const fallback: Connection[] = active !== undefined && !all.some((c) => sameConnector(c.connectorId, active)) && s.accounts[namespace]?.address ? [{ connectorId: active, accounts: [{ address: s.accounts[namespace]!.address! }] }] : []
  const known = [...fallback, ...all]
  const rank = (c: Connection) => ['connected', 'active', 'disconnected'].indexOf(connectionClass(s, namespace, c.connectorId))
  const ordered = known.map((c, i) => [c, i] as const).sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j).map(([c]) => c)
  return multiWallet ? ordered : ordered.filter((c) => connectionClass(s, namespace, c.connectorId) === 'connected')
}

/** A namespace as ProfileWallets lists it: the network its accounts show on (CAIP-2: the account's, else the active one, else the site's first) and its listed connections. */
export interface ProfileGroup {
  namespace: Namespace
  network?: CaipNetworkId
  connections: Connection[]
}

/** Every namespace of the site's networks, in their order, with the network and the connections ProfileWallets lists (see ProfileGroup). */
export function profileGroups(s: State): ProfileGroup[] {
  const multiWallet = resolvedFeatures(s).multiWallet
  return [...new Set(s.config.networks.map((n) => n.chainNamespace))].map((namespace) => {
    const network = s.accounts[namespace]?.caipNetworkId ?? s.networks.active[namespace] ?? s.config.networks.find((n) => n.chainNamespace === namespace)?.caipNetworkId
    return { namespace, ...(network ? { network } : {}), connections: listedConnections(s, namespace, multiWallet) }
  })
}

/** An account of a listed connection as the view shows it: its address in the namespace's form, and its CAIP-10 id on `network` when there is one. */
export function profileAccount(namespace: Namespace, network: CaipNetworkId | undefined, address: string): { address: string; caipAddress?: CaipAddress } {
  const normalized = normalizeAddress(namespace, address)
  return network ? { address: normalized, caipAddress: toCaipAddress(network, normalized) } : { address: normalized }
}

/** The most accounts whose balance one showing of ProfileWallets asks for. */
export const PROFILE_BALANCES_MAX = 20

/** The accounts ProfileWallets shows while it is on show, in its order (their balances are fetched through the 30 s cache), else none. */
export function profileBalanceNeeds(s: State): CaipAddress[] {
  if (!s.modal.open || s.modal.view !== 'ProfileWallets') return []
  const rows = profileGroups(s).flatMap(({ namespace, network, connections }) => connections.flatMap((c) => c.accounts.map((a) => profileAccount(namespace, network, a.address).caipAddress)))
  return rows.filter((a): a is CaipAddress => a !== undefined).slice(0, PROFILE_BALANCES_MAX)
}
