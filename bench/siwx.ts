/**
 * bench/siwx: gangway/siwx-server's sign-in throughput on the Redis store. One and then two site
 * instances (localnet/siwx-instance.ts, each a Node process of its own, the Node handler over the
 * Redis store) share one redis-server (localnet/redis.ts) and one anvil. For EOA signatures and for
 * a contract account (a deployed Safe, EIP-1271 through anvil), VERIFIES sign-ins (default 200) are
 * prepared (a nonce from an instance, the message signed), then verified CONCURRENCY at a time
 * (default 16), spread over the instances: verifies per second, p50 and p99 latency. Median of RUNS
 * runs (default 3). Prints a table and writes bench/results/siwx.json. It asserts nothing beyond
 * every verify succeeding.
 *   npm run bench -- siwx
 */
import { createPublicClient, defineChain, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAnvil } from '../localnet/anvil.js'
import { freePort } from '../localnet/ports.js'
import { redisServer, stopAll } from '../localnet/redis.js'
import { deploySafeContracts, safeAccount } from '../localnet/safe.js'
import { EVM_CHAIN, SITE_ORIGIN, startSiwxInstance, type SiwxInstance } from '../localnet/siwx-instance.js'
import { siwxMessageText } from '../src/siwx/message.js'
import { percentile, printTable, spread, writeResult } from './stats.js'

const VERIFIES = Number(process.env.VERIFIES ?? 200)
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16)
const RUNS = Number(process.env.RUNS ?? 3)

/** Who signs: an address and its EIP-191 signature of a text. */
interface Signer {
  address: string
  sign(message: string): Promise<string>
}

/** A POST of `body` to an instance's route; its JSON. @throws on any status but 200. */
async function post(instance: SiwxInstance, route: string, body: unknown = {}): Promise<Record<string, unknown>> {
  const answer = await fetch(instance.base + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = (await answer.json()) as Record<string, unknown>
  if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${JSON.stringify(json)}`)
  return json
}

/** One run: VERIFIES sign-ins by `signer` prepared, then verified CONCURRENCY at a time over `instances`; verifies/s and latencies (ms). */
async function run(instances: SiwxInstance[], signer: Signer): Promise<{ perSecond: number; p50: number; p99: number }> {
  const prepared = await Promise.all(
    Array.from({ length: VERIFIES }, async (_, i) => {
      const { nonce } = (await post(instances[i % instances.length]!, 'nonce')) as { nonce: string }
      const message = siwxMessageText({ accountAddress: signer.address, chainId: EVM_CHAIN, domain: new URL(SITE_ORIGIN).host, uri: SITE_ORIGIN, version: '1', nonce, issuedAt: new Date().toISOString() })
      return { message, signature: await signer.sign(message) }
    }),
  )
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < prepared.length; i = next++) {
        const t = performance.now()
        // Each verify to the instance after the one that issued its nonce: across instances when there are two.
        await post(instances[(i + 1) % instances.length]!, 'verify', prepared[i])
        latencies.push(performance.now() - t)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return { perSecond: VERIFIES / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
}

const anvil = await startAnvil({ port: await freePort() })
const redis = await redisServer()
const started: SiwxInstance[] = []
try {
  await redis.start()
  const chain = defineChain({ id: 31337, name: 'Localnet 31337', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } })
  const contracts = await deploySafeContracts(chain)
  const owner = privateKeyToAccount(generatePrivateKey())
  await createPublicClient({ chain, transport: http() }).request({ method: 'anvil_setBalance' as never, params: [owner.address, '0xde0b6b3a7640000'] as never })
  const safe = safeAccount(owner, contracts, chain)
  await safe.deploy()
  const eoa = privateKeyToAccount(generatePrivateKey())
  const signers: [string, Signer][] = [
    ['EOA', { address: eoa.address, sign: (message) => eoa.signMessage({ message }) }],
    ['contract (Safe, EIP-1271)', { address: safe.address, sign: (message) => safe.signMessage(message) }],
  ]
  for (let i = 0; i < 2; i++) started.push(await startSiwxInstance(`instance ${i + 1}`, { REDIS_URL: redis.url, RPC_URL: anvil.url }))
  const rows: (string | number)[][] = []
  const results: Record<string, unknown>[] = []
  for (const [kind, signer] of signers) {
    for (const count of [1, 2]) {
      const instances = started.slice(0, count)
      await run(instances, signer) // warm-up
      const runs = []
      for (let r = 0; r < RUNS; r++) runs.push(await run(instances, signer))
      const perSecond = spread(runs.map((x) => x.perSecond))
      const p50 = spread(runs.map((x) => x.p50)).median
      const p99 = spread(runs.map((x) => x.p99)).median
      rows.push([kind, count, perSecond.median.toFixed(0), `${perSecond.min.toFixed(0)}–${perSecond.max.toFixed(0)}`, p50.toFixed(1), p99.toFixed(1)])
      results.push({ signer: kind, instances: count, verifiesPerSecond: perSecond, p50Ms: p50, p99Ms: p99 })
    }
  }
  printTable(`SIWX verifies on the Redis store (${VERIFIES} a run, ${CONCURRENCY} at a time, median of ${RUNS} runs)`, ['signer', 'instances', 'verifies/s', 'range', 'p50 ms', 'p99 ms'], rows)
  writeResult('siwx', { verifies: VERIFIES, concurrency: CONCURRENCY, runs: RUNS, results })
} finally {
  await Promise.all(started.map((s) => s.stop()))
  await stopAll()
  await anvil.stop()
}
