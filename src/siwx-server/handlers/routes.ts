/**
 * The SIWX HTTP routes (docs/behaviour.md §4 SIWX), apart from any server stack: node.ts (Node
 * `http`, Express) and fetch.ts (Fetch API) turn their requests into a RouteRequest and write the
 * RouteAnswer. Under `basePath` (default `/siwx/`):
 * - `POST nonce` → 200 `{ nonce, expiresAt }`; 429 past the client's rate limit or its live nonces.
 * - `POST verify` `{ message, signature }` → 200 `{ caipAddress, chainId, issuedAt, expiresAt }` and
 *   the session cookie; 401 `{ error }` with siwx-server's refusal ('Unknown or used nonce'…).
 * - `GET session` → 200 `{ signedIn: true, caipAddress, chainId, issuedAt, expiresAt }` or
 *   `{ signedIn: false }` (a cookie naming no live session is cleared).
 * - `POST sign-out` → 200 `{ signedOut }`: the session revoked (everywhere the store is shared), the cookie cleared.
 * Errors answer `{ error }`: 400 'Invalid SIWX request' (not application/json, bad JSON or fields),
 * 403 'Foreign origin' (with `origin` set), 404 'No such SIWX route', 413 'Request body too large',
 * 429 'Too many requests' or 'Too many nonces' (with Retry-After, s), 502 a node that could not be
 * read, 503 'SIWX store unavailable' or 'Too many sessions', 500 'Internal error' otherwise.
 * Posts must be `application/json`: a cross-site form cannot send that without a CORS preflight,
 * which these routes never answer. Every answer is `no-store`.
 */
import { GangwayError, InvalidOptionError } from '../../events/kernel/errors.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { MAX_SIWX_MESSAGE_CHARS, MAX_SIWX_SIGNATURE_CHARS } from '../../siwx/limits.js'
import { checkedLimit, overLimit, type SiwxRateLimit } from '../rate-limit.js'
import { SESSION_ID, SIWX_STORE_UNAVAILABLE, TOO_MANY_SESSIONS, type SiwxSession } from '../store.js'
import type { SiwxServer } from '../index.js'

/**
 * The message of a handler's 429 for a client past its rate limit on nonces or on verify.
 * @example
 * ```ts
 * import { TOO_MANY_REQUESTS } from 'gangway/siwx-server'
 *
 * const answer = await fetch('/siwx/nonce', { method: 'POST', headers: { 'content-type': 'application/json' } })
 * if (answer.status === 429 && (await answer.json()).error === TOO_MANY_REQUESTS) console.log('retry in', answer.headers.get('retry-after'), 's')
 * ```
 */
export const TOO_MANY_REQUESTS = ERRORS.tooManyRequests.message
const BODY_TOO_LARGE = ERRORS.requestBodyTooLarge.message
const INVALID_REQUEST = ERRORS.invalidSiwxRequest.message

/**
 * The session cookie's attributes. It is always HttpOnly; its value is the session id (a bearer secret).
 * @example
 * ```ts
 * import { createSiwxNodeHandler, type SiwxCookieOptions } from 'gangway/siwx-server'
 *
 * const cookie: SiwxCookieOptions = { sameSite: 'Strict' } // __Host-gangway_siwx, Secure, Path=/
 * const handler = createSiwxNodeHandler({ siwx, cookie })
 * ```
 */
export interface SiwxCookieOptions {
  /** Default `__Host-gangway_siwx` when `secure` and `path` is `/` (the browser then refuses it from plain http or with a Domain), else `gangway_siwx`. */
  name?: string
  /** Default true; false only for local development over plain http. */
  secure?: boolean
  /** Default 'Lax'. */
  sameSite?: 'Lax' | 'Strict'
  /** Default '/'. */
  path?: string
}

/**
 * The options the Node and Fetch handlers share (handlers/node.ts, handlers/fetch.ts).
 * @example
 * ```ts
 * import { createSiwxNodeHandler, type SiwxHandlerOptions } from 'gangway/siwx-server'
 *
 * const options: SiwxHandlerOptions = { siwx, basePath: '/auth/', origin: 'https://example.com', limits: { nonce: { max: 30, windowS: 60 } } }
 * const handler = createSiwxNodeHandler(options)
 * ```
 */
