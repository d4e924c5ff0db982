/**
 * The send form's preview (docs/behaviour.md §2 WalletSendPreview): when WalletSendPreview shows,
 * or the site's own review of the form turns on (`shows(s, 'sendReview')`, select/showing.ts), for
 * an EVM account's form with no §5 problem, the transaction the send effect would ask the wallet
 * for (effects/trade/send.ts `transferRequest`: the value to the receiver, or the token's ERC-20
 * `transfer`) is decoded and simulated, and logged as `tx-preview/simulated` with the form it was
 * computed for (id 'send'); the send model shows it only while the form is still that one. A newer
 * showing drops the preview asked before it. Confirm never waits for it.
 */
import { filter, from, mergeMap, switchMap, type Observable } from 'rxjs'
import { getAddress, type Address } from 'viem'
import type { NewEvent } from '../../../events/types.js'
import { sendPreviewForm } from '../../../projections/select/tx-preview.js'
import { sendForm } from '../../../projections/select/send-form.js'
import { shows } from '../../../projections/select/showing.js'
import { previewEvent } from '../../tx-preview/preview-event.js'
import { ofType, type Effect, type EffectContext } from '../context.js'
import { turningOn } from '../showing.js'
import { transferRequest } from './send.js'

/** The preview of the form as it is now; none for a form that cannot be sent, or a Solana one. */
async function preview(ctx: EffectContext): Promise<NewEvent[]> {
  const s = ctx.state()
  const { token, problem } = sendForm(s)
  const form = sendPreviewForm(s, token, s.send.amount ?? '', problem)
  if (!form) return []
  const receiver = getAddress(form.send.receiver)
  const request = transferRequest(form.account, receiver, BigInt(form.send.amount), form.send.token)
  const call = { to: getAddress(request.to! as Address), ...(request.data ? { data: request.data } : {}), valueWei: request.value ? BigInt(request.value).toString() : '0' }
  return [await previewEvent(ctx, { id: 'send', caipNetworkId: form.caipNetworkId, account: form.account, calls: [call], send: { ...form.send, receiver, ...(form.send.token ? { token: getAddress(form.send.token) } : {}) } })]
}

/** docs/behaviour.md §2 WalletSendPreview: the form's preview, on a navigation while WalletSendPreview shows or when the site's send review turns on; the newest wins. */
export const sendPreviewEffect: Effect = (ctx) =>
  ctx.events$.pipe(
    ofType('modal/navigate-requested', 'headless/showing-changed'),
    filter((e) => e.tab === ctx.state().tab),
    turningOn('sendReview'),
    filter(() => shows(ctx.state(), 'sendReview')),
    switchMap(() => from(preview(ctx)).pipe(mergeMap((events) => events))),
  ) as Observable<NewEvent>
