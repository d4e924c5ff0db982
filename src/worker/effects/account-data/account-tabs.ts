/**
 * When the Account view shows, asks for what its header and its current tab need (selector
 * `accountNeeds`): holdings, the EVM name and avatar, and the NFTs or the history of the picked
 * tab; as it does for the tabs the site's own UI shows (`headless/showing-changed`,
 * docs/behaviour.md §2 Account tabs). Each need is asked once per showing; the reads themselves
 * decide between cache and service. `leaving` tells a read when the visitor has left what it was for.
 */
import { distinctUntilChanged, filter, map, merge, share, type Observable } from 'rxjs'
import { FAILED_TO_FETCH_TRANSACTIONS } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { accountNeeds, type AccountNeeds } from '../../../projections/select/account-needs.js'
import { ofType, type Effect, type EffectContext } from '../context.js'

export const accountTabsTriggerEffect: Effect = ({ events$, state }) => {
  const needs$ = events$.pipe(map(() => accountNeeds(state())), share())
  const asked = <K extends keyof AccountNeeds>(k: K, f: (key: NonNullable<AccountNeeds[K]>) => NewEvent) =>
    needs$.pipe(
      map((n) => n[k]),
      distinctUntilChanged(),
      filter((key): key is NonNullable<AccountNeeds[K]> => key !== undefined),
      map(f),
    )
  return merge(
    asked('portfolio', (caipAddress) => event('portfolio/fetch-requested', { caipAddress })),
    asked('identity', (address) => event('identity/fetch-requested', { address })),
    asked('nfts', (caipAddress) => event('nfts/fetch-requested', { caipAddress })),
    asked('history', (caipAddress) => event('history/fetch-requested', { caipAddress })),
  )
}

/**
 * Emits once the view no longer needs `key` for `need`; undefined when it did not need it when
 * asked (a read the host asked for outside the view is never cancelled by it).
 */
export function leaving({ events$, state }: Pick<EffectContext, 'events$' | 'state'>, need: keyof AccountNeeds, key: string): Observable<unknown> | undefined {
  if (accountNeeds(state())[need] !== key) return undefined
  return events$.pipe(filter(() => accountNeeds(state())[need] !== key))
}

/** docs/behaviour.md §8: 'Failed to fetch transactions' (the list is emptied by the projection). */
export const historyFailedEffect: Effect = ({ events$ }) =>
  events$.pipe(
    ofType('history/failed'),
    map(() => event('snackbar/show-requested', { variant: 'error', message: FAILED_TO_FETCH_TRANSACTIONS })),
  )
