/**
 * The engine's JSON-RPC pipeline (docs/behaviour.md §7 Chain RPC, §9 RPC): every chain request the engine makes
 * goes through `request`.
 * - Batching: calls to the same endpoint are gathered until the next macrotask (or `batchWaitMs`)
 *   and sent as JSON-RPC 2.0 batch POSTs (array body) of at most 1000 calls; a lone call goes as
 *   a plain object.
 * - Sharing: identical in-flight reads (same endpoint, method and params, compared exactly: the
 *   params as JSON) share one call, retries included. Writes are never merged.
 * - Retry, per call (retry-policy.ts, docs/behaviour.md §9): a retried call joins the next batch. Writes retry
 *   only where that cannot create a second transaction: a raw transaction on every retriable error
 *   and after a timeout or a dropped connection; a node-signed send only on 403, 408, 413, 429.
 * - Errors: 'HTTP request failed.' (HttpRequestError, with status), 'RPC Request failed.'
 *   (RpcRequestError, with the JSON-RPC code), 'The request took too long to respond.'
 *   (TimeoutError, after `timeoutMs`, default 10 s). viem's transport maps codes to named errors.
 * - Cost: plain queues and one promise per call, no RxJS and no promise chain per call; at N = 100
 *   a burst's own cost is what decides against viem's batching transport (bench/rpc).
 */
import { boundedText } from '../../events/kernel/bounded-body.js'
import { MAX_RPC_RESPONSE_BYTES } from '../../events/kernel/limits.js'
import { parseJson } from '../../events/kernel/safe-json.js'
import { HttpRequestError, RpcRequestError, TimeoutError, keccak256, type Hex } from 'viem'
import type { JsonRpc, RpcCall } from '../../chains/json-rpc.js'
import { ALREADY_SENT, isIdempotentWrite, isWriteMethod } from './methods.js'
import { RETRY_COUNT, retryDelayMs, shouldRetry, statusOf } from './retry-policy.js'

/** Counters of what the pipeline did, for tests and benches. */
export interface RpcStats {
  /** HTTP POSTs sent. */
  httpRequests: number
  /** Calls sent (a retried call counts once per try). */
  calls: number
  /** Retries scheduled. */
  retries: number
  /** Requests answered by an identical read already in flight. */
  shared: number
}

export interface RpcPipeline extends JsonRpc {
  stats(): RpcStats
}

/** Options of the pipeline. Times in ms. */
export interface RpcPipelineOptions {
  fetch?: typeof fetch
  /** Per HTTP request; default 10 000 (docs/behaviour.md §9). */
  timeoutMs?: number
  /** Calls per batch POST at most; default 1000 (docs/behaviour.md §9). */
  batchSize?: number
  /** How long a batch gathers after its first call; default 0, the next macrotask. */
  batchWaitMs?: number
  /** Retries after the first try; default 3 (docs/behaviour.md §9). */
  retryCount?: number
  /** What the pipeline waits on: each request's timeout and each retry's delay; default the real timers (REAL_RPC_CLOCK). */
  clock?: RpcClock
}

/**
 * The waiting the pipeline does, injectable so a test decides when a timeout fires instead of the
 * machine's speed deciding it. Times in ms.
 */
export interface RpcClock {
  /** Calls `abort` once `ms` have passed, unless the returned cancel is called first (each HTTP request's timeout). */
  timeout(abort: () => void, ms: number): () => void
  /** Calls `run` once `ms` have passed (a retry's delay). */
  delay(run: () => void, ms: number): void
}

/** The real timers. */
export const REAL_RPC_CLOCK: RpcClock = {
  timeout(abort, ms) {
    const timer = setTimeout(abort, ms)
    return () => clearTimeout(timer)
  },
  delay(run, ms) {
    setTimeout(run, ms)
  },
}

/** Default timeout of docs/behaviour.md §9, in ms. */
export const RPC_TIMEOUT_MS = 10_000
/** Batch size of docs/behaviour.md §9. */
export const RPC_BATCH_SIZE = 1000

