/** Discovered wallets (docs/behaviour.md §3 Connector), replaced whole by each `connectors/discovered`. */
import type { Connector } from '../../events/entities.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

export interface ConnectorsState {
  list: Connector[]
}

export const connectors: Slice<ConnectorsState, State> = slice<ConnectorsState, State>(
  { list: [] },
  {
    'connectors/discovered': (_s, e) => ({ list: e.payload.connectors }),
  },
)
