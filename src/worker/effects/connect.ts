/**
 * Connecting a wallet (EIP-1193 or Wallet Standard, wallet-calls.ts): connect/requested → the
 * wallet's accounts and network through the bridge → connect/succeeded, or connect/failed with
 * 'Connection rejected' (docs/behaviour.md §8) when the wallet refuses (4001, or 5000 treated as a rejection).
 */
import { filter, finalize, from, map, race, switchMap, take, type Observable } from 'rxjs'
import { walletAccounts, walletCaipAddress } from '../wallet-calls.js'
import { isUserRejection, withCode } from '../../events/errors.js'
import { CONNECTION_REJECTED, MODAL_CLOSED } from '../../events/errors.js'
import { event, type NewEvent } from '../../events/types.js'
import { connectedWalletRef } from '../../events/entities.js'
import { ofType, type Effect } from './context.js'

/** The message and code a connect failure records: 'Connection rejected' for a refusal, else the wallet's message. */
export function connectFailure(error: unknown): { message: string; code?: number } {
  if (isUserRejection(error)) return { message: CONNECTION_REJECTED, ...withCode(error) }
  const message = (error as { message?: unknown })?.message
  return { message: typeof message === 'string' && message ? message : 'Failed to connect', ...withCode(error) }
}

/**
 * A request for the connector already being asked is ignored (the wallet's prompt is open); another
 * connector replaces it. Closing the modal while the wallet has not answered ends the attempt with
 * 'Modal closed' (docs/behaviour.md §8), and the wallet's late answer is ignored.
 */
export const connectEffect: Effect = ({ events$, bridge, state }) => {
  let asking: string | undefined
  return events$.pipe(
    ofType('connect/requested'),
    filter((e) => e.payload.connectorId !== asking),
    switchMap(({ payload: { connectorId, namespace, wallet } }) => {
      asking = connectorId
      const closed$ = events$.pipe(
        ofType('modal/close-requested'),
        take(1),
        map((): NewEvent => event('connect/failed', { connectorId, namespace, message: MODAL_CLOSED })),
      )
      const answer$ = from(
        (async (): Promise<NewEvent> => {
          try {
            const [first] = await walletAccounts(bridge, connectorId, namespace, false)
            if (!first) return event('connect/failed', { connectorId, namespace, message: CONNECTION_REJECTED })
            const caipAddress = await walletCaipAddress(bridge, connectorId, namespace, first, state())
            const remembered = connectedWalletRef(state().connectors.list, connectorId, wallet)
            return event('connect/succeeded', { connectorId, namespace, caipAddress, via: 'prompt', ...(remembered ? { wallet: remembered } : {}) })
          } catch (error) {
            return event('connect/failed', { connectorId, namespace, ...connectFailure(error) })
          }
        })(),
      )
      return race(answer$, closed$).pipe(finalize(() => (asking = undefined)))
    }),
  ) as Observable<NewEvent>
}
