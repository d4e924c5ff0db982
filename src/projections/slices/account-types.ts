/**
 * Account types per namespace (docs/behaviour.md §6): defaults eip155 smartAccount, solana eoa, polkadot eoa,
 * bip122 payment; the site's defaultAccountTypes override them; a visitor's switch overrides both.
 * Switching to a smart account is allowed only on a smart-account-enabled network when the
 * current type is eoa (the slice's `refuse` refuses the intent otherwise).
 */
import type { AccountType, Namespace } from '../../events/entities.js'
import { withKey } from '../../events/kernel/safe-json.js'
import { slice, type Slice } from '../reducer.js'
import { ACCOUNT_TYPE_NOT_AVAILABLE, SMART_ACCOUNT_NOT_ALLOWED } from '../rules/refusals.js'
import { preferredAccountType } from '../select/preferred-account-type.js'
import type { State } from '../state.js'

/** docs/behaviour.md §6 defaults. */
export const DEFAULT_ACCOUNT_TYPES: Record<Namespace, AccountType> = { eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' }

export interface AccountTypesState {
  /** Spec defaults with the site's overrides. */
  defaults: Record<Namespace, AccountType>
  /** What the visitor switched to. */
  switched: Partial<Record<Namespace, AccountType>>
}

/** docs/behaviour.md §6: may a namespace switch to `to`, given its current type and whether its network is smart-account-enabled? */
export function canSwitchAccountType(to: AccountType, current: AccountType, smartAccountEnabled: boolean): boolean {
  if (to !== 'smartAccount') return true
  return smartAccountEnabled && current === 'eoa'
}

export const accountTypes: Slice<AccountTypesState, State> = slice<AccountTypesState, State>(
  { defaults: { ...DEFAULT_ACCOUNT_TYPES }, switched: {} },
  {
    'engine/configured': (s, e) => ({ ...s, defaults: { ...DEFAULT_ACCOUNT_TYPES, ...e.payload.defaultAccountTypes } }),
    'account-type/switch-requested': (s, e) => ({ ...s, switched: withKey(s.switched, e.payload.namespace, e.payload.accountType) }),
  },
  {
    'account-type/switch-requested': (s, intent) => {
      const { namespace, accountType } = intent.payload
      // docs/behaviour.md §6: payment and ordinal are bitcoin's, and bitcoin has only those; smart accounts are EVM's.
      if ((accountType === 'payment' || accountType === 'ordinal') !== (namespace === 'bip122')) return ACCOUNT_TYPE_NOT_AVAILABLE
      if (accountType === 'smartAccount' && namespace !== 'eip155') return ACCOUNT_TYPE_NOT_AVAILABLE
      const network = s.networks.active[namespace] ?? s.config.networks.find((n) => n.chainNamespace === namespace)?.caipNetworkId
      // The site's list, and the secure site's for an email or social login (GET_SMART_ACCOUNT_ENABLED_NETWORKS).
      const enabled = network !== undefined && [...(s.config.smartAccountNetworks ?? []), ...s.auth.smartAccountNetworks].includes(network)
      return canSwitchAccountType(accountType, preferredAccountType(s.accountTypes, namespace), enabled) ? undefined : SMART_ACCOUNT_NOT_ALLOWED
    },
  },
)
