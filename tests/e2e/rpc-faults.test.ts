/**
 * The JSON-RPC pipeline against anvil through the fault proxy (seeded: the same faults every run).
 * Its timeouts run on an injected clock (held-request-clock.ts): a request times out exactly when
 * the proxy holds it ('slow'), never because the machine is busy.
 * - 10 000 distinct reads: each resolves with anvil's value, or with the named error of its last
 *   fault, after exactly the tries docs/behaviour.md §9 allows for that fault sequence.
 * - 50 signed transfers (eth_sendRawTransaction): each lands on chain exactly once.
 * - 10 node-signed transfers (eth_sendTransaction): none lands twice, whatever the faults.
 * - HTTP requests: what the proxy saw is what the pipeline sent; no POST holds more than 1000 calls.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { HttpRequestError, TimeoutError, keccak256, toHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../../localnet/anvil.js'
import { startFaultProxy, type Fault, type FaultProxy, type FaultRecord } from '../../localnet/fault-proxy.js'
import { createRpcPipeline, type RpcPipeline } from '../../src/worker/rpc/pipeline.js'
import { heldRequestClock } from './held-request-clock.js'

const rpcUrl = inject('rpcUrl')
const RETRIED: Fault[] = ['429', '500', '502', '503']
/** The pipeline's timeout as configured; the injected clock, not this length, decides when it fires. */
const TIMEOUT_MS = 400

let proxy: FaultProxy
let pipeline: RpcPipeline
beforeAll(async () => {
  let held = () => 0
  const time = heldRequestClock(() => held())
  proxy = await startFaultProxy({
    target: rpcUrl,
    seed: 20261121,
    rates: { '429': 0.08, '500': 0.03, '502': 0.03, '503': 0.03, slow: 0.04, 'drop-before': 0.03, 'drop-after': 0.03 },
    slowMs: 'until-closed',
    onHold: time.check,
    retryAfterSeconds: 1,
  })
  held = proxy.held
  pipeline = createRpcPipeline({ timeoutMs: TIMEOUT_MS, clock: time.clock })
})
afterAll(async () => {
  await proxy?.stop()
})

/** The tries of call `id`, in arrival order. */
const triesOf = (records: FaultRecord[], id: number) => records.filter((r) => r.ids.includes(id)).map((r) => r.fault)

/** What docs/behaviour.md §9 predicts for a read that met these faults: how many tries, and how it ends. */
function predict(faults: Fault[]): { tries: number; outcome: Fault } {
  for (let i = 0; i < faults.length; i++) {
    const f = faults[i]!
    if (f === 'none' || !RETRIED.includes(f) || i === 3) return { tries: i + 1, outcome: f }
  }
  return { tries: faults.length, outcome: faults.at(-1)! }
}

const address = (i: number) => `0x${keccak256(toHex(`gangway-read-${i}`)).slice(26)}`

