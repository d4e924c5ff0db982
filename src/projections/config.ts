/** The host site's options as recorded by `engine/configured` (spec §3 Options). */
import type { CaipNetworkId, Network } from '../events/entities.js'
import { slice } from './reducer.js'
import type { State } from './state.js'

export interface ConfigState {
  projectId: string
  networks: Network[]
  defaultNetworkId?: CaipNetworkId
  enableEmbedded: boolean
  manualWCControl: boolean
  adapterCount: number
}

export const config = slice<ConfigState, State>(
  { projectId: '', networks: [], enableEmbedded: false, manualWCControl: false, adapterCount: 1 },
  {
    'engine/configured': (_s, e) => ({ ...e.payload }),
  },
)
