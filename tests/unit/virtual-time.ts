/**
 * Virtual time for unit tests of the engine's timing: an RxJS scheduler and a clock that move only
 * when the test says, to inject as `EffectContext.scheduler` / `clock` (or `EngineDeps`). Nothing
 * waits in real time: a 30 s timer passes in one `advance(30_000)`.
 */
import { VirtualTimeScheduler } from 'rxjs'

/** Lets every pending promise callback run (and the ones they queue). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve))
}

export interface VirtualTime {
  scheduler: VirtualTimeScheduler
  /** ms since the epoch: `epoch` plus the virtual ms elapsed. */
  clock: () => number
  /** Virtual ms elapsed since the start. */
  elapsed: () => number
  /**
   * Moves time forward by `ms`: runs every timer due by then, in time order, letting promise
   * callbacks settle after each step (so a timer a promise starts within the window fires too).
   */
  advance(ms: number): Promise<void>
}

/** A virtual scheduler starting at 0 and a clock reading `epoch` (ms) plus its time. */
export function virtualTime(epoch = 1_700_000_000_000): VirtualTime {
  const scheduler = new VirtualTimeScheduler()
  return {
    scheduler,
    clock: () => epoch + scheduler.now(),
    elapsed: () => scheduler.now(),
    async advance(ms) {
      const target = scheduler.frame + ms
      await settle()
      for (let next = scheduler.actions[0]; next && next.delay <= target; next = scheduler.actions[0]) {
        // Runs the actions due at the next moment (and those they schedule for that moment).
        scheduler.maxFrames = next.delay
        scheduler.flush()
        await settle()
      }
      scheduler.frame = target
    },
  }
}
