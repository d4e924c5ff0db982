/**
 * Refusal rules two slices' guards share (pure): the modal's, for the view an intent opens, and
 * the auth or names slice's, for the intent itself.
 */
import { AUTH_CONNECTOR_ID } from '../../events/entities.js'
import { activeAccount } from '../select/active-account.js'
import { activeNamespace } from '../select/active-namespace.js'
import { sameConnector } from '../select/connections.js'
import type { State } from '../state.js'
import { NAMES_EVM_ONLY, NOT_CONNECTED_TO_EMAIL_OR_SOCIAL, NO_AUTH_CONNECTOR } from './refusals.js'

/** Why the email of the email login cannot be changed now, or undefined when it can. */
export function updateEmailRefusal(s: State): string | undefined {
  if (!s.config.secureSite) return NO_AUTH_CONNECTOR
  const active = s.connection.connectorIds.eip155
  return active !== undefined && sameConnector(active, AUTH_CONNECTOR_ID) && s.auth.users.eip155?.email ? undefined : NOT_CONNECTED_TO_EMAIL_OR_SOCIAL
}

/** Why names cannot be looked for or registered now (no active EVM account), or undefined when they can. */
export function nameRefusal(s: State): string | undefined {
  return activeNamespace(s) === 'eip155' && activeAccount(s) ? undefined : NAMES_EVM_ONLY
}
