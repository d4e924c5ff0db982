/** The namespace the modal acts on (docs/behaviour.md §4 active namespace). A domain selector: state → fact. Pure. */
import type { Namespace } from '../../events/entities.js'
import type { State } from '../state.js'

/**
 * The namespace the modal acts on: the connection's active one (the last connected or switched
 * to), else the default network's, else the first configured network's; undefined with no networks.
 */
export function activeNamespace(s: State): Namespace | undefined {
  if (s.connection.activeNamespace) return s.connection.activeNamespace
  const def = s.config.networks.find((n) => n.caipNetworkId === s.config.defaultNetworkId) ?? s.config.networks[0]
  return def?.chainNamespace
}
