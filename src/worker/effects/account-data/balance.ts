/**
 * The native balance: when to fetch it and the fetch itself.
 * - Triggers: connected, account or chain changed, a switch between connections (or the hand-over
 *   to the next one when the active connection goes), modal opened while connected, and a new block
 *   seen by polling every 4 s (docs/behaviour.md §9 fallback polling) while the modal is open and connected.
 * - Fetch: balance/fetch-requested → viem getBalance on the engine's RPC path → balance/fetched,
 *   or balance/failed plus the 'Token Balance Unavailable' snackbar (docs/behaviour.md §8).
 */
import { EMPTY, catchError, distinctUntilChanged, exhaustMap, filter, from, map, mergeMap, of, skip, switchMap, timer } from 'rxjs'
import { BALANCE_RETRY_BLOCK_MS } from '../../cache/lifetimes.js'
import { namespaceOf, parseCaipAddress } from '../../../chains/caip.js'
import type { CaipAddress, CaipNetworkId } from '../../../events/entities.js'
import { TOKEN_BALANCE_UNAVAILABLE, loggedMessage } from '../../../events/kernel/errors.js'
import { event, type EventPayloads, type NewEvent } from '../../../events/types.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { profileBalanceNeeds } from '../../../projections/select/profile-connections.js'
import type { State } from '../../../projections/state.js'
import { errorMessage } from '../../../events/kernel/errors.js'
import { ofType, switchMapPerKey, type Effect } from '../context.js'

const activeCaipAddress = (s: State): CaipAddress | undefined => activeAccount(s)?.caipAddress

type Reason = EventPayloads['balance/fetch-requested']['reason']

/** balance/fetched with the value under its unit's name: valueLamports on solana, valueSatoshis on bip122, valueWei otherwise. */
function fetched(caipAddress: CaipAddress, b: { value: string; decimals: number; symbol: string }): NewEvent {
  const namespace = namespaceOf(caipAddress)
  const value = namespace === 'solana' ? { valueLamports: b.value } : namespace === 'bip122' ? { valueSatoshis: b.value } : { valueWei: b.value }
  return event('balance/fetched', { caipAddress, decimals: b.decimals, symbol: b.symbol, ...value })
}

export const balanceTriggerEffect: Effect = ({ events$, state }) =>
  events$.pipe(
    ofType('connect/succeeded', 'connection/switched', 'disconnect/succeeded', 'wallet/accounts-changed', 'wallet/chain-changed', 'network/switched', 'modal/open-requested'),
    mergeMap((e) => {
      const caipAddress = activeCaipAddress(state())
      if (!caipAddress) return EMPTY
      const reason: Reason = e.type === 'connect/succeeded' ? 'connected' : e.type === 'modal/open-requested' ? 'modal-opened' : 'account-changed'
      return of(event('balance/fetch-requested', { caipAddress, reason }))
    }),
  )

export const newBlockEffect: Effect = ({ events$, state, chains, pollIntervalMs, scheduler }) =>
  events$.pipe(
    map(() => {
      const s = state()
      return s.modal.open ? activeCaipAddress(s) : undefined
    }),
    distinctUntilChanged(),
    switchMap((caipAddress) => {
      if (!caipAddress) return EMPTY
      const network = parseCaipAddress(caipAddress).caipNetworkId as CaipNetworkId
      return timer(0, pollIntervalMs, scheduler).pipe(
        exhaustMap(() => from(chains.blockNumber(network)).pipe(catchError(() => EMPTY))),
        distinctUntilChanged(),
        skip(1),
        map(() => event('balance/fetch-requested', { caipAddress, reason: 'new-block' })),
      )
    }),
  )

/**
 * ProfileWallets on show (docs/behaviour.md §2): the balance of every account it lists, each once per showing
 * (the fetch takes the 30 s cache first).
 */
export const profileBalancesEffect: Effect = ({ events$, state }) =>
  events$.pipe(
    map(() => profileBalanceNeeds(state()).join(' ')),
    distinctUntilChanged(),
    mergeMap((needs) => from(needs ? needs.split(' ') : [])),
    map((caipAddress) => event('balance/fetch-requested', { caipAddress: caipAddress as CaipAddress, reason: 'modal-opened' })),
  )

/**
 * The fetch. A new block or a manual refresh fetches from the chain; other triggers take a fresh
 * native-balance cache entry first (30 s, docs/behaviour.md §9). Within 30 s of a failure nothing is fetched
 * (docs/behaviour.md §9 retry block). Cache hits and misses go into the log, so a replay shows why.
 */
export const balanceFetchEffect: Effect = ({ events$, chains, caches, state, clock }) =>
  events$.pipe(
    ofType('balance/fetch-requested'),
    // One fetch at a time per address (a newer request replaces an older); addresses do not cancel each other.
    switchMapPerKey((e) => e.payload.caipAddress, ({ payload: { caipAddress, reason } }) =>
      from(
        (async function* (): AsyncGenerator<NewEvent> {
          const { caipNetworkId, address, namespace } = parseCaipAddress(caipAddress)
          const account = state().accounts[namespace as keyof State['accounts']]
          const failedAt = account?.caipAddress === caipAddress ? account.balanceFailedAt : undefined
          const sinceFailure = failedAt === undefined ? Infinity : clock() - failedAt
          if (sinceFailure < BALANCE_RETRY_BLOCK_MS) {
            yield event('balance/fetch-skipped', { caipAddress, reason: 'retry-blocked', retryInMs: BALANCE_RETRY_BLOCK_MS - sinceFailure })
            return
          }
          if (reason !== 'new-block' && reason !== 'manual') {
            const hit = await caches.nativeBalance.get(caipAddress)
            if (hit) {
              yield event('cache/hit', { cache: 'nativeBalance', key: caipAddress, level: hit.level, ageMs: hit.ageMs })
              yield fetched(caipAddress, hit.value)
              return
            }
            yield event('cache/missed', { cache: 'nativeBalance', key: caipAddress })
          }
          let b: Awaited<ReturnType<typeof chains.nativeBalance>>
          try {
            b = await chains.nativeBalance(caipNetworkId as CaipNetworkId, address)
          } catch (error) {
            yield event('balance/failed', { caipAddress, message: loggedMessage(error) })
            return
          }
          // Reported before the cache write, which never throws and need not be waited for.
          void caches.nativeBalance.set(caipAddress, b)
          yield fetched(caipAddress, b)
        })(),
      ),
    ),
  )

/** docs/behaviour.md §8: a balance failure (native or holdings) or a network without balances shows 'Token Balance Unavailable'. */
export const balanceFailedEffect: Effect = ({ events$, state }) =>
  events$.pipe(
    ofType('balance/failed', 'portfolio/failed', 'portfolio/fetch-skipped'),
    filter((e) => e.type !== 'portfolio/fetch-skipped' || e.payload.reason === 'unsupported-network'),
    // Another account's balance (a ProfileWallets row) shows no snackbar: the row shows none.
    filter((e) => e.type !== 'balance/failed' || e.payload.caipAddress === activeCaipAddress(state())),
    map(() => event('snackbar/show-requested', { variant: 'error', message: TOKEN_BALANCE_UNAVAILABLE })),
  )
