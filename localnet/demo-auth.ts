/**
 * The demo host site's sign-in routes (issue 20; docs/behaviour.md §4 SIWX): what a real site's
 * backend does with `gangway/siwx-server`, on the demo's own origin so its pages call them with
 * their cookie. The demo page's `siwx` option (localnet/demo/demo.js `demoSiwx`) is their client.
 *
 * - `POST /localnet/auth/nonce` → `{ nonce }`: a single-use nonce (siwx-server `issueNonce`).
 * - `POST /localnet/auth/verify` `{ message, signature }` → the session (`publicSession`): verified
 *   by siwx-server against the demo's domain, URI and chains; its id joins the HTTP-only cookie.
 *   401 `{ error }` with siwx-server's message when refused ('Invalid signature', 'Unknown or used
 *   nonce'…), 502 when a node could not be read.
 * - `GET /localnet/auth/me` → `{ signedIn: true, accounts: [CAIP-10…] }` or `{ signedIn: false }`.
 * - `POST /localnet/auth/sessions` `{ chainId, address }` → `{ sessions: [publicSession…] }`: the
 *   cookie's live sessions of that account (what `siwx.getSessions` hands Gangway to verify again).
 * - `POST /localnet/auth/revoke` `{ chainId, address }` or `{ all: true }` → `{ revoked, signedIn }`:
 *   ends those of the cookie's sessions (siwx-server `revokeSession`); the cookie is cleared when
 *   none remains.
 * - DataCapture (the demo's `siwx.requestEmailOtp` / `confirmEmailOtp`): `POST /localnet/auth/email`
 *   `{ email, account }` → `{ uuid }` for an account the cookie has signed in (401 otherwise): a
 *   6-digit code "mailed" to the email (`GET /localnet/auth/inbox?email=` → `{ code }`, the demo's
 *   stand-in for a mailbox), or `{ uuid: null }` when the account already has that email;
 *   `POST /localnet/auth/email/confirm` `{ uuid, code }` → `{ email }`, the account's email from then
 *   on (400 'Invalid code' otherwise, the pending code gone after 3 tries); `/me` names the emails.
 *
 * The cookie (`COOKIE`) lists the browser's session ids (siwx-server's 256-bit ids, unguessable),
 * HttpOnly and SameSite=Lax, Path=/localnet/auth; not Secure, since the demo is served over plain
 * http. Requests are untrusted: bodies are bounded (MAX_BODY_BYTES), JSON shapes checked (400
 * `{ error }`), POSTs must be JSON from the demo's own origin (403 otherwise), so another site can
 * neither post a form here nor read an answer. Nonces and sessions live in this process's memory,
 * or, with `redisUrl` (`REDIS_URL` for `npm run demo` and the localnet), in that Redis through
 * `gangway/siwx-server/redis`, as a site running several instances keeps them.
 */
import { randomInt, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Redis } from 'ioredis'
import { createSiwxServer, GangwayError, type SiwxServer, type SiwxServerOptions, type SiwxSession } from '../src/siwx-server/index.js'
import { createRedisStore } from '../src/siwx-server/redis-store.js'
import { readBoundedBody } from '../src/siwx-server/handlers/node.js'
import { parseSiwxMessage, type SiwxMessage } from '../src/siwx/message.js'
import { MAX_SIWX_MESSAGE_CHARS, MAX_SIWX_SIGNATURE_CHARS } from '../src/siwx/limits.js'

/** The routes' common path. */
export const DEMO_AUTH_PATH = '/localnet/auth/'
/** The session cookie's name. */
export const COOKIE = 'demo_siwx'
/** The largest request body read, in bytes: room for siwx-server's longest message and signature (an ERC-6492 one carries a deployment). */
export const MAX_BODY_BYTES = 32 * 1024
/** The most sessions one cookie lists; a sign-in beyond it ends the oldest. */
export const MAX_COOKIE_SESSIONS = 8
/** The most email captures waiting for their code (and mailed codes kept); the oldest go first. */
const MAX_WAITING = 1000
/** Wrong codes before a pending email capture is dropped. */
const MAX_CODE_TRIES = 3
/** An email as the routes take it: at most 254 characters, one @, a dot in the domain. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/
/** The most nonces waiting to be used (siwx-server forgets the oldest beyond it). */
const MAX_NONCES = 1000
/** A siwx-server session id: 32 bytes, base64url without padding. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/
/** A CAIP-2 network id. */
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
/** An account address as eip155 (0x hex) or solana (base58) writes it. */
const ADDRESS = /^[A-Za-z0-9]{1,128}$/

