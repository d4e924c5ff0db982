/**
 * Switching between connections (docs/behaviour.md §4, issue 18): connection/switch-requested acts
 * by the connection's class (select/connection-class.ts):
 * - `connected` (the active connection): another of its accounts becomes the active account, no
 *   wallet call (the wallet signs for every account it exposes); the snackbar 'Account switched';
 * - `active` (live, not the active one): the wallet is asked silently (eth_accounts, a silent
 *   standard:connect) whether it still exposes the account; if so the connection becomes the
 *   active one with no prompt, on the wallet's chain ('Wallet switched'); if not, it is connected
 *   again through the wallet (connect/requested, which may prompt);
 * - `disconnected`: connected again through its wallet (connect/requested).
 * A failure leaves the active connection as it was: connection/switch-failed and the snackbar
 * 'Failed to switch wallet'. A class outside the rule gives 'Invalid connection status'.
 */
import { from, mergeMap, switchMap, type Observable } from 'rxjs'
import { ACCOUNT_SWITCHED, errorMessage, FAILED_TO_SWITCH_WALLET, WALLET_SWITCHED } from '../../events/errors.js'
import { normalizeAddress } from '../../chains/address.js'
import { toCaipAddress } from '../../chains/caip.js'
import { event, type EventPayloads, type NewEvent } from '../../events/types.js'
import { sameConnector } from '../../projections/connections.js'
import { connectionClass, switchAction } from '../../projections/select/connection-class.js'
import type { State } from '../../projections/state.js'
import type { Bridge } from '../../contract.js'
import { walletAccounts, walletCaipAddress } from '../wallet-calls.js'
import { ofType, type Effect } from './context.js'

const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/** The events one switch request appends (see the module's comment). */
export async function switchConnection(bridge: Bridge, state: () => State, p: EventPayloads['connection/switch-requested']): Promise<NewEvent[]> {
  const { namespace, connectorId, address } = p
  const s = state()
  const failed = (message: string): NewEvent[] => [
    event('connection/switch-failed', { namespace, connectorId, message }),
    event('snackbar/show-requested', { variant: 'error', message: FAILED_TO_SWITCH_WALLET }),
  ]
  try {
    const action = switchAction(connectionClass(s, namespace, connectorId))
    if (action === 'reconnect') return [event('connect/requested', { connectorId, namespace })]
    const known = s.connections[namespace]?.find((c) => sameConnector(c.connectorId, connectorId))?.accounts ?? []
    if (action === 'account') {
      const target = address === undefined ? known[0]?.address : known.find((a) => same(a.address, address))?.address
      const network = s.accounts[namespace]?.caipNetworkId ?? s.networks.active[namespace]
      if (!target || !network) return failed(`${address ?? 'No account'} is not an account of ${connectorId}`)
      if (same(s.accounts[namespace]?.address, target)) return []
      const caipAddress = toCaipAddress(network, normalizeAddress(namespace, target))
      return [event('connection/switched', { namespace, connectorId, caipAddress, wallet: false }), event('snackbar/show-requested', { variant: 'success', message: ACCOUNT_SWITCHED })]
    }
    const reported = await walletAccounts(bridge, connectorId, namespace, true)
    const wanted = address ?? known[0]?.address
    const target = reported.find((a) => same(a, wanted)) ?? (address === undefined ? reported[0] : undefined)
    // The wallet no longer exposes it (another tab or the wallet revoked it): connect again, through the wallet.
    if (!target) return [event('connect/requested', { connectorId, namespace })]
    const caipAddress = await walletCaipAddress(bridge, connectorId, namespace, target, state())
    return [event('connection/switched', { namespace, connectorId, caipAddress, wallet: true }), event('snackbar/show-requested', { variant: 'success', message: WALLET_SWITCHED })]
  } catch (error) {
    return failed(errorMessage(error).slice(0, 256))
  }
}

/** One switch at a time: a newer request replaces one still waiting for its wallet. */
export const switchConnectionEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    ofType('connection/switch-requested'),
    switchMap((e) => from(switchConnection(bridge, state, e.payload))),
    mergeMap((out): Observable<NewEvent> => from(out)),
  )
