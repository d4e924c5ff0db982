/**
 * Gangway's transaction previews (docs/behaviour.md §2 ApproveTransaction and WalletSendPreview):
 * the approvals waiting in the secure site's panel, in its order (it shows the oldest first), each
 * marked when it sends a transaction (`tx-preview/requested`) and with its preview once simulated;
 * the send form's latest preview; and the EIP-5792 batches the fallback sends through the auth
 * connector while they are under way, with their calls, so an approval of one of them is shown as
 * that batch's call. Session-scoped: a reload forgets them (no call waits across one).
 */
import { AUTH_CONNECTOR_ID, type BatchCall, type CaipNetworkId, type SendToken } from '../../events/entities.js'
import { CALLS_BATCH_MAX } from '../../events/kernel/limits.js'
import type { TxPreview } from '../../events/types.js'
import { sameConnector } from './connections.js'
import { slice, type Slice } from '../reducer.js'
import { activeAccount } from '../select/active-account.js'
import { sendReceiver } from '../select/send-receiver.js'
import { amountInSmallestUnit, withHexPrefix } from '../rules/send-rules.js'
import type { State } from '../state.js'

/** An approval waiting in the secure site's panel: its id, and whether it sends a transaction Gangway previews. */
export interface WaitingApproval {
  id: string
  transaction: boolean
}

/** A batch the fallback sends through the auth connector: its calls, and how many were sent. */
export interface AuthBatch {
  id: string
  caipNetworkId: CaipNetworkId
  calls: BatchCall[]
  /** The index of the call under way (the number sent before it). */
  next: number
}

export interface TxPreviewState {
  /** Oldest first, as the secure site shows them. */
  approvals: WaitingApproval[]
  /** The previews of waiting approvals. */
  previews: TxPreview[]
  /** The send form's latest preview (TxPreview.send names the form it was computed for). */
  send?: TxPreview
  /** Oldest first; at most CALLS_BATCH_MAX. */
  batches: AuthBatch[]
}

/** The most approvals followed at once (the secure site shows one at a time; more is a site flooding it). */
const APPROVALS_MAX = 20

const initial: TxPreviewState = { approvals: [], previews: [], batches: [] }

const withApproval = (s: TxPreviewState, a: WaitingApproval): TxPreviewState => {
  const approvals = s.approvals.some((x) => x.id === a.id) ? s.approvals.map((x) => (x.id === a.id ? { ...x, transaction: x.transaction || a.transaction } : x)) : [...s.approvals, a]
  return { ...s, approvals: approvals.slice(0, APPROVALS_MAX) }
}
const withoutBatch = (s: TxPreviewState, id: string): TxPreviewState => (s.batches.some((b) => b.id === id) ? { ...s, batches: s.batches.filter((b) => b.id !== id) } : s)

export const txPreview: Slice<TxPreviewState, State> = slice<TxPreviewState, State>(initial, {
  'engine/started': () => initial,
  'tx-preview/requested': (s, e) => withApproval(s, { id: e.payload.id, transaction: true }),
  'auth/approval-requested': (s, e) => (e.payload.id ? withApproval(s, { id: e.payload.id, transaction: false }) : s),
  'auth/approval-settled': (s, e) => {
    const { id } = e.payload
    return id === undefined ? s : { ...s, approvals: s.approvals.filter((a) => a.id !== id), previews: s.previews.filter((p) => p.id !== id) }
  },
  'tx-preview/simulated': (s, e) => {
    const p = e.payload
    if (p.send) return { ...s, send: p }
    return s.approvals.some((a) => a.id === p.id && a.transaction) ? { ...s, previews: [...s.previews.filter((x) => x.id !== p.id), p] } : s
  },
  'calls/requested': (s, e) => {
    const { id, connectorId, caipNetworkId, calls } = e.payload
    if (!sameConnector(connectorId, AUTH_CONNECTOR_ID)) return s
    const batches = [...s.batches.filter((b) => b.id !== id), { id, caipNetworkId, calls, next: 0 }]
    return { ...s, batches: batches.slice(Math.max(0, batches.length - CALLS_BATCH_MAX)) }
  },
  'calls/sent': (s, e) => ({ ...s, batches: s.batches.map((b) => (b.id === e.payload.id && e.payload.index === b.next ? { ...b, next: b.next + 1 } : b)) }),
  // A batch ends at a call not sent, a reverted one, or its last receipt.
  'calls/failed': (s, e) => withoutBatch(s, e.payload.id),
  'calls/landed': (s, e) => {
    const b = s.batches.find((x) => x.id === e.payload.id)
    return b && (!e.payload.success || e.payload.index >= b.calls.length - 1) ? withoutBatch(s, b.id) : s
  },
})

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
