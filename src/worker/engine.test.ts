import { WAIT_MS } from '../../tests/unit/wait-bound.js'
import { describe, expect, it, vi } from 'vitest'
import { LOCALNET, ADDRESS } from '../../tests/unit/fixtures.js'
import { rejection } from '../../tests/unit/error-fields.js'
import type { LogStorage } from '../events/log/log.js'
import { memoryLogStorage } from '../events/log/memory-storage.js'
import type { GangwayEvent, NewEvent } from '../events/types.js'
import { project } from '../projections/state.js'
import { viewSelectors } from '../projections/selectors.js'
import { replayLog } from '../projections/replay.js'
import { parseLog } from '../events/log/ndjson.js'
import type { Bridge, Engine, ProviderRequest } from '../contract.js'
import { createEngine } from './engine.js'
import { map } from 'rxjs'
import { ofType } from './effects/context.js'
import { SHAKE_MS } from './effects/infra/ui-timers.js'
import { virtualTime } from '../../tests/unit/virtual-time.js'

const CONFIG = { projectId: 'test', networks: [LOCALNET] }
const ONE_AND_HALF_ETH = 1_500_000_000_000_000_000n

/** A node answering eth_getBalance and eth_blockNumber, in single or batch bodies. */
const node = (balanceRaw = ONE_AND_HALF_ETH): typeof fetch => async (_url, init) => {
  const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
  const answer = ({ id, method }: { id: number; method: string }) => ({
    jsonrpc: '2.0',
    id,
    result: method === 'eth_getBalance' ? `0x${balanceRaw.toString(16)}` : method === 'eth_blockNumber' ? '0x1' : null,
  })
  return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
}

/** A wallet that answers with `answers` and records every method asked. */
function wallet(answers: Record<string, unknown | ((args: ProviderRequest) => unknown)> = {}): Bridge & { asked: string[]; watched: string[][] } {
  const defaults: Record<string, unknown> = { eth_requestAccounts: [ADDRESS.toLowerCase()], eth_accounts: [ADDRESS], eth_chainId: '0x7a69', wallet_revokePermissions: null }
  const asked: string[] = []
  const watched: string[][] = []
  return {
    asked,
    watched,
    async request(_id, args) {
      asked.push(args.method)
      const answer = args.method in answers ? answers[args.method] : defaults[args.method]
      return typeof answer === 'function' ? answer(args) : answer
    },
    watch: (ids) => void watched.push(ids),
  }
}

const memoryStorage = memoryLogStorage

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = WAIT_MS): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(v)}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

const started = async (bridge: Bridge, storage?: LogStorage, balanceRaw?: bigint): Promise<Engine> => {
  const engine = createEngine({ mode: 'main', fetch: node(balanceRaw), ...(storage ? { storage: () => storage } : {}) })
  await engine.start(CONFIG, bridge)
  return engine
}
/** A storage holding the log of a page that connected and was then closed. */
async function storedSession(): Promise<LogStorage> {
  const storage = memoryStorage()
  const first = await started(wallet(), storage)
  await connect(first)
  await until(() => first.getState(), (s) => s.connection.status === 'connected')
  await first.flush()
  await first.stop()
  return storage
}
const connect = (engine: Engine) => engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
/** The events of the engine's exported log. */
const eventsOf = async (engine: Engine) => parseLog(await engine.exportLog()).events
const types = async (engine: Engine) => (await eventsOf(engine)).map((e) => e.type as string)

