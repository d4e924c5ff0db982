// The demo site's sign-in routes (localnet/demo-auth.ts) on the Redis store, as `npm run demo` runs
// them with REDIS_URL: two demo backends for one origin share a Redis, a sign-in started on one
// is known to the other, and a sign-out on one ends it on both.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoAuth, type DemoAuth } from '../../localnet/demo-auth.js'
import { redisServer, stopAll } from '../../localnet/redis.js'
import { SOLANA_CHAIN, solanaAccount } from './site.js'

const ORIGIN = 'http://localhost:5173'
const backends: { auth: DemoAuth; server: Server; base: string }[] = []

beforeAll(async () => {
  const redis = await redisServer()
  await redis.start()
  for (let i = 0; i < 2; i++) {
    const auth = createDemoAuth({ origin: ORIGIN, chains: [], solana: { caipNetworkId: SOLANA_CHAIN }, redisUrl: redis.url })
    const server = createServer((req, res) => void auth.handle(req, res))
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    backends.push({ auth, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/localnet/auth/` })
  }
})
afterAll(async () => {
  for (const { auth, server } of backends) {
    await new Promise<void>((done) => server.close(() => done()))
    await auth.close()
  }
  await stopAll()
})

/** A call to backend `i`: status, JSON, and the cookie it sets. */
async function call(i: number, method: string, route: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) }
  const answer = await fetch(backends[i]!.base + route, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown>, cookie: answer.headers.get('set-cookie')?.split(';')[0] }
}

describe('the demo sign-in on Redis (REDIS_URL)', () => {
  it('signs in through one backend and is known to the other; signs out everywhere', async () => {
    const visitor = solanaAccount(ORIGIN)
    const { nonce } = (await call(0, 'POST', 'nonce', {})).json as { nonce: string }
    const verified = await call(1, 'POST', 'verify', visitor.signIn(nonce))
    expect(verified.status).toBe(200)
    for (const i of [0, 1]) expect((await call(i, 'GET', 'me', undefined, verified.cookie)).json).toEqual({ signedIn: true, accounts: [`${SOLANA_CHAIN}:${visitor.address}`] })
    expect((await call(0, 'POST', 'revoke', { all: true }, verified.cookie)).json).toEqual({ revoked: 1, signedIn: false })
    expect((await call(1, 'GET', 'me', undefined, verified.cookie)).json).toEqual({ signedIn: false })
  })
})
