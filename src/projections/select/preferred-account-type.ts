/** The account type a namespace prefers (docs/behaviour.md §6): the visitor's switch, else the site's default, else the spec's. Pure. */
import type { AccountType, Namespace } from '../../events/entities.js'
import type { AccountTypesState } from '../slices/account-types.js'

/** The preferred account type of a namespace. */
export function preferredAccountType(s: AccountTypesState, namespace: Namespace): AccountType {
  return s.switched[namespace] ?? s.defaults[namespace]
}
