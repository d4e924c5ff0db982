/**
 * The page's channel to the secure site's SDK page (email and social login), which runs in
 * a hidden iframe on the secure site's own origin. Requests are `{ type: '@w3m-app/NAME', id,
 * payload? }`; the frame answers `@w3m-frame/NAME_SUCCESS` (with its payload) or
 * `@w3m-frame/NAME_ERROR` (with `{ message }`) under the same id, and announces itself with
 * `@w3m-frame/READY` first.
 *
 * The trust boundary (docs/security.md): a request is posted to the frame's window with the secure
 * origin as its exact `targetOrigin`, never '*'; a message is taken only when its `origin` is that
 * origin exactly and its `source` is that frame's window, and it is ignored (reported through
 * `onIgnored`) otherwise, as is one of an unknown shape or id. Ids are 128 random bits, so no
 * other window can guess one. A frame that is not READY within `readyTimeoutMs` has failed to load;
 * a request without an answer within its timeout fails. Nothing here reads or keeps the payloads:
 * OTPs and OAuth results pass through to the caller only.
 */
import { GangwayError, ProviderRequestError, UserRejectedError } from '../../../events/kernel/errors.js'

/** EIP-1193 4001: the visitor rejected the request. */
const USER_REJECTED = 4001

/** How long the frame has to announce itself, in ms. */
export const FRAME_READY_TIMEOUT_MS = 20_000
/** How long a request (a connect above all) may wait for its answer, in ms. */
export const FRAME_REQUEST_TIMEOUT_MS = 120_000
/** The longest error message taken from the frame, in characters. */
const MAX_FRAME_MESSAGE = 256

/** The frame failed to load: no READY in time. */
export const SECURE_SITE_NOT_LOADED = 'The secure site did not load'
/** A request the frame did not answer in time. */
export const SECURE_SITE_TIMEOUT = 'The secure site did not answer'

/** A window the transport talks to, as far as it needs one. */
export interface FrameWindow {
  postMessage(message: unknown, targetOrigin: string): void
}

/** A `message` event as far as the transport reads it. */
export interface FrameMessageEvent {
  origin: string
  source: unknown
  data: unknown
}

export interface SecureFrameTransportOptions {
  /** The secure site's origin, exactly as `URL.origin` writes it ('https://secure.example'). */
  origin: string
  /** The frame's window (the iframe's `contentWindow`), once it exists. */
  frame(): FrameWindow | null | undefined
  /** Subscribes to the page's `message` events; returns the unsubscribe. */
  listen(handler: (e: FrameMessageEvent) => void): () => void
  /** 16 random bytes (default `crypto.getRandomValues`). */
  randomBytes?: () => Uint8Array
  /** Timers (default the global ones), so tests drive time. */
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
  readyTimeoutMs?: number
  requestTimeoutMs?: number
  /** Told of every message refused, with the reason (logged by the caller; never its payload). */
  onIgnored?: (reason: string) => void
}

export interface SecureFrameTransport {
  /** Resolves on the frame's READY; rejects with GangwayError 'The secure site did not load' (SECURE_SITE_ERROR) after `readyTimeoutMs`. */
  readonly ready: Promise<void>
  /**
   * Sends `@w3m-app/{name}` once the frame is ready and resolves with its `_SUCCESS` payload.
   * @throws UserRejectedError for an `_ERROR` with code 4001, ProviderRequestError for one with
   *   another integer code (the frame's message and code; SECURE_SITE_ERROR);
   *   GangwayError (SECURE_SITE_ERROR): the frame's `_ERROR` message (at most 256
   *   characters); 'The secure site did not answer' after `timeoutMs` (default `requestTimeoutMs`);
   *   'The secure site did not load' when it never became ready; 'The secure site is closed' after `close()`.
   */
  request<T = unknown>(name: string, payload?: unknown, timeoutMs?: number): Promise<T>
  /** The frame is reloading: requests wait for its next READY (which must come within `readyTimeoutMs`). */
  rearm(): void
  /** Stops listening; every pending request rejects with 'The secure site is closed'. */
  close(): void
}

/** What `onIgnored` is told of a message not shaped as the frame's (most are the page's own, or other libraries'). */
export const OTHER_SHAPE = 'a message of another shape'

const APP = '@w3m-app/'
const FRAME = '@w3m-frame/'

