/**
 * `gangway/siwx-server` (docs/behaviour.md §4 SIWX): the few functions a host site's backend needs to
 * sign visitors in with a wallet message. The backend hands out a nonce, the page has Gangway
 * write the message with it and the wallet sign it, and the backend verifies exactly the message
 * it asked for: its domain and URI, a network it accepts, its single-use nonce, its time window,
 * and the signature (eip155 against the chain through the configured JSON-RPC URL, so EIP-1271
 * contract accounts and ERC-6492 counterfactual accounts sign in as well as EOAs; solana ed25519;
 * bip122 BIP-322 or the legacy prefixed signature of a Bitcoin address).
 * A verified sign-in becomes a session. Nonces, sessions and the handlers' rate-limit counters
 * live in a SiwxStore (store.ts): in memory by default (memory-store.ts, one process), or in Redis
 * (`gangway/siwx-server/redis`) shared by every instance of a site.
 *
 * ```ts
 * const siwx = createSiwxServer({ domain: 'example.com', uri: 'https://example.com', chains: { 'eip155:1': 'https://rpc.example' } })
 * const { nonce } = await siwx.issueNonce({ clientKey: ip }) // give it to the page; throws 'Too many nonces' when that client (or the store) has its fill
 * const session = await siwx.verify({ message, signature }) // throws GangwayError with a short message when refused
 * ```
 *
 * Issued nonces are bounded without forgetting anyone's: at most `maxNoncesPerClient` live ones
 * per client key (and, in memory, `maxNonces` in all); past either, `issueNonce` refuses ('Too many
 * nonces') rather than drop a nonce a visitor is signing with.
 *
 * HTTP routes with a session cookie and per-client rate limits: handlers/node.ts and
 * handlers/fetch.ts. Not done here: CSRF beyond the handlers' JSON-only posts, deciding what a
 * signed-in account may do. See docs/security.md "gangway/siwx-server".
 */
import { randomBytes } from 'node:crypto'
import { createPublicClient, http, type Client } from 'viem'
import type { CaipAddress, CaipNetworkId } from '../events/entities.js'
import { GangwayError, InvalidOptionError, asGangwayError } from '../events/kernel/errors.js'
import { MAX_SIWX_MESSAGE_CHARS, MAX_SIWX_SIGNATURE_CHARS } from '../siwx/limits.js'
import { parseSiwxMessage, type SiwxMessage } from '../siwx/message.js'
import { SiwxRefusedError, invalidSiwxMessage } from '../siwx/refusals.js'
import { DEFAULT_SIWX_SKEW_MS, validateSiwxMessage } from '../siwx/validate.js'
import { verifySiwxSignature } from '../siwx/verify.js'
import { verifyBitcoinMessage } from '../chains/bip122/message.js'
import { readSiwxTime } from '../siwx/time.js'
import { ERRORS } from '../events/kernel/error-registry.js'
import { createMemoryStore } from './memory-store.js'
import { MAX_CLIENT_KEY_CHARS, SESSION_ID, storeCall, type SiwxSession, type SiwxStore } from './store.js'

export {
  CHAIN_NOT_ACCEPTED,
  DOMAIN_MISMATCH,
  INVALID_SIGNATURE,
  INVALID_SIWX_MESSAGE,
  MESSAGE_EXPIRED,
  MESSAGE_NOT_YET_VALID,
  UNKNOWN_OR_USED_NONCE,
  URI_MISMATCH,
} from '../siwx/refusals.js'
export { GangwayError, InvalidOptionError } from '../events/kernel/errors.js'
export { SiwxRefusedError, type SiwxRefusalReason } from '../siwx/refusals.js'
export { createMemoryStore, type MemoryStoreOptions } from './memory-store.js'
export { type SiwxRateLimit } from './rate-limit.js'
export { TOO_MANY_REQUESTS, type SiwxCookieOptions, type SiwxHandlerOptions } from './handlers/routes.js'
export { createSiwxNodeHandler, type SiwxNodeHandlerOptions } from './handlers/node.js'
export { createSiwxFetchHandler, type SiwxFetchHandlerOptions } from './handlers/fetch.js'
export {
  MAX_CLIENT_KEY_CHARS,
  SIWX_STORE_UNAVAILABLE,
  TOO_MANY_SESSIONS,
  type SiwxCounterStore,
  type SiwxNonceIssue,
  type SiwxNonceStore,
  type SiwxSession,
  type SiwxSessionStore,
  type SiwxStore,
} from './store.js'

