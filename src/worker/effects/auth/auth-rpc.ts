/**
 * The visitor's side of the auth connector's call policy (worker/auth/auth-requests.ts): a call the
 * secure site does not serve shows 'Action not allowed' (docs/behaviour.md §5) in the modal, which
 * the refusal opened.
 */
import { map, type Observable } from 'rxjs'
import { ACTION_NOT_ALLOWED } from '../../../chains/rpc-safety.js'
import { event, type NewEvent } from '../../../events/types.js'
import { ofType, type Effect } from '../context.js'

export const authRefusedEffect: Effect = ({ events$ }) =>
  events$.pipe(
    ofType('auth/rpc-refused'),
    map(() => event('snackbar/show-requested', { variant: 'error', message: ACTION_NOT_ALLOWED })),
  ) as Observable<NewEvent>
