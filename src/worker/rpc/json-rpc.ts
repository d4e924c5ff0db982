/**
 * The engine-owned JSON-RPC path: every chain request the engine makes goes through `request`.
 * Spec §7 (Chain RPC) and §9 (RPC timeout 10 s). This is the seam where batching, de-duplication
 * and retry (issue 3) plug in; today it sends one POST per request.
 */
import { HttpRequestError, RpcRequestError, TimeoutError } from 'viem'

/** One JSON-RPC call's method and params. */
export interface RpcCall {
  method: string
  params?: readonly unknown[] | undefined
}

/** Options of the JSON-RPC path. `timeoutMs` defaults to 10 000 ms (spec §9). */
export interface JsonRpcOptions {
  fetch?: typeof fetch
  timeoutMs?: number
}

/** Sends JSON-RPC calls to HTTP endpoints. */
export interface JsonRpc {
  /**
   * Sends one call to `url` and resolves with its `result`.
   * @throws HttpRequestError 'HTTP request failed.' on a non-2xx status or a network failure.
   * @throws RpcRequestError 'RPC Request failed.' when the response carries a JSON-RPC error (its `code` kept).
   * @throws TimeoutError 'The request took too long to respond.' after `timeoutMs`.
   */
  request(url: string, call: RpcCall): Promise<unknown>
}

/** Default timeout of spec §9, in ms. */
export const RPC_TIMEOUT_MS = 10_000

export function createJsonRpc(options: JsonRpcOptions = {}): JsonRpc {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS
  let nextId = 1
  return {
    async request(url, call) {
      const body = { jsonrpc: '2.0', id: nextId++, method: call.method, params: call.params ?? [] }
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeoutMs)
      let response: Response
      try {
        response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: controller.signal })
      } catch (cause) {
        if (controller.signal.aborted) throw new TimeoutError({ body, url })
        throw new HttpRequestError({ url, body, cause: cause as Error, details: String((cause as Error)?.message ?? cause) })
      } finally {
        clearTimeout(timer)
      }
      if (!response.ok) {
        throw new HttpRequestError({ url, body, status: response.status, details: response.statusText })
      }
      const json = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
      if (json.error) throw new RpcRequestError({ url, body, error: json.error })
      return json.result
    },
  }
}