describe('JSON-RPC pipeline through faults', () => {
  it('10 000 reads: anvil’s value or the right named error, after the right number of tries', async () => {
    const N = 10_000
    const addresses = Array.from({ length: N }, (_, i) => address(i))
    // Ten of them hold ETH, so values differ.
    for (let i = 0; i < N; i += 1000) await rpc(rpcUrl, 'anvil_setBalance', [addresses[i], toHex(BigInt(i + 1) * 10n ** 15n)])
    const before = proxy.records.length
    const firstId = pipeline.stats().calls === 0 ? 1 : NaN
    const read = (a: string) => pipeline.request(proxy.url, { method: 'eth_getBalance', params: [a, 'latest'] }).then((value) => ({ value }), (error) => ({ error }))
    // One burst of 5000 (five POSTs of 1000), then 50 waves of 100 (a POST each), so the schedule
    // meets enough POSTs to show every fault.
    const outcomes = await Promise.all(addresses.slice(0, 5000).map(read))
    for (let w = 5000; w < N; w += 100) outcomes.push(...(await Promise.all(addresses.slice(w, w + 100).map(read))))
    const records = proxy.records.slice(before)

    // The truth, straight from anvil.
    const truth: string[] = []
    for (let i = 0; i < N; i += 1000) {
      const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(addresses.slice(i, i + 1000).map((a, j) => ({ jsonrpc: '2.0', id: j, method: 'eth_getBalance', params: [a, 'latest'] }))) })
      for (const r of (await res.json()) as { result: string }[]) truth.push(r.result)
    }

    const tally: Record<string, number> = {}
    for (let i = 0; i < N; i++) {
      const faults = triesOf(records, firstId + i)
      const { tries, outcome } = predict(faults)
      expect([i, faults.length]).toEqual([i, tries])
      const got = outcomes[i]!
      if (outcome === 'none') expect(got).toEqual({ value: truth[i] })
      else if (outcome === 'slow') expect((got as { error: unknown }).error).toBeInstanceOf(TimeoutError)
      else {
        const error = (got as { error: HttpRequestError }).error
        expect(error).toBeInstanceOf(HttpRequestError)
        expect(error.status).toBe(outcome.startsWith('drop') ? undefined : Number(outcome))
      }
      tally[`${outcome}×${tries}`] = (tally[`${outcome}×${tries}`] ?? 0) + 1
    }
    console.log(`reads: ${records.length} HTTP requests for ${N} reads; outcomes ${JSON.stringify(tally)}`)
    // The schedule must have exercised retries that recovered, and every kind of final failure.
    expect(Object.keys(tally).some((k) => k.startsWith('none×') && k !== 'none×1')).toBe(true)
    for (const f of ['slow', 'drop-before', 'drop-after']) expect(Object.keys(tally).some((k) => k.startsWith(`${f}×`))).toBe(true)

    // Batching: the burst's first round is five POSTs of 1000, each wave's a POST of 100; no POST holds more than 1000 calls.
    expect(records.slice(0, 5).map((r) => r.ids.length)).toEqual(Array(5).fill(1000))
    const firstTries = new Set<number>()
    const waveFirstPosts = records.filter((r) => r.ids[0]! > 5000 && r.ids.every((id) => !firstTries.has(id)) && r.ids.every((id) => firstTries.add(id)))
    expect(waveFirstPosts.slice(0, 50).map((r) => r.ids.length)).toEqual(Array(50).fill(100))
    expect(records.every((r) => r.ids.length <= 1000)).toBe(true)
  })

  it('50 signed transfers land exactly once; node-signed sends never land twice', async () => {
    const gasPrice = BigInt(await rpc<string>(rpcUrl, 'eth_gasPrice')) * 2n
    const senders = Array.from({ length: 50 }, (_, i) => privateKeyToAccount(keccak256(toHex(`gangway-sender-${i}`))))
    const receivers = Array.from({ length: 60 }, (_, i) => address(1_000_000 + i))
    for (const s of senders) await rpc(rpcUrl, 'anvil_setBalance', [s.address, toHex(10n ** 18n)])
    const value = (i: number) => BigInt(i + 1) * 10n ** 12n
    const raws = await Promise.all(
      senders.map((s, i) => s.signTransaction({ chainId: 31337, nonce: 0, to: receivers[i] as Hex, value: value(i), gas: 21_000n, gasPrice, type: 'legacy' })),
    )
    const before = proxy.records.length
    // One at a time, so each send meets its own faults.
    const send = (call: { method: string; params: unknown[] }) => pipeline.request(proxy.url, call).then((hash) => ({ hash }), (error) => ({ error }))
    const sent: ({ hash: unknown } | { error: unknown })[] = []
    for (const raw of raws) sent.push(await send({ method: 'eth_sendRawTransaction', params: [raw] }))
    const [dev] = await rpc<string[]>(rpcUrl, 'eth_accounts')
    const nodeSigned: ({ hash: unknown } | { error: unknown })[] = []
    for (const [j, to] of receivers.slice(50).entries()) nodeSigned.push(await send({ method: 'eth_sendTransaction', params: [{ from: dev, to, value: toHex(value(50 + j)) }] }))
    await rpc(rpcUrl, 'evm_mine')

    for (let i = 0; i < 50; i++) {
      // Every raw send resolves with its transaction's hash, and the transfer is on chain once.
      expect(sent[i]).toEqual({ hash: keccak256(raws[i]!) })
      expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [receivers[i], 'latest']))).toBe(value(i))
      expect(Number(await rpc<string>(rpcUrl, 'eth_getTransactionCount', [senders[i]!.address, 'latest']))).toBe(1)
    }
    for (let j = 0; j < 10; j++) {
      const balance = BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [receivers[50 + j], 'latest']))
      // A node-signed send that failed may or may not have landed; none ever lands twice.
      if ('hash' in nodeSigned[j]!) expect(balance).toBe(value(50 + j))
      else expect([0n, value(50 + j)]).toContain(balance)
    }
    const records = proxy.records.slice(before)
    // Some raw sends landed while their response was lost, and were confirmed by the retry.
    expect(records.some((r) => r.methods[0] === 'eth_sendRawTransaction' && (r.fault === 'drop-after' || r.fault === 'slow'))).toBe(true)
    const faults: Record<string, number> = {}
    for (const r of records) faults[`${r.methods[0]}:${r.fault}`] = (faults[`${r.methods[0]}:${r.fault}`] ?? 0) + 1
    console.log(`transfers: ${records.length} HTTP requests; ${JSON.stringify(faults)}`)
  })

  it('the proxy saw exactly the HTTP requests the pipeline sent', () => {
    expect(proxy.records.length).toBe(pipeline.stats().httpRequests)
  })
})
