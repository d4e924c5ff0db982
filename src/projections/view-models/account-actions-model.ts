/** The Account view's actions (docs/behaviour.md §9 wallet features and their order). A view model. Pure. */
import type { WalletFeature } from '../../events/host-options.js'
import { resolvedFeatures } from '../select/features.js'
import { activeNetworkId } from '../select/active-network.js'
import type { State } from '../state.js'
import { isSwapNetwork } from '../swap-rules.js'

/** An Account view action Gangway has a view for (the on-ramp comes later in issue 21). */
export type AccountAction = Extract<WalletFeature, 'swaps' | 'receive' | 'send'>

/** The Account view's actions. */
export interface AccountActionsModel {
  /** In `features.walletFeaturesOrder` (default onramp, swaps, receive, send), those whose feature is on. */
  actions: AccountAction[]
}

const HAS_VIEW: readonly WalletFeature[] = ['swaps', 'receive', 'send']

/**
 * The Account actions model: the wallet features in order, those switched off and those without a
 * view left out; swaps only on a swap network (issue 21: `swapNetworks`, else the §9 list).
 */
export function accountActionsModel(s: State): AccountActionsModel {
  const f = resolvedFeatures(s)
  const on: Record<AccountAction, boolean> = { swaps: f.swaps && isSwapNetwork(activeNetworkId(s), s.config.swapNetworks), receive: f.receive, send: f.send }
  return { actions: f.walletFeaturesOrder.filter((a): a is AccountAction => HAS_VIEW.includes(a) && on[a as AccountAction]) }
}
