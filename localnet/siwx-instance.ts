// One instance of a site's backend, run as a process of its own
// (`node --import tsx localnet/siwx-instance.ts`) by the Redis tests (tests/redis) and bench/siwx:
// gangway/siwx-server's Node handler over the Redis store, as a site behind a load balancer runs it.
// Solana sign-ins (ed25519: no node needed), and eip155:31337 through RPC_URL when it is set.
// Environment: REDIS_URL; RPC_URL (optional); NONCE_TTL_S (default 300); STORE_TIMEOUT_MS (default 1000).
// Prints `{"port":N}` once listening on 127.0.0.1; on SIGTERM closes and exits.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { Redis } from 'ioredis'
import { createSiwxNodeHandler, createSiwxServer } from '../src/siwx-server/index.js'
import { createRedisStore } from '../src/siwx-server/redis-store.js'

/** The site the instances serve. */
export const SITE_ORIGIN = 'https://shop.example'
export const SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const EVM_CHAIN = 'eip155:31337'

/** A running instance: its SIWX routes' base URL, and how to end it. */
export interface SiwxInstance {
  base: string
  stop(): Promise<void>
}

/** Starts this file as a child process with `env` added; resolves once it listens. */
export async function startSiwxInstance(name: string, env: Record<string, string>): Promise<SiwxInstance> {
  const root = new URL('..', import.meta.url).pathname
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'localnet/siwx-instance.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`instance ${name} exited with ${code} before listening`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const said = /^\{"port":(\d+)\}$/.exec(line)
      if (said) resolve(Number(said[1]))
    })
  })
  return {
    base: `http://127.0.0.1:${port}/siwx/`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const client = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 })
  // Errors while Redis is down are answered per request (503); the client reconnects by itself.
  client.on('error', () => undefined)
  const store = createRedisStore({ client, timeoutMs: Number(process.env.STORE_TIMEOUT_MS ?? 1000) })
  const chains: Record<string, string> = { [SOLANA_CHAIN]: '', ...(process.env.RPC_URL ? { [EVM_CHAIN]: process.env.RPC_URL } : {}) }
  // Every request comes from 127.0.0.1, one client key: its live nonces bounded far above what the tests and the bench hold.
  const siwx = createSiwxServer({ domain: new URL(SITE_ORIGIN).host, uri: SITE_ORIGIN, chains: chains as Parameters<typeof createSiwxServer>[0]['chains'], nonceTtlS: Number(process.env.NONCE_TTL_S ?? 300), maxNoncesPerClient: 1_000_000, store })
  // Every request comes from 127.0.0.1: limits far above what the tests and the bench send.
  const handler = createSiwxNodeHandler({ siwx, limits: { nonce: { max: 1_000_000, windowS: 60 }, verify: { max: 1_000_000, windowS: 60 } } })
  const server = createServer((req, res) => void handler(req, res))
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })))
  process.on('SIGTERM', () => {
    server.close()
    server.closeAllConnections()
    client.disconnect()
    process.exit(0)
  })
}