export interface SiwxHandlerOptions {
  /** The verifier, and through it the store the rate limits count in. */
  siwx: SiwxServer
  /** The path the routes sit under, with its slashes. Default '/siwx/'. */
  basePath?: string
  /** The session cookie's attributes. */
  cookie?: SiwxCookieOptions
  /** Per-client rate limits (fixed windows in the store). Default nonce `{ max: 30, windowS: 60 }`, verify `{ max: 10, windowS: 60 }`. */
  limits?: { nonce?: SiwxRateLimit; verify?: SiwxRateLimit }
  /** The largest request body read, in bytes; more is refused with 413. Default 32 768 (a long ERC-6492 signature fits). */
  maxBodyBytes?: number
  /** The site's origin (`https://example.com`): when given, a post with another Origin header is refused with 403. */
  origin?: string
}

/** A request as the routes read it. */
export interface RouteRequest {
  method: string
  /** The URL's path. */
  path: string
  cookie: string | undefined
  contentType: string | undefined
  origin: string | undefined
  /** Who asks, for the rate limits (at most MAX_CLIENT_KEY_CHARS characters once hashed or cut by the caller). */
  clientKey: string
  /** The body as text, at most `maxBody` bytes. @throws RouteError 413 past it. */
  body(maxBody: number): Promise<string>
}

/** What the routes answer. */
export interface RouteAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** A request refused with an HTTP status (and a Retry-After in s). */
export class RouteError extends GangwayError {
  override name = 'RouteError'
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message)
  }
}

/** The RouteError 413 'Request body too large'. */
export const bodyTooLarge = () => new RouteError(413, BODY_TOO_LARGE)

