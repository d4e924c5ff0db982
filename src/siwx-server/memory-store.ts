/**
 * The in-memory SiwxStore (docs/behaviour.md §4 SIWX): the default of `createSiwxServer`, for a site
 * served by one process. Bounded: a flood of requests cannot grow it without limit (`maxNonces`,
 * `maxSessions`, `maxCounters`). Its operations run to completion between awaits, so a nonce is
 * consumed at most once however many callers race for it. Lost when the process ends.
 */
import { GangwayError, InvalidOptionError } from '../events/kernel/errors.js'
import { TOO_MANY_SESSIONS, type SiwxSession, type SiwxStore } from './store.js'

/**
 * createMemoryStore's options.
 * @example
 * ```ts
 * import { createMemoryStore, type MemoryStoreOptions } from 'gangway/siwx-server'
 *
 * const options: MemoryStoreOptions = { maxNonces: 10_000, maxSessions: 10_000 }
 * const store = createMemoryStore(options)
 * ```
 */
export interface MemoryStoreOptions {
  /** The most live nonces in all; one more is refused ('store-full': the server's 'Too many nonces'), no waiting nonce is forgotten. Default 100 000 (about 10 MB). */
  maxNonces?: number
  /** The most live sessions in all; one more is refused ('Too many sessions'). Default 100 000 (a session holds its message: up to some 20 KB). */
  maxSessions?: number
  /** The most rate-limit windows kept; past it the oldest are forgotten (a flood of keys resets old counts, it never blocks). Default 100 000. */
  maxCounters?: number
  /** The clock, in ms since the epoch. Default Date.now. */
  clock?: () => number
}

/** A positive whole number option of createMemoryStore, or InvalidOptionError 'Invalid SIWX server option'. */
function positive(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw new InvalidOptionError('Invalid SIWX server option', { details: name })
  return value
}

/**
 * A SiwxStore in this process's memory (see the module's comment).
 * @throws InvalidOptionError 'Invalid SIWX server option' (details name it) for a maximum that is not a positive whole number.
 * @example
 * ```ts
 * import { createMemoryStore, createSiwxServer } from 'gangway/siwx-server'
 *
 * const siwx = createSiwxServer({ domain: 'example.com', uri: 'https://example.com', chains: { 'eip155:1': 'https://rpc.example' }, store: createMemoryStore({ maxSessions: 1000 }) })
 * ```
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): SiwxStore {
  const maxNonces = positive('maxNonces', options.maxNonces ?? 100_000)
  const maxSessions = positive('maxSessions', options.maxSessions ?? 100_000)
  const maxCounters = positive('maxCounters', options.maxCounters ?? 100_000)
  const clock = options.clock ?? Date.now

  /**
   * Issued nonces → when they expire (ms) and their client key. A Map keeps issue order, and the
   * server gives every nonce the same lifetime, so the first entries expire first.
   */
  const nonces = new Map<string, { expiresAt: number; clientKey: string | undefined }>()
  /** Client key → how many of `nonces` it holds (no entry for none). */
  const perClient = new Map<string, number>()
  /** Drops an issued nonce (used or expired) and gives its client key the slot back. */
  const forgetNonce = (nonce: string) => {
    const issued = nonces.get(nonce)
    if (!issued) return
    nonces.delete(nonce)
    if (issued.clientKey === undefined) return
    const held = (perClient.get(issued.clientKey) ?? 1) - 1
    if (held > 0) perClient.set(issued.clientKey, held)
    else perClient.delete(issued.clientKey)
  }
  /**
   * Drops the expired nonces from the front, stopping at the first live one: amortised constant
   * time. (Were the clock to step back, a nonce behind a later-expiring one waits for it;
   * `consume` checks expiry itself.)
   */
  const sweepNonces = (now: number) => {
    for (const [nonce, { expiresAt }] of nonces) {
      if (expiresAt > now) return
      forgetNonce(nonce)
    }
  }

  const sessions = new Map<string, SiwxSession>()
  /** CAIP-10 → the ids of its sessions in `sessions`. */
  const byAccount = new Map<string, Set<string>>()
  const dropSession = (id: string): boolean => {
    const session = sessions.get(id)
    if (!session) return false
    sessions.delete(id)
    const ids = byAccount.get(session.caipAddress)
    ids?.delete(id)
    if (ids && !ids.size) byAccount.delete(session.caipAddress)
    return true
  }
  const liveSession = (id: string, now: number): SiwxSession | undefined => {
    const session = sessions.get(id)
    if (!session || session.expiresAt > now) return session
    dropSession(id)
    return undefined
  }

  /** Key → its window: the count and when the window closes (ms). Insertion order: oldest window first. */
  const counters = new Map<string, { count: number; endsAt: number }>()

  return {
    nonces: {
      async issue(nonce, { ttlMs, clientKey, maxPerClient }) {
        const now = clock()
        sweepNonces(now)
        const held = clientKey === undefined ? 0 : (perClient.get(clientKey) ?? 0)
        if (held >= maxPerClient) return 'client-full'
        if (nonces.size >= maxNonces) return 'store-full'
        nonces.set(nonce, { expiresAt: now + ttlMs, clientKey })
        if (clientKey !== undefined) perClient.set(clientKey, held + 1)
        return 'issued'
      },
      async consume(nonce) {
        const now = clock()
        sweepNonces(now)
        const expiresAt = nonces.get(nonce)?.expiresAt
        forgetNonce(nonce)
        return expiresAt !== undefined && expiresAt > now
      },
    },

    sessions: {
      async create(session) {
        const now = clock()
        if (sessions.size >= maxSessions) {
          // Full: let the expired go first (a whole pass, only when full), then refuse.
          for (const id of [...sessions.keys()]) liveSession(id, now)
          if (sessions.size >= maxSessions) throw new GangwayError(TOO_MANY_SESSIONS, { details: `the store holds ${sessions.size} live sessions (maxSessions)` })
        }
        sessions.set(session.id, { ...session })
        const ids = byAccount.get(session.caipAddress) ?? new Set<string>()
        byAccount.set(session.caipAddress, ids.add(session.id))
      },
      async get(id) {
        const session = liveSession(id, clock())
        return session && { ...session }
      },
      async revoke(id) {
        return dropSession(id)
      },
      async revokeAccount(caipAddress) {
        const ids = [...(byAccount.get(caipAddress) ?? [])]
        for (const id of ids) dropSession(id)
        return ids.length
      },
      async ofAccount(caipAddress) {
        const now = clock()
        return [...(byAccount.get(caipAddress) ?? [])].flatMap((id) => {
          const session = liveSession(id, now)
          return session ? [{ ...session }] : []
        })
      },
    },

    counters: {
      async hit(key, windowMs) {
        const now = clock()
        let window = counters.get(key)
        if (!window || window.endsAt <= now) {
          counters.delete(key)
          window = { count: 0, endsAt: now + windowMs }
          counters.set(key, window)
          // Past the bound, the oldest windows go (closed ones first in practice: they opened first).
          while (counters.size > maxCounters) counters.delete(counters.keys().next().value!)
        }
        window.count++
        return { count: window.count, resetInMs: window.endsAt - now }
      },
    },
  }
}