/**
 * The message of `issueNonce`'s refusal when the client, or the whole server, holds as many live nonces as allowed.
 * @example
 * ```ts
 * import { GangwayError, TOO_MANY_NONCES } from 'gangway/siwx-server'
 *
 * try {
 *   res.end(JSON.stringify(await siwx.issueNonce({ clientKey: req.socket.remoteAddress })))
 * } catch (error) {
 *   if (!(error instanceof GangwayError) || error.message !== TOO_MANY_NONCES) throw error
 *   res.writeHead(429, { 'retry-after': '60' }).end(error.message) // a nonce frees up when used or expired
 * }
 * ```
 */
export const TOO_MANY_NONCES = ERRORS.tooManyNonces.message
/**
 * The message of `issueNonce`'s refusal of a client key that is not a string of at most MAX_CLIENT_KEY_CHARS characters.
 * @example
 * ```ts
 * import { GangwayError, INVALID_CLIENT_KEY } from 'gangway/siwx-server'
 *
 * try {
 *   res.end(JSON.stringify(await siwx.issueNonce({ clientKey: sessionId }))) // sessionId: read from the visitor's cookie
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   res.writeHead(error.message === INVALID_CLIENT_KEY ? 400 : 429).end(error.message)
 * }
 * ```
 */
export const INVALID_CLIENT_KEY = ERRORS.invalidClientKey.message
/** The longest CAIP-10 account id revokeAccount and accountSessions take, in characters (CAIP-10's own bound: 41 + 1 + 128). */
const MAX_CAIP_ADDRESS_CHARS = 170
export type { SiwxMessage } from '../siwx/message.js'

/**
 * createSiwxServer's options.
 * @example
 * ```ts
 * import { createSiwxServer, type SiwxServerOptions } from 'gangway/siwx-server'
 *
 * const options: SiwxServerOptions = {
 *   domain: 'localhost:5173',                                      // the page's host, port included
 *   uri: 'http://localhost:5173',
 *   chains: { 'eip155:11155111': 'https://sepolia.rpc.example' },  // Sepolia, through this node
 *   sessionTtlS: 3600,                                             // sessions last an hour
 *   maxNoncesPerClient: 5,
 * }
 * const siwx = createSiwxServer(options)
 * ```
 */
export interface SiwxServerOptions {
  /** The RFC 3986 authority the page is served from (`example.com`, `localhost:5173`): a message must name it. */
  domain: string
  /** The URI a message must name (the site's origin or sign-in page), compared exactly. */
  uri: string
  /**
   * The networks accepted, CAIP-2 id → JSON-RPC URL. eip155: an http(s) URL of that chain's node,
   * which verifies contract accounts' signatures (EIP-1271, ERC-6492); it must be that chain's.
   * solana: the value is not used (ed25519 needs no node); give ''. bip122 (a Bitcoin network:
   * mainnet, testnet, signet or regtest): likewise '' (BIP-322 and legacy signatures need no node).
   */
  chains: Record<CaipNetworkId, string>
  /** How long an issued nonce may be used, in s. Default 300. */
  nonceTtlS?: number
  /** How long a session lasts, in s. Default 86 400 (a day). */
  sessionTtlS?: number
  /** The clock, in ms since the epoch. Default Date.now. */
  clock?: () => number
  /** How far a message's Issued At or Not Before may be ahead of the clock, in ms (a visitor's clock ahead). Default 60 000. */
  skewMs?: number
  /**
   * The most live nonces (issued, not used, not expired) in all, in the default in-memory store
   * (a given `store` has its own bound); while this many wait, `issueNonce` refuses ('Too many
   * nonces'): no waiting nonce is forgotten to make room. Default 100 000 (about 10 MB).
   */
  maxNonces?: number
  /**
   * The most live nonces one client key may hold (see `issueNonce`); one more is refused ('Too many
   * nonces') until one of them is used or expires. Default 20.
   */
  maxNoncesPerClient?: number
  /**
   * Where nonces, sessions and rate-limit counters are kept. Default `createMemoryStore({ maxNonces,
   * clock })`: this process only. Every instance of a site must share one (`createRedisStore` of
   * `gangway/siwx-server/redis`).
   */
  store?: SiwxStore
}

