/**
 * The account type of an email or social login (docs/behaviour.md §6): a switch on a
 * namespace whose active connection is the auth connector's asks the secure site to use that type
 * (`gangway_auth_setPreferredAccount`, SET_PREFERRED_ACCOUNT), and the connection moves to the
 * type's address (`connection/switched`, an account switch inside the connection: every tab
 * follows, and the choice, `account-type/switch-requested`, survives a reload). When the secure
 * site refuses a smart account, the type falls back to eoa (as AppKit does) and the refusal shows.
 */
import { filter, from, mergeMap, switchMap, type Observable } from 'rxjs'
import { AUTH_CONNECTOR_ID, type CaipAddress } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import { sameConnector } from '../../../projections/select/connections.js'
import { AUTH_CALLS, authNetwork, messageOf } from './auth-connect.js'
import { ofType, type Effect } from '../context.js'
import { GangwayError } from '../../../events/kernel/errors.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** What the snackbar says when the secure site refuses the switch (ours; the secure site's own message when it gives one). */
export const ACCOUNT_TYPE_SWITCH_FAILED = ERRORS.accountTypeSwitchFailed.message

export const authAccountTypeEffect: Effect = ({ events$, bridge, state }) =>
  events$.pipe(
    ofType('account-type/switch-requested'),
    // The tab that asked, only: the choice is shared, and every tab's effects see it.
    filter((e) => e.tab === state().tab && sameConnector(state().connection.connectorIds[e.payload.namespace] ?? '', AUTH_CONNECTOR_ID)),
    switchMap(({ payload: { namespace, accountType } }) =>
      from(
        (async (): Promise<NewEvent[]> => {
          try {
            const answer = (await bridge.request(AUTH_CONNECTOR_ID, { method: AUTH_CALLS.setPreferredAccount, params: [{ type: accountType }] })) as { address?: unknown } | null
            const s = state()
            // Only an account the secure site gave the user at login (an untrusted answer).
            const account = s.auth.users[namespace]?.accounts.find((a) => typeof answer?.address === 'string' && a.address.toLowerCase() === answer.address.toLowerCase())
            const network = s.accounts[namespace]?.caipNetworkId ?? authNetwork(s)
            if (!account || account.type !== accountType || !network) throw new GangwayError(ACCOUNT_TYPE_SWITCH_FAILED, { category: 'SECURE_SITE_ERROR' })
            return [event('connection/switched', { namespace, connectorId: AUTH_CONNECTOR_ID, caipAddress: `${network}:${account.address}` as CaipAddress, wallet: false })]
          } catch (error) {
            const failed = event('snackbar/show-requested', { variant: 'error', message: messageOf(error, ACCOUNT_TYPE_SWITCH_FAILED) })
            return accountType === 'eoa' ? [failed] : [failed, event('account-type/switch-requested', { namespace, accountType: 'eoa' })]
          }
        })(),
      ).pipe(mergeMap((events) => events)),
    ),
  ) as Observable<NewEvent>
