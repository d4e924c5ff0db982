/** Whether a pending transaction's receipt is still polled (docs/behaviour.md §9 pending transactions limit 99). Pure. */
import type { State } from '../state.js'

/** Whether the receipt of `hash` is still polled: it is among the followed pending transactions. */
export function isFollowed(s: State, hash: string): boolean {
  return s.pending.list.some((t) => t.hash === hash)
}
