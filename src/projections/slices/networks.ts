/**
 * The active network per namespace (docs/behaviour.md §3 Network, §4 Switching active network). The active
 * network follows the wallet (connect, chainChanged) and explicit switches; `pending` is a switch
 * the wallet has not answered yet. Stored as namespace → CAIP-2 id (`namespace:chainId`).
 */
import { parseCaipAddress } from '../../chains/caip.js'
import type { CaipNetworkId, Namespace } from '../../events/entities.js'
import { withKey } from '../../events/kernel/safe-json.js'
import type { NewEvent } from '../../events/types.js'
import { fromConnectedWallet } from './connection.js'
import { becomesActive } from './connections.js'
import { slice, type Slice } from '../reducer.js'
import { NETWORK_NOT_FOUND } from '../rules/refusals.js'
import { networkNamespace } from '../select/networks.js'
import type { State } from '../state.js'
import { ERRORS } from '../../events/kernel/error-registry.js'

export interface NetworksState {
  active: Partial<Record<Namespace, CaipNetworkId>>
  pending?: CaipNetworkId
  /** The network SwitchActiveChain asks about. */
  activeChainTarget?: CaipNetworkId
}

/** Sets a namespace's active network; a pending switch or SwitchActiveChain target on that namespace is settled. */
const set = (s: NetworksState, id: CaipNetworkId): NetworksState => {
  const ns = networkNamespace(id)
  const next: NetworksState = { active: withKey(s.active, ns, id) }
  if (s.pending && networkNamespace(s.pending) !== ns) next.pending = s.pending
  if (s.activeChainTarget && networkNamespace(s.activeChainTarget) !== ns) next.activeChainTarget = s.activeChainTarget
  return next
}

/** Why a switch to `intent`'s network is refused: a send under way, or a network the site did not configure. */
function switchRefusal(s: State, intent: NewEvent<'network/switch-requested' | 'network/active-chain-switch-requested'>): string | undefined {
  if (s.send.loading) return ERRORS.sendingNow.message
  return s.config.networks.some((n) => n.caipNetworkId === intent.payload.caipNetworkId) ? undefined : NETWORK_NOT_FOUND
}

export const networks: Slice<NetworksState, State> = slice<NetworksState, State>(
  { active: {} },
  {
    'engine/started': (s) => ({ active: s.active }),
    'connect/succeeded': (s, e, root) => (becomesActive(root, e.payload) ? set(s, parseCaipAddress(e.payload.caipAddress).caipNetworkId) : s),
    'connection/switched': (s, e) => set(s, parseCaipAddress(e.payload.caipAddress).caipNetworkId),
    'wallet/chain-changed': (s, e, root) => (fromConnectedWallet(root, e.payload) ? set(s, e.payload.caipNetworkId) : s),
    'network/switch-requested': (s, e) => ({ ...s, pending: e.payload.caipNetworkId }),
    'modal/close-requested': (s) => ({ active: s.active }),
    'network/switched': (s, e) => set(s, e.payload.caipNetworkId),
    'network/switch-failed': (s) => ({ active: s.active }),
    'network/active-chain-switch-requested': (s, e) => ({ active: s.active, activeChainTarget: e.payload.caipNetworkId }),
  },
  {
    'network/switch-requested': switchRefusal,
    'network/active-chain-switch-requested': switchRefusal,
  },
)
