/** RegisterAccountName and RegisterAccountNameSuccess (docs/behaviour.md §2, §3 name suggestions state, §4 name registration). A view model. Pure. */
import type { NameSuggestion } from '../../events/types.js'
import { INVALID_NAME_LABEL, isValidNameLabel, NAME_ZONE } from '../../events/name-rules.js'
import { defined } from '../../events/defined.js'
import { activeAccount } from '../select/active-account.js'
import type { State } from '../state.js'

export interface NamesModel {
  /** Whether the active account may have a name: an EVM account without a profile name (Account offers "Choose a name"). */
  canChoose: boolean
  /** The zone a name is registered in (`reown.id`): the view shows `<label>.<zone>`. */
  zone: string
  /** The label last typed. */
  label: string
  /** docs/behaviour.md §5: the label breaks the account name rule ('A name has at least 4 characters: letters, digits and hyphens'). */
  problem?: string
  /** Suggestions for `label`, each marked when taken (docs/behaviour.md §3 name suggestions state). */
  suggestions: NameSuggestion[]
  loading: boolean
  /** The label being registered (the wallet's prompt is open, or the service is asked). */
  registering?: string
  /** The last failure: the service's reason, 'Error registering name {name}', 'Error fetching name suggestions'. */
  error?: string
  /** The name just registered (RegisterAccountNameSuccess). */
  registered?: string
}

export function namesModel(s: State): NamesModel {
  const a = activeAccount(s)
  const evm = a?.namespace === 'eip155'
  const label = s.names.label ?? ''
  return defined({
    canChoose: evm && !s.accountData.identities[a.address.toLowerCase()]?.name,
    zone: NAME_ZONE,
    label,
    problem: label !== '' && !isValidNameLabel(label) ? INVALID_NAME_LABEL : undefined,
    suggestions: s.names.suggestions,
    loading: s.names.loading,
    registering: s.names.registering,
    error: s.names.error,
    registered: s.names.registered,
  })
}