/** The channel (see the module's comment). */
export function createSecureFrameTransport(o: SecureFrameTransportOptions): SecureFrameTransport {
  const setTimer = o.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = o.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>))
  const randomBytes = o.randomBytes ?? (() => crypto.getRandomValues(new Uint8Array(16)))
  const failure = (message: string, details?: string) => new GangwayError(message, { category: 'SECURE_SITE_ERROR', ...(details ? { details } : {}) })
  const pending = new Map<string, { name: string; resolve(v: unknown): void; reject(e: Error): void; timer: unknown }>()
  let closed = false

  let readyResolve!: () => void
  let readyReject!: (e: Error) => void
  let ready!: Promise<void>
  let readyTimer: unknown
  /** A new wait for READY (at creation, and after the frame reloads), failing after `readyTimeoutMs`. */
  const arm = () => {
    ready = new Promise<void>((resolve, reject) => {
      readyResolve = resolve
      readyReject = reject
    })
    // A caller that never awaits `ready` must not see an unhandled rejection: requests report it themselves.
    ready.catch(() => undefined)
    readyTimer = setTimer(() => readyReject(failure(SECURE_SITE_NOT_LOADED, `no READY from ${o.origin} within ${o.readyTimeoutMs ?? FRAME_READY_TIMEOUT_MS} ms`)), o.readyTimeoutMs ?? FRAME_READY_TIMEOUT_MS)
  }
  arm()

  const ignore = (reason: string) => o.onIgnored?.(reason)
  const unlisten = o.listen((e) => {
    const data = e.data as { type?: unknown; id?: unknown; payload?: unknown } | null
    if (!data || typeof data !== 'object' || typeof data.type !== 'string' || !data.type.startsWith(FRAME)) return ignore(OTHER_SHAPE)
    if (e.origin !== o.origin) return ignore(`a message from ${String(e.origin).slice(0, 100)}`)
    const frame = o.frame()
    if (!frame || e.source !== frame) return ignore('a message from another window of the secure origin')
    const type = data.type.slice(FRAME.length)
    if (type === 'READY') {
      clearTimer(readyTimer)
      return readyResolve()
    }
    const entry = typeof data.id === 'string' ? pending.get(data.id) : undefined
    if (!entry || (type !== `${entry.name}_SUCCESS` && type !== `${entry.name}_ERROR`)) return ignore(`an answer to no request (${type.slice(0, 64)})`)
    pending.delete(data.id as string)
    clearTimer(entry.timer)
    if (type === `${entry.name}_SUCCESS`) return entry.resolve(data.payload)
    const { message, code } = (data.payload ?? {}) as { message?: unknown; code?: unknown }
    const text = typeof message === 'string' && message ? message.slice(0, MAX_FRAME_MESSAGE) : `${entry.name} failed`
    const details = `${entry.name} on ${o.origin}`
    // An EIP-1193 code the frame gives (4001: the visitor rejected in the secure site's approval UI) is kept.
    if (typeof code === 'number' && Number.isSafeInteger(code)) {
      const options = { code, category: 'SECURE_SITE_ERROR' as const, details }
      return entry.reject(code === USER_REJECTED ? new UserRejectedError(text, options) : new ProviderRequestError(text, options))
    }
    entry.reject(failure(text, details))
  })

  const newId = () => Array.from(randomBytes(), (b) => b.toString(16).padStart(2, '0')).join('')

  return {
    get ready() {
      return ready
    },
    rearm() {
      if (closed) return
      clearTimer(readyTimer)
      arm()
    },
    async request<T>(name: string, payload?: unknown, timeoutMs = o.requestTimeoutMs ?? FRAME_REQUEST_TIMEOUT_MS): Promise<T> {
      if (closed) throw failure('The secure site is closed', name)
      await ready
      if (closed) throw failure('The secure site is closed', name)
      const frame = o.frame()
      if (!frame) throw failure(SECURE_SITE_NOT_LOADED, `no frame for ${name}`)
      const id = newId()
      return new Promise<T>((resolve, reject) => {
        const timer = setTimer(() => {
          pending.delete(id)
          reject(failure(SECURE_SITE_TIMEOUT, `${name}: no answer within ${timeoutMs} ms`))
        }, timeoutMs)
        pending.set(id, { name, resolve: resolve as (v: unknown) => void, reject, timer })
        frame.postMessage({ type: `${APP}${name}`, id, ...(payload === undefined ? {} : { payload }) }, o.origin)
      })
    },
    close() {
      if (closed) return
      closed = true
      unlisten()
      clearTimer(readyTimer)
      readyReject(failure('The secure site is closed'))
      for (const [id, entry] of pending) {
        clearTimer(entry.timer)
        entry.reject(failure('The secure site is closed', entry.name))
        pending.delete(id)
      }
    },
  }
}
