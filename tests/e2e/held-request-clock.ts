/**
 * An injected clock for the JSON-RPC pipeline (src/worker/rpc/pipeline.ts `RpcClock`) driven by the
 * fault proxy instead of the machine's speed: a request's timeout fires only when every request
 * still waiting on a timeout is one the proxy holds ('slow' with slowMs 'until-closed'), so a
 * request the proxy answers never times out however busy the machine is, and a held one always does.
 * A retry's delay is not waited at all (the delay's length is the retry policy's, checked in its
 * unit test): the retry joins the next batch at once.
 */
import type { RpcClock } from '../../src/worker/rpc/pipeline.js'

export interface HeldRequestClock {
  clock: RpcClock
  /** Looks again: call it when the proxy starts holding a request (FaultProxyOptions.onHold). */
  check(): void
}

/** @param held how many requests the proxy holds now (FaultProxy.held). */
export function heldRequestClock(held: () => number): HeldRequestClock {
  const waiting = new Set<() => void>()
  const check = () => {
    if (waiting.size === 0 || waiting.size !== held()) return
    const due = [...waiting]
    waiting.clear()
    for (const abort of due) abort()
  }
  return {
    clock: {
      timeout(abort) {
        waiting.add(abort)
        return () => {
          waiting.delete(abort)
          check()
        }
      },
      delay(run) {
        setImmediate(run)
      },
    },
    check,
  }
}
