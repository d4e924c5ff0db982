/** The active network (docs/behaviour.md §3 Network, §4 Switching active network). A domain selector: state → fact. Pure. */
import type { CaipNetworkId, Network } from '../../events/entities.js'
import { findNetwork } from './networks.js'
import type { State } from '../state.js'
import { activeNamespace } from './active-namespace.js'

/**
 * The active namespace's network id (CAIP-2): the one switched to or reported by the wallet, else
 * the site's default, else its first configured network. It may be one the site did not configure
 * (a wallet on another chain).
 */
export function activeNetworkId(s: State): CaipNetworkId | undefined {
  const namespace = activeNamespace(s)
  return (namespace && s.networks.active[namespace]) || s.config.defaultNetworkId || s.config.networks[0]?.caipNetworkId
}

/** The configured network that is active, or undefined when the active id is not one the site configured. */
export function activeNetwork(s: State): Network | undefined {
  return findNetwork(s.config.networks, activeNetworkId(s))
}
