/**
 * Gangway's transaction previews (docs/behaviour.md §2 ApproveTransaction and WalletSendPreview):
 * the approvals waiting in the secure site's panel, in its order (it shows the oldest first), each
 * marked when it sends a transaction (`tx-preview/requested`) and with its preview once simulated;
 * the send form's latest preview; and the EIP-5792 batches the fallback sends through the auth
 * connector while they are under way, with their calls, so an approval of one of them is shown as
 * that batch's call. Session-scoped: a reload forgets them (no call waits across one).
 */
import { AUTH_CONNECTOR_ID, type BatchCall, type CaipNetworkId } from '../../events/entities.js'
import { CALLS_BATCH_MAX } from '../../events/kernel/limits.js'
import type { TxPreview } from '../../events/types.js'
import { sameConnector } from '../select/connections.js'
import { slice, type Slice } from '../reducer.js'
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
