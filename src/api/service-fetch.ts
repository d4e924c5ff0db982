/**
 * One fetch helper for the REST services of docs/behaviour.md §7: a base URL per service; the query params
 * projectId, st and sv on every call (but a Bitcoin Esplora's, `services.bitcoin`); the 10 s timeout of docs/behaviour.md §9; an AbortSignal so a closed view
 * cancels its requests; answers of at most 2 MB (a larger body is refused, whatever its
 * Content-Length says, and is never read whole); an error answer's JSON body kept for the callers that
 * read a service's reason (`errorResponseBody`, at most 64 KB read).
 */
import { HttpRequestError, TimeoutError } from 'viem'
import { MAX_RESPONSE_BYTES } from '../events/kernel/limits.js'
import { parseJson } from '../events/kernel/safe-json.js'
import type { ServiceName, ServiceUrls } from '../events/kernel/host-options.js'
import { SDK_TYPE, SDK_VERSION } from './version.js'
import { GangwayError } from '../events/kernel/errors.js'
import { boundedText } from '../events/kernel/bounded-body.js'
import { ServiceNotConfiguredError } from '../events/engine-errors.js'

export interface ServiceFetchOptions {
  services: ServiceUrls
  projectId: string
  fetch?: typeof fetch
  /** ms; default 10 000 (docs/behaviour.md §9). */
  timeoutMs?: number
  /** The largest answer body accepted, in bytes; default MAX_RESPONSE_BYTES (2 MB). */
  maxResponseBytes?: number
}

/** Per-call options: query params (undefined ones are left out) and an AbortSignal. */
export interface CallOptions {
  params?: Record<string, string | number | boolean | undefined>
  signal?: AbortSignal
  /**
   * POST the JSON text with no content type of its own (the browser sends `text/plain`, a
   * CORS-safelisted type: no preflight), as the hosted analytics service is sent to
   * (docs/services.md). Default: `application/json`.
   */
  plainText?: boolean
  /**
   * Text both ways: the body (a string) sent as it is, as `text/plain`, and the answer resolved as
   * its text, unparsed (an Esplora's broadcast, docs/services.md "Bitcoin").
   */
  text?: boolean
}

export interface ServiceFetch {
  /**
   * GET `path` on `service` and parse the JSON answer.
   * @throws ServiceNotConfiguredError 'Service not configured: {service}' when the service has no base URL;
   *   HttpRequestError 'HTTP request failed.' on a non-2xx status (with `status`; the answer's JSON
   *   body, if any, through `errorResponseBody`), a network failure,
   *   a non-empty body that is not JSON, or a body over `maxResponseBytes` (details 'Response body over {n} bytes');
   *   an empty body resolves to undefined;
   *   TimeoutError 'The request took too long to respond.' after the timeout;
   *   the signal's AbortError when the caller aborts.
   */
  get<T = unknown>(service: ServiceName, path: string, options?: CallOptions): Promise<T>
  /** POST a JSON body; same errors as `get`. */
  post<T = unknown>(service: ServiceName, path: string, body: unknown, options?: CallOptions): Promise<T>
  /** The full URL of a call, with projectId, st and sv. */
  url(service: ServiceName, path: string, params?: CallOptions['params']): string
}

export function createServiceFetch(options: ServiceFetchOptions): ServiceFetch {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES

  const url = (service: ServiceName, path: string, params: CallOptions['params'] = {}) => {
    const base = options.services[service]
    if (!base) throw new ServiceNotConfiguredError(service)
    const u = new URL(path.replace(/^\/+/, ''), base.endsWith('/') ? base : `${base}/`)
    // A Bitcoin Esplora is no Reown service: it gets no project id.
    const reown = service === 'bitcoin' ? {} : { projectId: options.projectId, st: SDK_TYPE, sv: SDK_VERSION }
    for (const [k, v] of Object.entries({ ...params, ...reown })) {
      if (v !== undefined) u.searchParams.set(k, String(v))
    }
    return u.toString()
  }

  const call = async <T>(method: 'GET' | 'POST', service: ServiceName, path: string, body: unknown, o: CallOptions = {}): Promise<T> => {
    const target = url(service, path, o.params)
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs)
    const onAbort = () => controller.abort(o.signal?.reason)
    o.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      if (o.signal?.aborted) throw o.signal.reason ?? new DOMException('aborted', 'AbortError')
      let response: Response
      try {
        response = await doFetch(target, {
          method,
          signal: controller.signal,
          ...(body === undefined
            ? {}
            : o.text
              ? { headers: { 'content-type': 'text/plain' }, body: String(body) }
              : { ...(o.plainText ? {} : { headers: { 'content-type': 'application/json' } }), body: JSON.stringify(body) }),
        })
        if (!response.ok) {
          const answer = await errorAnswer(response, Math.min(maxBytes, ERROR_BODY_MAX_BYTES))
          // Aborted or timed out while reading it: the branches below say which.
          if (controller.signal.aborted) throw controller.signal.reason
          const error = new HttpRequestError({ url: target, status: response.status, headers: response.headers, details: response.statusText })
          if (answer !== undefined) Object.defineProperty(error, 'responseBody', { value: answer, enumerable: false })
          throw error
        }
        const text = await boundedText(response, maxBytes, () => new HttpRequestError({ url: target, status: response.status, details: `Response body over ${maxBytes} bytes` }))
        if (o.text) return text as T
        // An empty body (204, or a service that answers nothing to a POST) is no value, not a parse error.
        return (text === '' ? undefined : parseJson(text)) as T
      } catch (error) {
        if (error instanceof HttpRequestError) throw error
        if (o.signal?.aborted) throw o.signal.reason ?? error
        if (controller.signal.aborted) throw new TimeoutError({ body: { method, path }, url: target })
        throw new HttpRequestError({ url: target, cause: error as Error, details: String((error as Error)?.message ?? error) })
      }
    } finally {
      clearTimeout(timer)
      o.signal?.removeEventListener('abort', onAbort)
    }
  }

  return {
    get: (service, path, o) => call('GET', service, path, undefined, o),
    post: (service, path, body, o) => call('POST', service, path, body, o),
    url,
  }
}

/** The most bytes of an error answer's body read (a service's explanation of a refusal is short). */
export const ERROR_BODY_MAX_BYTES = 64 * 1024

/**
 * The JSON body of a service's error answer (a non-2xx status), for a caller that reads the
 * service's own explanation (the name service's `{ reasons: [{ description }] }`, src/api/names.ts):
 * what `get` or `post` read of it before throwing their HttpRequestError, parsed as untrusted JSON
 * (safe-json.ts), at most ERROR_BODY_MAX_BYTES. Undefined for any other error, and for an error
 * answer whose body was empty, not JSON or too large. Kept off the error's enumerable properties.
 */
export function errorResponseBody(error: unknown): unknown {
  return error instanceof HttpRequestError ? (error as HttpRequestError & { responseBody?: unknown }).responseBody : undefined
}

/** An error answer's body as JSON, or undefined when it is empty, not JSON, over `maxBytes` or cannot be read. Never throws. */
async function errorAnswer(response: Response, maxBytes: number): Promise<unknown> {
  try {
    const text = await boundedText(response, maxBytes, () => new GangwayError('too large', { category: 'API_ERROR' }))
    return text === '' ? undefined : parseJson(text)
  } catch {
    return undefined
  }
}
