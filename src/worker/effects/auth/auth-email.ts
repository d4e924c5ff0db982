/**
 * Email login through the secure site (docs/behaviour.md §1, §4). The page's auth bridge
 * (ui/bridge/auth/) holds the secure site's frame; the engine asks it through the bridge under the
 * AUTH connector, with non-secret calls only:
 * - `auth/email-submitted` → `gangway_auth_connectEmail { email }` → `auth/email-accepted { action }`,
 *   or `auth/email-failed` with the secure site's message (and an error snackbar);
 * - `VERIFY_DEVICE` → `gangway_auth_awaitDevice` (answers once the emailed link was opened) →
 *   `auth/device-approved`;
 * - then, with the code accepted (`auth/otp-verified`: the page sent the code itself, it never
 *   reaches the engine) or none needed (`CONNECT`), auth-connect.ts connects.
 */
import { EMPTY, from, mergeMap, switchMap, takeUntil, type Observable } from 'rxjs'
import { AUTH_CONNECTOR_ID } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import { AUTH_CALLS, FAILED_TO_CONNECT, messageOf } from './auth-connect.js'
import { ofType, type Effect } from '../context.js'

const ACTIONS = ['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT'] as const

/** `auth/email-submitted` → the secure site's answer (see the module's comment). */
export const authEmailEffect: Effect = ({ events$, bridge }) =>
  events$.pipe(
    ofType('auth/email-submitted'),
    switchMap(({ payload: { email } }) =>
      from(
        (async (): Promise<NewEvent[]> => {
          try {
            const answer = (await bridge.request(AUTH_CONNECTOR_ID, { method: AUTH_CALLS.connectEmail, params: [{ email }] })) as { action?: unknown } | null
            const action = ACTIONS.find((a) => a === answer?.action)
            if (!action) return [event('auth/email-failed', { message: FAILED_TO_CONNECT })]
            return [event('auth/email-accepted', { action })]
          } catch (error) {
            const message = messageOf(error, FAILED_TO_CONNECT)
            return [event('auth/email-failed', { message }), event('snackbar/show-requested', { variant: 'error', message })]
          }
        })(),
      ).pipe(mergeMap((events) => events)),
    ),
  ) as Observable<NewEvent>

/** `VERIFY_DEVICE`: waits for the emailed link; another email or a closed modal stops waiting. */
export const authDeviceEffect: Effect = ({ events$, bridge }) =>
  events$.pipe(
    ofType('auth/email-accepted'),
    switchMap((e) => {
      if (e.payload.action !== 'VERIFY_DEVICE') return EMPTY
      return from(
        bridge.request(AUTH_CONNECTOR_ID, { method: AUTH_CALLS.awaitDevice }).then(
          (): NewEvent => event('auth/device-approved', {}),
          (error: unknown): NewEvent => event('auth/email-failed', { message: messageOf(error, FAILED_TO_CONNECT) }),
        ),
      ).pipe(takeUntil(events$.pipe(ofType('auth/email-submitted', 'modal/close-requested'))))
    }),
  ) as Observable<NewEvent>


const UPDATE_ACTIONS = ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'] as const

/**
 * UpdateEmailWallet: `auth/email-update-requested` → `gangway_auth_updateEmail { email }` (UPDATE_EMAIL)
 * → `auth/email-update-accepted { action }`, or `auth/email-update-failed` with the secure site's
 * message. The codes then go from the page to the secure site (they never reach the engine), which
 * reports `auth/email-update-verified` and `auth/email-updated`.
 */
export const authEmailUpdateEffect: Effect = ({ events$, bridge }) =>
  events$.pipe(
    ofType('auth/email-update-requested'),
    switchMap(({ payload: { email } }) =>
      from(
        bridge.request(AUTH_CONNECTOR_ID, { method: AUTH_CALLS.updateEmail, params: [{ email }] }).then(
          (answer): NewEvent => {
            const action = UPDATE_ACTIONS.find((a) => a === (answer as { action?: unknown } | null)?.action)
            return action ? event('auth/email-update-accepted', { action }) : event('auth/email-update-failed', { message: FAILED_TO_CONNECT })
          },
          (error: unknown): NewEvent => event('auth/email-update-failed', { message: messageOf(error, FAILED_TO_CONNECT) }),
        ),
      ),
    ),
  ) as Observable<NewEvent>
