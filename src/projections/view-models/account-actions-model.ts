/** The Account view's actions (docs/behaviour.md §9 wallet features and their order). A view model. Pure. */
import type { WalletFeature } from '../../events/kernel/host-options.js'
import { resolvedFeatures } from '../select/features.js'
import { activeNetworkId } from '../select/active-network.js'
import type { State } from '../state.js'
import { isSwapNetwork } from '../rules/swap-rules.js'
import { onrampOffered } from '../rules/onramp-rules.js'

/** An Account view action: each wallet feature has a view. */
export type AccountAction = WalletFeature

/** The Account view's actions. */
export interface AccountActionsModel {
  /** In `features.walletFeaturesOrder` (default onramp, swaps, receive, send), those whose feature is on. */
  actions: AccountAction[]
}

/**
 * The Account actions model: the wallet features in order, those switched off and those without a
 * view left out; swaps only on a swap network (`swapNetworks`, else the docs/behaviour.md §9 list), buying
 * only where the on-ramp is offered (onramp-rules.ts).
 */
export function accountActionsModel(s: State): AccountActionsModel {
  const f = resolvedFeatures(s)
  const on: Record<AccountAction, boolean> = { onramp: onrampOffered(s), swaps: f.swaps && isSwapNetwork(activeNetworkId(s), s.config.swapNetworks), receive: f.receive, send: f.send }
  return { actions: f.walletFeaturesOrder.filter((a) => on[a]) }
}
