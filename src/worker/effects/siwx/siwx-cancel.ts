/**
 * Leaving SIWXSignMessage unsigned (docs/behaviour.md §4 SIWX: "Cancel disconnects if sign-in is
 * required, else it closes"): Cancel, or the modal's close while SIWXSignMessage shows.
 * The site's `siwx.getRequired` decides; one that throws counts as required (the site cannot say it
 * is not). Required: the connection that served the account is disconnected (the modal shows
 * Connect); else `siwx/sign-in-declined`, the modal closes and the account stays connected, unsigned.
 */
import { EMPTY, exhaustMap, filter, from, map, mergeMap, pairwise, startWith, type Observable } from 'rxjs'
import { SIWX_CONNECTOR_ID, type CaipAddress, type Namespace } from '../../../events/entities.js'
import { event, type GangwayEvent, type NewEvent } from '../../../events/types.js'
import { namespaceOf } from '../../../chains/caip.js'
import { SIWX_CALLS } from './siwx-check.js'
import { type Effect } from '../context.js'

export const siwxCancelEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    // Whether SIWXSignMessage showed before each event (a close is folded before the effect sees it).
    map((e): [GangwayEvent, boolean] => [e, state().modal.open && state().modal.view === 'SIWXSignMessage']),
    startWith<[GangwayEvent | undefined, boolean]>([undefined, false]),
    pairwise(),
    filter(([[, shownBefore], [e]]) => !!e && e.tab === state().tab && (e.type === 'siwx/cancel-requested' || (e.type === 'modal/close-requested' && shownBefore))),
    exhaustMap(() => {
      const s = state()
      const caipAddress: CaipAddress | undefined = s.siwx.asking
      if (!caipAddress || !s.config.siwx) return EMPTY
      const namespace = namespaceOf(caipAddress) as Namespace
      const connectorId = s.connection.connectorIds[namespace]
      return from(
        (async (): Promise<NewEvent[]> => {
          const required = await bridge.request(SIWX_CONNECTOR_ID, { method: SIWX_CALLS.getRequired }).then((r) => r === true, () => true)
          const declined = event('siwx/sign-in-declined', { caipAddress })
          return required && connectorId ? [declined, event('disconnect/requested', { namespace, connectorId })] : [declined]
        })(),
      ).pipe(mergeMap((events) => events))
    }),
  ) as Observable<NewEvent>
