/**
 * Transaction previews as the engine and the views read them (docs/behaviour.md §2
 * ApproveTransaction and WalletSendPreview): the auth batch an approval belongs to, the send form a
 * preview is computed for, and the preview of the form as it is now. Pure.
 */
import type { BatchCall, CaipNetworkId, SendToken } from '../../events/entities.js'
import type { TxPreview } from '../../events/types.js'
import type { AuthBatch } from '../slices/tx-preview.js'
import { amountInSmallestUnit, withHexPrefix } from '../rules/send-rules.js'
import type { State } from '../state.js'
import { activeAccount } from './active-account.js'
import { sendReceiver } from './send-receiver.js'

/** The same call: target, data and value alike (addresses and hex in any case). */
export const sameCall = (a: BatchCall, b: BatchCall): boolean =>
  (a.to ?? '').toLowerCase() === (b.to ?? '').toLowerCase() && (a.data ?? '0x').toLowerCase() === (b.data ?? '0x').toLowerCase() && BigInt(a.valueWei) === BigInt(b.valueWei)

/**
 * The auth batch whose call under way is `call` on `caipNetworkId`: an approval of it is that
 * batch's call. The batches go one at a time, oldest first.
 * @example
 * batchOfCall(state, 'eip155:31337', { to: hbd, data, valueWei: '0' }) // { id: '0x…', calls: [...], next: 0 }
 */
export function batchOfCall(s: State, caipNetworkId: string, call: BatchCall): AuthBatch | undefined {
  const b = s.txPreview.batches[0]
  return b && b.caipNetworkId === caipNetworkId && b.calls[b.next] !== undefined && sameCall(b.calls[b.next]!, call) ? b : undefined
}

/** The send form as its preview names it (TxPreview.send): the token's contract (none for the native currency), the amount in base units, the receiver's address; with the account and network. */
export interface SendPreviewForm {
  caipNetworkId: CaipNetworkId
  account: string
  send: { token?: string; amount: string; receiver: string }
}

/**
 * The send form a preview is computed for (docs/behaviour.md §2 WalletSendPreview): an EVM account's
 * form with no §5 problem and its name resolved, given the form's token as the active network lists
 * it, its amount as typed and its problem (send-model.ts computes them); undefined otherwise.
 * @example
 * sendPreviewForm(state, model.token, model.amount, model.problem)
 * // { caipNetworkId: 'eip155:31337', account: '0x…', send: { token: '0x…', amount: '10000000000000000000', receiver: '0x…' } }
 */
export function sendPreviewForm(s: State, token: SendToken | undefined, amount: string, problem: string | undefined): SendPreviewForm | undefined {
  const account = activeAccount(s)
  const receiver = sendReceiver(s).address
  if (account?.namespace !== 'eip155' || problem !== undefined || !token || !receiver || token.caipNetworkId !== account.caipNetworkId) return undefined
  const base = amountInSmallestUnit(amount, token.decimals)
  if (base === undefined) return undefined
  return { caipNetworkId: account.caipNetworkId, account: account.address, send: { ...(token.address ? { token: token.address } : {}), amount: base.toString(), receiver: withHexPrefix(receiver.trim()) } }
}

/** The send form's latest preview when it was computed for `form` (the form as it is now). */
export function sendPreview(s: State, form: SendPreviewForm | undefined): TxPreview | undefined {
  const p = s.txPreview.send
  if (!form || !p?.send) return undefined
  const same = (a: string | undefined, b: string | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase()
  return p.caipNetworkId === form.caipNetworkId && same(p.account, form.account) && same(p.send.token, form.send.token) && p.send.amount === form.send.amount && same(p.send.receiver, form.send.receiver) ? p : undefined
}
