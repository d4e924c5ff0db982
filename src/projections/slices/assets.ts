/** Token balances of the connected accounts (the site's listed tokens), keyed by CAIP-10 id. */
import type { CaipAddress } from '../../events/entities.js'
import { fromSafeEntries, withKey } from '../../events/kernel/safe-json.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

export interface AssetsState {
  /** Smallest-unit balances per token address (lowercase), per account. */
  balances: Partial<Record<CaipAddress, Record<string, string>>>
}

export const assets: Slice<AssetsState, State> = slice<AssetsState, State>(
  { balances: {} },
  {
    'tokens/fetched': (s, e) => ({
      balances: withKey(s.balances, e.payload.caipAddress, fromSafeEntries(e.payload.balances.map((b) => [b.address.toLowerCase(), b.value]))),
    }),
  },
)
