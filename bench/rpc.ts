/**
 * bench/rpc: Gangway's JSON-RPC pipeline against viem's `http` transport with `batch: true`, both
 * under a viem client, against the same anvil. For N = 1, 100, 1000, 10 000 concurrent requests,
 * eth_getBalance and eth_call, with distinct reads and with repeating reads (each read asked 4
 * times at once): requests per second, p50 and p99 latency, HTTP requests and JSON-RPC calls sent.
 * Each client is warmed up at full N first; runs alternate between the two. Median of 5 runs.
 * Prints a table and writes bench/results/rpc.json. It asserts nothing.
 */
import { createClient, custom, http, keccak256, toHex, type Client, type Hex } from 'viem'
import { call, getBalance } from 'viem/actions'
import { startAnvil } from '../localnet/anvil.js'
import { freePort } from '../localnet/ports.js'
import { createRpcPipeline } from '../src/worker/rpc/pipeline.js'
import { percentile, printTable, spread, writeResult } from './stats.js'

/** N, the concurrent requests of a run; BENCH_SIZES=100,1000 picks some. */
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [1, 100, 1000, 10_000]
const RUNS = Number(process.env.BENCH_RUNS ?? 5)

/** A fetch that counts HTTP requests and the JSON-RPC calls in their bodies. */
function countingFetch() {
  let count = 0
  let calls = 0
  const fn: typeof fetch = (input, init) => {
    count++
    calls += String(init?.body ?? '').split('"jsonrpc"').length - 1
    return fetch(input, init)
  }
  return { fn, count: () => count, calls: () => calls }
}

type Method = 'eth_getBalance' | 'eth_call'
type Make = () => { client: Client; requests: () => number; calls: () => number }

const gangway =
  (url: string): Make =>
  () => {
    const counter = countingFetch()
    const pipeline = createRpcPipeline({ fetch: counter.fn })
    const client = createClient({ transport: custom({ request: ({ method, params }) => pipeline.request(url, { method, params }) }, { retryCount: 0 }) })
    return { client, requests: counter.count, calls: counter.calls }
  }
const viemHttp =
  (url: string): Make =>
  () => {
    const counter = countingFetch()
    return { client: createClient({ transport: http(url, { batch: true, fetchFn: counter.fn }) }), requests: counter.count, calls: counter.calls }
  }

const address = (i: number) => `0x${keccak256(toHex(`bench-${i}`)).slice(26)}` as Hex

async function once(make: Make, method: Method, n: number, repeat: number) {
  const { client, requests, calls } = make()
  const distinct = Math.max(1, Math.floor(n / repeat))
  const latencies: number[] = []
  const start = performance.now()
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const a = address(i % distinct)
      const t0 = performance.now()
      if (method === 'eth_getBalance') await getBalance(client, { address: a })
      else await call(client, { to: a, data: '0x' })
      latencies.push(performance.now() - t0)
    }),
  )
  const seconds = (performance.now() - start) / 1000
  return { rps: n / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), http: requests(), calls: calls() }
}

const anvil = await startAnvil({ port: await freePort() })
const rows: (string | number)[][] = []
const results: unknown[] = []
try {
  for (const [scenario, repeat] of [
    ['distinct reads', 1],
    ['reads repeat ×4', 4],
  ] as const) {
    for (const method of ['eth_getBalance', 'eth_call'] as const) {
      for (const n of SIZES) {
        const row: Record<string, unknown> = { scenario, method, n }
        const clients = [
          ['gangway', gangway(anvil.url)],
          ['viem', viemHttp(anvil.url)],
        ] as const
        for (const [, make] of clients) await once(make, method, n, repeat) // warm-up at full size
        const runs: Record<string, Awaited<ReturnType<typeof once>>[]> = { gangway: [], viem: [] }
        for (let r = 0; r < RUNS; r++) for (const [name, make] of clients) runs[name]!.push(await once(make, method, n, repeat))
        for (const [name] of clients) {
          const xs = runs[name]!
          row[name] = Object.fromEntries((['rps', 'p50', 'p99', 'http', 'calls'] as const).map((k) => [k, spread(xs.map((x) => x[k])).median]))
        }
        const g = row.gangway as { rps: number; p50: number; p99: number; http: number; calls: number }
        const v = row.viem as typeof g
        rows.push([scenario, method, n, g.rps.toFixed(0), v.rps.toFixed(0), g.p50.toFixed(1), v.p50.toFixed(1), g.p99.toFixed(1), v.p99.toFixed(1), `${g.http} / ${g.calls}`, `${v.http} / ${v.calls}`])
        results.push(row)
      }
    }
  }
} finally {
  await anvil.stop()
}
printTable(
  `bench/rpc: Gangway pipeline vs viem http({ batch: true }), same anvil, median of ${RUNS} runs`,
  ['scenario', 'method', 'N', 'req/s gangway', 'req/s viem', 'p50 ms gangway', 'p50 ms viem', 'p99 ms gangway', 'p99 ms viem', 'HTTP / calls gangway', 'HTTP / calls viem'],
  rows,
)
writeResult('rpc', { runs: RUNS, results })
