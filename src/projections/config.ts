/** The host site's options as recorded by `engine/configured` (spec §3 Options). */
import type { AccountType, CaipNetworkId, Namespace, Network, TokenInfo } from '../events/entities.js'
import { slice } from './reducer.js'
import type { State } from './state.js'

export interface ConfigState {
  projectId: string
  networks: Network[]
  defaultNetworkId?: CaipNetworkId
  enableEmbedded: boolean
  manualWCControl: boolean
  adapterCount: number
  allowUnsupportedChain?: boolean
  enableNetworkSwitch?: boolean
  defaultAccountTypes?: Partial<Record<Namespace, AccountType>>
  smartAccountNetworks?: CaipNetworkId[]
  tokens?: Record<string, TokenInfo[]>
  featuredWalletIds?: string[]
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  /** CAIP-2 ids the wallet-provider RPC endpoint serves (spec §7 routing). */
  providerChains: string[]
}

export const config = slice<ConfigState, State>(
  { projectId: '', networks: [], enableEmbedded: false, manualWCControl: false, adapterCount: 1, providerChains: [] },
  {
    // Each start asks the blockchain service afresh; until it answers, chains use their own URLs.
    'engine/configured': (_s, e) => ({ ...e.payload, providerChains: [] }),
    'rpc/supported-chains-fetched': (s, e) => ({ ...s, providerChains: e.payload.http }),
  },
)
