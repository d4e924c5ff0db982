/**
 * Connecting an EIP-1193 wallet (announced or injected): connect/requested → eth_requestAccounts
 * and eth_chainId through the bridge → connect/succeeded, or connect/failed with 'Connection
 * rejected' (spec §8) when the wallet refuses (4001, or 5000 treated as a rejection).
 */
import { filter, finalize, from, map, race, switchMap, take, type Observable } from 'rxjs'
import { caipAddressOf } from '../../chains/eip155/accounts.js'
import { CONNECTION_REJECTED, MODAL_CLOSED } from '../../events/errors.js'
import { event, type NewEvent } from '../../events/types.js'
import { ofType, type Effect } from './context.js'

/** EIP-1193 / spec §8 codes that mean the visitor said no. */
export const USER_REJECTION_CODES = [4001, 5000]

/** The message and code a connect failure records. */
export function connectFailure(error: unknown): { message: string; code?: number } {
  const code = typeof (error as { code?: unknown })?.code === 'number' ? (error as { code: number }).code : undefined
  if (code !== undefined && USER_REJECTION_CODES.includes(code)) return { message: CONNECTION_REJECTED, code }
  const message = (error as { message?: unknown })?.message
  return { message: typeof message === 'string' && message ? message : 'Failed to connect', ...(code === undefined ? {} : { code }) }
}

/**
 * A request for the connector already being asked is ignored (the wallet's prompt is open); another
 * connector replaces it. Closing the modal while the wallet has not answered ends the attempt with
 * 'Modal closed' (spec §8), and the wallet's late answer is ignored.
 */
export const connectEffect: Effect = ({ events$, bridge }) => {
  let asking: string | undefined
  return events$.pipe(
    ofType('connect/requested'),
    filter((e) => e.payload.connectorId !== asking),
    switchMap(({ payload: { connectorId, namespace } }) => {
      asking = connectorId
      const closed$ = events$.pipe(
        ofType('modal/close-requested'),
        take(1),
        map((): NewEvent => event('connect/failed', { connectorId, namespace, message: MODAL_CLOSED })),
      )
      const answer$ = from(
        (async (): Promise<NewEvent> => {
          try {
            const accounts = (await bridge.request(connectorId, { method: 'eth_requestAccounts' })) as string[]
            const chainId = (await bridge.request(connectorId, { method: 'eth_chainId' })) as string
            const [first] = accounts
            if (!first) return event('connect/failed', { connectorId, namespace, message: CONNECTION_REJECTED })
            return event('connect/succeeded', { connectorId, namespace, caipAddress: caipAddressOf(chainId, first), via: 'prompt' })
          } catch (error) {
            return event('connect/failed', { connectorId, namespace, ...connectFailure(error) })
          }
        })(),
      )
      return race(answer$, closed$).pipe(finalize(() => (asking = undefined)))
    }),
  ) as Observable<NewEvent>
}
