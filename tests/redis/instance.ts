// One instance of a site's backend for the Redis tests, run as a process of its own
// (`node --import tsx tests/redis/instance.ts`): gangway/siwx-server's Node handler over the Redis
// store, as a site behind a load balancer runs it. Solana sign-ins (ed25519: no node needed).
// Environment: REDIS_URL; NONCE_TTL_S (default 300); STORE_TIMEOUT_MS (default 1000).
// Prints `{"port":N}` once listening on 127.0.0.1; on SIGTERM closes and exits.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { createSiwxNodeHandler, createSiwxServer } from '../../src/siwx-server/index.js'
import { createRedisStore } from '../../src/siwx-server/redis-store.js'
import { SOLANA_CHAIN, SITE_ORIGIN } from './site.js'

const client = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 })
// Errors while Redis is down are answered per request (503); the client reconnects by itself.
client.on('error', () => undefined)
const store = createRedisStore({ client, timeoutMs: Number(process.env.STORE_TIMEOUT_MS ?? 1000) })
const siwx = createSiwxServer({ domain: new URL(SITE_ORIGIN).host, uri: SITE_ORIGIN, chains: { [SOLANA_CHAIN]: '' }, nonceTtlS: Number(process.env.NONCE_TTL_S ?? 300), store })
// Every test request comes from 127.0.0.1: limits far above what the tests send.
const handler = createSiwxNodeHandler({ siwx, limits: { nonce: { max: 100_000, windowS: 60 }, verify: { max: 100_000, windowS: 60 } } })
const server = createServer((req, res) => void handler(req, res))
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })))
process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
  client.disconnect()
  process.exit(0)
})
