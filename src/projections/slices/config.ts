/** The host site's options as recorded by `engine/configured` (docs/behaviour.md §3 Options). */
import type { EventPayloads } from '../../events/types.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

/** The `engine/configured` payload as recorded, with what the blockchain service says of RPC routing. */
export type ConfigState = EventPayloads['engine/configured'] & {
  /** CAIP-2 ids the wallet-provider RPC endpoint serves (docs/behaviour.md §7 routing). */
  providerChains: string[]
}

export const config: Slice<ConfigState, State> = slice<ConfigState, State>(
  { projectId: '', networks: [], enableEmbedded: false, manualWCControl: false, adapterCount: 1, providerChains: [] },
  {
    // Each start asks the blockchain service afresh; until it answers, chains use their own URLs.
    'engine/configured': (_s, e) => ({ ...e.payload, providerChains: [] }),
    'rpc/supported-chains-fetched': (s, e) => ({ ...s, providerChains: e.payload.http }),
  },
)
