/**
 * The view an open request shows (docs/behaviour.md §2 Opening), and where a view falls back to
 * while its feature is off (§9 features): what the modal slice folds and the page shows at once. Pure.
 */
import type { EventPayloads } from '../../events/types.js'
import type { ViewName } from '../../events/entities.js'
import { isSwapNetwork } from '../rules/swap-rules.js'
import { onrampOffered } from '../rules/onramp-rules.js'
import type { State } from '../state.js'
import { activeAccount } from './active-account.js'
import { activeNamespace } from './active-namespace.js'
import { activeNetworkId } from './active-network.js'
import { resolvedFeatures } from './features.js'

/** The send flow's views: never shown while the send feature is off. */
const SEND_VIEWS: readonly ViewName[] = ['WalletSend', 'WalletSendSelectToken', 'WalletSendPreview']
/** The swap views. */
const SWAP_VIEWS: readonly ViewName[] = ['Swap', 'SwapSelectToken', 'SwapPreview']
/** The buying views. */
const ONRAMP_VIEWS: readonly ViewName[] = ['OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect', 'BuyInProgress']

/**
 * `view`, or where it falls back to while its feature is off (docs/behaviour.md §9 features, flags
 * off remove their views): AllWallets without allWallets shows Connect; the send views without
 * send, and WalletReceive without receive, show Account.
 */
export function availableView(root: State, view: ViewName): ViewName {
  const f = resolvedFeatures(root)
  if (view === 'AllWallets' && !f.allWallets) return 'Connect'
  if ((SEND_VIEWS.includes(view) && !f.send) || (view === 'WalletReceive' && !f.receive)) return 'Account'
  // Swaps where the remote feature is on and the active network is a swap network.
  if (SWAP_VIEWS.includes(view) && (!f.swaps || !isSwapNetwork(activeNetworkId(root), root.config.swapNetworks))) return 'Account'
  // Buying where the on-ramp is offered (onramp-rules.ts).
  if (ONRAMP_VIEWS.includes(view) && !onrampOffered(root)) return 'Account'
  return view
}

/**
 * docs/behaviour.md §2 Opening, in order:
 * 1. a target namespace that differs from the active one: SwitchNetwork;
 * 2. manual WalletConnect control, or no adapters and no address: AllWallets on mobile, ConnectingWalletConnectBasic otherwise;
 * 3. an explicit view requested: that view;
 * 4. a connected address: Account;
 * 5. otherwise Connect.
 * A view whose feature is off gives its fallback (availableView).
 */
export function openingView(root: State, request: EventPayloads['modal/open-requested']): ViewName {
  const address = activeAccount(root)?.address
  const active = activeNamespace(root)
  if (request.namespace && active && request.namespace !== active) return 'SwitchNetwork'
  if (root.config.manualWCControl || (root.config.adapterCount === 0 && !address)) {
    return request.isMobile ? availableView(root, 'AllWallets') : 'ConnectingWalletConnectBasic'
  }
  if (request.view) return availableView(root, request.view)
  if (address) return 'Account'
  return 'Connect'
}
