/**
 * The remote configuration (wallet/config service GET /appkit/v1/config, docs/behaviour.md §7, §9):
 * asked at most once per page life, and not before the visitor reaches for the modal: the first
 * `modal/open-requested` or `modal/trigger-approached` (pointer, focus or touch on a trigger, sent
 * by the page) of this engine's session. The checked answer is folded as
 * `features/remote-config-fetched`; a failure as `features/remote-config-failed`, after which the
 * defaults stay (nothing is shown, nothing asked again). Without a wallet/config service nothing is
 * asked.
 */
import { EMPTY, catchError, from, map, of, switchMap } from 'rxjs'
import { walletConfigClient } from '../../../api/wallet-config.js'
import { loggedMessage } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { firstReach, type Effect } from '../context.js'

/** The first open or trigger approach → `features/remote-config-fetched` or `-failed` (once; nothing without the service). */
export const remoteConfigEffect: Effect = ({ events$, api, services }) => {
  if (!services.walletConfig) return EMPTY
  const client = walletConfigClient(api)
  return events$.pipe(
    firstReach(),
    switchMap(() =>
      from(client.getConfig()).pipe(
        map((features): NewEvent => event('features/remote-config-fetched', { features })),
        catchError((error: unknown) => of(event('features/remote-config-failed', { message: loggedMessage(error) }))),
      ),
    ),
  )
}
