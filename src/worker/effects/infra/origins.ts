/**
 * On start, reads the project's allowed origins (wallet/config service, docs/behaviour.md §7) with the docs/behaviour.md §8
 * rules: 'RATE_LIMITED' on 429, 'SERVER_ERROR' on 5xx, an empty list on any other failure. A page
 * whose origin the list does not allow (events/allowed-origins.ts: the hosted client's rules, an
 * empty list allowing all) gets one console warning; nothing is blocked.
 */
import { catchError, filter, from, map, of, switchMap } from 'rxjs'
import { walletConfigClient } from '../../../api/wallet-config.js'
import { event, type NewEvent } from '../../../events/types.js'
import { loggedMessage } from '../../../events/kernel/errors.js'
import { isOriginAllowed } from '../../../events/allowed-origins.js'
import { firstReach, type Effect } from '../context.js'

export const originsEffect: Effect = ({ events$, api, services }) => {
  const client = walletConfigClient(api)
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin ?? ''
  return events$.pipe(
    // Not at start: when the visitor first reaches for the modal (network quiet, docs/behaviour.md §7).
    firstReach(),
    filter(() => Boolean(services.walletConfig)),
    switchMap(() =>
      from(client.getAllowedOrigins()).pipe(
        map((allowedOrigins): NewEvent => {
          const originAllowed = isOriginAllowed(origin, allowedOrigins)
          if (!originAllowed) console.warn(`[gangway] ${origin} is not on the project's allowed origins`)
          return event('origins/fetched', { allowedOrigins, originAllowed })
        }),
        catchError((error: unknown) => of(event('origins/failed', { message: loggedMessage(error) }))),
      ),
    ),
  )
}
