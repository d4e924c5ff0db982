// EIP-5792 through the site's provider, with a fake wallet and node: a wallet that has
// the methods answers them itself; one without gets the sequential fallback (each call sent after
// the last one's receipt, a status with every receipt, 5760 when atomicity is required), and the
// refusals keep the log as it was.
import { describe, expect, it } from 'vitest'
import { ADDRESS, LOCALNET } from '../../../tests/unit/fixtures.js'
import { until } from '../../../tests/unit/engine-until.js'
import { errorFields } from '../../../tests/unit/error-fields.js'
import type { Bridge } from '../../contract.js'
import { memoryLogStorage } from '../../events/log/memory-storage.js'
import { createEngine } from '../engine.js'

const CONNECTOR = 'dev.gangway.localnet'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const TRANSFER = (n: number) => `0xa9059cbb${'0'.repeat(24)}70997970c51812dc3a010c7d01b50e0d17dc79c8${n.toString(16).padStart(64, '0')}`
const batch = (calls: unknown[], more: Record<string, unknown> = {}) => ({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from: ADDRESS, atomicRequired: false, calls, ...more }] })
const TWO = [
  { to: TOKEN, data: TRANSFER(1) },
  { to: TOKEN, data: TRANSFER(2), value: '0x0' },
]

/**
 * A wallet without EIP-5792 (`has5792` false: wallet_* answers 4200) or with it, and a node whose
 * receipts are found at once; `reverts` and `refuses` name the call numbers (from 1) that revert
 * or that the visitor refuses. `trace` records sends and receipt reads in order.
 */
function world(o: { has5792?: boolean; reverts?: number[]; refuses?: number[] } = {}) {
  const trace: string[] = []
  let sent = 0
  const bridge: Bridge = {
    async request(_id, { method, params }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      if (method.startsWith('wallet_')) {
        if (!o.has5792) throw Object.assign(new Error('Method not supported'), { code: 4200 })
        trace.push(`wallet ${method}`)
        return method === 'wallet_sendCalls' ? { id: '0xwallet' } : { wallet: true, params }
      }
      if (method === 'eth_sendTransaction') {
        const n = ++sent
        if (o.refuses?.includes(n)) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        const tx = (params as [{ to: string; data: string; from: string; chainId: string }])[0]
        trace.push(`send ${n} ${tx.data.slice(-1)} from ${tx.from} on ${tx.chainId}`)
        return `0x${n.toString(16).padStart(64, '0')}`
      }
      return null
    },
    watch: () => undefined,
  }
  const receipt = (hash: string) => {
    const n = Number(BigInt(hash))
    trace.push(`receipt ${n}`)
    return { transactionHash: hash, blockHash: `0x${'b'.repeat(64)}`, blockNumber: `0x${(10 + n).toString(16)}`, status: o.reverts?.includes(n) ? '0x0' : '0x1', logs: [{ address: TOKEN, data: '0x01', topics: [`0x${'d'.repeat(64)}`], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x1', logIndex: '0x0', transactionHash: hash, transactionIndex: '0x0', removed: false }], from: ADDRESS, to: TOKEN, gasUsed: '0x5208', cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x1', contractAddress: null, logsBloom: `0x${'0'.repeat(512)}`, transactionIndex: '0x0', type: '0x2' }
  }
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[]
    const answer = ({ id, method, params }: { id: number; method: string; params: unknown[] }) => ({ jsonrpc: '2.0', id, result: method === 'eth_getTransactionReceipt' ? receipt(params[0] as string) : '0x1' })
    return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)), { headers: { 'content-type': 'application/json' } })
  }
  return { bridge, fetch, trace }
}

async function connected(w: ReturnType<typeof world>, storage = memoryLogStorage()) {
  const engine = createEngine({ mode: 'main', fetch: w.fetch, storage: () => storage })
  await engine.start({ projectId: 'test', networks: [LOCALNET] }, w.bridge)
  await engine.dispatch({ type: 'connect/requested', payload: { connectorId: CONNECTOR, namespace: 'eip155' } })
  await until(engine, (s) => s.connection.status === 'connected')
  return engine
}
type Engine = Awaited<ReturnType<typeof connected>>
const status = (engine: Engine, id: string) => engine.walletRequest(CONNECTOR, { method: 'wallet_getCallsStatus', params: [id] }) as Promise<{ status: number; atomic: boolean; receipts: { status: string; transactionHash: string; blockNumber: string; logs: unknown[] }[] }>
const ended = (engine: Engine, id: string) => until(engine, (s) => s.calls.batches.some((b) => b.id === id && (b.landed.length === b.count || b.failed !== undefined || b.landed.includes(false))), { show: (s) => s.calls })
const rejection = (p: Promise<unknown>) => p.then(() => 'resolved', (e: unknown) => errorFields(e))

