/**
 * EIP-5792's sequential fallback batches as the engine reads them (docs/behaviour.md §1): a batch by
 * its id, whether it ended, and its ERC-5792 status code. Pure.
 */
import type { CallsBatch } from '../slices/calls.js'
import type { State } from '../state.js'

/** Whether nothing more will happen to `b`: every call landed, or one failed or reverted. */
export const batchEnded = (b: CallsBatch): boolean => b.landed.length === b.count || b.failed !== undefined || b.landed.includes(false)

/** The batch `id` sent through the fallback, if the state still keeps it (ids compare in any case). */
export function callsBatch(s: State, id: string): CallsBatch | undefined {
  const wanted = id.toLowerCase()
  return s.calls.batches.find((b) => b.id.toLowerCase() === wanted)
}

/**
 * ERC-5792's status code of a fallback batch: 100 pending; 200 every call landed and succeeded;
 * 400 nothing reached the chain (the first call was not sent); 500 the first call reverted, so
 * nothing changed on chain; 600 some calls landed, or were sent, and a later one failed or reverted.
 */
export function callsStatus(b: CallsBatch): 100 | 200 | 400 | 500 | 600 {
  if (!batchEnded(b)) return 100
  if (b.landed.length === b.count && b.landed.every(Boolean)) return 200
  const applied = b.landed.filter(Boolean).length
  if (applied > 0) return 600
  if (b.landed[0] === false) return 500
  // A call sent whose receipt never came (waitForReceipt gave up) may still land: partial.
  return b.hashes.length > 0 ? 600 : 400
}
