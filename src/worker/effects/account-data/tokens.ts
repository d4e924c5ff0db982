/**
 * Token balances for the send form: when the send form or the token list opens (and after a send),
 * the balances of the site's listed tokens on the active network are read (ERC20 balanceOf,
 * batched through the pipeline).
 */
import { EMPTY, catchError, filter, from, map, mergeMap, of, switchMap } from 'rxjs'
import { parseCaipAddress } from '../../../chains/caip.js'
import type { CaipAddress, CaipNetworkId } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import { activeAccount } from '../../../projections/select/active-account.js'
import { loggedMessage } from '../../../events/kernel/errors.js'
import { ofType, type Effect } from '../context.js'

export const tokensTriggerEffect: Effect = ({ events$, state }) =>
  events$.pipe(
    ofType('modal/navigate-requested', 'send/succeeded'),
    filter((e) => e.type === 'send/succeeded' || e.payload.view === 'WalletSend' || e.payload.view === 'WalletSendSelectToken'),
    mergeMap(() => {
      const caipAddress = activeAccount(state())?.caipAddress
      return caipAddress ? of(event('tokens/fetch-requested', { caipAddress })) : EMPTY
    }),
  )

export const tokensFetchEffect: Effect = ({ events$, state, chains }) =>
  events$.pipe(
    ofType('tokens/fetch-requested'),
    switchMap(({ payload: { caipAddress } }) => {
      const { caipNetworkId, address } = parseCaipAddress(caipAddress)
      const listed = state().config.tokens?.[caipNetworkId] ?? []
      if (listed.length === 0) return of<NewEvent>(event('tokens/fetched', { caipAddress: caipAddress as CaipAddress, balances: [] }))
      return from(chains.tokenBalances(caipNetworkId as CaipNetworkId, address, listed.map((t) => t.address))).pipe(
        map((balances): NewEvent => event('tokens/fetched', { caipAddress, balances })),
        catchError((error: unknown) => of<NewEvent>(event('tokens/failed', { caipAddress, message: loggedMessage(error) }))),
      )
    }),
  )