/** A session as the routes answer it: no id (that is the cookie's secret); the page's `SiwxSession` fields (`data`, `message`, `signature`) besides. Times in ms since the epoch. */
export interface PublicSession {
  caipAddress: string
  chainId: string
  issuedAt: number
  expiresAt: number
  /** The signed message's fields, read from its text. */
  data: SiwxMessage
  message: string
  signature: string
}

/** createDemoAuth's options. */
export interface DemoAuthOptions {
  /** The demo site's origin (`http://localhost:5173`): the URI a message must name, its host the domain, the only Origin allowed to post. */
  origin: string
  /** The EVM chains accepted, with their JSON-RPC URLs (contract accounts verify against them). */
  chains: { chainId: number; rpcUrl: string }[]
  /** The Solana network accepted, CAIP-2 (ed25519 needs no node). */
  solana?: { caipNetworkId: string }
  /** The Bitcoin network accepted, CAIP-2 (BIP-322 and legacy signatures need no node). */
  bitcoin?: { caipNetworkId: string }
  /** A Redis to keep nonces and sessions in (`redis://127.0.0.1:6379`), under the prefix `gangway:demo:<host>`; default this process's memory. */
  redisUrl?: string
}

/** The demo's auth routes. */
export interface DemoAuth {
  /** The siwx-server behind them. */
  siwx: SiwxServer
  /** Answers a request whose path starts with DEMO_AUTH_PATH (404 `{ error }` for an unknown route; it never throws). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
  /** Lets the Redis client go, when there is one. */
  close(): Promise<void>
}

/** A request refused, answered with its status and `{ error }`. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The request's body as JSON, at most MAX_BODY_BYTES. @throws Refused 413 'Body too large', 400 'Body is not JSON'. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBoundedBody(req, MAX_BODY_BYTES, () => new Refused(413, 'Body too large'))
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new Refused(400, 'Body is not JSON')
  }
}

/** A plain object, or Refused 400 'Body must be a JSON object'. */
function objectOf(v: unknown): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Refused(400, 'Body must be a JSON object')
  return v as Record<string, unknown>
}

/** `{ chainId, address }` checked (CAIP-2, an address of letters and digits), or Refused 400. */
function accountOf(body: Record<string, unknown>): { chainId: string; address: string } {
  const { chainId, address } = body
  if (typeof chainId !== 'string' || !CAIP2.test(chainId)) throw new Refused(400, 'chainId must be a CAIP-2 network id')
  if (typeof address !== 'string' || !ADDRESS.test(address)) throw new Refused(400, 'address must be an account address')
  return { chainId, address }
}

/** The session ids the request's cookie lists (well-formed ones, at most MAX_COOKIE_SESSIONS). */
function cookieIds(req: IncomingMessage): string[] {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2)
    if (name === COOKIE && value) return value.split('.').filter((id) => SESSION_ID.test(id)).slice(0, MAX_COOKIE_SESSIONS)
  }
  return []
}

/** The Set-Cookie value listing `sessions`, or clearing the cookie when there are none. Max-Age: until the last of them ends. */
function cookieFor(sessions: SiwxSession[], now: number): string {
  const attributes = 'Path=/localnet/auth; HttpOnly; SameSite=Lax'
  if (!sessions.length) return `${COOKIE}=; ${attributes}; Max-Age=0`
  const maxAge = Math.max(1, Math.ceil((Math.max(...sessions.map((s) => s.expiresAt)) - now) / 1000))
  return `${COOKIE}=${sessions.map((s) => s.id).join('.')}; ${attributes}; Max-Age=${maxAge}`
}

/** True when `s` is `address`'s session on `chainId` (eip155 addresses in any case). */
function isAccount(s: SiwxSession, chainId: string, address: string): boolean {
  if (s.chainId !== chainId) return false
  const own = s.caipAddress.slice(chainId.length + 1)
  return chainId.startsWith('eip155:') ? own.toLowerCase() === address.toLowerCase() : own === address
}