/**
 * Calls `callback` once, on the next macrotask: whichever comes first of a MessageChannel message
 * and a setTimeout(0). The message is not clamped (timers are: 1 ms in Node, 4 ms for nested
 * timers in browsers and workers), so after a short task it wins; after a task longer than the
 * clamp the timer is already due, and an event loop that serves due timers first (Node: timers,
 * then messages, I/O and queued tasks such as V8's GC tasks) flushes without waiting behind the
 * rest (bench/rpc: it removed 5–10 ms stalls before the POST).
 * The channel is closed after its one message (an open port would keep Node's event loop alive).
 */
export function onNextMacrotask(callback: () => void): void {
  let done = false
  const channel = new MessageChannel()
  const run = () => {
    if (done) return
    done = true
    clearTimeout(timer)
    channel.port1.close()
    channel.port2.close()
    callback()
  }
  const timer = setTimeout(run, 0)
  channel.port1.onmessage = run
  channel.port2.postMessage(null)
}

/** One call of `request`, from its first try until it settles. */
interface Pending {
  url: string
  /** Its JSON-RPC id, the same on every try. */
  id: number
  call: RpcCall
  /** Tries that failed so far. */
  tries: number
  /** Its entry in the shared in-flight reads; undefined for a write. */
  key: string | undefined
  /** True once `resolve` or `reject` ran. */
  settled: boolean
  resolve(result: unknown): void
  reject(error: unknown): void
}

