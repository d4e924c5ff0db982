/** Token balances of the connected accounts (the site's listed tokens), keyed by CAIP-10 id. */
import type { CaipAddress } from '../events/entities.js'
import { slice } from './reducer.js'
import type { State } from './state.js'

export interface AssetsState {
  /** Smallest-unit balances per token address (lowercase), per account. */
  balances: Partial<Record<CaipAddress, Record<string, string>>>
}

export const assets = slice<AssetsState, State>(
  { balances: {} },
  {
    'tokens/fetched': (s, e) => ({
      balances: { ...s.balances, [e.payload.caipAddress]: Object.fromEntries(e.payload.balances.map((b) => [b.address.toLowerCase(), b.value])) },
    }),
  },
)
