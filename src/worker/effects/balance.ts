/**
 * The native balance: when to fetch it and the fetch itself.
 * - Triggers: connected, account or chain changed, modal opened while connected, and a new block
 *   seen by polling every 4 s (spec §9 fallback polling) while the modal is open and connected.
 * - Fetch: balance/fetch-requested → viem getBalance on the engine's RPC path → balance/fetched,
 *   or balance/failed plus the 'Token Balance Unavailable' snackbar (spec §8).
 */
import { EMPTY, catchError, distinctUntilChanged, exhaustMap, from, map, mergeMap, of, skip, switchMap, timer } from 'rxjs'
import { parseCaipAddress } from '../../chains/caip.js'
import type { CaipAddress, CaipNetworkId } from '../../events/entities.js'
import { TOKEN_BALANCE_UNAVAILABLE } from '../../events/errors.js'
import { event, type EventPayloads, type NewEvent } from '../../events/types.js'
import { activeNamespace } from '../../projections/modal.js'
import type { State } from '../../projections/state.js'
import { ofType, type Effect } from './context.js'

const activeCaipAddress = (s: State): CaipAddress | undefined => {
  const ns = activeNamespace(s)
  const a = ns ? s.accounts[ns] : undefined
  return a?.status === 'connected' ? a.caipAddress : undefined
}

/** The short message of a viem error ('HTTP request failed.', 'An internal error was received.'), else the message. */
export function errorMessage(error: unknown): string {
  const e = error as { shortMessage?: unknown; message?: unknown }
  return typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : String(error)
}

type Reason = EventPayloads['balance/fetch-requested']['reason']

export const balanceTriggerEffect: Effect = ({ events$, state }) =>
  events$.pipe(
    ofType('connect/succeeded', 'wallet/accounts-changed', 'wallet/chain-changed', 'modal/open-requested'),
    mergeMap((e) => {
      const caipAddress = activeCaipAddress(state())
      if (!caipAddress) return EMPTY
      const reason: Reason = e.type === 'connect/succeeded' ? 'connected' : e.type === 'modal/open-requested' ? 'modal-opened' : 'account-changed'
      return of(event('balance/fetch-requested', { caipAddress, reason }))
    }),
  )

export const newBlockEffect: Effect = ({ events$, state, chains, pollIntervalMs }) =>
  events$.pipe(
    map(() => {
      const s = state()
      return s.modal.open ? activeCaipAddress(s) : undefined
    }),
    distinctUntilChanged(),
    switchMap((caipAddress) => {
      if (!caipAddress) return EMPTY
      const network = parseCaipAddress(caipAddress).caipNetworkId as CaipNetworkId
      return timer(0, pollIntervalMs).pipe(
        exhaustMap(() => from(chains.blockNumber(network)).pipe(catchError(() => EMPTY))),
        distinctUntilChanged(),
        skip(1),
        map(() => event('balance/fetch-requested', { caipAddress, reason: 'new-block' })),
      )
    }),
  )

export const balanceFetchEffect: Effect = ({ events$, chains }) =>
  events$.pipe(
    ofType('balance/fetch-requested'),
    switchMap(({ payload: { caipAddress } }) => {
      const { caipNetworkId, address } = parseCaipAddress(caipAddress)
      return from(chains.nativeBalance(caipNetworkId as CaipNetworkId, address)).pipe(
        map((b): NewEvent => event('balance/fetched', { caipAddress, valueWei: b.value, decimals: b.decimals, symbol: b.symbol })),
        catchError((error: unknown) => of<NewEvent>(event('balance/failed', { caipAddress, message: errorMessage(error) }))),
      )
    }),
  )

export const balanceFailedEffect: Effect = ({ events$ }) =>
  events$.pipe(
    ofType('balance/failed'),
    map(() => event('snackbar/show-requested', { variant: 'error', message: TOKEN_BALANCE_UNAVAILABLE })),
  )