/**
 * What createSiwxServer returns. Every call that touches the store is asynchronous, and throws
 * GangwayError 'SIWX store unavailable' (category API_ERROR) when the store cannot be reached.
 * @example
 * ```ts
 * import { createSiwxServer, type SiwxServer } from 'gangway/siwx-server'
 *
 * const siwx: SiwxServer = createSiwxServer({ domain: 'example.com', uri: 'https://example.com', chains: { 'eip155:1': 'https://rpc.example' } })
 * const session = await siwx.getSession(sid) // sid: the session cookie's value; undefined when unknown, revoked or expired
 * if (session) console.log('signed in as', session.caipAddress)
 * await siwx.revokeSession(sid) // sign-out: true when there was such a session
 * await siwx.revokeAccount('eip155:1:0xAbC…') // every session of that account, on every instance sharing the store
 * ```
 */
export interface SiwxServer {
  /** The store it keeps its nonces, sessions and counters in (the handlers' rate limits count there too). */
  readonly store: SiwxStore
  /**
   * A fresh nonce (128 random bits as 32 hex digits: EIP-4361's letters and digits) and when it
   * stops being accepted (ms since the epoch: now + `nonceTtlS`).
   * @param request.clientKey who asks, as the site knows them: the visitor's IP address (for IPv6,
   *   its /64 prefix, which one visitor holds whole) or session id. A key may hold at most
   *   `maxNoncesPerClient` live nonces. Without a key only the store's own bound applies.
   * @throws GangwayError 'Too many nonces' when that client key already holds `maxNoncesPerClient`
   *   live nonces, or the store is full (details say which); 'Invalid SIWX client key' for a
   *   key that is not a string of at most MAX_CLIENT_KEY_CHARS characters; 'SIWX store unavailable'.
   */
  issueNonce(request?: { clientKey?: string | undefined }): Promise<{ nonce: string; expiresAt: number }>
  /**
   * Verifies a signed sign-in message and starts its session. The message's nonce is used up by
   * this call whatever its outcome (atomically in the store: of concurrent verifies of one message,
   * on any instances sharing it, one at most succeeds).
   * @throws GangwayError 'Invalid SIWX message' (malformed, oversized, not a sign-in message),
   *   'SIWX store unavailable' (the nonce could not be consumed: category API_ERROR),
   *   'Domain mismatch', 'URI mismatch', 'Chain not accepted', 'Unknown or used nonce',
   *   'Message not yet valid', 'Message expired', 'Invalid signature', in that order of checking
   *   (a node that cannot be read makes a contract account's signature 'Invalid signature': viem
   *   counts a failed call as not verified); any other error of the check as a GangwayError,
   *   category API_ERROR, with it as cause; 'Too many sessions' or 'SIWX store unavailable' when the
   *   session cannot be kept.
   */
  verify(input: { message: string; signature: string }): Promise<SiwxSession>
  /** The live session with that id, or undefined (unknown, malformed, revoked or expired). @throws GangwayError 'SIWX store unavailable'. */
  getSession(id: string): Promise<SiwxSession | undefined>
  /** Ends a session; true when there was one. @throws GangwayError 'SIWX store unavailable'. */
  revokeSession(id: string): Promise<boolean>
  /** Ends every session of an account (CAIP-10, as a session's `caipAddress`); resolves how many. @throws GangwayError 'SIWX store unavailable'. */
  revokeAccount(caipAddress: string): Promise<number>
  /** The live sessions of an account (CAIP-10). @throws GangwayError 'SIWX store unavailable'. */
  accountSessions(caipAddress: string): Promise<SiwxSession[]>
}

