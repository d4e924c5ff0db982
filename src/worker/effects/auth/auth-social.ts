/**
 * Social login (docs/behaviour.md §4 social login steps). The popup, the provider's page
 * and its answer stay on the page (ui/bridge/auth/): the engine logs the steps the page reports, and
 * connects on `auth/social-connected` (auth-connect.ts). A failed social login shows its message
 * (docs/behaviour.md §8: 'Popup closed', 'Failed to connect', 'Failed to initiate social connection',
 * 'Failed to connect to farcaster').
 */
import { distinctUntilChanged, filter, map, mergeMap, pairwise, switchMap, timer, type Observable } from 'rxjs'
import { AUTH_CONNECTOR_ID } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import { AUTH_CALLS } from './auth-connect.js'
import { sameConnector } from '../../../projections/select/connections.js'
import { ofType, type Effect } from '../context.js'

export const authSocialFailedEffect: Effect = ({ events$ }) =>
  events$.pipe(
    ofType('auth/social-failed'),
    map((e) => event('snackbar/show-requested', { variant: 'error', message: e.payload.message })),
  ) as Observable<NewEvent>

/** docs/behaviour.md §2: how long after leaving ConnectingFarcaster unconnected the secure site reloads, in ms. */
export const FARCASTER_RELOAD_DELAY_MS = 100

/**
 * Leaving ConnectingFarcaster (back, close) with the Farcaster login unfinished: 100 ms later (so the view's
 * transition stays smooth) the page clears the link and reloads the secure site
 * (`gangway_auth_reload`), then `auth/farcaster-reset`.
 */
export const farcasterLeaveEffect: Effect = ({ events$, state, bridge, scheduler }) =>
  events$.pipe(
    // Each event with whether ConnectingFarcaster shows after it; the login that ends the view connects, a back or a close does not.
    map((e) => ({ shown: state().modal.open && state().modal.view === 'ConnectingFarcaster', connected: e.type === 'connect/succeeded' && sameConnector(e.payload.connectorId, AUTH_CONNECTOR_ID) })),
    distinctUntilChanged((a, b) => a.shown === b.shown),
    pairwise(),
    filter(([was, is]) => was.shown && !is.shown && !is.connected),
    switchMap(() =>
      timer(FARCASTER_RELOAD_DELAY_MS, scheduler).pipe(
        mergeMap(() => bridge.request(AUTH_CONNECTOR_ID, { method: AUTH_CALLS.reload }).catch(() => undefined)),
        map(() => event('auth/farcaster-reset', {})),
      ),
    ),
  ) as Observable<NewEvent>
