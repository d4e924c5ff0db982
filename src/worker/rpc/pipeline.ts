/**
 * The engine's JSON-RPC pipeline (docs/behaviour.md §7 Chain RPC, §9 RPC): every chain request the engine makes
 * goes through `request`.
 * - Batching: calls to the same endpoint are gathered until the next macrotask (or `batchWaitMs`)
 *   and sent as JSON-RPC 2.0 batch POSTs (array body) of at most 1000 calls; a lone call goes as
 *   a plain object.
 * - Sharing: identical in-flight reads (same endpoint, method and params) share one call. Writes
 *   are never merged.
 * - Retry, per call (retry-policy.ts, docs/behaviour.md §9): a retried call joins the next batch. Writes retry
 *   only where that cannot create a second transaction: a raw transaction on every retriable error
 *   and after a timeout or a dropped connection; a node-signed send only on 403, 408, 413, 429.
 * - Errors: 'HTTP request failed.' (HttpRequestError, with status), 'RPC Request failed.'
 *   (RpcRequestError, with the JSON-RPC code), 'The request took too long to respond.'
 *   (TimeoutError, after `timeoutMs`, default 10 s). viem's transport maps codes to named errors.
 */
import { boundedText } from '../../api/service-fetch.js'
import { MAX_RPC_RESPONSE_BYTES } from '../../events/limits.js'
import { parseJson } from '../../events/safe-json.js'
import { EMPTY, Observable, Subject, audit, buffer, catchError, defer, groupBy, mergeMap, timer } from 'rxjs'
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
}

/** Default timeout of docs/behaviour.md §9, in ms. */
export const RPC_TIMEOUT_MS = 10_000
/** Batch size of docs/behaviour.md §9. */
export const RPC_BATCH_SIZE = 1000

/**
 * Emits once on the next macrotask. A MessageChannel message, not setTimeout(0): timers are clamped
 * (1 ms in Node, 4 ms for nested timers in browsers and workers), a message is not.
 */
export function nextMacrotask(): Observable<void> {
  return new Observable<void>((subscriber) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      subscriber.next()
      subscriber.complete()
    }
    channel.port2.postMessage(null)
    return () => {
      channel.port1.close()
      channel.port2.close()
    }
  })
}

interface Pending {
  url: string
  id: number
  call: RpcCall
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

export function createRpcPipeline(options: RpcPipelineOptions = {}): RpcPipeline {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS
  const batchSize = options.batchSize ?? RPC_BATCH_SIZE
  const batchWaitMs = options.batchWaitMs ?? 0
  const retryCount = options.retryCount ?? RETRY_COUNT
  const stats: RpcStats = { httpRequests: 0, calls: 0, retries: 0, shared: 0 }
  const inFlight = new Map<string, Promise<unknown>>()
  const queue$ = new Subject<Pending>()
  let nextId = 1

  const send = async (url: string, batch: Pending[]): Promise<void> => {
    stats.httpRequests++
    stats.calls += batch.length
    const payload = batch.map((p) => ({ jsonrpc: '2.0', id: p.id, method: p.call.method, params: p.call.params ?? [] }))
    const body: Record<string, unknown> | Record<string, unknown>[] = batch.length === 1 ? payload[0]! : payload
    const controller = new AbortController()
    const timer_ = setTimeout(() => controller.abort(), timeoutMs)
    let answers: RpcResponse[]
    try {
      let response: Response
      try {
        response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: controller.signal })
      } catch (cause) {
        throw controller.signal.aborted ? new TimeoutError({ body: body, url }) : new HttpRequestError({ url, body: body, cause: cause as Error, details: String((cause as Error)?.message ?? cause) })
      }
      if (!response.ok) throw new HttpRequestError({ url, body: body, status: response.status, headers: response.headers, details: response.statusText })
      // A node's answer is untrusted too (issue 13): bounded in size, parsed without prototype keys.
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
      for (const p of batch) p.reject(error)
      return
    } finally {
      clearTimeout(timer_)
    }
    const byId = new Map(answers.map((a) => [a.id, a]))
    for (const p of batch) {
      const answer = byId.get(p.id) ?? (batch.length === 1 ? answers[0] : undefined)
      if (answer && !answer.error) p.resolve(answer.result)
      else p.reject(new RpcRequestError({ url, body: payload[batch.indexOf(p)]!, error: answer?.error ?? { code: -1, message: 'No response for this call in the batch.' } }))
    }
  }

  queue$
    .pipe(
      groupBy((p) => p.url),
      mergeMap((group$) =>
        group$.pipe(
          buffer(group$.pipe(audit(() => (batchWaitMs > 0 ? timer(batchWaitMs) : nextMacrotask())))),
          mergeMap((all) => {
            const chunks: Pending[][] = []
            for (let i = 0; i < all.length; i += batchSize) chunks.push(all.slice(i, i + batchSize))
            return chunks
          }),
        ),
      ),
      // A batch that fails in an unforeseen way fails its own calls, never the pipeline.
      mergeMap((batch) =>
        defer(() => send(batch[0]!.url, batch)).pipe(
          catchError((error: unknown) => {
            for (const p of batch) p.reject(error)
            return EMPTY
          }),
        ),
      ),
    )
    .subscribe()

  /**
   * One call through the queue, retried per policy; keeps its JSON-RPC id across tries. A plain
   * promise loop: a call that succeeds at once (nearly all) pays no per-call RxJS pipeline; only the
   * batching above is RxJS (bench/rpc, issue 15).
   */
  const run = async (url: string, call: RpcCall): Promise<unknown> => {
    const id = nextId++
    const attempt = (retry_: boolean) =>
      new Promise<unknown>((resolve, reject) => {
        queue$.next({
          url,
          id,
          call,
          resolve,
          reject: (error) => {
            // A raw transaction the node already has: the first try landed.
            if (retry_ && isIdempotentWrite(call.method) && error instanceof RpcRequestError && ALREADY_SENT.test(error.details ?? '')) {
              resolve(keccak256(call.params![0] as Hex))
            } else reject(error)
          },
        })
      })
    for (let tries = 0; ; tries++) {
      try {
        return await attempt(tries > 0)
      } catch (error) {
        if (tries >= retryCount || !retryable(call.method, error)) throw error
        stats.retries++
        const delayMs = retryDelayMs(tries, error)
        await new Promise((resolve) => setTimeout(resolve, delayMs))
      }
    }
  }

  return {
    request(url, call) {
      if (isWriteMethod(call.method)) return run(url, call)
      const key = `${url}\n${call.method}\n${JSON.stringify(call.params ?? [])}`
      const shared = inFlight.get(key)
      if (shared) {
        stats.shared++
        return shared
      }
      const promise = run(url, call).finally(() => inFlight.delete(key))
      inFlight.set(key, promise)
      return promise
    },
    stats: () => ({ ...stats }),
  }
}
