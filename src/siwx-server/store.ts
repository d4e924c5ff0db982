/**
 * What `gangway/siwx-server` keeps, and where (docs/behaviour.md §4 SIWX): the store interface,
 * split by concern, and asynchronous so that state shared by several server instances (Redis, a
 * database) can back it. Three parts, one store:
 * - nonces: issued with a lifetime, consumed atomically (of any number of concurrent consumers of
 *   one live nonce, exactly one is told it was live);
 * - sessions: created with a lifetime, read, revoked one by one or all of an account;
 * - counters: fixed-window counts by key, for the HTTP handlers' rate limits.
 * The in-memory store (memory-store.ts) is the default for one process; the Redis store
 * (redis-store.ts, `gangway/siwx-server/redis`) is for several. docs/security.md says what a store
 * must guarantee.
 */
import type { CaipAddress, CaipNetworkId } from '../events/entities.js'
import { GangwayError, errorMessage } from '../events/kernel/errors.js'
import { ERRORS } from '../events/kernel/error-registry.js'
import { MAX_SIWX_MESSAGE_CHARS, MAX_SIWX_SIGNATURE_CHARS } from '../siwx/limits.js'

/**
 * A verified sign-in. Times in ms since the epoch, on the server's clock.
 * @example
 * ```ts
 * import type { SiwxSession } from 'gangway/siwx-server'
 *
 * const session: SiwxSession = await siwx.verify({ message, signature })
 * const expires = new Date(session.expiresAt).toUTCString()
 * res.writeHead(200, { 'set-cookie': `sid=${session.id}; HttpOnly; Secure; SameSite=Lax; Path=/; Expires=${expires}` })
 * res.end(JSON.stringify({ account: session.caipAddress, chainId: session.chainId }))
 * ```
 */
export interface SiwxSession {
  /** 256 random bits, base64url: unguessable, so it may be the value of an HTTP-only session cookie. A bearer secret: never log it. */
  id: string
  /** The account signed in, CAIP-10 (`eip155:1:0xAbC…` with the checksummed address; `solana:5eykt…:7xKX…`). */
  caipAddress: CaipAddress
  /** Its network, CAIP-2. */
  chainId: CaipNetworkId
  /** The nonce the message carried (used up). */
  nonce: string
  /** When the server verified the sign-in. */
  issuedAt: number
  /** When the session ends: `issuedAt + sessionTtlS`, or the message's Expiration Time if sooner. */
  expiresAt: number
  /** The signed text and its signature, as verified: what a page's `siwx.getSessions` hands Gangway to check again. */
  message: string
  signature: string
}

/**
 * What `SiwxNonceStore.issue` did: recorded the nonce, or refused it (nothing recorded).
 * @example
 * ```ts
 * import type { SiwxNonceIssue } from 'gangway/siwx-server'
 *
 * const done: SiwxNonceIssue = await store.nonces.issue(nonce, { ttlMs: 300_000, maxPerClient: 20 })
 * if (done !== 'issued') console.warn('refused:', done) // 'client-full' or 'store-full'
 * ```
 */
export type SiwxNonceIssue = 'issued' | 'client-full' | 'store-full'

/**
 * The nonces part of a SiwxStore (docs/behaviour.md §4). Nonces are 32 hex digits; client keys at
 * most MAX_CLIENT_KEY_CHARS characters (both checked by the server before they reach the store).
 * @example
 * ```ts
 * import type { SiwxNonceStore } from 'gangway/siwx-server'
 *
 * const nonces: SiwxNonceStore = store.nonces // store: createMemoryStore() or createRedisStore(…)
 * await nonces.issue('0123456789abcdef0123456789abcdef', { ttlMs: 300_000, clientKey: '203.0.113.7', maxPerClient: 20 }) // 'issued'
 * await nonces.consume('0123456789abcdef0123456789abcdef') // true, once; false after, and after 300 s
 * ```
 */
