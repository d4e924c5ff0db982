/**
 * Switching between connections (docs/behaviour.md §4): connection/switch-requested acts
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
 * The hand-over (handOverEffect): when the active connection goes, the next one's wallet confirms
 * its account and chain.
 */
import { EMPTY, from, mergeMap, switchMap, type Observable } from 'rxjs'
import { ACCOUNT_SWITCHED, FAILED_TO_SWITCH_WALLET, WALLET_SWITCHED, loggedMessage } from '../../../events/kernel/errors.js'
import { normalizeAddress } from '../../../chains/address.js'
import { toCaipAddress } from '../../../chains/caip.js'
import type { Namespace } from '../../../events/entities.js'
import { event, type EventPayloads, type NewEvent } from '../../../events/types.js'
import { sameConnector } from '../../../projections/select/connections.js'
import { refusal } from '../../../projections/rules/guards.js'
import { LEGAL_NOT_ACCEPTED } from '../../../projections/rules/refusals.js'
import { connectionClass, switchAction } from '../../../projections/select/connection-class.js'
import type { State } from '../../../projections/state.js'
import type { Bridge } from '../../../contract.js'
import { walletAccounts, walletCaipAddress } from '../../wallet-calls.js'
import { ofType, type Effect } from '../context.js'

const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/** The events one switch request appends (see the module's comment). */
export async function switchConnection(bridge: Bridge, state: () => State, p: EventPayloads['connection/switch-requested']): Promise<NewEvent[]> {
  const { namespace, address } = p
  const s = state()
  const known = s.connections[namespace]?.find((c) => sameConnector(c.connectorId, p.connectorId))
  // The connection's own spelling of its id: the wallet's events compare with it.
  const connectorId = known?.connectorId ?? p.connectorId
  const failed = (message: string): NewEvent[] => [
    event('connection/switch-failed', { namespace, connectorId, message }),
    event('snackbar/show-requested', { variant: 'error', message: FAILED_TO_SWITCH_WALLET }),
  ]
  try {
    const action = switchAction(connectionClass(s, namespace, connectorId))
    if (action === 'reconnect') return [event('connect/requested', { connectorId, namespace })]
    const accounts = known?.accounts ?? []
    if (action === 'account') {
      const target = address === undefined ? accounts[0]?.address : accounts.find((a) => same(a.address, address))?.address
      const network = s.accounts[namespace]?.caipNetworkId ?? s.networks.active[namespace]
      if (!target || !network) return failed(`${address ?? 'No account'} is not an account of ${connectorId}`)
      if (same(s.accounts[namespace]?.address, target)) return []
      const caipAddress = toCaipAddress(network, normalizeAddress(namespace, target))
      return [event('connection/switched', { namespace, connectorId, caipAddress, wallet: false }), event('snackbar/show-requested', { variant: 'success', message: ACCOUNT_SWITCHED })]
    }
    const reported = await walletAccounts(bridge, connectorId, namespace, true, state())
    const wanted = address ?? accounts[0]?.address
    const target = reported.find((a) => same(a, wanted)) ?? (address === undefined ? reported[0] : undefined)
    // The wallet no longer exposes it (another tab or the wallet revoked it): connect again, through
    // the wallet, which the legal checkbox must allow as for any connect (the connection slice's guard).
    if (!target) return refusal(state(), { type: 'connect/requested', payload: { connectorId, namespace } }) ? failed(LEGAL_NOT_ACCEPTED) : [event('connect/requested', { connectorId, namespace })]
    const caipAddress = await walletCaipAddress(bridge, connectorId, namespace, target, state())
    // Disconnected while its wallet answered: it stays so.
    if (connectionClass(state(), namespace, connectorId) === 'disconnected') return []
    return [event('connection/switched', { namespace, connectorId, caipAddress, wallet: true }), event('snackbar/show-requested', { variant: 'success', message: WALLET_SWITCHED })]
  } catch (error) {
    return failed(loggedMessage(error))
  }
}

/** One switch at a time: a newer request replaces one still waiting for its wallet. */
export const switchConnectionEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    ofType('connection/switch-requested'),
    switchMap((e) => from(switchConnection(bridge, state, e.payload))),
    mergeMap((out): Observable<NewEvent> => from(out)),
  )

/**
 * The hand-over's confirmation: `connectorId` became the namespace's active connection from what
 * the log knew (its first stored account, on the network the namespace was on), so its wallet is
 * asked silently. Still exposing an account: connection/switched onto it, on the wallet's own chain
 * (nothing when that is already so). Exposing none, or gone: it is disconnected too (reason
 * `wallet`), and the next live connection takes over in turn.
 */
export async function confirmHandOver(bridge: Bridge, state: () => State, namespace: Namespace, connectorId: string): Promise<NewEvent[]> {
  const stillActive = () => connectionClass(state(), namespace, connectorId) === 'connected'
  const gone = (): NewEvent[] => (stillActive() ? [event('disconnect/succeeded', { connectorId, namespace, reason: 'wallet' })] : [])
  try {
    const reported = await walletAccounts(bridge, connectorId, namespace, true, state())
    const target = reported.find((a) => same(a, state().accounts[namespace]?.address)) ?? reported[0]
    if (!target) return gone()
    const caipAddress = await walletCaipAddress(bridge, connectorId, namespace, target, state())
    if (!stillActive() || state().accounts[namespace]?.caipAddress === caipAddress) return []
    return [event('connection/switched', { namespace, connectorId, caipAddress, wallet: true })]
  } catch {
    return gone()
  }
}

/**
 * When the active connection goes (the visitor's disconnect, its wallet's, a failed restore) and
 * the fold hands the namespace over to the most recently used live connection (connections.ts
 * successor), that connection's wallet confirms it (confirmHandOver).
 */
export const handOverEffect: Effect = ({ events$, state, bridge }) => {
  let before = state().connection.connectorIds
  return events$.pipe(
    mergeMap((e): Observable<NewEvent[]> => {
      const was = before
      before = state().connection.connectorIds
      if (e.type !== 'disconnect/succeeded') return EMPTY
      const { namespace, connectorId } = e.payload
      const previous = was[namespace]
      const next = before[namespace]
      if (previous === undefined || !sameConnector(previous, connectorId) || next === undefined || sameConnector(next, connectorId)) return EMPTY
      return from(confirmHandOver(bridge, state, namespace, next))
    }),
    mergeMap((out) => from(out)),
  )
}
