/**
 * A transaction sent through Gangway changes the sender's holdings and history at once: their
 * cache entries are dropped, so the Account view, shown again after the send, reads them afresh
 * instead of serving the docs/behaviour.md §9 lifetime out.
 */
import { EMPTY, mergeMap } from 'rxjs'
import { namespaceOf } from '../../../chains/caip.js'
import { cacheKeys } from '../../cache/lifetimes.js'
import { ofType, type Effect } from '../context.js'

export const afterSendEffect: Effect = ({ events$, state, caches }) =>
  events$.pipe(
    ofType('send/succeeded'),
    mergeMap(({ payload: { caipNetworkId } }) => {
      const ns = namespaceOf(caipNetworkId)
      const account = ns ? state().accounts[ns] : undefined
      if (account?.caipAddress && account.address) {
        void caches.portfolio.delete(account.caipAddress)
        void caches.transactions.delete(cacheKeys.transactions(account.address, caipNetworkId))
      }
      return EMPTY
    }),
  )
