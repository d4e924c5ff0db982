/**
 * Adding a passkey to the connected passkey's account (docs/behaviour.md §2 Passkey): the Account
 * view's *Add a passkey* asks the passkey connector (worker/passkey/), whose ceremony the page runs
 * and whose user operation, signed by the passkey in use, deploys the new passkey's signer contract
 * and adds it to the Safe. Its answer is `passkey/added` (public data only); a refusal or failure is
 * `passkey/add-failed` with its message ('Passkey request cancelled', 4001, when the visitor dismissed
 * the prompt). A second ask while one is under way is ignored.
 */
import { exhaustMap, from, type Observable } from 'rxjs'
import { loggedMessage, withCode } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { ofType, type Effect } from '../context.js'

export const passkeyAddEffect: Effect = ({ events$, passkey }) =>
  events$.pipe(
    ofType('passkey/add-requested'),
    exhaustMap(() =>
      from(
        passkey.add().then(
          ({ credential: { id, publicKey, addedOwner }, transactionHash }): NewEvent => event('passkey/added', { id, publicKey, address: addedOwner.account, signer: addedOwner.signer, transactionHash }),
          (error: unknown): NewEvent => event('passkey/add-failed', { message: loggedMessage(error), ...withCode(error) }),
        ),
      ),
    ),
  ) as Observable<NewEvent>
