/**
 * A one-shot latch for the emulator's long polls (CONNECT_DEVICE waits for a device link,
 * CONNECT_FARCASTER for an approval): opened once, awaited any number of times.
 * Demo and test tooling only.
 */

/** A latch: `opened` resolves once `open()` is called; `isOpen` says whether it was. */
export interface Latch {
  readonly opened: Promise<void>
  readonly isOpen: boolean
  open(): void
}

/** A closed latch. */
export function createLatch(): Latch {
  let release!: () => void
  let isOpen = false
  const opened = new Promise<void>((r) => (release = r))
  return {
    opened,
    get isOpen() {
      return isOpen
    },
    open() {
      isOpen = true
      release()
    },
  }
}

/** Resolves true once `latch` opens, or false after `ms` milliseconds (a long poll's turn ends, the caller asks again). */
export async function openedWithin(latch: Latch, ms: number): Promise<boolean> {
  if (latch.isOpen) return true
  let timer: NodeJS.Timeout | undefined
  // Unref'd: a poll still waiting never keeps the process alive after the site stops.
  const timeout = new Promise<false>((r) => (timer = setTimeout(() => r(false), ms).unref()))
  try {
    return await Promise.race([latch.opened.then(() => true as const), timeout])
  } finally {
    clearTimeout(timer)
  }
}
