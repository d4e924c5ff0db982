/** The active network as the views and the host see it (docs/api.md `getNetwork`). A view model. Pure. */
import type { CaipNetworkId, Namespace } from '../../events/entities.js'
import { isUnsupported } from '../select/networks.js'
import { activeNamespace } from '../select/active-namespace.js'
import { activeNetwork, activeNetworkId } from '../select/active-network.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'

/**
 * The active network. `name` is 'Unknown network' and `unsupported` true for a chain the site did
 * not configure on one of its namespaces (docs/behaviour.md §4 placeholder).
 */
export interface NetworkModel {
  caipNetworkId?: CaipNetworkId
  namespace?: Namespace
  name?: string
  unsupported?: boolean
}

/** The network model, from the active network (activeNetworkId) and the site's networks. */
export function networkModel(s: State): NetworkModel {
  const caipNetworkId = activeNetworkId(s)
  const name = activeNetwork(s)?.name ?? (caipNetworkId ? 'Unknown network' : undefined)
  return defined({ caipNetworkId, namespace: activeNamespace(s), name, unsupported: isUnsupported(s.config.networks, caipNetworkId) || undefined })
}
