/**
 * The account type of a Bitcoin wallet's connection (docs/behaviour.md §6: bip122 has `payment`, the
 * default, and `ordinal`): a switch on bip122 while its active connection is a Wallet Standard
 * Bitcoin wallet asks the wallet for its account of that purpose (`bitcoin:connect` with purpose
 * `ordinals` or `payment`; the wallet may ask the visitor) and moves the connection to it
 * (`connection/switched`, an account switch inside the connection: every tab follows, and the
 * choice survives a reload, as restore asks for the same purpose). When the wallet refuses or has
 * no such account, the refusal shows and the type goes back to the other one, which the connection
 * still holds.
 */
import { filter, from, mergeMap, switchMap, type Observable } from 'rxjs'
import { BITCOIN_STANDARD_CONNECTOR_PREFIX, type AccountType } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import { GangwayError, errorMessage } from '../../../events/kernel/errors.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'
import { walletAccounts, walletCaipAddress } from '../../wallet-calls.js'
import { ofType, type Effect } from '../context.js'

/**
 * `account-type/switch-requested` on bip122 → the wallet's account of that purpose:
 * `connection/switched` onto it, or a snackbar with the wallet's refusal ('Failed to switch account
 * type' when it gave no account) and `account-type/switch-requested` back to the other type.
 */
export const bitcoinAccountTypeEffect: Effect = ({ events$, bridge, state }) => {
  /** The type this effect just went back to: the connection holds its account already, so the wallet is not asked again. */
  let reverted: AccountType | undefined
  const revert = (to: AccountType): NewEvent => ((reverted = to), event('account-type/switch-requested', { namespace: 'bip122', accountType: to }))
  return events$.pipe(
    ofType('account-type/switch-requested'),
    // The tab that asked, only: the choice is shared, and every tab's effects see it.
    filter((e) => e.tab === state().tab && e.payload.namespace === 'bip122' && (state().connection.connectorIds.bip122?.startsWith(BITCOIN_STANDARD_CONNECTOR_PREFIX) ?? false)),
    filter(({ payload: { accountType } }) => {
      const back = reverted === accountType
      reverted = undefined
      return !back
    }),
    switchMap(({ payload: { accountType } }) =>
      from(
        (async (): Promise<NewEvent[]> => {
          const connectorId = state().connection.connectorIds.bip122!
          try {
            const [address] = await walletAccounts(bridge, connectorId, 'bip122', false, state())
            if (!address) throw new GangwayError(ERRORS.accountTypeSwitchFailed.message, { category: 'API_ERROR', details: `the wallet has no ${accountType} account` })
            const caipAddress = await walletCaipAddress(bridge, connectorId, 'bip122', address, state())
            return state().accounts.bip122?.caipAddress === caipAddress ? [] : [event('connection/switched', { namespace: 'bip122', connectorId, caipAddress, wallet: false })]
          } catch (error) {
            return [
              event('snackbar/show-requested', { variant: 'error', message: errorMessage(error) || ERRORS.accountTypeSwitchFailed.message }),
              revert(accountType === 'ordinal' ? 'payment' : 'ordinal'),
            ]
          }
        })(),
      ).pipe(mergeMap((events) => events)),
    ),
  ) as Observable<NewEvent>
}
