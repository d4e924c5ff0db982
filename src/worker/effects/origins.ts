/**
 * On start, reads the project's allowed origins (wallet/config service, docs/behaviour.md §7) with the docs/behaviour.md §8
 * rules: 'RATE_LIMITED' on 429, 'SERVER_ERROR' on 5xx, an empty list on any other failure. A page
 * whose origin the list does not name gets one console warning; nothing is blocked.
 */
import { catchError, filter, from, map, of, switchMap } from 'rxjs'
import { walletConfigClient } from '../../api/wallet-config.js'
import { event, type NewEvent } from '../../events/types.js'
import { errorMessage } from '../../events/errors.js'
import { firstReach, type Effect } from './context.js'

/**
 * True when `origin` (e.g. 'https://shop.example') matches one of `patterns`: equal, or equal once
 * each `*` in the pattern stands for any run of characters other than '/' ('https://*.example',
 * 'http://127.0.0.1:*').
 */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => p === origin || (p.includes('*') && new RegExp(`^${p.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`).test(origin)))
}

export const originsEffect: Effect = ({ events$, api, services }) => {
  const client = walletConfigClient(api)
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin ?? ''
  return events$.pipe(
    // Not at start: when the visitor first reaches for the modal (network quiet, issue 17).
    firstReach(),
    filter(() => Boolean(services.walletConfig)),
    switchMap(() =>
      from(client.getAllowedOrigins()).pipe(
        map((allowedOrigins): NewEvent => {
          const originAllowed = isOriginAllowed(origin, allowedOrigins)
          if (allowedOrigins.length > 0 && !originAllowed) console.warn(`[gangway] ${origin} is not on the project's allowed origins`)
          return event('origins/fetched', { allowedOrigins, originAllowed })
        }),
        catchError((error: unknown) => of(event('origins/failed', { message: errorMessage(error) }))),
      ),
    ),
  )
}
