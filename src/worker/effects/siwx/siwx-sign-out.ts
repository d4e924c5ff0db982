/**
 * docs/behaviour.md §4 SIWX: "sign-out on disconnect defaults to true". The sessions of
 * a connection this tab disconnected (projections/slices/siwx.ts `signingOut`) are revoked through the
 * site's `siwx.revokeSession`, each once; a revoke that fails is not retried (the session is no
 * longer this page's either way) and still gives `siwx/signed-out`.
 */
import { EMPTY, from, mergeMap, type Observable } from 'rxjs'
import { SIWX_CONNECTOR_ID } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import { readCaipAddress } from '../../../chains/caip.js'
import { SIWX_CALLS } from './siwx-check.js'
import { ofType, type Effect } from '../context.js'

export const siwxSignOutEffect: Effect = ({ events$, state, bridge }) => {
  /** The revokes asked and not yet answered (a second disconnect meanwhile asks only for its own). */
  const asked = new Set<string>()
  return events$.pipe(
    ofType('disconnect/succeeded'),
    mergeMap((e) => {
      const s = state()
      const due = s.siwx.signingOut.filter((a) => !asked.has(a))
      if (e.tab !== s.tab || due.length === 0) return EMPTY
      for (const a of due) asked.add(a)
      return from(due).pipe(
        mergeMap(async (caipAddress): Promise<NewEvent> => {
          const { caipNetworkId, address } = readCaipAddress(caipAddress)!
          await bridge.request(SIWX_CONNECTOR_ID, { method: SIWX_CALLS.revokeSession, params: [{ chainId: caipNetworkId, address }] }).catch(() => undefined)
          asked.delete(caipAddress)
          return event('siwx/signed-out', { caipAddress })
        }),
      )
    }),
  ) as Observable<NewEvent>
}
