/**
 * Social login (issue 19; docs/behaviour.md §4 social login steps). The popup, the provider's page
 * and its answer stay on the page (ui/bridge/auth/): the engine logs the steps the page reports, and
 * connects on `auth/social-connected` (auth-connect.ts). A failed social login shows its message
 * (docs/behaviour.md §8: 'Popup closed', 'Failed to connect', 'Failed to initiate social connection').
 */
import { map, type Observable } from 'rxjs'
import { event, type NewEvent } from '../../events/types.js'
import { ofType, type Effect } from './context.js'

export const authSocialFailedEffect: Effect = ({ events$ }) =>
  events$.pipe(
    ofType('auth/social-failed'),
    map((e) => event('snackbar/show-requested', { variant: 'error', message: e.payload.message })),
  ) as Observable<NewEvent>