export interface SiwxNonceStore {
  /**
   * Records `nonce` as live for `ttlMs` ms, held by `clientKey` when given. Resolves 'client-full'
   * when that key already holds `maxPerClient` live nonces, 'store-full' when the store holds as
   * many as it may; nothing is recorded then.
   * @throws GangwayError 'SIWX store unavailable' (API_ERROR) when the store cannot be reached.
   */
  issue(nonce: string, options: { ttlMs: number; clientKey?: string | undefined; maxPerClient: number }): Promise<SiwxNonceIssue>
  /**
   * Uses `nonce` up: resolves true when it was live (issued, unexpired, not consumed before), for
   * exactly one of any number of concurrent callers, on every instance sharing the store; false
   * otherwise. Its client key gets the slot back.
   * @throws GangwayError 'SIWX store unavailable' (API_ERROR) when the store cannot be reached.
   */
  consume(nonce: string): Promise<boolean>
}

/**
 * The sessions part of a SiwxStore (docs/behaviour.md §4). A session is kept until its `expiresAt`
 * (ms since the epoch) and no longer.
 * @example
 * ```ts
 * import type { SiwxSessionStore } from 'gangway/siwx-server'
 *
 * const sessions: SiwxSessionStore = store.sessions
 * const session = await sessions.get(sid) // undefined when unknown, revoked or expired
 * if (session) await sessions.revokeAccount(session.caipAddress) // signs that account out everywhere
 * ```
 */
export interface SiwxSessionStore {
  /**
   * Keeps `session` until `session.expiresAt`, findable by its id and its account.
   * @throws GangwayError 'Too many sessions' when a bounded store is full; 'SIWX store unavailable' (API_ERROR).
   */
  create(session: SiwxSession): Promise<void>
  /** The session with that id, or undefined (unknown, revoked, expired). @throws GangwayError 'SIWX store unavailable' (API_ERROR). */
  get(id: string): Promise<SiwxSession | undefined>
  /** Ends the session with that id; true when there was one. @throws GangwayError 'SIWX store unavailable' (API_ERROR). */
  revoke(id: string): Promise<boolean>
  /** Ends every session of the account (CAIP-10, as the session's `caipAddress`); resolves how many. @throws GangwayError 'SIWX store unavailable' (API_ERROR). */
  revokeAccount(caipAddress: string): Promise<number>
  /** The live sessions of the account (CAIP-10). @throws GangwayError 'SIWX store unavailable' (API_ERROR). */
  ofAccount(caipAddress: string): Promise<SiwxSession[]>
}

/**
 * The counters part of a SiwxStore: fixed windows, for rate limits (rate-limit.ts).
 * @example
 * ```ts
 * import type { SiwxCounterStore } from 'gangway/siwx-server'
 *
 * const counters: SiwxCounterStore = store.counters
 * const { count, resetInMs } = await counters.hit('nonce:203.0.113.7', 60_000) // 1, 60000 on the first hit of a window
 * ```
 */
