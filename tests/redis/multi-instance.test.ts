// gangway/siwx-server behind a load balancer: two instances, each a Node process of its own
// (localnet/siwx-instance.ts), sharing one real redis-server (Debian's, started here on a free loopback port with
// an append-only file). Every request goes to a chosen instance over HTTP, as a balancer would send it.
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwxFetchHandler, createSiwxServer } from '../../src/siwx-server/index.js'
import { createRedisStore } from '../../src/siwx-server/redis-store.js'
import { redisServer, stopAll, waitFor, type RedisProcess } from '../../localnet/redis.js'
import { startSiwxInstance, type SiwxInstance } from '../../localnet/siwx-instance.js'
import { SITE_ORIGIN, SOLANA_CHAIN, solanaAccount } from './site.js'

/** One site instance, named for the messages. */
interface Instance extends SiwxInstance {
  name: string
}
const startInstance = async (name: string, redisUrl: string): Promise<Instance> => ({ name, ...(await startSiwxInstance(name, { REDIS_URL: redisUrl })) })

/** A JSON answer of `instance`: its status, body, and the cookie it sets (name=value). */
async function call(instance: Instance, route: string, { body, cookie }: { body?: unknown; cookie?: string } = {}) {
  const method = route === 'session' ? 'GET' : 'POST'
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }
  const answer = await fetch(instance.base + route, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown>, cookie: answer.headers.get('set-cookie')?.split(';')[0] }
}

/** A nonce issued by `instance`. */
async function nonceFrom(instance: Instance): Promise<string> {
  const answer = await call(instance, 'nonce')
  expect(answer.status).toBe(200)
  return answer.json.nonce as string
}

let redis: RedisProcess
let inspect: Redis
let a: Instance
let b: Instance
beforeAll(async () => {
  redis = await redisServer()
  await redis.start()
  inspect = new Redis(redis.url, { maxRetriesPerRequest: 1 })
  inspect.on('error', () => undefined)
  ;[a, b] = await Promise.all([startInstance('A', redis.url), startInstance('B', redis.url)])
})
afterAll(async () => {
  await Promise.all([a, b].map((instance) => instance?.stop()))
  inspect?.disconnect()
  await stopAll()
})

describe('two instances sharing one Redis', () => {
  it('verifies on B a nonce issued by A, and both know the session', async () => {
    const visitor = solanaAccount()
    const verified = await call(b, 'verify', { body: visitor.signIn(await nonceFrom(a)) })
    expect(verified.status).toBe(200)
    expect(verified.json.caipAddress).toMatch(new RegExp(`:${visitor.address}$`))
    for (const instance of [a, b]) expect((await call(instance, 'session', { cookie: verified.cookie! })).json).toMatchObject({ signedIn: true, caipAddress: verified.json.caipAddress })
  })

  it('of 50 concurrent verifies of one signed message, 25 on each instance, starts one session and refuses 49 as a used nonce', async () => {
    const signed = solanaAccount().signIn(await nonceFrom(a))
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i % 2 ? b : a, 'verify', { body: signed })))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status === 401 && r.json.error === 'Unknown or used nonce')).toHaveLength(49)
  })

  it('refuses an expired nonce on every instance', async () => {
    const visitor = solanaAccount()
    const nonce = await nonceFrom(a)
    // The nonce lives in Redis for its 300 s and no longer; the test ends its life now, as time would.
    const key = `gangway:siwx:n:{${nonce}}`
    const ttl = await inspect.pttl(key)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(300_000)
    await inspect.pexpire(key, 1)
    await waitFor('the nonce to expire in Redis', async () => (await inspect.exists(key)) === 0)
    for (const instance of [a, b]) expect((await call(instance, 'verify', { body: visitor.signIn(nonce) })).json).toEqual({ error: 'Unknown or used nonce' })
  })

  it('signs a session out everywhere: signed out on B, unknown on A', async () => {
    const verified = await call(a, 'verify', { body: solanaAccount().signIn(await nonceFrom(a)) })
    const cookie = verified.cookie!
    expect((await call(b, 'sign-out', { body: {}, cookie })).json).toEqual({ signedOut: true })
    for (const instance of [a, b]) expect((await call(instance, 'session', { cookie })).json).toEqual({ signedIn: false })
  })

  it("counts a client's requests in Redis, so its rate limit holds across instances", async () => {
    const clients = [new Redis(redis.url), new Redis(redis.url)]
    try {
      // Two more instances, in this process, with a limit of 3 nonces a minute per client key.
      const handlers = clients.map((client) => {
        const siwx = createSiwxServer({ domain: new URL(SITE_ORIGIN).host, uri: SITE_ORIGIN, chains: { [SOLANA_CHAIN]: '' }, store: createRedisStore({ client, prefix: 'limited' }) })
        return createSiwxFetchHandler({ siwx, clientKey: () => '198.51.100.23', limits: { nonce: { max: 3, windowS: 60 } } })
      })
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await handlers[i % 2]!(new Request(`${SITE_ORIGIN}/siwx/nonce`, { method: 'POST', headers: { 'content-type': 'application/json' } }))).status)
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      for (const client of clients) client.disconnect()
    }
  })

  it('fails with a clear error while Redis is down, works again once it is back, and keeps the sessions made before', async () => {
    const before = await call(a, 'verify', { body: solanaAccount().signIn(await nonceFrom(b)) })
    expect(before.status).toBe(200)
    await redis.stop()
    for (const instance of [a, b]) {
      expect(await call(instance, 'nonce')).toMatchObject({ status: 503, json: { error: 'SIWX store unavailable' } })
      expect(await call(instance, 'session', { cookie: before.cookie! })).toMatchObject({ status: 503, json: { error: 'SIWX store unavailable' } })
    }
    await redis.start()
    // The clients reconnect by themselves: wait until each instance answers again.
    for (const instance of [a, b]) await waitFor(`instance ${instance.name} to reach Redis again`, async () => (await call(instance, 'nonce')).status === 200)
    for (const instance of [a, b]) expect((await call(instance, 'session', { cookie: before.cookie! })).json).toMatchObject({ signedIn: true, caipAddress: before.json.caipAddress })
    const after = await call(b, 'verify', { body: solanaAccount().signIn(await nonceFrom(a)) })
    expect(after.status).toBe(200)
  })
})
