/**
 * Gangway's preview of a transaction waiting in the secure site's approval panel (docs/behaviour.md
 * §2 ApproveTransaction): each `tx-preview/requested` (the auth connector's policy logs it before the
 * approval, worker/auth/auth-requests.ts) becomes `tx-preview/simulated` under the approval's id,
 * the call decoded and its asset changes simulated. A call of an EIP-5792 batch the fallback sends
 * through the auth connector (the batch's call under way, alike in target, data and value) is shown
 * as that batch: all its calls decoded, and the changes of this call and the ones after it simulated
 * together (the first call's preview is the whole batch's). The approval settling first drops its
 * preview. The secure site still decides: nothing here waits for or blocks the approval.
 */
import { filter, from, mergeMap, takeUntil, type Observable } from 'rxjs'
import type { NewEvent } from '../../../events/types.js'
import { batchOfCall } from '../../../projections/select/tx-preview.js'
import { previewEvent } from '../../tx-preview/preview-event.js'
import { ofType, type Effect } from '../context.js'

export const approvalPreviewEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('tx-preview/requested'),
    filter((e) => e.tab === ctx.state().tab),
    mergeMap((e) => {
      const { id, caipNetworkId, from: account, call } = e.payload
      const batch = batchOfCall(ctx.state(), caipNetworkId, call)
      const request = batch ? { id, caipNetworkId, account, calls: batch.calls, simulateFrom: batch.next, batch: { id: batch.id, index: batch.next } } : { id, caipNetworkId, account, calls: [call] }
      const settled = ctx.events$.pipe(
        ofType('auth/approval-settled'),
        filter((s) => s.payload.id === id),
      )
      return from(previewEvent(ctx, request)).pipe(takeUntil(settled))
    }),
  ) as Observable<NewEvent>