/** The routes of `options` (see the module's comment): `handles(path)` tells whether a path is theirs. */
export function createRoutes(options: SiwxHandlerOptions): { handles(path: string): boolean; answer(request: RouteRequest): Promise<RouteAnswer> } {
  const { siwx, basePath = '/siwx/', cookie = {}, limits = {}, maxBodyBytes = 32 * 1024, origin } = options
  const bad = (details: string) => new InvalidOptionError('Invalid SIWX server option', { details })
  if (!siwx || typeof siwx.verify !== 'function' || !siwx.store) throw bad('siwx')
  if (typeof basePath !== 'string' || !/^\/(.*\/)?$/.test(basePath)) throw bad('basePath: a path that starts and ends with /')
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes <= 0) throw bad('maxBodyBytes')
  const nonceLimit = checkedLimit('nonce', limits.nonce ?? { max: 30, windowS: 60 })
  const verifyLimit = checkedLimit('verify', limits.verify ?? { max: 10, windowS: 60 })
  const secure = cookie.secure ?? true
  const path = cookie.path ?? '/'
  const sameSite = cookie.sameSite ?? 'Lax'
  const name = cookie.name ?? (secure && path === '/' ? '__Host-gangway_siwx' : 'gangway_siwx')
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(name)) throw bad('cookie.name')
  if (!/^\/[^;\s]*$/.test(path)) throw bad('cookie.path')
  if (sameSite !== 'Lax' && sameSite !== 'Strict') throw bad('cookie.sameSite')
  const attributes = `Path=${path}; HttpOnly${secure ? '; Secure' : ''}; SameSite=${sameSite}`

  /** The Set-Cookie value holding `session`'s id until it ends, or clearing the cookie. */
  const setCookie = (session: SiwxSession | undefined): string => {
    if (!session) return `${name}=; ${attributes}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`
    const maxAge = Math.max(1, Math.floor((session.expiresAt - Date.now()) / 1000))
    return `${name}=${session.id}; ${attributes}; Max-Age=${maxAge}; Expires=${new Date(session.expiresAt).toUTCString()}`
  }
  /** The session id the cookie header names, when well-formed. */
  const cookieId = (header: string | undefined): string | undefined => {
    for (const part of (header ?? '').split(';')) {
      const at = part.indexOf('=')
      if (at > 0 && part.slice(0, at).trim() === name) {
        const value = part.slice(at + 1).trim()
        return SESSION_ID.test(value) ? value : undefined
      }
    }
    return undefined
  }
  const json = (status: number, body: unknown, extra: Record<string, string> = {}): RouteAnswer => ({
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra },
    body: JSON.stringify(body),
  })
  const publicSession = (s: SiwxSession) => ({ caipAddress: s.caipAddress, chainId: s.chainId, issuedAt: s.issuedAt, expiresAt: s.expiresAt })
  /** Refuses the request when its client is past `limit` on `route`. */
  const limit = async (route: string, request: RouteRequest, max: SiwxRateLimit) => {
    const retryAfterS = await overLimit(siwx.store.counters, `${route}:${request.clientKey}`, max)
    if (retryAfterS !== undefined) throw new RouteError(429, TOO_MANY_REQUESTS, retryAfterS)
  }
  /** The post's body as a JSON object; RouteError 400 or 413 otherwise. */
  const readObject = async (request: RouteRequest): Promise<Record<string, unknown>> => {
    const text = await request.body(maxBodyBytes)
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw new RouteError(400, INVALID_REQUEST)
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new RouteError(400, INVALID_REQUEST)
    return value as Record<string, unknown>
  }

  const routes: Record<string, (request: RouteRequest) => Promise<RouteAnswer>> = {
    'POST nonce': async (request) => {
      await limit('nonce', request, nonceLimit)
      try {
        return json(200, await siwx.issueNonce({ clientKey: request.clientKey }))
      } catch (error) {
        // The client holds its fill of live nonces: one frees up when used or expired.
        if (error instanceof GangwayError && error.errorId === 'tooManyNonces') throw new RouteError(429, error.message, nonceLimit.windowS)
        throw error
      }
    },
    'POST verify': async (request) => {
      await limit('verify', request, verifyLimit)
      const { message, signature } = await readObject(request)
      if (typeof message !== 'string' || message.length > MAX_SIWX_MESSAGE_CHARS || typeof signature !== 'string' || signature.length > MAX_SIWX_SIGNATURE_CHARS) {
        throw new RouteError(400, INVALID_REQUEST)
      }
      const session = await siwx.verify({ message, signature })
      return json(200, publicSession(session), { 'set-cookie': setCookie(session) })
    },
    'GET session': async (request) => {
      const id = cookieId(request.cookie)
      const session = id === undefined ? undefined : await siwx.getSession(id)
      if (session) return json(200, { signedIn: true, ...publicSession(session) })
      return json(200, { signedIn: false }, request.cookie?.includes(`${name}=`) ? { 'set-cookie': setCookie(undefined) } : {})
    },
    'POST sign-out': async (request) => {
      const id = cookieId(request.cookie)
      const signedOut = id !== undefined && (await siwx.revokeSession(id))
      return json(200, { signedOut }, { 'set-cookie': setCookie(undefined) })
    },
  }

  return {
    handles: (requestPath) => requestPath.startsWith(basePath),
    async answer(request) {
      try {
        const route = request.path.startsWith(basePath) ? routes[`${request.method} ${request.path.slice(basePath.length)}`] : undefined
        if (!route) throw new RouteError(404, ERRORS.noSiwxRoute.message)
        if (request.method === 'POST') {
          if (!/^application\/json\s*(;|$)/i.test(request.contentType ?? '')) throw new RouteError(400, INVALID_REQUEST)
          if (origin !== undefined && request.origin !== undefined && request.origin !== origin) throw new RouteError(403, ERRORS.foreignOrigin.message)
        }
        return await route(request)
      } catch (error) {
        if (error instanceof RouteError) return json(error.status, { error: error.message }, error.retryAfterS === undefined ? {} : { 'retry-after': String(error.retryAfterS) })
        if (!(error instanceof GangwayError)) return json(500, { error: 'Internal error' })
        if (error.message === SIWX_STORE_UNAVAILABLE || error.message === TOO_MANY_SESSIONS) return json(503, { error: error.message }, { 'retry-after': '1' })
        // A node that could not be read is the site's trouble, not a refused sign-in.
        return json(error.category === 'API_ERROR' ? 502 : 401, { error: error.message })
      }
    },
  }
}

/**
 * The client key of a socket address: an IPv4 address as it is (an IPv4-mapped IPv6 one unwrapped),
 * an IPv6 address cut to its /64 prefix (one visitor holds a whole /64), 'unknown' when there is none.
 */
export function clientKeyOfAddress(address: string | undefined): string {
  if (!address) return 'unknown'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.split('%', 1)[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : []
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`
}
