// The Redis store on a three-node Redis Cluster (Debian's redis-server, `--cluster-enabled yes`,
// made one cluster by `redis-cli --cluster create`): every command it sends touches one slot, so
// nonces, sessions, revoke-all and counters work whatever node holds their keys.
import { Cluster } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwxServer } from '../../src/siwx-server/index.js'
import { createRedisStore } from '../../src/siwx-server/redis-store.js'
import type { SiwxServer } from '../../src/siwx-server/index.js'
import { redisCluster, redisCli, stopAll, type RedisProcess } from '../../localnet/redis.js'
import { SITE_ORIGIN, SOLANA_CHAIN, solanaAccount } from './site.js'

let nodes: RedisProcess[]
let cluster: Cluster
let siwx: SiwxServer
beforeAll(async () => {
  nodes = await redisCluster()
  cluster = new Cluster([{ host: '127.0.0.1', port: nodes[0]!.port }])
  siwx = createSiwxServer({ domain: new URL(SITE_ORIGIN).host, uri: SITE_ORIGIN, chains: { [SOLANA_CHAIN]: '' }, store: createRedisStore({ client: cluster, prefix: 'shop:siwx' }) })
})
afterAll(async () => {
  cluster?.disconnect()
  await stopAll()
})

describe('the Redis store on a Redis Cluster', () => {
  it('issues and consumes nonces once, keeps sessions, and revokes all of an account', async () => {
    const visitors = Array.from({ length: 4 }, () => solanaAccount())
    const sessions = []
    for (const visitor of visitors) {
      for (let i = 0; i < 2; i++) {
        const signed = visitor.signIn((await siwx.issueNonce({ clientKey: visitor.address })).nonce)
        const tries = await Promise.allSettled(Array.from({ length: 5 }, () => siwx.verify(signed)))
        expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1)
        sessions.push((tries.find((t) => t.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<SiwxServer['verify']>>>).value)
      }
    }
    // The keys are spread over the nodes: more than one node holds some.
    const holding = nodes.filter((n) => Number(redisCli(['-p', String(n.port), 'dbsize']).trim()) > 0)
    expect(holding.length).toBeGreaterThan(1)
    for (const s of sessions) expect(await siwx.getSession(s.id)).toEqual(s)
    const [first] = sessions
    expect(await siwx.accountSessions(first!.caipAddress)).toHaveLength(2)
    expect(await siwx.revokeAccount(first!.caipAddress)).toBe(2)
    for (const s of sessions) expect(await siwx.getSession(s.id)).toEqual(s.caipAddress === first!.caipAddress ? undefined : s)
    expect(await siwx.revokeSession(sessions[2]!.id)).toBe(true)
    expect(await siwx.getSession(sessions[2]!.id)).toBeUndefined()
    // A stored value that is not a session (another writer, corruption) reads as none.
    await cluster.set(`shop:siwx:s:{${sessions[3]!.id}}`, JSON.stringify({ ...sessions[3], expiresAt: 'later' }))
    expect(await siwx.getSession(sessions[3]!.id)).toBeUndefined()
  })

  it('limits a client\'s live nonces and counts rate-limit windows', async () => {
    const limited = createSiwxServer({ domain: 'shop.example', uri: SITE_ORIGIN, chains: { [SOLANA_CHAIN]: '' }, maxNoncesPerClient: 2, store: createRedisStore({ client: cluster, prefix: 'limits' }) })
    const first = await limited.issueNonce({ clientKey: '203.0.113.9' })
    await limited.issueNonce({ clientKey: '203.0.113.9' })
    await expect(limited.issueNonce({ clientKey: '203.0.113.9' })).rejects.toThrow('Too many nonces')
    // A used nonce gives its slot back.
    await limited.verify(solanaAccount().signIn(first.nonce)).catch(() => undefined)
    await expect(limited.issueNonce({ clientKey: '203.0.113.9' })).resolves.toMatchObject({ nonce: expect.any(String) })
    const counters = limited.store.counters
    expect((await counters.hit('verify:203.0.113.9', 60_000)).count).toBe(1)
    const second = await counters.hit('verify:203.0.113.9', 60_000)
    expect(second.count).toBe(2)
    expect(second.resetInMs).toBeGreaterThan(0)
    expect(second.resetInMs).toBeLessThanOrEqual(60_000)
  })
})
