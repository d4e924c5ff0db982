/**
 * Engine.subscribeEvents on a real engine in main-thread mode: the public event stream
 * (contract.ts PublicEvent) is the analytics projection of this page session's events, versioned,
 * timed as its log events, redacted, and delivered with analytics off; unsubscribe stops it.
 * The names and property keys themselves are pinned by tests/unit/public-events.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { ADDRESS, LOCALNET } from '../../tests/unit/fixtures.js'
import { until } from '../../tests/unit/engine-until.js'
import { WAIT_MS } from '../../tests/unit/wait-bound.js'
import type { Bridge, Engine, PublicEvent } from '../contract.js'
import { redactedHash } from '../events/log/redact.js'
import { createEngine } from './engine.js'

/** Analytics off twice over: no analytics service, and the feature off. */
const CONFIG = { projectId: 'test', networks: [LOCALNET], features: { analytics: false } }
const SYM_KEY = 'd'.repeat(64)
const WC_URI = `wc:${'c'.repeat(64)}@2?relay-protocol=irn&symKey=${SYM_KEY}`

/** A node answering every JSON-RPC call (balance 0, block 1), in single or batch bodies. */
const node: typeof fetch = async (_url, init) => {
  const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
  const answer = ({ id, method }: { id: number; method: string }) => ({ jsonrpc: '2.0', id, result: method === 'eth_getBalance' ? '0x0' : method === 'eth_blockNumber' ? '0x1' : null })
  return new Response(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
}

/** A wallet whose first connect fails with a message holding an email and a WalletConnect URI, and whose second grants ADDRESS. */
function flakyWallet(): Bridge {
  let asked = 0
  return {
    async request(_id, { method }) {
      if (method === 'eth_requestAccounts' && asked++ === 0) throw { code: -32603, message: `Cannot reach ada@example.com through ${WC_URI}` }
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      return null
    },
    watch: () => undefined,
  }
}

/** Resolves once `list` holds at least `n` entries. */
async function arrived<T>(list: T[], n: number): Promise<T[]> {
  const end = Date.now() + WAIT_MS
  while (list.length < n) {
    if (Date.now() > end) throw new Error(`${list.length} of ${n} events: ${JSON.stringify(list)}`)
    await new Promise((r) => setTimeout(r, 5))
  }
  return list
}

const connect = (engine: Engine, payload: Record<string, unknown> = {}) => engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', ...payload } })
/** Every `wc:` left in `text` is a redaction: no WalletConnect URI. */
const NO_WC_URI = /wc:(?!\[redacted\])/

describe('Engine.subscribeEvents', () => {
  it('refuses before start', async () => {
    await expect(createEngine({ mode: 'main', fetch: node }).subscribeEvents(() => undefined)).rejects.toThrow('Engine not started')
  })

  it('a connect flow, with analytics off: each public event versioned, timed as its log event, never an email or a wc: URI', async () => {
    const engine = createEngine({ mode: 'main', fetch: node })
    await engine.start(CONFIG, flakyWallet())
    const seen: PublicEvent[] = []
    await engine.subscribeEvents((e) => void seen.push(e))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await connect(engine)
    await until(engine, (s) => s.connection.lastError !== undefined)
    await connect(engine)
    await until(engine, (s) => s.connection.status === 'connected')
    await arrived(seen, 5)

    expect(seen.map((e) => e.data)).toEqual([
      { type: 'track', event: 'MODAL_OPEN', properties: { connected: false, isMobile: false } },
      { type: 'track', event: 'SELECT_WALLET', properties: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } },
      {
        type: 'track',
        event: 'CONNECT_ERROR',
        properties: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', message: `Cannot reach ${redactedHash('ada@example.com', 'test')} through wc:[redacted]`, code: -32603 },
      },
      { type: 'track', event: 'SELECT_WALLET', properties: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } },
      { type: 'track', event: 'CONNECT_SUCCESS', properties: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipNetworkId: 'eip155:31337' }, address: ADDRESS },
    ])
    expect(seen.every((e) => e.version === 1)).toBe(true)
    // Each timestamp is its log event's `at` (ms).
    const at = (await engine.listEvents()).events.filter((e) => ['modal/open-requested', 'connect/requested', 'connect/failed', 'connect/succeeded'].includes(e.type)).map((e) => e.at)
    expect(seen.map((e) => e.timestamp)).toEqual(at)
    // The log keeps the wallet's words; the stream never.
    expect(await engine.exportLog({ redact: false })).toContain('ada@example.com')
    const text = JSON.stringify(seen)
    for (const secret of ['ada@example.com', 'ada@', SYM_KEY, 'symKey']) expect(text).not.toContain(secret)
    expect(text).not.toMatch(NO_WC_URI)
    await engine.stop()
  })

  it('a WalletConnect pairing: the URI goes to the pairing channel, never into the stream', async () => {
    let approve!: (session: unknown) => void
    const approval = new Promise((resolve) => (approve = resolve))
    const client = { connect: async () => ({ uri: WC_URI, approval: () => approval }), request: async () => null, disconnect: async () => undefined, session: { getAll: () => [] }, on: () => undefined }
    const engine = createEngine({ mode: 'main', fetch: node, loadSignClient: async () => client as never })
    await engine.start(CONFIG, flakyWallet())
    const seen: PublicEvent[] = []
    const uris: (string | undefined)[] = []
    await engine.subscribeEvents((e) => void seen.push(e))
    await engine.subscribePairing((p) => void uris.push(p?.uri))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'walletConnect', namespace: 'eip155', wallet: { id: 'w1', name: 'Harbor Wallet' } } })
    await arrived(uris, 2)
    expect(uris).toContain(WC_URI)
    approve({ topic: 'e'.repeat(64), expiry: 4_000_000_000, namespaces: { eip155: { accounts: [`eip155:31337:${ADDRESS}`], methods: ['personal_sign'], events: [] } } })
    await until(engine, (s) => s.connection.status === 'connected')
    await arrived(seen, 3)
    expect(seen.map((e) => [e.data.event, e.data.properties, e.data.address])).toEqual([
      ['MODAL_OPEN', { connected: false, isMobile: false }, undefined],
      ['SELECT_WALLET', { connectorId: 'walletConnect', namespace: 'eip155', name: 'Harbor Wallet', walletId: 'w1' }, undefined],
      ['CONNECT_SUCCESS', { connectorId: 'walletConnect', namespace: 'eip155', caipNetworkId: 'eip155:31337', name: 'Harbor Wallet' }, ADDRESS],
    ])
    const text = JSON.stringify(seen)
    for (const secret of ['wc:', 'symKey', SYM_KEY, 'c'.repeat(64)]) expect(text).not.toContain(secret)
    await engine.stop()
  })

  it('unsubscribe stops delivery; another subscriber still gets the events; an event without data has no properties', async () => {
    const engine = createEngine({ mode: 'main', fetch: node })
    await engine.start(CONFIG, flakyWallet())
    const gone: PublicEvent[] = []
    const kept: PublicEvent[] = []
    const id = await engine.subscribeEvents((e) => void gone.push(e))
    await engine.subscribeEvents((e) => void kept.push(e))
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await arrived(gone, 1)
    await engine.unsubscribe(id)
    await engine.dispatch({ type: 'modal/navigate-requested', payload: { view: 'OnRampProviders' } })
    await engine.dispatch({ type: 'modal/close-requested', payload: {} })
    await arrived(kept, 3)
    expect(kept.map((e) => e.data.event)).toEqual(['MODAL_OPEN', 'SELECT_BUY_CRYPTO', 'MODAL_CLOSE'])
    expect(kept[1]!.data).toEqual({ type: 'track', event: 'SELECT_BUY_CRYPTO' })
    // Delivery is a microtask after the append: by now the unsubscribed callback would have had them.
    await new Promise((r) => setTimeout(r, 20))
    expect(gone.map((e) => e.data.event)).toEqual(['MODAL_OPEN'])
    await engine.stop()
  })
})