/** `s` without its id, with its message's fields. */
function publicSession(s: SiwxSession): PublicSession {
  return { caipAddress: s.caipAddress, chainId: s.chainId, issuedAt: s.issuedAt, expiresAt: s.expiresAt, data: parseSiwxMessage(s.message, s.chainId), message: s.message, signature: s.signature }
}

/** Sends `body` as JSON with `status`, never cached; a Set-Cookie header when `cookie` is given. A 413 closes the connection (the body was cut short). */
function send(res: ServerResponse, status: number, body: unknown, cookie?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'cache-control': 'no-store' }
  if (cookie !== undefined) headers['set-cookie'] = cookie
  if (status === 413) headers.connection = 'close'
  res.writeHead(status, headers).end(JSON.stringify(body))
}

/**
 * The demo host's auth routes (see the module's comment) over a siwx-server for `origin`'s host
 * and `chains` (plus `solana` and `bitcoin`).
 * @throws GangwayError 'Invalid SIWX server option' (siwx-server's) for a chain it cannot take.
 */
export function createDemoAuth({ origin, chains, solana, bitcoin, redisUrl }: DemoAuthOptions): DemoAuth {
  const site = new URL(origin)
  const accepted: Record<string, string> = Object.fromEntries(chains.map((c) => [`eip155:${c.chainId}`, c.rpcUrl]))
  if (solana) accepted[solana.caipNetworkId] = ''
  if (bitcoin) accepted[bitcoin.caipNetworkId] = ''
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined
  // Redis down: each call answers 'SIWX store unavailable' (a 502 here); the client reconnects by itself.
  redis?.on('error', () => undefined)
  const store = redis ? createRedisStore({ client: redis, prefix: `gangway:demo:${site.host.replace(/[^A-Za-z0-9:_.-]/g, '_')}` }) : undefined
  const siwx = createSiwxServer({ domain: site.host, uri: site.origin, chains: accepted as SiwxServerOptions['chains'], maxNonces: MAX_NONCES, ...(store ? { store } : {}) })
  /** The live sessions the request's cookie lists. */
  const liveSessions = async (req: IncomingMessage) => (await Promise.all(cookieIds(req).map((id) => siwx.getSession(id)))).filter((s): s is SiwxSession => s !== undefined)
  /** DataCapture: the confirmed email of each account (CAIP-10), the codes waiting to be confirmed by their uuid, the last code mailed to each email. */
  const emails = new Map<string, string>()
  const pending = new Map<string, { account: string; email: string; code: string; tries: number }>()
  const inbox = new Map<string, string>()

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void>> = {
    'POST nonce': async (_req, res) => send(res, 200, { nonce: (await siwx.issueNonce()).nonce }),

    'POST verify': async (req, res) => {
      const { message, signature } = objectOf(await readJson(req))
      if (typeof message !== 'string' || message.length > MAX_SIWX_MESSAGE_CHARS) throw new Refused(400, `message must be a string of at most ${MAX_SIWX_MESSAGE_CHARS} characters`)
      if (typeof signature !== 'string' || signature.length > MAX_SIWX_SIGNATURE_CHARS) throw new Refused(400, `signature must be a string of at most ${MAX_SIWX_SIGNATURE_CHARS} characters`)
      let session: SiwxSession
      try {
        session = await siwx.verify({ message, signature })
      } catch (error) {
        if (!(error instanceof GangwayError)) throw error
        // A node that could not be read is the site's trouble, not a refused sign-in.
        throw new Refused(error.category === 'API_ERROR' ? 502 : 401, error.message)
      }
      const kept = [...(await liveSessions(req)), session]
      // Beyond the cookie's room, the oldest sessions end.
      for (const old of kept.splice(0, Math.max(0, kept.length - MAX_COOKIE_SESSIONS))) await siwx.revokeSession(old.id)
      send(res, 200, publicSession(session), cookieFor(kept, Date.now()))
    },

    'GET me': async (req, res) => {
      const listed = cookieIds(req)
      const live = await liveSessions(req)
      const body = live.length ? { signedIn: true, accounts: [...new Set(live.map((s) => s.caipAddress))] } : { signedIn: false }
      // A cookie whose sessions have all ended (expired, or this process restarted) is cleared.
      const captured = live.length ? Object.fromEntries([...new Set(live.map((s) => s.caipAddress))].flatMap((a) => (emails.has(a) ? [[a, emails.get(a)!]] : []))) : {}
      send(res, 200, Object.keys(captured).length ? { ...body, emails: captured } : body, listed.length && !live.length ? cookieFor([], Date.now()) : undefined)
    },

    'POST email': async (req, res) => {
      const { email, account } = objectOf(await readJson(req))
      if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email)) throw new Refused(400, 'Invalid email')
      if (typeof account !== 'string' || !(await liveSessions(req)).some((s) => s.caipAddress === account)) throw new Refused(401, 'Not signed in')
      if (emails.get(account) === email) return send(res, 200, { uuid: null })
      const uuid = randomUUID()
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      // One code waits per account: a new one replaces the last. Both maps stay bounded.
      for (const [id, p] of pending) if (p.account === account) pending.delete(id)
      pending.set(uuid, { account, email, code, tries: 0 })
      inbox.delete(email)
      inbox.set(email, code)
      for (const map of [pending, inbox] as Map<string, unknown>[]) while (map.size > MAX_WAITING) map.delete(map.keys().next().value!)
      send(res, 200, { uuid })
    },

    'POST email/confirm': async (req, res) => {
      const { uuid, code } = objectOf(await readJson(req))
      const waiting = typeof uuid === 'string' ? pending.get(uuid) : undefined
      if (!waiting || !(await liveSessions(req)).some((s) => s.caipAddress === waiting.account)) throw new Refused(400, 'No email waiting to be confirmed')
      if (code !== waiting.code) {
        if (++waiting.tries >= MAX_CODE_TRIES) pending.delete(uuid as string)
        throw new Refused(400, 'Invalid code')
      }
      pending.delete(uuid as string)
      emails.set(waiting.account, waiting.email)
      send(res, 200, { email: waiting.email })
    },

    'GET inbox': async (req, res) => {
      const email = new URL(req.url ?? '/', site).searchParams.get('email') ?? ''
      send(res, 200, { code: inbox.get(email) ?? null })
    },

    'POST sessions': async (req, res) => {
      const { chainId, address } = accountOf(objectOf(await readJson(req)))
      send(res, 200, { sessions: (await liveSessions(req)).filter((s) => isAccount(s, chainId, address)).map(publicSession) })
    },

    'POST revoke': async (req, res) => {
      const body = objectOf(await readJson(req))
      const account = body.all === true ? undefined : accountOf(body)
      const live = await liveSessions(req)
      const revoked = live.filter((s) => !account || isAccount(s, account.chainId, account.address))
      for (const s of revoked) await siwx.revokeSession(s.id)
      const remaining = live.filter((s) => !revoked.includes(s))
      send(res, 200, { revoked: revoked.length, signedIn: remaining.length > 0 }, cookieFor(remaining, Date.now()))
    },
  }

  return {
    siwx,
    async close() {
      await redis?.quit().catch(() => redis.disconnect())
    },
    async handle(req, res) {
      try {
        const path = new URL(req.url ?? '/', site).pathname
        const name = path.startsWith(DEMO_AUTH_PATH) ? path.slice(DEMO_AUTH_PATH.length) : ''
        const route = routes[`${req.method} ${name}`]
        if (!route) throw Object.keys(routes).some((k) => k.endsWith(` ${name}`)) ? new Refused(405, 'Method not allowed') : new Refused(404, 'Not found')
        if (req.method === 'POST') {
          // Only the demo's own pages post here: a JSON body (another site's form cannot send one
          // without a CORS preflight, which is never answered) from the demo's origin.
          if (!/^application\/json\b/i.test(String(req.headers['content-type'] ?? ''))) throw new Refused(400, 'Body must be application/json')
          if (req.headers.origin !== undefined && req.headers.origin !== site.origin) throw new Refused(403, 'Foreign origin')
        }
        await route(req, res)
      } catch (error) {
        if (res.headersSent) return void res.end()
        if (error instanceof Refused) send(res, error.status, { error: error.message })
        else send(res, 500, { error: 'Internal error' })
      }
    },
  }
}
