/** The SwitchNetwork and SwitchActiveChain views' data (docs/behaviour.md §2, §4 Switching active network). A view model. Pure. */
import type { CaipNetworkId, Namespace } from '../../events/entities.js'
import { activeNamespace } from '../select/active-namespace.js'
import { activeNetworkId } from '../select/active-network.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'
import { networkImage } from '../images.js'

/**
 * SwitchNetwork's list: the site's networks grouped by namespace, the active one marked. `imageUrl`:
 * the network's `assets.imageUrl`, else the wallet/config service's image of its `assets.imageId`.
 *
 * @example
 * ```ts
 * const active = headless.getNetworks().groups.flatMap((g) => g.networks).find((n) => n.active)
 * ```
 */
export interface NetworkListModel {
  /** `needsWallet`: another namespace with no connected account (picking it goes through SwitchActiveChain). */
  groups: { namespace: Namespace; label: string; networks: { caipNetworkId: CaipNetworkId; name: string; active: boolean; needsWallet: boolean; imageUrl?: string }[] }[]
  /** A switch the wallet has not answered yet. */
  pending?: CaipNetworkId
  /** SwitchActiveChain's network and its namespace's label. */
  target?: { caipNetworkId: CaipNetworkId; name: string; namespaceLabel: string }
}

/** How the list names each namespace's group. */
const NAMESPACE_LABELS: Record<Namespace, string> = { eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin', polkadot: 'Polkadot' }

/** The network list model: the configured networks in their order, grouped by namespace in order of first appearance. */
export function networkListModel(s: State): NetworkListModel {
  const active = activeNetworkId(s)
  const activeNs = activeNamespace(s)
  const groups: NetworkListModel['groups'] = []
  for (const n of s.config.networks) {
    let group = groups.find((g) => g.namespace === n.chainNamespace)
    if (!group) groups.push((group = { namespace: n.chainNamespace, label: NAMESPACE_LABELS[n.chainNamespace], networks: [] }))
    // Another namespace's account, not the active one: whether switching there needs a wallet first.
    const needsWallet = n.chainNamespace !== activeNs && !s.accounts[n.chainNamespace]?.address
    group.networks.push(defined({ caipNetworkId: n.caipNetworkId, name: n.name, active: n.caipNetworkId === active, needsWallet, imageUrl: networkImage(n) }))
  }
  const t = s.config.networks.find((n) => n.caipNetworkId === s.networks.activeChainTarget)
  const target = t ? { caipNetworkId: t.caipNetworkId, name: t.name, namespaceLabel: NAMESPACE_LABELS[t.chainNamespace] } : undefined
  return defined({ groups, pending: s.networks.pending, target })
}