describe('EIP-5792 through getWalletProvider', () => {
  it('goes to a wallet that has the methods, as they are', async () => {
    const w = world({ has5792: true })
    const engine = await connected(w)
    expect(await engine.walletRequest(CONNECTOR, batch(TWO))).toEqual({ id: '0xwallet' })
    expect(await engine.walletRequest(CONNECTOR, { method: 'wallet_getCapabilities', params: [ADDRESS] })).toEqual({ wallet: true, params: [ADDRESS] })
    expect(await engine.walletRequest(CONNECTOR, { method: 'wallet_getCallsStatus', params: ['0xwallet'] })).toEqual({ wallet: true, params: ['0xwallet'] })
    expect(w.trace).toEqual(['wallet wallet_sendCalls', 'wallet wallet_getCapabilities', 'wallet wallet_getCallsStatus'])
    expect((await engine.getState()).calls.batches).toEqual([])
  })

  it('without them: capabilities say atomic unsupported; the calls go one by one, each after the last receipt, and the status reports both receipts', async () => {
    const w = world()
    const engine = await connected(w)
    expect(await engine.walletRequest(CONNECTOR, { method: 'wallet_getCapabilities', params: [ADDRESS] })).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
    expect(await engine.walletRequest(CONNECTOR, { method: 'wallet_getCapabilities', params: [ADDRESS, ['0x1', '0x7a69']] })).toEqual({ '0x1': { atomic: { status: 'unsupported' } }, '0x7a69': { atomic: { status: 'unsupported' } } })
    const { id } = (await engine.walletRequest(CONNECTOR, batch(TWO))) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    await ended(engine, id)
    expect(w.trace).toEqual([`send 1 1 from ${ADDRESS} on 0x7a69`, 'receipt 1', `send 2 2 from ${ADDRESS} on 0x7a69`, 'receipt 2'])
    const answer = await status(engine, id)
    expect(answer).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: false })
    expect(answer.receipts.map((r) => [r.transactionHash, r.status, r.blockNumber, r.logs])).toEqual([
      [`0x${'1'.padStart(64, '0')}`, '0x1', '0xb', [{ address: TOKEN, data: '0x01', topics: [`0x${'d'.repeat(64)}`] }]],
      [`0x${'2'.padStart(64, '0')}`, '0x1', '0xc', [{ address: TOKEN, data: '0x01', topics: [`0x${'d'.repeat(64)}`] }]],
    ])
    // wallet_showCallsStatus of a fallback batch opens Account on Activity.
    expect(await engine.walletRequest(CONNECTOR, { method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
    const s = await until(engine, (x) => x.modal.open)
    expect([s.modal.view, s.accounts.eip155?.currentTab]).toEqual(['Account', 'Activity'])
  })

  it('a site id is kept; a reverted call ends the batch (600: the first landed), and the calls after it are never sent', async () => {
    const w = world({ reverts: [2] })
    const engine = await connected(w)
    const three = [...TWO, { to: TOKEN, data: TRANSFER(3) }]
    expect(await engine.walletRequest(CONNECTOR, batch(three, { id: '0xabc' }))).toEqual({ id: '0xabc' })
    await ended(engine, '0xabc')
    expect(w.trace.filter((t) => t.startsWith('send')).length).toBe(2)
    const answer = await status(engine, '0xABC')
    expect([answer.status, answer.receipts.map((r) => r.status)]).toEqual([600, ['0x1', '0x0']])
    // The id is taken: 5720, and nothing is logged.
    const before = (await engine.getState()).lastSeq
    expect(await rejection(engine.walletRequest(CONNECTOR, batch(TWO, { id: '0xabc' })))).toMatchObject({ code: 5720, message: 'There is already a bundle submitted with this ID.' })
    expect((await engine.getState()).lastSeq).toBe(before)
  })

  it("the first call refused: sendCalls rejects with the wallet's refusal; the second refused: the status is 600", async () => {
    const first = world({ refuses: [1] })
    const e1 = await connected(first)
    expect(await rejection(e1.walletRequest(CONNECTOR, batch(TWO)))).toMatchObject({ name: 'UserRejectedError', code: 4001, message: 'User rejected the request.' })
    expect(first.trace).toEqual([])
    const second = world({ refuses: [2] })
    const e2 = await connected(second)
    const { id } = (await e2.walletRequest(CONNECTOR, batch(TWO))) as { id: string }
    await ended(e2, id)
    expect((await status(e2, id)).status).toBe(600)
  })

  it('refuses what the fallback cannot do, logging nothing: atomicity (5760), a capability not optional (5700), another chain (5710), too many calls (5740), an unknown id (5730), a malformed batch (-32602)', async () => {
    const w = world()
    const engine = await connected(w)
    const before = (await engine.getState()).lastSeq
    const cases: [unknown, Record<string, unknown>][] = [
      [batch(TWO, { atomicRequired: true }), { code: 5760, message: 'The wallet does not support atomic execution but the request requires it.' }],
      [batch(TWO, { capabilities: { paymasterService: { url: 'https://pm.example' } } }), { code: 5700, details: 'paymasterService' }],
      [batch(TWO, { capabilities: { paymasterService: { url: 'https://pm.example', optional: true } }, chainId: '0x1' }), { code: 5710, message: 'This Wallet does not support the requested chain ID.' }],
      [batch(Array.from({ length: 11 }, () => TWO[0])), { code: 5740 }],
      [{ method: 'wallet_getCallsStatus', params: ['0x1234'] }, { code: 5730, message: 'This bundle id is unknown / has not been submitted' }],
      [batch([{ to: 'nowhere' }]), { code: -32602, message: 'Invalid wallet_sendCalls request', details: 'call 0: to must be an address' }],
      [batch([]), { code: -32602, details: 'calls must be a non-empty list' }],
    ]
    for (const [request, error] of cases) expect(await rejection(engine.walletRequest(CONNECTOR, request as never))).toMatchObject(error)
    expect(w.trace).toEqual([])
    expect((await engine.getState()).lastSeq).toBe(before)
  })

  it('a batch belongs to its page session: after a reload its id is unknown (5730)', async () => {
    const storage = memoryLogStorage()
    const engine = await connected(world(), storage)
    const { id } = (await engine.walletRequest(CONNECTOR, batch(TWO))) as { id: string }
    await ended(engine, id)
    expect((await status(engine, id)).status).toBe(200)
    await engine.stop()
    const again = await connected(world(), storage)
    expect((await again.getState()).calls.batches).toEqual([])
    expect(await rejection(status(again, id))).toMatchObject({ code: 5730 })
  })
})
