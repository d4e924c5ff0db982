/**
 * `gangway/siwx-server/redis` (docs/behaviour.md §4 SIWX): a SiwxStore in Redis, shared by every
 * instance of a site, over the site's own `ioredis` client (a `Redis` or a `Cluster`).
 *
 * Keys, under the site's prefix (default `gangway:siwx`), each with a hash tag of its own so that
 * every command touches one key, or keys of one slot (a Redis Cluster refuses anything else):
 * - `P:n:{nonce}` a live nonce, its value the hash of its client key (or ''): `SET … PX ttl NX`;
 *   consumed with `GETDEL`, which Redis runs atomically: of concurrent consumers, one gets the value.
 * - `P:c:{client}` how many live nonces a client key holds: a script (INCR, refused past the
 *   maximum) on issue, one (DECR) on consume; it expires a nonce lifetime after its last issue.
 * - `P:s:{id}` a session, its JSON, `SET … PX` until it ends.
 * - `P:a:{caip10}` the ids of an account's sessions (a set), for revoke-all; it lives as long as
 *   its longest session (`PEXPIRE NX` then `GT`, in one MULTI on that key).
 * - `P:r:{key}` a rate-limit window: `INCR`, `PEXPIRE NX`, `PTTL` in one MULTI.
 * Client and rate-limit keys are hashed (SHA-256), so no visitor address is written in a key name.
 *
 * Every call is bounded by `timeoutMs`: a Redis down or unreachable makes it throw GangwayError
 * 'SIWX store unavailable' (category API_ERROR) rather than wait on the client's reconnection.
 */
import { createHash } from 'node:crypto'
import type { Cluster, Redis } from 'ioredis'
import { InvalidOptionError } from '../events/kernel/errors.js'
import { SESSION_ID, readStoredSession, storeCall, storeUnavailable, type SiwxSession, type SiwxStore } from './store.js'

/**
 * createRedisStore's options.
 * @example
 * ```ts
 * import { Redis } from 'ioredis'
 * import { createRedisStore, type RedisStoreOptions } from 'gangway/siwx-server/redis'
 *
 * const options: RedisStoreOptions = { client: new Redis(process.env.REDIS_URL!), prefix: 'shop:siwx', timeoutMs: 1000 }
 * const store = createRedisStore(options)
 * ```
 */
export interface RedisStoreOptions {
  /** The site's ioredis client: a `Redis` (one server, or Sentinel) or a `Cluster`. The store never connects, quits or configures it. */
  client: Redis | Cluster
  /** What every key starts with, to share a Redis with other data: letters, digits and `:_.-`, at most 64. Default `gangway:siwx`. */
  prefix?: string
  /** The longest a store call may take, in ms, before it fails with 'SIWX store unavailable'. Default 2000. */
  timeoutMs?: number
}

