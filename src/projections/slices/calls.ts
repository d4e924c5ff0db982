/**
 * EIP-5792's sequential fallback (docs/behaviour.md §1): the batches Gangway sends itself, one transaction after
 * another, for a site's `wallet_sendCalls` to a wallet without it. A batch is folded from
 * `calls/requested` (its calls), `calls/sent` (each call's hash), `calls/landed` (each receipt's
 * outcome) and `calls/failed` (a call not sent); select/calls.ts `callsStatus` reads its ERC-5792 status code.
 * A batch belongs to the page session that sent it, like every event that is not shared: after a
 * reload the page knows none of them (`wallet_getCallsStatus` answers 5730). At most
 * CALLS_BATCHES_KEPT are kept, the oldest forgotten first.
 */
import type { CaipNetworkId } from '../../events/entities.js'
import { CALLS_BATCHES_KEPT } from '../../events/kernel/limits.js'
import { slice, type Slice } from '../reducer.js'
import { batchEnded } from '../select/calls.js'
import type { State } from '../state.js'

/** One fallback batch, as the log tells it. */
export interface CallsBatch {
  id: string
  connectorId: string
  caipNetworkId: CaipNetworkId
  /** How many calls it holds. */
  count: number
  /** The hash of each call sent so far, in order. */
  hashes: string[]
  /** Each landed call's outcome, in order (true: success). */
  landed: boolean[]
  /** The call that was not sent, when one was not. */
  failed?: { index: number; message: string; code?: number }
}

export interface CallsState {
  /** Oldest first. */
  batches: CallsBatch[]
}

const initial: CallsState = { batches: [] }

const update = (s: CallsState, id: string, f: (b: CallsBatch) => CallsBatch): CallsState => ({ batches: s.batches.map((b) => (b.id === id ? f(b) : b)) })

export const calls: Slice<CallsState, State> = slice<CallsState, State>(initial, {
  'calls/requested': (s, e) => {
    const { id, connectorId, caipNetworkId, calls: list } = e.payload
    const batches = [...s.batches.filter((b) => b.id !== id), { id, connectorId, caipNetworkId, count: list.length, hashes: [], landed: [] }]
    return { batches: batches.slice(Math.max(0, batches.length - CALLS_BATCHES_KEPT)) }
  },
  // Each fact counts only in its place: the next call's hash, the next receipt.
  'calls/sent': (s, e) => update(s, e.payload.id, (b) => (e.payload.index === b.hashes.length && !batchEnded(b) ? { ...b, hashes: [...b.hashes, e.payload.hash] } : b)),
  'calls/landed': (s, e) => update(s, e.payload.id, (b) => (e.payload.index === b.landed.length && e.payload.index < b.hashes.length && !batchEnded(b) ? { ...b, landed: [...b.landed, e.payload.success] } : b)),
  'calls/failed': (s, e) => update(s, e.payload.id, (b) => (batchEnded(b) ? b : { ...b, failed: { index: e.payload.index, message: e.payload.message, ...(e.payload.code !== undefined ? { code: e.payload.code } : {}) } })),
})
