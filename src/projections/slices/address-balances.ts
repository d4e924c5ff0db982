/**
 * The native balance of every account this page read one for (docs/behaviour.md §2: ProfileWallets shows a
 * balance on each connection's accounts, not only the active one), keyed by CAIP-10 id, in the
 * smallest unit (wei, lamports) with its decimals and symbol. At most MAX_ADDRESS_BALANCES, the
 * least recently read dropped first. This tab's only (balance events are not shared).
 */
import { balanceValue } from '../../events/catalogue/account-data.js'
import type { CaipAddress } from '../../events/entities.js'
import { isForbiddenKey } from '../../events/kernel/safe-json.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

/** One account's native balance: `raw` an integer decimal string in wei or lamports. */
export interface AddressBalance {
  raw: string
  decimals: number
  symbol: string
}

export type AddressBalancesState = Partial<Record<CaipAddress, AddressBalance>>

/** The most balances kept. */
export const MAX_ADDRESS_BALANCES = 200

export const addressBalances: Slice<AddressBalancesState, State> = slice<AddressBalancesState, State>(
  {},
  {
    'balance/fetched': (s, e) => {
      const key = e.payload.caipAddress
      if (isForbiddenKey(key)) return s
      const { [key]: _old, ...rest } = s
      const entries = Object.entries({ ...rest, [key]: { raw: balanceValue(e.payload), decimals: e.payload.decimals, symbol: e.payload.symbol } })
      return Object.fromEntries(entries.slice(-MAX_ADDRESS_BALANCES)) as AddressBalancesState
    },
  },
)