describe('engine', () => {
  it('connects through the bridge, then fetches the native balance over JSON-RPC', async () => {
    const bridge = wallet()
    const engine = await started(bridge)
    const accounts: unknown[] = []
    await engine.subscribe('account', (a) => void accounts.push(a))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connect(engine)
    const account = await until(
      async () => accounts.at(-1) as { balance?: string },
      (a) => a?.balance !== undefined,
    )
    expect(account).toMatchObject({ status: 'connected', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}`, balance: '1.5', balanceSymbol: 'ETH', isConnected: true })
    expect(bridge.asked).toEqual(['eth_requestAccounts', 'eth_chainId'])
    expect(bridge.watched.at(-1)).toEqual(['dev.gangway.localnet'])
    expect((await engine.getState()).modal.view).toBe('Account')
    expect(await types(engine)).toEqual([
      'engine/configured',
      'engine/started',
      'modal/open-requested',
      'connect/requested',
      'connect/succeeded',
      'balance/fetch-requested',
      'cache/missed',
      'balance/fetched',
    ])
    await engine.stop()
  })

  it("records 'Connection rejected' and shakes for 500 ms (on the injected scheduler and clock) when the wallet refuses", async () => {
    // Virtual time (EngineDeps.scheduler and clock): the shake's 500 ms pass without waiting.
    const time = virtualTime()
    const engine = createEngine({ mode: 'main', fetch: node(), clock: time.clock, scheduler: time.scheduler })
    await engine.start(CONFIG, wallet({ eth_requestAccounts: () => Promise.reject({ code: 4001, message: 'User rejected the request.' }) }))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connect(engine)
    const s = await until(() => engine.getState(), (s) => s.connection.lastError !== undefined)
    expect(s.connection).toMatchObject({ status: 'disconnected', lastError: { message: 'Connection rejected' } })
    expect(s.modal.view).toBe('ConnectingExternal')
    await time.advance(SHAKE_MS - 1)
    expect((await engine.getState()).modal.shake).toBe(true)
    await time.advance(1)
    expect(await types(engine)).toContain('modal/shake-ended')
    expect((await engine.getState()).modal.shake).toBe(false)
    const log = await eventsOf(engine)
    const failed = log.find((e) => e.type === 'connect/failed')
    const started_ = log.find((e) => e.type === 'modal/shake-started')
    const ended = log.find((e) => e.type === 'modal/shake-ended')
    expect(failed!.payload).toMatchObject({ message: 'Connection rejected', code: 4001 })
    expect(ended!.at - started_!.at).toBe(SHAKE_MS)
    await engine.stop()
  })

  it("ends a pending connect with 'Modal closed' when the modal closes, and ignores a second click on the same wallet", async () => {
    const asked: string[] = []
    const engine = await started({ ...wallet(), request: (_id, args) => (asked.push(args.method), new Promise(() => undefined)) })
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connect(engine)
    await connect(engine)
    await until(async () => asked, (a) => a.length === 1)
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    const s = await until(() => engine.getState(), (s) => s.connection.status !== 'connecting')
    expect(s.connection).toMatchObject({ status: 'disconnected', lastError: { message: 'Modal closed' } })
    expect(s.accounts.eip155?.status).toBe('disconnected')
    expect(asked).toEqual(['eth_requestAccounts'])
    await engine.stop()
  })

  it('refuses bad input with a clear error and leaves the log as it was', async () => {
    const engine = await started(wallet())
    const before = await eventsOf(engine)
    await expect(engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'x', namespace: 'cosmos' } })).rejects.toThrow('Invalid intent payload: connect/requested')
    await expect(engine.dispatch({ type: 'balance/fetched', payload: {} })).rejects.toThrow('Unknown intent type: balance/fetched')
    await expect(engine.dispatch({ type: 'balance/fetch-requested', payload: { caipAddress: 'eip155:1', reason: 'manual' } })).rejects.toThrow('Invalid CAIP-10 address')
    await expect(engine.dispatch({ type: 'balance/fetch-requested', payload: { caipAddress: 'eip155:1:0xabc', reason: 'whenever' } })).rejects.toThrow('Invalid intent payload: balance/fetch-requested')
    await expect(engine.dispatch({ type: 'wallet/accounts-changed', payload: { connectorId: 'x', namespace: 'eip155', addresses: ['eip155:1:0xabc'] } })).rejects.toThrow('Invalid intent payload: wallet/accounts-changed')
    await expect(engine.dispatch({ type: 'network/switch-requested', payload: { caipNetworkId: 'eip155:999' } })).rejects.toThrow('Network not found')
    expect(await eventsOf(engine)).toEqual(before)
    await engine.stop()
  })

  it('records an event its schema refuses as log/event-refused, as a reload reads it, so a reload still starts', async () => {
    const storage = memoryStorage()
    // An effect that emits an event its catalogue schema refuses (a malformed CAIP-10 id), which the projections could not fold either.
    const poison = { type: 'balance/failed', payload: { caipAddress: 'not-a-caip-id', message: 'x' } } as unknown as NewEvent
    const engine = createEngine({ mode: 'main', storage: () => storage, effects: [({ events$ }) => events$.pipe(ofType('modal/open-requested'), map(() => poison))] })
    await engine.start(CONFIG, wallet())
    const error = console.error
    console.error = () => undefined
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    console.error = error
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    expect((await types(engine)).slice(-3)).toEqual(['modal/open-requested', 'log/event-refused', 'modal/close-requested'])
    await engine.flush()
    await engine.stop()
    expect(storage.rows.map((e) => e.type)).not.toContain('balance/failed')
    const reloaded = createEngine({ mode: 'main', storage: () => storage })
    await expect(reloaded.start(CONFIG, wallet())).resolves.toEqual({ mode: 'main', replayed: storage.rows.length, views: Object.keys(viewSelectors) })
    await reloaded.stop()
  })

  it('refuses a bad configuration', async () => {
    await expect(createEngine({ mode: 'main' }).start({ projectId: '', networks: [LOCALNET] }, wallet())).rejects.toThrow('projectId is required')
    await expect(createEngine({ mode: 'main' }).start({ projectId: 'p', networks: [] }, wallet())).rejects.toThrow('At least one network is required')
    await expect(createEngine({ mode: 'main' }).start({ projectId: 'p', networks: [LOCALNET], featuredWalletIDs: ['x'] } as never, wallet())).rejects.toThrow('Unknown option: featuredWalletIDs')
    await expect(createEngine({ mode: 'main' }).start({ projectId: 'p', networks: [{ ...LOCALNET, caipNetworkId: 'eip155-1' as never }] }, wallet())).rejects.toThrow('Invalid CAIP-2 network id')
    await expect(createEngine({ mode: 'main' }).dispatch({ type: 'modal/close-requested' })).rejects.toThrow('Engine not started')
  })

  it('delivers a selector only when its value changes', async () => {
    const engine = await started(wallet())
    const networks: unknown[] = []
    const modals: unknown[] = []
    await engine.subscribe('network', (n) => void networks.push(n))
    await engine.subscribe('modal', (m) => void modals.push(m))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    await new Promise((r) => setTimeout(r, 20))
    expect(networks).toEqual([{ caipNetworkId: 'eip155:31337', namespace: 'eip155', name: 'Localnet' }])
    expect(modals.map((m) => (m as { open: boolean }).open)).toEqual([false, true, false])
    await engine.stop()
  })

  it('restores a stored session silently (eth_accounts, never eth_requestAccounts)', async () => {
    const storage = await storedSession()

    const bridge = wallet()
    const second = await started(bridge, storage, 2n * ONE_AND_HALF_ETH)
    const s = await until(() => second.getState(), (s) => s.accounts.eip155?.balanceRaw === String(2n * ONE_AND_HALF_ETH))
    expect(s.connection.status).toBe('connected')
    expect(bridge.asked).not.toContain('eth_requestAccounts')
    expect(bridge.asked.slice(0, 2)).toEqual(['eth_accounts', 'eth_chainId'])
    const log = (await eventsOf(second))
    expect(log.filter((e) => e.type === 'connect/succeeded').map((e) => e.payload.via)).toEqual(['prompt', 'restore'])
    await second.stop()
  })

  it("a restore keeps the account the wallet reported while it waited (accountsChanged), among the wallet's several", async () => {
    const storage = await storedSession()
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    let answer!: (accounts: string[]) => void
    const second = await started(wallet({ eth_accounts: () => new Promise<string[]>((r) => (answer = r)) }), storage)
    await until(async () => answer, (a) => a !== undefined)
    // The wallet's selection moves to another of its accounts before it answers the restore.
    await second.dispatch({ type: 'wallet/accounts-changed', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', addresses: [other, ADDRESS] } })
    answer([other, ADDRESS])
    const restored = await until(
      async () => (await eventsOf(second)).find((e) => e.type === 'connect/succeeded' && (e.payload as { via: string }).via === 'restore'),
      (e) => e !== undefined,
    )
    expect(restored?.payload).toMatchObject({ caipAddress: `eip155:31337:${other}` })
    const s = await second.getState()
    expect(s.accounts.eip155?.address).toBe(other)
    expect(s.connections.eip155?.[0]?.accounts.map((a) => a.address.toLowerCase())).toEqual([ADDRESS.toLowerCase(), other.toLowerCase()])
    await second.stop()
  })

  it('disconnects on restore when the wallet no longer authorises the site', async () => {
    const storage = await storedSession()

    const second = await started(wallet({ eth_accounts: [] }), storage)
    const s = await until(() => second.getState(), (s) => s.connection.status === 'disconnected')
    expect(s.accounts.eip155).toEqual({ status: 'disconnected', balanceLoading: false })
    expect((await types(second)).at(-1)).toBe('disconnect/succeeded')
    await second.stop()
  })

  it('ends a restored session, and says why, when the wallet answers eth_accounts with something other than a list', async () => {
    const storage = await storedSession()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const second = await started(wallet({ eth_accounts: { 0: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } }), storage)
      await until(() => second.getState(), (s) => s.connection.status === 'disconnected')
      expect((await types(second)).at(-1)).toBe('disconnect/succeeded')
      expect(warn.mock.calls.map((c) => c.join(' '))).toContain('[gangway] restore: dev.gangway.localnet could not be asked; its connection ends: Invalid accounts from the wallet')
      await second.stop()
    } finally {
      warn.mockRestore()
    }
  })

  it('disconnects once when the wallet empties its accounts in answer to the revoke', async () => {
    let engine!: Engine
    const bridge = wallet({
      wallet_revokePermissions: async () => {
        await engine.dispatch({ type: 'wallet/accounts-changed', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', addresses: [] } })
        return null
      },
    })
    engine = await started(bridge)
    await connect(engine)
    await until(() => engine.getState(), (s) => s.connection.status === 'connected')
    await engine.dispatch({ type: 'disconnect/requested', payload: {} })
    await until(() => engine.getState(), (s) => s.connection.status === 'disconnected')
    await new Promise((r) => setTimeout(r, 20))
    expect((await types(engine)).filter((t) => t === 'disconnect/succeeded')).toHaveLength(1)
    expect(bridge.watched.at(-1)).toEqual([])
    await engine.stop()
  })

  it("a wallet whose revoke fails keeps the connection as it was, with 'Failed to disconnect'; a wallet without the method disconnects", async () => {
    const failing = (code: number, message: string) => () => Promise.reject(Object.assign(new Error(message), { code }))
    const engine = await started(wallet({ wallet_revokePermissions: failing(-32603, 'Internal error: could not revoke') }))
    await connect(engine)
    const connected = await until(() => engine.getState(), (s) => s.connection.status === 'connected')
    await engine.dispatch({ type: 'disconnect/requested', payload: {} })
    const after = await until(() => engine.getState(), (s) => s.snackbar.open)
    expect(after.snackbar).toEqual({ open: true, variant: 'error', message: 'Failed to disconnect' })
    expect(after.connection).toEqual(connected.connection)
    expect(after.accounts.eip155?.caipAddress).toBe(connected.accounts.eip155?.caipAddress)
    const failed = (await eventsOf(engine)).filter((e) => e.type === 'disconnect/failed')
    expect(failed.map((e) => e.payload)).toEqual([{ connectorId: 'dev.gangway.localnet', namespace: 'eip155', message: 'Failed to disconnect', errorId: 'failedToDisconnect', cause: 'Internal error: could not revoke', code: -32603 }])
    expect(await types(engine)).not.toContain('disconnect/succeeded')
    await engine.stop()

    for (const [code, message] of [[4200, 'Unsupported method'], [-32601, 'Method not found'], [-32000, 'the method wallet_revokePermissions does not exist / is not available']] as const) {
      const plain = await started(wallet({ wallet_revokePermissions: failing(code, message) }))
      await connect(plain)
      await until(() => plain.getState(), (s) => s.connection.status === 'connected')
      await plain.dispatch({ type: 'disconnect/requested', payload: {} })
      await until(() => plain.getState(), (s) => s.connection.status === 'disconnected')
      expect(await types(plain)).not.toContain('disconnect/failed')
      await plain.stop()
    }
  })

  it("shows 'Token Balance Unavailable' when the balance fails; a second message replaces the first after 150 ms", async () => {
    const failing: typeof fetch = async (_url, init) => {
      const { id } = JSON.parse(String(init?.body))
      return new Response(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32603, message: 'internal error' } }))
    }
    let offset = 0
    const engine = createEngine({ mode: 'main', fetch: failing, clock: () => Date.now() + offset })
    await engine.start(CONFIG, wallet())
    await connect(engine)
    const first = await until(() => engine.getState(), (s) => s.snackbar.open)
    offset = 31_000 // past the 30 s retry block
    expect(first.snackbar).toEqual({ open: true, variant: 'error', message: 'Token Balance Unavailable' })
    // viem maps JSON-RPC -32603 to its named InternalRpcError (docs/behaviour.md §8: standard codes map to named errors).
    expect(first.accounts.eip155?.balanceError).toBe('An internal error was received.')

    await engine.dispatch({ type: 'balance/fetch-requested', payload: { caipAddress: first.accounts.eip155!.caipAddress!, reason: 'manual' } })
    await until(() => engine.getState(), (s) => s.snackbar.open && s.lastSeq > first.lastSeq + 3)
    const log = (await eventsOf(engine)).filter((e) => e.seq > first.lastSeq)
    const hidden = log.find((e) => e.type === 'snackbar/hidden')
    const shown = log.find((e) => e.type === 'snackbar/shown')
    expect(hidden!.seq).toBeLessThan(shown!.seq)
    expect(shown!.at - hidden!.at).toBeGreaterThanOrEqual(145)
    await engine.stop()
  })

  it('serves the native balance from its 30 s cache, and a new block fetches from the chain', async () => {
    const calls: string[] = []
    const counting: typeof fetch = async (url, init) => {
      const body = JSON.parse(String(init?.body))
      for (const b of Array.isArray(body) ? body : [body]) calls.push(b.method)
      return node()(url, init)
    }
    let offset = 0
    const engine = createEngine({ mode: 'main', fetch: counting, clock: () => Date.now() + offset })
    await engine.start(CONFIG, wallet())
    await connect(engine)
    await until(() => engine.getState(), (s) => s.accounts.eip155?.balanceRaw !== undefined)
    const caipAddress = (await engine.getState()).accounts.eip155!.caipAddress!
    for (let i = 1; i <= 3; i++) {
      await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
      await until(() => types(engine), (t) => t.filter((x) => x === 'cache/hit').length === i)
      await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    }
    expect(calls.filter((m) => m === 'eth_getBalance')).toHaveLength(1)
    await engine.dispatch({ type: 'balance/fetch-requested', payload: { caipAddress, reason: 'new-block' } })
    await until(async () => calls.filter((m) => m === 'eth_getBalance').length, (n) => n === 2)
    offset = 30_000 // the entry written at connect has expired: the next open fetches again
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await until(async () => calls.filter((m) => m === 'eth_getBalance').length, (n) => n === 3)
    const log = await eventsOf(engine)
    expect(log.filter((e) => e.type === 'cache/hit').map((e) => e.payload)).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ cache: 'nativeBalance', key: caipAddress, level: 'memory' })),
    )
    await engine.stop()
  })

  it('blocks a balance retry for 30 s after a failure (docs/behaviour.md §9)', async () => {
    let fail = true
    const calls: string[] = []
    const flaky: typeof fetch = async (url, init) => {
      const body = JSON.parse(String(init?.body))
      const list = Array.isArray(body) ? body : [body]
      for (const b of list) calls.push(b.method)
      if (!fail) return node()(url, init)
      return new Response(JSON.stringify(list.map((b) => ({ jsonrpc: '2.0', id: b.id, error: { code: -32000, message: 'header not found' } }))))
    }
    let offset = 0
    const engine = createEngine({ mode: 'main', fetch: flaky, clock: () => Date.now() + offset })
    await engine.start(CONFIG, wallet())
    await connect(engine)
    const failed = await until(() => engine.getState(), (s) => s.accounts.eip155?.balanceError !== undefined)
    const caipAddress = failed.accounts.eip155!.caipAddress!
    fail = false
    offset = 29_000
    await engine.dispatch({ type: 'balance/fetch-requested', payload: { caipAddress, reason: 'manual' } })
    const skipped = await until(() => engine.exportLog(), (l) => l.includes('balance/fetch-skipped'))
    expect(parseLog(skipped).events.at(-1)!.payload).toMatchObject({ reason: 'retry-blocked' })
    expect(calls.filter((m) => m === 'eth_getBalance')).toHaveLength(1)
    offset = 30_000
    await engine.dispatch({ type: 'balance/fetch-requested', payload: { caipAddress, reason: 'manual' } })
    await until(() => engine.getState(), (s) => s.accounts.eip155?.balanceRaw !== undefined)
    expect(calls.filter((m) => m === 'eth_getBalance')).toHaveLength(2)
    await engine.stop()
  })

  it("holdings: a failure shows 'Token Balance Unavailable' and blocks the next read for 30 s (docs/behaviour.md §8, §9); the answer after it drops decimals \"0\"", async () => {
    let fail = true
    const asked: string[] = []
    const fetch: typeof globalThis.fetch = async (url, init) => {
      const u = new URL(String(url))
      if (u.hostname !== 'bc.example') return node()(url, init)
      asked.push(u.pathname)
      if (u.pathname.endsWith('/balance')) {
        expect(Object.fromEntries(u.searchParams)).toMatchObject({ currency: 'usd', chainId: 'eip155:31337', projectId: 'test', st: expect.any(String), sv: expect.any(String) })
        if (fail) return new Response('{}', { status: 503 })
        return new Response(JSON.stringify({ balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '1.5' }, value: 4500 }, { name: 'Pearl', symbol: 'PRL', chainId: 'eip155:31337', quantity: { decimals: '0', numeric: '7' } }] }))
      }
      return new Response(JSON.stringify(u.pathname.startsWith('/v1/identity/') ? { name: null } : { http: [], ws: [] }))
    }
    let offset = 0
    const engine = createEngine({ mode: 'main', fetch, clock: () => Date.now() + offset })
    await engine.start({ ...CONFIG, services: { blockchain: 'https://bc.example' } }, wallet())
    await connect(engine)
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    const failed = await until(() => engine.getState(), (s) => Object.values(s.accountData.portfolio).some((p) => p?.error))
    expect(failed.snackbar).toMatchObject({ message: 'Token Balance Unavailable' })
    const caipAddress = failed.accounts.eip155!.caipAddress!
    fail = false
    offset = 29_000
    await engine.dispatch({ type: 'portfolio/fetch-requested', payload: { caipAddress } })
    await until(() => engine.exportLog(), (l) => l.includes('"reason":"retry-blocked"'))
    expect(asked.filter((p) => p.endsWith('/balance'))).toHaveLength(1)
    offset = 30_000
    await engine.dispatch({ type: 'portfolio/fetch-requested', payload: { caipAddress } })
    const s = await until(() => engine.getState(), (s) => s.accountData.portfolio[caipAddress]?.balances !== undefined)
    expect(s.accountData.portfolio[caipAddress]!.balances!.map((b) => b.symbol)).toEqual(['ETH'])
    expect(asked.filter((p) => p.endsWith('/balance'))).toHaveLength(2)
    await engine.stop()
  })

  it('holdings: a forced refresh is not lost to a request that comes before its answer; that one is forced too, with the same tokens, never answered from the cache (docs/behaviour.md §7)', async () => {
    const HUSD = 'eip155:31337:0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A'
    const ether = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '1.5' }, value: 4500 }
    const husd = { name: 'Harbour USD', symbol: 'HUSD', chainId: 'eip155:31337', address: HUSD, quantity: { decimals: '6', numeric: '98.4' }, value: 98.4 }
    /** Each balance request's forceUpdate (null for none); the forced ones' answers wait until released. */
    const asked: (string | null)[] = []
    const held: (() => void)[] = []
    let bought = false
    const fetch: typeof globalThis.fetch = async (url, init) => {
      const u = new URL(String(url))
      if (u.hostname !== 'bc.example') return node()(url, init)
      if (u.pathname.endsWith('/balance')) {
        asked.push(u.searchParams.get('forceUpdate'))
        if (u.searchParams.has('forceUpdate')) await new Promise<void>((resolve) => held.push(resolve))
        return new Response(JSON.stringify({ balances: bought ? [ether, husd] : [ether] }))
      }
      return new Response(JSON.stringify(u.pathname.startsWith('/v1/identity/') ? { name: null } : { http: [], ws: [] }))
    }
    const engine = createEngine({ mode: 'main', fetch })
    await engine.start({ ...CONFIG, services: { blockchain: 'https://bc.example' } }, wallet())
    await connect(engine)
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    const before = await until(() => engine.getState(), (s) => Object.values(s.accountData.portfolio).some((p) => p?.balances !== undefined))
    const caipAddress = before.accounts.eip155!.caipAddress!
    expect(asked).toEqual([null])
    // Bought: the holdings asked afresh; before that answer comes, asked again (the modal opened again), within the cache's 30 s.
    bought = true
    await engine.dispatch({ type: 'portfolio/fetch-requested', payload: { caipAddress, forceUpdate: true, tokens: [HUSD] } })
    await until(async () => held.length, (n) => n === 1)
    const forcedAt = (await engine.exportLog()).split('\n').length
    await engine.dispatch({ type: 'portfolio/fetch-requested', payload: { caipAddress } })
    // Every forced read let through as it comes: the holdings with the HUSD bought are shown.
    const after = await until(
      () => (held.splice(0).forEach((release) => release()), engine.getState()),
      (s) => s.accountData.portfolio[caipAddress]?.balances?.some((b) => b.symbol === 'HUSD') === true,
    )
    expect(after.accountData.portfolio[caipAddress]!.balances!.map((b) => b.symbol)).toEqual(['ETH', 'HUSD'])
    expect(asked.slice(1)).toEqual(asked.slice(1).map(() => HUSD))
    const since = (await engine.exportLog()).split('\n').slice(forcedAt)
    expect(since.filter((line) => line.includes('"type":"cache/hit"') && line.includes('"cache":"portfolio"'))).toEqual([])
    await engine.stop()
  })

  it("routes RPC to the provider endpoint for a chain on the blockchain service's supported list", async () => {
    const rpcUrls: string[] = []
    const rpcNode = node()
    const fetch: typeof globalThis.fetch = async (url, init) => {
      const u = new URL(String(url))
      if (u.pathname === '/v1/supported-chains') return new Response(JSON.stringify({ http: ['eip155:31337', 'junk', 42], ws: 'eip155:1' }))
      rpcUrls.push(String(url))
      return rpcNode(url, init)
    }
    const engine = createEngine({ mode: 'main', fetch })
    await engine.start({ ...CONFIG, services: { blockchain: 'https://bc.example' } }, wallet())
    // The list is asked when the visitor first reaches for the modal (network quiet), not at start.
    await engine.dispatch({ type: 'modal/trigger-approached', payload: {} })
    const s = await until(() => engine.getState(), (s) => s.config.providerChains.length > 0)
    expect(s.config.providerChains).toEqual(['eip155:31337'])
    await connect(engine)
    await until(() => engine.getState(), (s) => s.accounts.eip155?.balanceRaw !== undefined)
    expect(rpcUrls).toEqual(['https://bc.example/v1/?chainId=eip155%3A31337&projectId=test'])
    await engine.stop()
  })

  it('exports NDJSON whose replay equals the live state', async () => {
    const engine = await started(wallet())
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connect(engine)
    await until(() => engine.getState(), (s) => s.accounts.eip155?.balanceRaw !== undefined)
    const exported = await engine.exportLog()
    const replayed = replayLog(parseLog(exported))
    expect(replayed).toEqual(await engine.getState())
    // RPC URLs can carry API keys: the log never holds them.
    expect(exported).not.toContain('127.0.0.1:8545')
    await engine.stop()
  })
})

describe('WalletConnect through the engine', () => {
  /** A sign client whose single proposal the test settles. */
  const signClient = () => {
    let settle!: { resolve(s: unknown): void; reject(e: unknown): void }
    const approval = new Promise((resolve, reject) => (settle = { resolve, reject }))
    const uri = `wc:${'c'.repeat(64)}@2?relay-protocol=irn&symKey=${'d'.repeat(64)}`
    return {
      settle: () => settle,
      client: {
        connect: async () => ({ uri, approval: () => approval }),
        request: async () => '0xsig',
        disconnect: async () => undefined,
        session: { getAll: () => [] },
        on: () => undefined,
      },
    }
  }
  const wcEngine = async (client: ReturnType<typeof signClient>['client']) => {
    const engine = createEngine({ mode: 'main', fetch: node(), loadSignClient: async () => client as never })
    await engine.start(CONFIG, wallet())
    return engine
  }

  it('pairs, hands the URI to the pairing channel only, and connects on approval', async () => {
    const fake = signClient()
    const engine = await wcEngine(fake.client)
    const uris: (string | undefined)[] = []
    await engine.subscribePairing((p) => void uris.push(p?.uri))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'walletConnect', namespace: 'eip155', wallet: { id: 'w1', name: 'Harbor Wallet' } } })
    await until(() => engine.getState(), (s) => s.wallets.pairing !== undefined)
    expect((await engine.getState()).modal.view).toBe('ConnectingWalletConnect')
    await until(async () => uris, (u) => u.some((x) => x?.startsWith('wc:')))
    fake.settle().resolve({ topic: 'e'.repeat(64), expiry: 4_000_000_000, namespaces: { eip155: { accounts: [`eip155:31337:${ADDRESS}`], methods: ['personal_sign'], events: [] } } })
    const s = await until(() => engine.getState(), (x) => x.connection.status === 'connected')
    expect(s.connection.connectorIds.eip155).toBe('walletConnect')
    expect(s.modal.view).toBe('Account')
    expect(s.wallets.recent).toEqual([{ id: 'w1', name: 'Harbor Wallet' }])
    const exported = await engine.exportLog()
    expect(exported).not.toContain('symKey')
    expect(exported).not.toContain('d'.repeat(64))
    expect(await engine.walletRequest('walletConnect', { method: 'personal_sign', params: ['0x00', ADDRESS] })).toBe('0xsig')
  })

  it("records 'Modal closed' when the visitor closes the modal during pairing (docs/behaviour.md §8)", async () => {
    const engine = await wcEngine(signClient().client)
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'walletConnect', namespace: 'eip155' } })
    await until(() => engine.getState(), (s) => s.wallets.pairing !== undefined)
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    const s = await until(() => engine.getState(), (x) => x.connection.lastError !== undefined)
    expect(s.connection.lastError).toEqual({ connectorId: 'walletConnect', message: 'Modal closed' })
    expect(s.wallets.pairing).toBeUndefined()
  })

  it('on Telegram the pairing outlives the close: the same URI on reopening, and an approval after the close connects (docs/behaviour.md §4)', async () => {
    const fake = signClient()
    const engine = await wcEngine(fake.client)
    const uris: (string | undefined)[] = []
    await engine.subscribePairing((p) => void uris.push(p?.uri))
    await engine.dispatch({ type: 'page/platform-detected', payload: { telegram: true, ios: false, android: true, mac: false, iosSafari: false } })
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: true } })
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'walletConnect', namespace: 'eip155' } })
    await until(async () => uris, (u) => u.some((x) => x?.startsWith('wc:')))
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: true } })
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'walletConnect', namespace: 'eip155' } })
    expect((await engine.getState()).connection.lastError).toBeUndefined()
    expect(uris.filter((u) => u === undefined)).toEqual([undefined])
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    fake.settle().resolve({ topic: 'e'.repeat(64), expiry: 4_000_000_000, namespaces: { eip155: { accounts: [`eip155:31337:${ADDRESS}`], methods: [], events: [] } } })
    const s = await until(() => engine.getState(), (x) => x.connection.status === 'connected')
    expect(s.connection.connectorIds.eip155).toBe('walletConnect')
    expect(s.connection.lastError).toBeUndefined()
  })
})

describe('the log as a product', () => {
  /** A memory storage that also keeps every event ever stored, in its final seq (compaction drops them from `rows`). */
  function recordingStorage() {
    const storage = memoryLogStorage()
    const all: GangwayEvent[] = []
    const append = storage.append
    storage.append = async (after, batch) => {
      const foreign = await append(after, batch)
      all.push(...storage.rows.filter((e) => e.seq > (all.at(-1)?.seq ?? 0)))
      return foreign
    }
    return Object.assign(storage, { all })
  }
  const engineOn = async (storage: LogStorage, tabId: string, bridge = wallet()) => {
    const engine = createEngine({ mode: 'main', fetch: node(), storage: () => storage, tabId })
    await engine.start(CONFIG, bridge)
    return engine
  }
  const header = (tab: string) => ({ gangway: 'log' as const, v: 2, projection: 1, tab, exportedAt: 0, redacted: false })

  it('starts from the latest snapshot and the tail, equal to a replay of the whole log; older events are compacted away', async () => {
    const storage = recordingStorage()
    const first = await engineOn(storage, 'tab-a')
    await connect(first)
    await until(() => first.getState(), (s) => s.accounts.eip155?.balanceRaw !== undefined)
    for (let i = 0; i < 1300; i++) {
      await first.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
      await first.dispatch({ type: 'modal/close-requested', payload: {} })
      if (i % 100 === 99) await first.flush()
    }
    await first.flush()
    await first.stop()
    expect(storage.snapshots.map((s) => s.seq).length).toBeGreaterThanOrEqual(2)
    expect(storage.rows[0]!.seq).toBe(storage.snapshots[0]!.seq + 1)
    expect(storage.all.length).toBeGreaterThan(2600)

    const second = createEngine({ mode: 'main', fetch: node(), storage: () => storage, tabId: 'tab-b' })
    const { replayed } = await second.start(CONFIG, wallet())
    expect(replayed).toBe(storage.all.length - storage.snapshots.at(-1)!.seq)
    expect(replayed).toBeLessThan(1000)
    await until(() => second.getState(), (s) => s.accounts.eip155?.balanceRaw !== undefined)
    await second.flush()
    const live = await second.getState()
    expect(live.connection.status).toBe('connected')
    expect(replayLog({ header: header('tab-b'), events: storage.all }, live.lastSeq)).toEqual(live)
    await second.stop()
  })

  it('two tabs share one log and one connection, each keeping its own modal', async () => {
    const storage = memoryLogStorage()
    const a = await engineOn(storage, 'tab-a')
    const b = await engineOn(storage, 'tab-b')
    await a.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connect(a)
    await until(() => b.getState(), (s) => s.connection.status === 'connected')
    const seenByB = await b.getState()
    expect(seenByB.accounts.eip155?.address).toBe(ADDRESS)
    expect(seenByB.modal.open).toBe(false)

    await b.dispatch({ type: 'disconnect/requested', payload: {} })
    await until(() => a.getState(), (s) => s.connection.status === 'disconnected')
    expect((await a.getState()).modal.open).toBe(true)
    await a.flush()
    await b.flush()
    await a.flush()
    const [ea, eb] = [await eventsOf(a), await eventsOf(b)]
    expect(ea).toEqual(eb)
    expect(ea.map((e) => e.seq)).toEqual(ea.map((_, i) => i + 1))
    expect(storage.rows).toEqual(ea)
    expect(new Set(ea.map((e) => e.tab))).toEqual(new Set(['tab-a', 'tab-b']))
    // Each tab's export replays to its own view.
    expect(replayLog(parseLog(await a.exportLog()))).toEqual(await a.getState())
    expect(replayLog(parseLog(await b.exportLog()))).toEqual(await b.getState())
    await a.stop()
    await b.stop()
  })

  it('time travel shows the state as of an event, read-only, until travel(null)', async () => {
    const engine = await started(wallet())
    const views: { open: boolean; view: string }[] = []
    await engine.subscribe('modal', (m) => void views.push(m))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connect(engine)
    await until(() => engine.getState(), (s) => s.modal.view === 'Account')
    const { events } = await engine.listEvents()
    const opened = events.find((e) => e.type === 'modal/open-requested')!
    await engine.travel(opened.seq)
    await until(async () => views.at(-1)!, (v) => v.view === 'Connect')
    await expect(engine.dispatch({ type: 'modal/close-requested', payload: {} })).rejects.toThrow('Read-only while time travelling')
    expect((await engine.getState()).modal.view).toBe('Account')
    // Before the modal opened, it shows anyway (the debug panel shows that moment's view).
    await engine.travel(1)
    await until(async () => views.at(-1)!, (v) => v.open && v.view === 'Connect')
    await expect(engine.travel(10_000)).rejects.toThrow(/^No event with seq 10000 in this session's log \(it holds 0–\d+\)$/)
    await engine.travel(null)
    await until(async () => views.at(-1)!, (v) => v.view === 'Account')
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    await engine.stop()
  })

  it('redacts emails and usernames in exports by default; addresses stay', async () => {
    const engine = await started(wallet())
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', wallet: { id: 'w', name: 'ada@example.com' } } })
    await until(() => engine.getState(), (s) => s.connection.status === 'connected')
    const redacted = await engine.exportLog()
    expect(redacted).not.toContain('ada@example.com')
    expect(redacted).toContain('"name":"redacted:')
    expect(redacted).toContain(ADDRESS)
    expect(parseLog(redacted).header).toMatchObject({ redacted: true, tab: expect.any(String) })
    expect(await engine.exportLog({ redact: false })).toContain('ada@example.com')
    await engine.stop()
  })
})

describe('the host page’s wallet requests', () => {
  /** A page bridge that keeps every request object it is handed. */
  const recording = () => {
    const received: { connectorId: string; args: ProviderRequest }[] = []
    const bridge: Bridge = {
      async request(connectorId, args) {
        received.push({ connectorId, args })
        return args.method === 'eth_chainId' ? '0x7a69' : '0xsigned'
      },
      watch: () => undefined,
    }
    return { bridge, received }
  }
  const refusal = rejection
  /** A ProviderRequestError of Gangway's own checks, as errorFields shows it (details are checked in provider-request.test.ts). */
  const refused = (code: number, message: string) => ({ name: 'ProviderRequestError', category: 'INTERNAL_SDK_ERROR', code, message, details: expect.any(String) })
  const NOT_ALLOWED = refused(4100, 'Requested RPC call is not allowed')

  it('reads a getter method once: the call the wallet gets is the call that was checked', async () => {
    const { bridge, received } = recording()
    const engine = await started(bridge)
    let reads = 0
    const params = [{ to: ADDRESS, value: '0x1' }]
    const tricky = {
      get method() {
        return reads++ === 0 ? 'eth_chainId' : 'eth_sendTransaction'
      },
      params,
    }
    expect(await engine.walletRequest('dev.gangway.localnet', tricky, { restricted: true })).toBe('0x7a69')
    expect(reads).toBe(1)
    expect(received).toHaveLength(1)
    const forwarded = received[0]!.args
    expect(forwarded).toEqual({ method: 'eth_chainId', params })
    expect(forwarded).not.toBe(tricky)
    expect(forwarded.params).not.toBe(params)
    expect(Object.getOwnPropertyDescriptor(forwarded, 'method')).toMatchObject({ value: 'eth_chainId', writable: true })
  })

  it('refuses a getter whose first answer is a signing method, and the wallet sees nothing', async () => {
    const { bridge, received } = recording()
    const engine = await started(bridge)
    for (const unsafe of ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4']) {
      let reads = 0
      const tricky = {
        get method() {
          return reads++ === 0 ? unsafe : 'eth_chainId'
        },
        params: ['0x00', ADDRESS],
      }
      expect(await refusal(engine.walletRequest('dev.gangway.localnet', tricky, { restricted: true }))).toEqual(NOT_ALLOWED)
      expect(reads).toBe(1)
    }
    expect(received).toEqual([])
  })

  it('reads a Proxy’s method once and forwards plain data, never the Proxy', async () => {
    const { bridge, received } = recording()
    const engine = await started(bridge)
    const gets: PropertyKey[] = []
    const proxied = new Proxy({} as ProviderRequest, {
      get(_, key) {
        gets.push(key)
        if (key === 'method') return gets.filter((k) => k === 'method').length === 1 ? 'eth_blockNumber' : 'personal_sign'
        if (key === 'params') return []
        return undefined
      },
    })
    expect(await engine.walletRequest('dev.gangway.localnet', proxied, { restricted: true })).toBe('0xsigned')
    expect(gets).toEqual(['method', 'params'])
    expect(received.map((r) => r.args)).toEqual([{ method: 'eth_blockNumber', params: [] }])
    expect(received[0]!.args).not.toBe(proxied)
    // A Proxy refused on its first answer: only `method` is read.
    gets.length = 0
    const signing = new Proxy({} as ProviderRequest, { get: (_, key) => (gets.push(key), key === 'method' ? 'personal_sign' : []) })
    expect(await refusal(engine.walletRequest('dev.gangway.localnet', signing, { restricted: true }))).toEqual(NOT_ALLOWED)
    expect(gets).toEqual(['method'])
    expect(received).toHaveLength(1)
  })

  it('clones params once, so a getter inside them cannot change what the wallet gets later', async () => {
    const { bridge, received } = recording()
    const engine = await started(bridge)
    let reads = 0
    const tx = {
      get to() {
        return reads++ === 0 ? ADDRESS : '0x0000000000000000000000000000000000000bad'
      },
    }
    await engine.walletRequest('dev.gangway.localnet', { method: 'eth_call', params: [tx, 'latest'] }, { restricted: true })
    const forwarded = received[0]!.args.params as [{ to: string }, string]
    expect(forwarded).toEqual([{ to: ADDRESS }, 'latest'])
    expect(Object.getOwnPropertyDescriptor(forwarded[0], 'to')?.get).toBeUndefined()
    expect(forwarded[0].to).toBe(ADDRESS)
    expect(reads).toBe(1)
  })

  it('refuses malformed requests with clear errors and calls no wallet, restricted or not', async () => {
    const { bridge, received } = recording()
    const engine = await started(bridge)
    const ask = (args: unknown, restricted: boolean) => refusal(engine.walletRequest('dev.gangway.localnet', args as ProviderRequest, { restricted }))
    for (const restricted of [true, false]) {
      expect(await ask(null, restricted)).toEqual(refused(-32600, 'Request must be an object'))
      expect(await ask('eth_chainId', restricted)).toEqual(refused(-32600, 'Request must be an object'))
      expect(await ask({ method: { toString: () => 'eth_chainId' } }, restricted)).toEqual(refused(-32600, 'Request method must be a string'))
      expect(await ask({}, restricted)).toEqual(refused(-32600, 'Request method must be a string'))
      expect(await ask({ method: 'eth_chainId', params: 'latest' }, restricted)).toEqual(refused(-32602, 'Request params must be an array or an object'))
      expect(await ask({ method: 'eth_chainId', params: [() => 'x'] }, restricted)).toEqual(refused(-32602, 'Request params must be plain data (structured-cloneable)'))
      expect(await ask({ method: 'eth_chainId', params: new Proxy([], {}) }, restricted)).toEqual(refused(-32602, 'Request params must be plain data (structured-cloneable)'))
    }
    expect(received).toEqual([])
    // Unrestricted, a signing call goes through as a fresh object.
    expect(await engine.walletRequest('dev.gangway.localnet', { method: 'personal_sign', params: ['0x00', ADDRESS] })).toBe('0xsigned')
    expect(received.map((r) => r.args.method)).toEqual(['personal_sign'])
  })
})
