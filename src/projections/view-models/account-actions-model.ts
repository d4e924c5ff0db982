/** The Account view's actions (docs/behaviour.md §9 wallet features and their order). A view model. Pure. */
import type { WalletFeature } from '../../events/host-options.js'
import { resolvedFeatures } from '../select/features.js'
import type { State } from '../state.js'

/** An Account view action Gangway has a view for (on-ramp and swaps come with issue 21). */
export type AccountAction = Extract<WalletFeature, 'receive' | 'send'>

/** The Account view's actions. */
export interface AccountActionsModel {
  /** In `features.walletFeaturesOrder` (default onramp, swaps, receive, send), those whose feature is on. */
  actions: AccountAction[]
}

/** The Account actions model: the wallet features in order, those switched off and those without a view left out. */
export function accountActionsModel(s: State): AccountActionsModel {
  const f = resolvedFeatures(s)
  const on: Record<AccountAction, boolean> = { receive: f.receive, send: f.send }
  return { actions: f.walletFeaturesOrder.filter((a): a is AccountAction => (a === 'receive' || a === 'send') && on[a]) }
}
