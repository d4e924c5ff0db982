// Real redis-server processes for the Redis tests (tests/redis) and bench/siwx
// (scripts/ensure-redis.sh installs Debian's package): one on a free loopback port with `--appendonly yes` in a temporary folder, which a test
// may stop and start again on the same port and folder; or a three-node Redis Cluster. Every
// process started here is ended by `stopAll`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { untilServing } from './child-server.js'

const started = new Set<ChildProcess>()

/** How long waitFor polls before it fails, in ms: a guard against a hang, never a measure of speed. */
const WAIT_BOUND_MS = 60_000

/** Polls `check` every 25 ms until it resolves true (waiting on state, never a fixed sleep); fails naming `what` after WAIT_BOUND_MS. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const until = Date.now() + WAIT_BOUND_MS
  for (;;) {
    if (await check()) return
    if (Date.now() > until) throw new Error(`waited ${WAIT_BOUND_MS / 1000} s for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
const folders: string[] = []

/** True when `port` can be listened on at 127.0.0.1 now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/**
 * A free loopback port from `from`–`to`: below the localnet's PORT_RANGE (localnet/ports.ts,
 * 20000–31999) and the system's ephemeral range, so no other lane's server draws it meanwhile.
 */
export async function freePort(from = 16_000, to = 19_999): Promise<number> {
  for (;;) {
    const port = from + Math.floor(Math.random() * (to - from + 1))
    if (await portFree(port)) return port
  }
}

/** A fresh temporary folder, removed by stopAll. */
export function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gangway-redis-'))
  folders.push(dir)
  return dir
}

/** One redis-server, with the folder and port it keeps across a restart. */
export interface RedisProcess {
  port: number
  dir: string
  url: string
  /** Starts it (again) and resolves once it answers PING. */
  start(): Promise<void>
  /** Stops it (SIGTERM: Redis writes its append-only file and exits) and resolves once it has exited. */
  stop(): Promise<void>
}

/** A redis-server on a free port (not started yet), `extra` arguments added. */
export async function redisServer(extra: string[] = [], dir = tempFolder()): Promise<RedisProcess> {
  const port = await freePort()
  /** Stops the running server (child-server.ts untilServing's stop), when one runs. */
  let stopRunning: (() => Promise<void>) | undefined
  const self: RedisProcess = {
    port,
    dir,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir, ...extra], { stdio: 'ignore' })
      started.add(child)
      const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null })
      probe.on('error', () => undefined) // refused until the server listens: untilServing asks again
      const pong = async () => {
        try {
          if (probe.status !== 'ready') await probe.connect()
          return (await probe.ping()) === 'PONG'
        } catch {
          probe.disconnect()
          return false
        }
      }
      try {
        const stop = await untilServing(child, `redis-server on port ${port}`, pong, { timeoutMs: WAIT_BOUND_MS, pollMs: 25, output: () => '' })
        stopRunning = async () => {
          await stop() // SIGTERM: Redis writes its append-only file and exits
          started.delete(child)
        }
      } finally {
        probe.disconnect()
      }
    },
    async stop() {
      await stopRunning?.()
      stopRunning = undefined
    },
  }
  return self
}

/** Runs redis-cli with `args`; its output. @throws when it fails. */
export function redisCli(args: string[]): string {
  const run = spawnSync('redis-cli', args, { encoding: 'utf8', timeout: 60_000 })
  if (run.status !== 0) throw new Error(`redis-cli ${args.join(' ')} failed: ${run.stderr || run.stdout}`)
  return run.stdout
}

/** Three redis-servers made one Redis Cluster (no replicas), resolved once every node reports cluster_state:ok. */
export async function redisCluster(): Promise<RedisProcess[]> {
  const nodes: RedisProcess[] = []
  for (let i = 0; i < 3; i++) {
    // The cluster bus on a port of its own (default: the port + 10 000, inside the localnet's range).
    const node = await redisServer(['--cluster-enabled', 'yes', '--cluster-port', String(await freePort(12_000, 15_999)), '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '5000'])
    await node.start()
    nodes.push(node)
  }
  redisCli(['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', '0', '--cluster-yes'])
  await waitFor('the three nodes to report cluster_state:ok', async () =>
    nodes.every((n) => redisCli(['-p', String(n.port), 'cluster', 'info']).includes('cluster_state:ok')),
  )
  return nodes
}

/** Ends every redis-server started here and removes the temporary folders. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        }),
    ),
  )
  started.clear()
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
}
