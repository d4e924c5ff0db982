/**
 * The secure-site emulator's approval panel guard against a click meant for something else: the
 * panel shows one request at a time in one place, so the next request's Approve appears exactly
 * where the last one's was, under the cursor (a double click would approve two), and a request may
 * appear while a button is held down. The Approve and Reject buttons of a newly shown request:
 * - are disabled for APPROVAL_ARM_DELAY_MS (`enabled`), no one reads a request faster;
 * - then take a click only after a fresh press (`press`: a pointerdown, or a key press that is not a
 *   repeat) that came once they were enabled (`click`); each press is good for one click.
 * Times are the events' own (`event.timeStamp`, on the clock of `performance.now()`), in ms.
 * Pure, so the timing is unit-tested; frame-script.ts wires it to the panel.
 * Demo and test tooling only.
 */

/** How long the buttons of a newly shown request stay disabled, in ms. */
export const APPROVAL_ARM_DELAY_MS = 500

/** The guard of one approval panel. */
export interface ApprovalGuard {
  /** A request was shown at `at`: every earlier press is void, the buttons are off until `at + delay`. */
  shown(at: number): void
  /** Whether the buttons may be enabled at `at`. */
  enabled(at: number): boolean
  /** A pointerdown, or a keydown (`repeat`: the key is held), at `at`: it arms the buttons when they are enabled and it is no repeat. */
  press(at: number, repeat?: boolean): void
  /** A click at `at`: whether it may decide (armed by a fresh press, the buttons enabled); it uses the press up. */
  click(at: number): boolean
}

/**
 * A guard with the given delay (default APPROVAL_ARM_DELAY_MS); nothing is shown yet, so nothing
 * may be decided before the first `shown`.
 */
export function createApprovalGuard(delayMs = APPROVAL_ARM_DELAY_MS): ApprovalGuard {
  let shownAt = Number.POSITIVE_INFINITY
  let armed = false
  const enabled = (at: number) => at >= shownAt + delayMs
  return {
    shown(at) {
      shownAt = at
      armed = false
    },
    enabled,
    press(at, repeat = false) {
      if (!repeat && enabled(at)) armed = true
    },
    click(at) {
      const ok = armed && enabled(at)
      armed = false
      return ok
    },
  }
}
