/**
 * Connecting a wallet (EIP-1193 or Wallet Standard, wallet-calls.ts): connect/requested → the
 * wallet's accounts and network through the bridge → connect/succeeded (with every account the
 * wallet exposes, and whether it adds a connection beside the namespace's others or replaces
 * them: the multiWallet remote feature, docs/behaviour.md §6), or connect/failed with
 * 'Connection rejected' (docs/behaviour.md §8) when the wallet refuses (4001, or 5000 treated as a rejection).
 */
import { filter, finalize, from, map, race, switchMap, take, type Observable } from 'rxjs'
import { walletAccounts, walletCaipAddress } from '../../wallet-calls.js'
import { isUserRejection, withCode } from '../../../events/kernel/errors.js'
import { CONNECTION_REJECTED, MODAL_CLOSED } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { connectedWalletRef, WALLETCONNECT_CONNECTOR_ID, type Namespace } from '../../../events/entities.js'
import { isAddressOf } from '../../../events/address-rules.js'
import { MAX_CONNECTION_ACCOUNTS } from '../../../events/kernel/limits.js'
import { resolvedFeatures } from '../../../projections/select/features.js'
import { reusesPairing } from '../../../projections/rules/wallet-rules.js'
import { ofType, type Effect } from '../context.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** The message and code a connect failure records: 'Connection rejected' for a refusal, else the wallet's message. */
export function connectFailure(error: unknown): { message: string; code?: number } {
  if (isUserRejection(error)) return { message: CONNECTION_REJECTED, ...withCode(error) }
  const message = (error as { message?: unknown })?.message
  return { message: typeof message === 'string' && message ? message : ERRORS.failedToConnect.message, ...withCode(error) }
}

/**
 * The addresses a wallet reported, as the connection keeps them: those of the namespace's format,
 * each once (compared lowercase), at most MAX_CONNECTION_ACCOUNTS.
 */
export function exposedAccounts(namespace: Namespace, reported: readonly unknown[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const a of reported) {
    if (!isAddressOf(namespace, a) || seen.has(a.toLowerCase())) continue
    seen.add(a.toLowerCase())
    out.push(a)
    if (out.length === MAX_CONNECTION_ACCOUNTS) break
  }
  return out
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
      // On Telegram and iOS Safari a WalletConnect pairing outlives the close (docs/behaviour.md §4): its attempt
      // ends when the pairing does, 'Modal closed' at its expiry (walletconnect/connector.ts hold()), or connects.
      const closed$ = events$.pipe(
        ofType('modal/close-requested'),
        filter(() => !(connectorId === WALLETCONNECT_CONNECTOR_ID && reusesPairing(state().auth.platform))),
        take(1),
        map((): NewEvent => event('connect/failed', { connectorId, namespace, message: MODAL_CLOSED })),
      )
      const answer$ = from(
        (async (): Promise<NewEvent> => {
          try {
            const reported = await walletAccounts(bridge, connectorId, namespace, false, state())
            const [first] = reported
            if (!first) return event('connect/failed', { connectorId, namespace, message: CONNECTION_REJECTED })
            const caipAddress = await walletCaipAddress(bridge, connectorId, namespace, first, state())
            const remembered = connectedWalletRef(state().connectors.list, connectorId, wallet)
            return event('connect/succeeded', {
              connectorId,
              namespace,
              caipAddress,
              via: 'prompt',
              ...(remembered ? { wallet: remembered } : {}),
              accounts: exposedAccounts(namespace, reported),
              // docs/behaviour.md §6: several wallets at once only with the multiWallet remote feature.
              mode: resolvedFeatures(state()).multiWallet ? 'add' : 'replace',
            })
          } catch (error) {
            return event('connect/failed', { connectorId, namespace, ...connectFailure(error) })
          }
        })(),
      )
      return race(answer$, closed$).pipe(finalize(() => (asking = undefined)))
    }),
  ) as Observable<NewEvent>
}