/** An InvalidOptionError for a bad option of createSiwxServer. */
function badOption(details: string): InvalidOptionError {
  return new InvalidOptionError('Invalid SIWX server option', { details })
}

/** The namespace a signed text is written for, from its first line. */
function namespaceOfText(text: string): 'eip155' | 'solana' | 'bip122' {
  const header = text.split('\n', 1)[0] ?? ''
  if (header.endsWith(' wants you to sign in with your Solana account:')) return 'solana'
  return /wants you to sign in with your Bitcoin( [A-Za-z]+)? account:$/.test(header) ? 'bip122' : 'eip155'
}

/**
 * A SIWX verifier for a host site's backend (see the module's comment).
 * @throws GangwayError 'Invalid SIWX server option' (details name it) for an empty domain or uri,
 *   no chains, a chain id that is not an eip155, solana or bip122 CAIP-2 id, an eip155 chain without an
 *   http(s) URL, a TTL, skew or maximum that is not a positive number, a `store` without its
 *   `nonces`, `sessions` and `counters`.
 * @example
 * ```ts
 * import { createSiwxServer } from 'gangway/siwx-server'
 *
 * const siwx = createSiwxServer({
 *   domain: 'example.com',
 *   uri: 'https://example.com',
 *   chains: { 'eip155:1': 'https://rpc.example', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': '' },
 * })
 * const { nonce } = await siwx.issueNonce({ clientKey: req.socket.remoteAddress }) // for the page's message
 * const session = await siwx.verify({ message, signature }) // what the page had signed; throws GangwayError when refused
 * ```
 */