/** The script that counts one more live nonce of a client (KEYS[1]) unless it holds ARGV[1] already; its count lives ARGV[2] ms. 0: refused. */
const COUNT_NONCE = `local n = redis.call('INCR', KEYS[1])
if n > tonumber(ARGV[1]) then
  if n == 1 then redis.call('DEL', KEYS[1]) else redis.call('DECR', KEYS[1]) end
  return 0
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return n`
/** The script that gives a client (KEYS[1]) back the slot of a used nonce; never below zero, the key gone at zero. */
const UNCOUNT_NONCE = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 1 then return redis.call('DECR', KEYS[1]) end
redis.call('DEL', KEYS[1])
return 0`

/** A key's part that a visitor gave: hashed, so it is short and no address is written in a key name. */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url')

/**
 * A SiwxStore in Redis (see the module's comment): atomic single-use nonces, sessions with expiry,
 * revoke-all by account, rate-limit counters; works on one Redis and on a Redis Cluster.
 * @throws InvalidOptionError 'Invalid SIWX server option' (details name it) for a missing client,
 *   a prefix not of letters, digits and `:_.-` (at most 64), a timeout that is not a positive number.
 *   Its calls throw GangwayError 'SIWX store unavailable' (category API_ERROR, the client's error's
 *   message in `details`) when Redis fails or does not answer within `timeoutMs`.
 * @example
 * ```ts
 * import { Redis } from 'ioredis'
 * import { createSiwxServer } from 'gangway/siwx-server'
 * import { createRedisStore } from 'gangway/siwx-server/redis'
 *
 * const store = createRedisStore({ client: new Redis(process.env.REDIS_URL!) }) // a Cluster works too
 * const siwx = createSiwxServer({ domain: 'example.com', uri: 'https://example.com', chains: { 'eip155:1': 'https://rpc.example' }, store })
 * ```
 */
export function createRedisStore({ client, prefix = 'gangway:siwx', timeoutMs = 2000 }: RedisStoreOptions): SiwxStore {
  const bad = (details: string) => new InvalidOptionError('Invalid SIWX server option', { details })
  if (!client || typeof client !== 'object' || typeof (client as Redis).getdel !== 'function') throw bad('client: an ioredis Redis or Cluster')
  if (typeof prefix !== 'string' || !/^[A-Za-z0-9:_.-]{1,64}$/.test(prefix)) throw bad('prefix')
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)) throw bad('timeoutMs')
  const key = (kind: 'n' | 'c' | 's' | 'a' | 'r', tag: string) => `${prefix}:${kind}:{${tag}}`
  /** A store call bounded by timeoutMs (store.ts storeCall). */
  const call = <T>(what: string, run: () => Promise<T>) => storeCall(what, run, timeoutMs)
  /** The results of a MULTI, each checked: a command's error fails the call. */
  const exec = async (multi: ReturnType<Redis['multi']>): Promise<unknown[]> => {
    const results = await multi.exec()
    if (!results) throw storeUnavailable('a transaction was aborted')
    return results.map(([error, value]) => {
      if (error) throw storeUnavailable('a command of a transaction failed', error)
      return value
    })
  }
  /** The session stored under `id`, read defensively; a malformed value counts as none. */
  const readSession = async (id: string): Promise<SiwxSession | undefined> => readStoredSession(await client.get(key('s', id)))
  /** Removes `id` from its account's set. */
  const unlist = (caipAddress: string, id: string) => client.srem(key('a', caipAddress), id)

  return {
    nonces: {
      issue: (nonce, { ttlMs, clientKey, maxPerClient }) =>
        call('issuing a nonce', async () => {
          const holder = clientKey === undefined ? '' : digest(clientKey)
          if (holder && Number(await client.eval(COUNT_NONCE, 1, key('c', holder), String(maxPerClient), String(Math.ceil(ttlMs)))) === 0) return 'client-full'
          await client.set(key('n', nonce), holder, 'PX', Math.ceil(ttlMs), 'NX')
          return 'issued'
        }),
      consume: (nonce) =>
        call('consuming a nonce', async () => {
          if (typeof nonce !== 'string' || nonce.length > 128) return false
          const holder = await client.getdel(key('n', nonce))
          if (holder === null) return false
          if (holder) await client.eval(UNCOUNT_NONCE, 1, key('c', holder))
          return true
        }),
    },

    sessions: {
      create: (session) =>
        call('keeping a session', async () => {
          const ttlMs = Math.max(1, Math.ceil(session.expiresAt - Date.now()))
          await client.set(key('s', session.id), JSON.stringify(session), 'PX', ttlMs)
          const account = key('a', session.caipAddress)
          await exec(client.multi().sadd(account, session.id).pexpire(account, ttlMs, 'NX').pexpire(account, ttlMs, 'GT'))
        }),
      get: (id) => call('reading a session', async () => (SESSION_ID.test(id) ? readSession(id) : undefined)),
      revoke: (id) =>
        call('revoking a session', async () => {
          if (!SESSION_ID.test(id)) return false
          const session = readStoredSession(await client.getdel(key('s', id)))
          if (session) await unlist(session.caipAddress, id)
          return session !== undefined
        }),
      revokeAccount: (caipAddress) =>
        call("revoking an account's sessions", async () => {
          const ids = (await client.smembers(key('a', caipAddress))).filter((id) => SESSION_ID.test(id))
          let ended = 0
          for (const id of ids) ended += await client.del(key('s', id))
          // Only the ids read: a session created meanwhile stays listed.
          if (ids.length) await client.srem(key('a', caipAddress), ...ids)
          return ended
        }),
      ofAccount: (caipAddress) =>
        call("reading an account's sessions", async () => {
          const ids = (await client.smembers(key('a', caipAddress))).filter((id) => SESSION_ID.test(id))
          const found: SiwxSession[] = []
          for (const id of ids) {
            const session = await readSession(id)
            if (session && session.caipAddress === caipAddress) found.push(session)
            else await unlist(caipAddress, id) // expired or gone: the set forgets it
          }
          return found
        }),
    },

    counters: {
      hit: (name, windowMs) =>
        call('counting a request', async () => {
          const counter = key('r', digest(name))
          const [count, , ttl] = await exec(client.multi().incr(counter).pexpire(counter, Math.ceil(windowMs), 'NX').pttl(counter))
          return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) }
        }),
    },
  }
}
