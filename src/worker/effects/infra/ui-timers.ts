/**
 * The timed UI rules of docs/behaviour.md §4 and §9, as effects (projections have no clock):
 * - shake: a failed connect shakes the modal for 500 ms;
 * - snackbar: a new message while one is open closes it and shows the new one after 150 ms;
 *   success and error messages hide after 2.5 s, loading ones stay until replaced.
 */
import { concat, delay, map, of, switchMap, timer } from 'rxjs'
import { event, type NewEvent } from '../../../events/types.js'
import { ofType, type Effect } from '../context.js'

/** docs/behaviour.md §9: shake 500 ms. */
export const SHAKE_MS = 500
/** docs/behaviour.md §9: snackbar swap delay 150 ms. */
export const SNACKBAR_SWAP_MS = 150
/** How long a success or error snackbar stays, in ms. */
export const SNACKBAR_SHOW_MS = 2500

export const shakeEffect: Effect = ({ events$, scheduler }) =>
  events$.pipe(
    ofType('connect/failed'),
    switchMap(() => concat(of(event('modal/shake-started', {})), of(event('modal/shake-ended', {})).pipe(delay(SHAKE_MS, scheduler)))),
  )

export const snackbarEffect: Effect = ({ events$, state, scheduler }) =>
  events$.pipe(
    ofType('snackbar/show-requested'),
    switchMap(({ payload }) => {
      const show = of<NewEvent>(event('snackbar/shown', payload))
      const autoHide = payload.variant === 'loading' ? [] : [timer(SNACKBAR_SHOW_MS, scheduler).pipe(map(() => event('snackbar/hidden', {})))]
      if (!state().snackbar.open) return concat(show, ...autoHide)
      return concat(of<NewEvent>(event('snackbar/hidden', {})), show.pipe(delay(SNACKBAR_SWAP_MS, scheduler)), ...autoHide)
    }),
  )
