/**
 * The worker's end of the page port: in worker mode the engine reaches the page
 * only through one MessagePort carrying plain data, never through a comlink proxy of a page object
 * (which would let any code in the worker, the WalletConnect sign client included, walk property
 * paths such as `request.constructor` and run code in the page). The page serves exactly two named
 * calls and checks their arguments (src/ui/bridge/page-port-server.ts); the worker also posts the
 * values of the page's subscriptions on it.
 *
 * The protocol (every message a structured clone):
 * - worker → page: `{ id, call: 'request', args: [connectorId, { method, params? }, { waitMs? }?] }`,
 *   `{ id, call: 'watch', args: [connectorIds] }` (a `PageCall`); `{ values: [{ subscription, value }, …] }`
 *   (`SubscriptionValues`: the subscriptions' new values in the order they came, in one message, so the page
 *   applies together what one event changed and never renders a view beside the data of the state before).
 * - page → worker: `{ id, result }` or `{ id, error }` (a `PageReply`), `error` an ErrorWire
 *   (events/kernel/error-wire.ts: class name, category, message, code?, details?, data?), so the page's
 *   typed errors arrive here as the same classes.
 */
import { GangwayError } from '../events/kernel/errors.js'
import { fromWire } from '../events/kernel/error-wire.js'
import type { Bridge, PageCall } from '../contract.js'

/** The calls the page serves, by name. */
export type PageCallName = 'request' | 'watch'


/** A page subscription's new value; `subscription` is the key the page chose when it subscribed. */
export interface SubscriptionValue {
  subscription: number
  value: unknown
}

/** The subscription values the worker posts in one message, in the order they came. */
export interface SubscriptionValues {
  values: SubscriptionValue[]
}

/** The message a call in flight rejects with when the port closes. */
export const PAGE_PORT_CLOSED = 'Page port closed'

/** The worker's end of the page port: the engine's `Bridge`, plus delivery of subscription values. */
export interface PagePort extends Bridge {
  /**
   * Queues `{ subscription, value }` for the page. `value` must be structured-cloneable (selector
   * views are; one that is not is dropped). The queue goes out as one `SubscriptionValues` message
   * on `flush`, before the next call to the page, or at the end of the current task, whichever comes first.
   */
  deliver(subscription: number, value: unknown): void
  /** Posts the queued values now, as one message (nothing when none is queued). */
  flush(): void
  /** Closes the port; calls in flight reject with GangwayError 'Page port closed'. */
  close(): void
}

/**
 * The worker's end of `port`. Each call resolves with the page's `result` or rejects with its
 * `error` rebuilt (`fromWire`): the class, category, code, details and data the page's bridge
 * threw (a wallet's refusal is a UserRejectedError with the wallet's code; 'No connector found for
 * connection: {id}' a ProviderRequestError 4900), so the effects and the host see typed errors.
 * @throws (rejects) GangwayError 'Page port closed' for calls in flight when `close` is called; the
 *   error of `port.postMessage` when a call's arguments cannot be cloned.
 */
export function createPagePort(port: MessagePort): PagePort {
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>()
  let nextId = 1
  let queued: SubscriptionValue[] = []
  const flush = () => {
    if (queued.length === 0) return
    const values = queued
    queued = []
    try {
      port.postMessage({ values } satisfies SubscriptionValues)
    } catch {
      // One value cannot be cloned: the others still go, in their order, in one message.
      const cloneable = values.filter((v) => {
        try {
          structuredClone(v.value)
          return true
        } catch {
          return false
        }
      })
      if (cloneable.length) port.postMessage({ values: cloneable } satisfies SubscriptionValues)
    }
  }
  port.onmessage = ({ data }: MessageEvent<unknown>) => {
    const reply = data as Partial<{ id: unknown; result: unknown; error: unknown }> | null
    if (typeof reply !== 'object' || reply === null || typeof reply.id !== 'number') return
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    if ('error' in reply) waiting.reject(fromWire(reply.error))
    else waiting.resolve(reply.result)
  }
  const call = <N extends PageCallName>(name: N, args: Extract<PageCall, { call: N }>['args']) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve, reject })
      // What the page was to see before this call, it sees before it.
      flush()
      try {
        port.postMessage({ id, call: name, args })
      } catch (error) {
        pending.delete(id)
        reject(error)
      }
    })
  return {
    request: (connectorId, request, options) => call('request', options === undefined ? [connectorId, request] : [connectorId, request, options]),
    watch: async (connectorIds) => void (await call('watch', [connectorIds])),
    deliver(subscription, value) {
      if (queued.push({ subscription, value }) === 1) queueMicrotask(flush)
    },
    flush,
    close() {
      queued = []
      port.close()
      for (const w of pending.values()) w.reject(new GangwayError(PAGE_PORT_CLOSED))
      pending.clear()
    },
  }
}