export interface SiwxCounterStore {
  /**
   * Adds one to `key`'s count in its current window of `windowMs` ms (a window opens at a key's
   * first hit and lasts `windowMs`); resolves the count so far in it and the ms until it closes.
   * @throws GangwayError 'SIWX store unavailable' (API_ERROR).
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>
}

/**
 * Where `createSiwxServer` keeps its nonces, sessions and rate-limit counters (docs/behaviour.md §4).
 * Every instance of a site behind a load balancer must share one.
 * @example
 * ```ts
 * import { createSiwxServer, createMemoryStore, type SiwxStore } from 'gangway/siwx-server'
 *
 * const store: SiwxStore = createMemoryStore() // one process; createRedisStore (gangway/siwx-server/redis) for several
 * const siwx = createSiwxServer({ domain: 'example.com', uri: 'https://example.com', chains: { 'eip155:1': 'https://rpc.example' }, store })
 * ```
 */
export interface SiwxStore {
  nonces: SiwxNonceStore
  sessions: SiwxSessionStore
  counters: SiwxCounterStore
}

/**
 * The message of the error a store call throws when the store cannot be reached or does not answer in time (category API_ERROR).
 * @example
 * ```ts
 * import { GangwayError, SIWX_STORE_UNAVAILABLE } from 'gangway/siwx-server'
 *
 * try {
 *   await siwx.getSession(sid)
 * } catch (error) {
 *   if (error instanceof GangwayError && error.message === SIWX_STORE_UNAVAILABLE) res.writeHead(503).end(error.message)
 *   else throw error
 * }
 * ```
 */
export const SIWX_STORE_UNAVAILABLE = ERRORS.siwxStoreUnavailable.message
/**
 * The message of a bounded store's refusal of one more session (the in-memory store's `maxSessions`).
 * @example
 * ```ts
 * import { GangwayError, TOO_MANY_SESSIONS } from 'gangway/siwx-server'
 *
 * const refused = await siwx.verify({ message, signature }).catch((e: unknown) => e)
 * if (refused instanceof GangwayError && refused.message === TOO_MANY_SESSIONS) res.writeHead(503).end(refused.message)
 * ```
 */
export const TOO_MANY_SESSIONS = ERRORS.tooManySessions.message

/**
 * The GangwayError 'SIWX store unavailable' (API_ERROR) for a store call that failed with `cause`:
 * `details` say what failed, with the cause's message (at most 200 characters). The cause itself is
 * not kept: a client's error may carry the command's arguments (a key holds a session id, a bearer
 * secret), and a site logs what it catches.
 */
export function storeUnavailable(details: string, cause?: unknown): GangwayError {
  return new GangwayError(SIWX_STORE_UNAVAILABLE, { category: 'API_ERROR', details: cause === undefined ? details : `${details}: ${errorMessage(cause).slice(0, 200)}` })
}

/**
 * Runs a store call: its result, or, when it throws anything but a GangwayError or takes over
 * `timeoutMs` ms, the error 'SIWX store unavailable' naming `what` and the failure's message (a
 * GangwayError it throws, such as 'Too many sessions', passes as it is). A call that times out may
 * still take effect later.
 */
export async function storeCall<T>(what: string, call: () => Promise<T>, timeoutMs = Infinity): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const answer = Promise.resolve().then(call)
    if (!Number.isFinite(timeoutMs)) return await answer
    return await Promise.race([
      answer,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(storeUnavailable(`${what}: no answer within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
  } catch (error) {
    if (error instanceof GangwayError) throw error
    throw storeUnavailable(`${what} failed`, error)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The longest client key `issueNonce` takes, in characters (an IPv6 address is at most 45, a session id far less than this).
 * @example
 * ```ts
 * import { createHash } from 'node:crypto'
 * import { MAX_CLIENT_KEY_CHARS } from 'gangway/siwx-server'
 *
 * // A key that may be longer (a value from a header) is hashed to fit:
 * const clientKey = key.length <= MAX_CLIENT_KEY_CHARS ? key : createHash('sha256').update(key).digest('hex')
 * const { nonce } = await siwx.issueNonce({ clientKey })
 * ```
 */
export const MAX_CLIENT_KEY_CHARS = 512

/** A session id: 32 bytes as base64url without padding. */
export const SESSION_ID = /^[A-Za-z0-9_-]{43}$/
/** The longest stored session read back, in characters: its message, signature and a little more. */
const MAX_STORED_SESSION_CHARS = MAX_SIWX_MESSAGE_CHARS + MAX_SIWX_SIGNATURE_CHARS + 2048

/**
 * A session read back from a store's text (untrusted: another writer, a corrupted value): the
 * SiwxSession when `text` is its JSON with every field of the right type and bounded, undefined
 * otherwise.
 */
export function readStoredSession(text: unknown): SiwxSession | undefined {
  if (typeof text !== 'string' || text.length > MAX_STORED_SESSION_CHARS) return undefined
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!v || typeof v !== 'object') return undefined
  const s = v as Record<string, unknown>
  const strings = ['caipAddress', 'chainId', 'nonce', 'message', 'signature'].every((k) => typeof s[k] === 'string')
  const times = [s.issuedAt, s.expiresAt].every((t) => typeof t === 'number' && Number.isFinite(t))
  if (!strings || !times || typeof s.id !== 'string' || !SESSION_ID.test(s.id)) return undefined
  return {
    id: s.id,
    caipAddress: s.caipAddress as CaipAddress,
    chainId: s.chainId as CaipNetworkId,
    nonce: s.nonce as string,
    issuedAt: s.issuedAt as number,
    expiresAt: s.expiresAt as number,
    message: s.message as string,
    signature: s.signature as string,
  }
}
