/**
 * docs/behaviour.md §3 addressLabels: the site's names for addresses, from the `addressLabels`
 * option (`engine/configured`) and `modal.setAddressLabel` (`address-label/set-requested`). Keyed
 * by `labelKey` (select/address-label.ts): an EVM address in lowercase (it matches in any case),
 * any other as it is. This tab's only: each page's options give its own.
 */
import { fromSafeEntries, isForbiddenKey, withKey } from '../../events/kernel/safe-json.js'
import { slice, type Slice } from '../reducer.js'
import { labelKey } from '../select/address-label.js'
import type { State } from '../state.js'

/** Label per `labelKey(address)`. */
export type AddressLabelsState = Record<string, string>

/** The slice: the option's labels at each configuration, then each set (an empty label removes one). */
export const addressLabels: Slice<AddressLabelsState, State> = slice<AddressLabelsState, State>(
  {},
  {
    'engine/configured': (_s, e) => fromSafeEntries(Object.entries(e.payload.addressLabels ?? {}).filter(([, l]) => l !== '').map(([a, l]) => [labelKey(a), l] as const)),
    'address-label/set-requested': (s, e) => {
      const key = labelKey(e.payload.address)
      if (isForbiddenKey(key)) return s
      if (e.payload.label) return withKey(s, key, e.payload.label)
      const { [key]: _gone, ...rest } = s
      return rest
    },
  },
)
