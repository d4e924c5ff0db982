/**
 * The transactions Gangway sent and is waiting on (docs/behaviour.md §9 pending
 * transactions limit 99): a send, a swap or a swap's approval from its hash until its outcome. At
 * most PENDING_TRANSACTIONS_MAX are followed: the next one pushes the oldest out (`dropped` counts
 * them), its receipt is no longer polled (select/pending.ts `isFollowed`), and the Activity tab says so.
 */
import type { CaipNetworkId } from '../../events/entities.js'
import { PENDING_TRANSACTIONS_MAX } from '../../events/kernel/limits.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

/** A transaction waiting for its receipt. */
export interface PendingTransaction {
  caipNetworkId: CaipNetworkId
  hash: string
  kind: 'send' | 'swap' | 'approval'
}

export interface PendingState {
  /** Oldest first, at most PENDING_TRANSACTIONS_MAX. */
  list: PendingTransaction[]
  /** How many were pushed out of the list before their outcome. */
  dropped: number
}

const initial: PendingState = { list: [], dropped: 0 }

const add = (s: PendingState, t: PendingTransaction): PendingState => {
  const list = [...s.list.filter((x) => x.hash !== t.hash), t]
  const over = Math.max(0, list.length - PENDING_TRANSACTIONS_MAX)
  return { list: list.slice(over), dropped: s.dropped + over }
}
const without = (s: PendingState, keep: (t: PendingTransaction) => boolean): PendingState => ({ ...s, list: s.list.filter(keep) })

export const pending: Slice<PendingState, State> = slice<PendingState, State>(initial, {
  'engine/started': () => initial,
  'send/submitted': (s, e) => add(s, { ...e.payload, kind: 'send' }),
  'swap/approval-submitted': (s, e) => add(s, { ...e.payload, kind: 'approval' }),
  'swap/submitted': (s, e) => add(without(s, (t) => t.kind !== 'approval'), { ...e.payload, kind: 'swap' }),
  'send/succeeded': (s, e) => without(s, (t) => t.hash !== e.payload.hash),
  'swap/succeeded': (s, e) => without(s, (t) => t.hash !== e.payload.hash && t.kind !== 'approval'),
  // A failure names no hash: the send, or the swap and its approvals, of that form are over.
  'send/failed': (s) => without(s, (t) => t.kind !== 'send'),
  'swap/failed': (s) => without(s, (t) => t.kind === 'send'),
})