export function createSiwxServer(options: SiwxServerOptions): SiwxServer {
  const { domain, uri, chains, nonceTtlS = 300, sessionTtlS = 86_400, clock = Date.now, skewMs = DEFAULT_SIWX_SKEW_MS, maxNonces = 100_000, maxNoncesPerClient = 20 } = options
  if (typeof domain !== 'string' || !domain) throw badOption('domain')
  if (typeof uri !== 'string' || !uri) throw badOption('uri')
  for (const [name, value] of [['nonceTtlS', nonceTtlS], ['sessionTtlS', sessionTtlS], ['maxNonces', maxNonces], ['maxNoncesPerClient', maxNoncesPerClient]] as const) {
    if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) throw badOption(name)
  }
  if (typeof skewMs !== 'number' || !(skewMs >= 0) || !Number.isFinite(skewMs)) throw badOption('skewMs')
  const accepted = Object.keys(chains ?? {}) as CaipNetworkId[]
  if (!accepted.length) throw badOption('chains')
  const clients = new Map<CaipNetworkId, Client>()
  for (const id of accepted) {
    // CAIP-2: namespace, a colon, a reference of 1 to 32 of [-_a-zA-Z0-9].
    const namespace = /^(eip155|solana|bip122):[-_a-zA-Z0-9]{1,32}$/.exec(id)?.[1]
    if (namespace === 'solana' || namespace === 'bip122') continue
    const url = chains[id]
    if (namespace !== 'eip155') throw badOption(`chains: ${id} is not an eip155, solana or bip122 CAIP-2 id`)
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw badOption(`chains: ${id} needs an http(s) JSON-RPC URL`)
    clients.set(id, createPublicClient({ transport: http(url) }))
  }
  const store = options.store ?? createMemoryStore({ maxNonces, clock })
  if (!store || typeof store !== 'object' || !store.nonces || !store.sessions || !store.counters) throw badOption('store')
  /** The session when it is live on this server's clock (a store's own expiry may lag), else undefined. */
  const live = (session: SiwxSession | undefined): SiwxSession | undefined => (session && session.expiresAt > clock() ? session : undefined)

  return {
    store,

    async issueNonce({ clientKey } = {}) {
      if (clientKey !== undefined && (typeof clientKey !== 'string' || clientKey.length > MAX_CLIENT_KEY_CHARS)) {
        throw new GangwayError(INVALID_CLIENT_KEY, { details: `a client key is a string of at most ${MAX_CLIENT_KEY_CHARS} characters` })
      }
      const nonce = randomBytes(16).toString('hex')
      const expiresAt = clock() + nonceTtlS * 1000
      const issued = await storeCall('issuing a nonce', () => store.nonces.issue(nonce, { ttlMs: nonceTtlS * 1000, clientKey, maxPerClient: maxNoncesPerClient }))
      if (issued === 'client-full') throw new GangwayError(TOO_MANY_NONCES, { details: `this client holds ${maxNoncesPerClient} live nonces (maxNoncesPerClient)` })
      if (issued !== 'issued') throw new GangwayError(TOO_MANY_NONCES, { details: 'the store holds as many live nonces as it may (maxNonces)' })
      return { nonce, expiresAt }
    },

    async verify({ message: text, signature }) {
      if (typeof text !== 'string' || text.length > MAX_SIWX_MESSAGE_CHARS) throw invalidSiwxMessage(`the message is not a string of at most ${MAX_SIWX_MESSAGE_CHARS} characters`)
      if (typeof signature !== 'string' || signature.length > MAX_SIWX_SIGNATURE_CHARS) throw new SiwxRefusedError('invalidSignature', 'the signature is not a string of bounded length')
      const message: SiwxMessage = parseSiwxMessage(text, namespaceOfText(text))
      // The nonce is used up here, before any other check and whatever the outcome: a nonce is one
      // attempt. Otherwise a message refused for its signature (a tampered text, a guess) or for
      // its window could be tried again and again under the same nonce, and a verification failing
      // half-way (a node unreachable) would leave a signed message replayable later. The store's
      // consume is atomic: of concurrent verifies of one message, on every instance, one gets true.
      const nonceLive = await storeCall('consuming a nonce', () => store.nonces.consume(message.nonce))
      const now = clock()
      validateSiwxMessage(message, { domain, uri, chains: accepted, nonce: () => nonceLive, now, skewMs })
      let ok: boolean
      try {
        ok = await verifySiwxSignature({ message, text, signature, verifyBitcoin: verifyBitcoinMessage, ...(clients.has(message.chainId) ? { client: clients.get(message.chainId)! } : {}) })
      } catch (error) {
        throw asGangwayError(error, { category: 'API_ERROR', details: `the signature could not be checked on ${message.chainId}` })
      }
      if (!ok) throw new SiwxRefusedError('invalidSignature')
      const issuedAt = clock()
      const messageExpiry = message.expirationTime !== undefined ? readSiwxTime(message.expirationTime) : undefined
      const session: SiwxSession = {
        id: randomBytes(32).toString('base64url'),
        caipAddress: `${message.chainId}:${message.accountAddress}` as CaipAddress,
        chainId: message.chainId,
        nonce: message.nonce,
        issuedAt,
        expiresAt: Math.min(issuedAt + sessionTtlS * 1000, messageExpiry ?? Infinity),
        message: text,
        signature,
      }
      await storeCall('keeping a session', () => store.sessions.create(session))
      return session
    },

    async getSession(id) {
      if (typeof id !== 'string' || !SESSION_ID.test(id)) return undefined
      return live(await storeCall('reading a session', () => store.sessions.get(id)))
    },

    async revokeSession(id) {
      if (typeof id !== 'string' || !SESSION_ID.test(id)) return false
      return storeCall('revoking a session', () => store.sessions.revoke(id))
    },

    async revokeAccount(caipAddress) {
      if (typeof caipAddress !== 'string' || caipAddress.length > MAX_CAIP_ADDRESS_CHARS) return 0
      return storeCall("revoking an account's sessions", () => store.sessions.revokeAccount(caipAddress))
    },

    async accountSessions(caipAddress) {
      if (typeof caipAddress !== 'string' || caipAddress.length > MAX_CAIP_ADDRESS_CHARS) return []
      const sessions = await storeCall("reading an account's sessions", () => store.sessions.ofAccount(caipAddress))
      return sessions.filter((s) => live(s) !== undefined)
    },
  }
}
