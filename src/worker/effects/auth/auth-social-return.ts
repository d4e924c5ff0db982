/**
 * The end of a social login's wait for its answer (docs/behaviour.md §4 social login steps, §9
 * SOCIAL_LOGIN_TTL_MS). The Telegram path leaves the page, so its wait is kept in the log
 * (`auth/telegram-social-started`, shared) and must end there too, with the shared
 * `auth/telegram-social-ended`:
 * - 'returned': its answer came back and the page took it (`auth/social-result-received`);
 * - 'refused': an answer came back that this tab did not start, or too late (`auth/social-return-refused`);
 * - 'expired': nothing came back within SOCIAL_LOGIN_TTL_MS of its start (a timer from the start,
 *   or from the next `engine/started` for a login a closed page left behind).
 * A refused answer shows 'Login link expired or not started here' in the modal, which the refusal
 * opened. The OAuth state the page checks never reaches the engine (ui/bridge/auth/social-login-state.ts).
 */
import { EMPTY, filter, map, mergeMap, of, switchMap, timer, type Observable } from 'rxjs'
import { SOCIAL_RETURN_REFUSED } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { telegramWaitLeftMs } from '../../../projections/rules/auth-rules.js'
import { ofType, type Effect } from '../context.js'

/**
 * A Telegram login still waiting SOCIAL_LOGIN_TTL_MS after it started ends as 'expired'. Armed at
 * each start (another tab's too: the start is shared) and at each engine start; a newer start
 * replaces the timer, and a login that ended meanwhile (or started again) is left alone.
 */
export const telegramExpiryEffect: Effect = ({ events$, state, clock, scheduler }) =>
  events$.pipe(
    ofType('engine/started', 'auth/telegram-social-started'),
    map(() => state().auth),
    switchMap(({ telegramProvider, telegramStartedAt }) => {
      if (!telegramProvider || telegramStartedAt === undefined) return EMPTY
      return timer(telegramWaitLeftMs(telegramStartedAt, clock()), scheduler).pipe(
        filter(() => state().auth.telegramStartedAt === telegramStartedAt && state().auth.telegramProvider === telegramProvider),
        map(() => event('auth/telegram-social-ended', { provider: telegramProvider, reason: 'expired' })),
      )
    }),
  ) as Observable<NewEvent>

/**
 * A social login's answer taken while a Telegram login waits ends that wait ('returned'); an answer
 * refused ends it ('refused', when one waits) and shows SOCIAL_RETURN_REFUSED.
 */
export const socialReturnEffect: Effect = ({ events$, state }) =>
  events$.pipe(
    ofType('auth/social-result-received', 'auth/social-return-refused'),
    mergeMap((e) => {
      const provider = state().auth.telegramProvider
      const ended = provider ? [event('auth/telegram-social-ended', { provider, reason: e.type === 'auth/social-result-received' ? 'returned' : 'refused' })] : []
      return of(...ended, ...(e.type === 'auth/social-return-refused' ? [event('snackbar/show-requested', { variant: 'error', message: SOCIAL_RETURN_REFUSED })] : []))
    }),
  ) as Observable<NewEvent>
