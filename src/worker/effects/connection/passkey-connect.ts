/**
 * Connecting with a passkey (docs/behaviour.md §2 Passkey): *Create a passkey* or *Use a passkey*
 * asks the passkey connector (worker/passkey/), whose ceremony the page runs; its answer is the
 * passkey learnt (`passkey/credential-known`, public data only, with its signer contract when it
 * was added to the account as another owner) and the connector's
 * `connect/succeeded` on its account, added beside the namespace's other connections with
 * multiWallet on, else replacing them. A refusal or failure is `connect/failed` with its message
 * ('Passkey request cancelled', 4001, when the visitor dismissed the prompt). A second ask while
 * one is under way is ignored.
 */
import { exhaustMap, from, mergeMap, type Observable } from 'rxjs'
import type { CaipAddress } from '../../../events/entities.js'
import { loggedMessage, withCode } from '../../../events/kernel/errors.js'
import { PASSKEY_CONNECTOR_ID } from '../../../events/kernel/page-kernel.js'
import { event, type NewEvent } from '../../../events/types.js'
import { resolvedFeatures } from '../../../projections/select/features.js'
import { ofType, type Effect } from '../context.js'

export const passkeyConnectEffect: Effect = ({ events$, passkey, state }) =>
  events$.pipe(
    ofType('passkey/create-requested', 'passkey/use-requested'),
    exhaustMap((e) =>
      from(
        (e.type === 'passkey/create-requested' ? passkey.create() : passkey.use()).then(
          ({ credential, address, caipNetworkId }): NewEvent[] => [
            event('passkey/credential-known', { id: credential.id, publicKey: credential.publicKey, address, ...(credential.addedOwner ? { signer: credential.addedOwner.signer } : {}) }),
            event('connect/succeeded', {
              connectorId: PASSKEY_CONNECTOR_ID,
              namespace: 'eip155',
              caipAddress: `${caipNetworkId}:${address}` as CaipAddress,
              via: 'prompt',
              accounts: [address],
              mode: resolvedFeatures(state()).multiWallet ? 'add' : 'replace',
            }),
          ],
          (error: unknown): NewEvent[] => [event('connect/failed', { connectorId: PASSKEY_CONNECTOR_ID, namespace: 'eip155', message: loggedMessage(error), ...withCode(error) })],
        ),
      ).pipe(mergeMap((events) => events)),
    ),
  ) as Observable<NewEvent>