interface RpcResponse {
  id?: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

const NOT_PROCESSED = [403, 408, 413, 429]

/** Whether a failed try of `method` may be tried again. */
function retryable(method: string, error: unknown): boolean {
  if (isIdempotentWrite(method)) return shouldRetry(error) || error instanceof TimeoutError || (error instanceof HttpRequestError && statusOf(error) === undefined)
  if (isWriteMethod(method)) return NOT_PROCESSED.includes(statusOf(error) ?? 0)
  return shouldRetry(error)
}

/**
 * A pipeline with its own queues, in-flight reads and counters. `request(url, call)` resolves to
 * the call's JSON-RPC `result`, or rejects with the errors listed at the top of this file (the last
 * try's error once retries are spent). It throws synchronously only when a read's params cannot be
 * written as JSON (a BigInt, a cycle): JSON.stringify's TypeError.
 */
export function createRpcPipeline(options: RpcPipelineOptions = {}): RpcPipeline {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS
  const batchSize = options.batchSize ?? RPC_BATCH_SIZE
  const batchWaitMs = options.batchWaitMs ?? 0
  const retryCount = options.retryCount ?? RETRY_COUNT
  const clock = options.clock ?? REAL_RPC_CLOCK
  const stats: RpcStats = { httpRequests: 0, calls: 0, retries: 0, shared: 0 }
  /** The promise of each read in flight, by its key (endpoint, method, params). */
  const inFlight = new Map<string, Promise<unknown>>()
  /** The calls gathering for each endpoint's next batch, in arrival order. */
  const queues = new Map<string, Pending[]>()
  /** Whether a macrotask flush is already scheduled (batchWaitMs 0). */
  let flushScheduled = false
  let nextId = 1

  const settle = (p: Pending, ok: boolean, value: unknown): void => {
    if (p.settled) return
    p.settled = true
    if (p.key !== undefined) inFlight.delete(p.key)
    if (ok) p.resolve(value)
    else p.reject(value)
  }

  /** A failed try: settle, or (per policy) join a later batch after the retry delay. */
  const fail = (p: Pending, error: unknown): void => {
    if (p.settled) return
    const method = p.call.method
    // A raw transaction the node already has, on a retry: the first try landed.
    if (p.tries > 0 && isIdempotentWrite(method) && error instanceof RpcRequestError && ALREADY_SENT.test(error.details ?? '')) {
      return settle(p, true, keccak256(p.call.params![0] as Hex))
    }
    if (p.tries >= retryCount || !retryable(method, error)) return settle(p, false, error)
    stats.retries++
    const delayMs = retryDelayMs(p.tries, error)
    p.tries++
    clock.delay(() => enqueue(p), delayMs)
  }

  const send = async (url: string, batch: Pending[]): Promise<void> => {
    stats.httpRequests++
    stats.calls += batch.length
    const payload = batch.map((p) => ({ jsonrpc: '2.0', id: p.id, method: p.call.method, params: p.call.params ?? [] }))
    const body: Record<string, unknown> | Record<string, unknown>[] = batch.length === 1 ? payload[0]! : payload
    const controller = new AbortController()
    const cancelTimeout = clock.timeout(() => controller.abort(), timeoutMs)
    let answers: RpcResponse[]
    try {
      let response: Response
      try {
        response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: controller.signal })
      } catch (cause) {
        throw controller.signal.aborted ? new TimeoutError({ body: body, url }) : new HttpRequestError({ url, body: body, cause: cause as Error, details: String((cause as Error)?.message ?? cause) })
      }
      if (!response.ok) throw new HttpRequestError({ url, body: body, status: response.status, headers: response.headers, details: response.statusText })
      // A node's answer is untrusted too: bounded in size, parsed without prototype keys.
      const tooLarge = () => new HttpRequestError({ url, body: body, status: response.status, details: `Response body over ${MAX_RPC_RESPONSE_BYTES} bytes` })
      let json: unknown
      try {
        json = parseJson(await boundedText(response, MAX_RPC_RESPONSE_BYTES, tooLarge))
      } catch (cause) {
        if (cause instanceof HttpRequestError) throw cause
        throw controller.signal.aborted ? new TimeoutError({ body: body, url }) : new HttpRequestError({ url, body: body, status: response.status, cause: cause as Error, details: 'The response is not JSON.' })
      }
      // Only object answers count: a node that answers null (or junk) leaves those calls unanswered.
      answers = (Array.isArray(json) ? json : [json]).filter((a): a is RpcResponse => typeof a === 'object' && a !== null)
    } catch (error) {
      for (const p of batch) fail(p, error)
      return
    } finally {
      cancelTimeout()
    }
    const byId = new Map(answers.map((a) => [a.id, a]))
    for (let i = 0; i < batch.length; i++) {
      const p = batch[i]!
      const answer = byId.get(p.id) ?? (batch.length === 1 ? answers[0] : undefined)
      if (answer && !answer.error) settle(p, true, answer.result)
      else fail(p, new RpcRequestError({ url, body: payload[i]!, error: answer?.error ?? { code: -1, message: 'No response for this call in the batch.' } }))
    }
  }

  /** Sends an endpoint's gathered calls, in POSTs of at most `batchSize` calls. */
  const flush = (url: string): void => {
    const all = queues.get(url)
    if (!all) return
    queues.delete(url)
    for (let i = 0; i < all.length; i += batchSize) {
      const batch = all.length <= batchSize ? all : all.slice(i, i + batchSize)
      // A batch that fails in an unforeseen way fails its own calls, never the pipeline.
      send(url, batch).catch((error: unknown) => {
        for (const p of batch) settle(p, false, error)
      })
    }
  }

  const flushAll = (): void => {
    flushScheduled = false
    for (const url of [...queues.keys()]) flush(url)
  }

  /** A try joins its endpoint's next batch: the one gathering now, or a new one. */
  const enqueue = (p: Pending): void => {
    const queue = queues.get(p.url)
    if (queue) {
      queue.push(p)
      return
    }
    queues.set(p.url, [p])
    if (batchWaitMs > 0) setTimeout(flush, batchWaitMs, p.url)
    else if (!flushScheduled) {
      flushScheduled = true
      onNextMacrotask(flushAll)
    }
  }

  /**
   * A call's one promise: no RxJS and no promise chain per call (bench/rpc). Its tries
   * go through `enqueue`, `send` and `fail`, and keep its JSON-RPC id.
   */
  const start = (url: string, call: RpcCall, key: string | undefined): Promise<unknown> => {
    const p: Pending = { url, id: nextId++, call, tries: 0, key, settled: false, resolve: noop, reject: noop }
    const promise = new Promise<unknown>((resolve, reject) => {
      p.resolve = resolve
      p.reject = reject
    })
    if (key !== undefined) inFlight.set(key, promise)
    enqueue(p)
    return promise
  }

  return {
    request(url, call) {
      if (isWriteMethod(call.method)) return start(url, call, undefined)
      // Exact: equal keys mean the same endpoint, method and JSON params, so the same call on the
      // wire (each string length-prefixed, so no two different (url, method) pairs run together).
      const key = `${url.length}:${url}${call.method.length}:${call.method}${JSON.stringify(call.params ?? [])}`
      const shared = inFlight.get(key)
      if (shared) {
        stats.shared++
        return shared
      }
      return start(url, call, key)
    },
    stats: () => ({ ...stats }),
  }
}

function noop(): void {}
