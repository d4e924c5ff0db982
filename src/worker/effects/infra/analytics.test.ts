import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { map } from 'rxjs'
import { LOCALNET } from '../../../../tests/unit/fixtures.js'
import { virtualTime, type VirtualTime } from '../../../../tests/unit/virtual-time.js'
import type { AnalyticsBeacon, Bridge, EngineConfig } from '../../../contract.js'
import { parseLog } from '../../../events/log/ndjson.js'
import type { Intent } from '../../../events/types.js'
import { redactedHash } from '../../../events/log/redact.js'
import { createEngine } from '../../engine.js'
import { analyticsEffect, BEACON_MAX_BYTES, beaconEvents, FLUSH_MS, REPORT_WINDOW_MS } from './analytics.js'
import { ofType, type Effect } from '../context.js'
import { snackbarEffect } from './ui-timers.js'

const SERVICES = { walletConfig: 'https://config.example', analytics: 'https://pulse.example/api' }
const CONFIG: EngineConfig = { projectId: 'test', networks: [LOCALNET], services: SERVICES, hostOrigin: 'https://shop.example', hostPath: '/checkout' }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const KEY = `0x${'7e'.repeat(32)}`

const bridge: Bridge = { request: async () => null, watch: () => undefined }

/** An effect that throws (an escaped error) on each wallet search, with secrets in its message. */
const failing: Effect = ({ events$ }) =>
  events$.pipe(
    ofType('wallets/search-requested'),
    map((e) => {
      throw new Error(`boom ${e.payload.query}: https://rpc.example/v1/?apikey=SECRET key ${KEY} ada@example.com`)
    }),
  )

interface Call {
  method: string
  url: URL
  body?: unknown
  /** A POST's own content type (null: none, the browser sends text/plain). */
  contentType?: string | null
}

/**
 * An engine on virtual time with a fake network: `config` answers GET /getAnalyticsConfig (a value,
 * or an Error to fail), `statuses` the POST /batch and /e answers in turn (200 when they run out).
 */
async function setup({ config = { isAnalyticsEnabled: true } as unknown, statuses = [] as number[], options = {} as Partial<EngineConfig>, effects = [analyticsEffect, snackbarEffect, failing] as Effect[] } = {}) {
  const time: VirtualTime = virtualTime()
  const calls: Call[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input))
    calls.push({ method: init?.method ?? 'GET', url, ...(init?.body ? { body: JSON.parse(String(init.body)), contentType: new Headers(init.headers).get('content-type') } : {}) })
    if (url.pathname.endsWith('/getAnalyticsConfig')) {
      if (config instanceof Error) throw config
      return new Response(JSON.stringify(config))
    }
    if (url.pathname.endsWith('/batch') || url.pathname.endsWith('/e')) return new Response(null, { status: statuses.shift() ?? 204 })
    return new Response('{}', { status: 404 })
  }
  const engine = createEngine({ mode: 'main', fetch, clock: time.clock, scheduler: time.scheduler, effects })
  await engine.start({ ...CONFIG, ...options }, bridge)
  const dispatch = (intent: Intent) => engine.dispatch(intent)
  const open = () => dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
  const close = () => dispatch({ type: 'modal/close-requested', payload: {} })
  const posts = () => calls.filter((c) => c.method === 'POST')
  const configAsked = () => calls.filter((c) => c.url.pathname.endsWith('/getAnalyticsConfig')).length
  const events = async () => parseLog(await engine.exportLog()).events
  const logged = async (type: string) => (await events()).filter((e) => e.type === type)
  return { engine, time, calls, dispatch, open, close, posts, configAsked, events, logged }
}

describe('analytics (docs/behaviour.md §7, effects/infra/analytics.ts)', () => {
  // The engine says each escaped error on the console too; the tests read the log instead.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
  afterEach(() => vi.restoreAllMocks())

  it('asks nothing at load; asks the remote switch once when there is something to send; sends the batch 10 s after its first event', async () => {
    const t = await setup()
    await t.time.advance(60_000)
    expect(t.calls).toEqual([])

    await t.open()
    await t.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', wallet: { id: 'w1', name: 'Localnet Wallet' } } })
    await t.close()
    await t.time.advance(FLUSH_MS - 1)
    expect(t.configAsked()).toBe(1)
    expect(t.posts()).toEqual([])
    await t.time.advance(1)
    expect(t.posts()).toHaveLength(1)
    const [post] = t.posts()
    // The hosted wire: events in a batch to /batch, as text with no content type of its own (no preflight).
    expect(post!.url.origin + post!.url.pathname).toBe('https://pulse.example/api/batch')
    expect(post!.contentType).toBeNull()
    expect(Object.fromEntries(post!.url.searchParams)).toEqual({ projectId: 'test', st: 'gangway', sv: 'html-universal-0.1.0' })
    const bodies = post!.body as { eventId: string; url: string; domain: string; timestamp: number; props: { event: string } }[]
    expect(bodies.map((b) => b.props.event)).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'MODAL_CLOSE'])
    for (const b of bodies) expect(b).toMatchObject({ eventId: expect.stringMatching(UUID), url: 'https://shop.example/checkout', domain: 'shop.example', timestamp: t.time.clock() - FLUSH_MS })
    expect(new Set(bodies.map((b) => b.eventId)).size).toBe(3)
    expect((await t.logged('analytics/config-fetched')).map((e) => e.payload)).toEqual([{ isAnalyticsEnabled: true }])
    expect((await t.logged('analytics/sent')).map((e) => e.payload)).toEqual([{ events: 3, reports: 0 }])

    // The next batch: asked nothing more of the switch; 10 s after its own first event.
    await t.open()
    await t.time.advance(FLUSH_MS)
    expect(t.configAsked()).toBe(1)
    expect(t.posts()).toHaveLength(2)
    await t.engine.stop()
  })

  it('off means off: features.analytics false, or no analytics service, sends nothing at all (no switch request, no event, no report)', async () => {
    for (const options of [{ features: { analytics: false } }, { services: { walletConfig: SERVICES.walletConfig } }] as Partial<EngineConfig>[]) {
      const t = await setup({ options })
      await t.open()
      await t.dispatch({ type: 'wallets/search-requested', payload: { query: 'x' } })
      await t.close()
      await t.time.advance(5 * FLUSH_MS)
      expect(t.calls).toEqual([])
      expect(await t.logged('engine/effect-failed')).toHaveLength(1)
      expect((await t.events()).filter((e) => e.type.startsWith('analytics/'))).toEqual([])
      await t.engine.stop()
    }
  })

  it('the remote switch can only turn analytics off: false, another answer or a failure sends nothing', async () => {
    for (const config of [{ isAnalyticsEnabled: false }, { isAnalyticsEnabled: 'yes' }, null, new Error('offline')]) {
      const t = await setup({ config })
      const beacons: (AnalyticsBeacon | undefined)[] = []
      await t.engine.subscribeAnalytics((b) => void beacons.push(b))
      await t.open()
      await t.dispatch({ type: 'wallets/search-requested', payload: { query: 'x' } })
      await t.close()
      await t.time.advance(3 * FLUSH_MS)
      expect(t.configAsked()).toBe(1)
      expect(t.posts()).toEqual([])
      expect(beacons.every((b) => b === undefined)).toBe(true)
      expect((await t.events()).filter((e) => e.type.startsWith('analytics/')).map((e) => e.type)).toEqual([config instanceof Error ? 'analytics/config-failed' : 'analytics/config-fetched'])
      await t.engine.stop()
    }
  })

  it('a failed flush is retried once, with what came meanwhile, then dropped silently', async () => {
    const t = await setup({ statuses: [500, 502] })
    await t.open()
    await t.time.advance(FLUSH_MS)
    await t.close()
    await t.time.advance(FLUSH_MS)
    await t.open()
    await t.time.advance(FLUSH_MS)
    const batches = t.posts().map((p) => (p.body as { props: { event: string } }[]).map((b) => b.props.event))
    expect(batches).toEqual([['MODAL_OPEN'], ['MODAL_OPEN', 'MODAL_CLOSE'], ['MODAL_CLOSE', 'MODAL_OPEN']])
    expect((await t.logged('analytics/send-failed')).map((e) => e.payload)).toEqual([
      { events: 1, reports: 0, dropped: 0, message: 'HTTP request failed.', status: 500 },
      { events: 2, reports: 0, dropped: 1, message: 'HTTP request failed.', status: 502 },
    ])
    expect(await t.logged('snackbar/shown')).toEqual([])
    await t.engine.stop()
  })

  it("a 403 shows 'Invalid App Configuration' once across two failed flushes, in the open modal (at the next open), and stops analytics for the page", async () => {
    const t = await setup({ statuses: [403, 403] })
    const beacons: (AnalyticsBeacon | undefined)[] = []
    await t.engine.subscribeAnalytics((b) => void beacons.push(b))
    await t.open()
    await t.close()
    await t.time.advance(FLUSH_MS)
    expect(t.posts()).toHaveLength(1)
    expect(await t.logged('analytics/forbidden')).toHaveLength(1)
    // The modal is closed: the alert waits for the next open.
    expect(await t.logged('snackbar/show-requested')).toEqual([])
    await t.open()
    expect((await t.logged('snackbar/shown')).map((e) => e.payload)).toEqual([{ variant: 'error', message: 'Invalid App Configuration', errorId: 'invalidAppConfiguration' }])
    // The batch that met the 403 gets its one retry; it fails too: no second alert, and nothing new was collected.
    await t.time.advance(FLUSH_MS)
    expect(t.posts()).toHaveLength(2)
    expect((t.posts()[1]!.body as { props: { event: string } }[]).map((b) => b.props.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    await t.close()
    await t.open()
    await t.dispatch({ type: 'wallets/search-requested', payload: { query: 'x' } })
    await t.time.advance(5 * FLUSH_MS)
    expect(t.posts()).toHaveLength(2)
    expect(await t.logged('analytics/forbidden')).toHaveLength(1)
    expect((await t.logged('snackbar/show-requested')).map((e) => e.payload)).toEqual([{ variant: 'error', message: 'Invalid App Configuration', errorId: 'invalidAppConfiguration' }])
    expect(beacons.at(-1)).toBeUndefined()
    await t.engine.stop()
  })

  it('hands the pending batch to the page as it changes; what the page sent with its beacon is not sent again', async () => {
    const t = await setup()
    const beacons: (AnalyticsBeacon | undefined)[] = []
    await t.engine.subscribeAnalytics((b) => void beacons.push(b))
    await t.open()
    await t.time.advance(0)
    await t.close()
    await t.time.advance(0)
    const held = beacons.at(-1)!
    expect(held.url).toBe('https://pulse.example/api/batch?projectId=test&st=gangway&sv=html-universal-0.1.0')
    expect(held.events.map((e) => e.props.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    await t.dispatch({ type: 'analytics/beacon-sent', payload: { eventIds: held.events.map((e) => e.eventId) } })
    await t.time.advance(0)
    expect(beacons.at(-1)).toBeUndefined()
    await t.time.advance(3 * FLUSH_MS)
    expect(t.posts()).toEqual([])
    // A bad intent is refused.
    await expect(t.dispatch({ type: 'analytics/beacon-sent', payload: { eventIds: ['x'.repeat(65)] } })).rejects.toThrow('Invalid intent payload: analytics/beacon-sent')
    await t.engine.stop()
  })

  it('error reports: an escaped error is wrapped, scrubbed, logged and reported; 20 errors in one second give 5 reports; the 60 s window rolls', async () => {
    const t = await setup()
    // Held until the visitor reaches for the modal (the next test); then sent at once.
    await t.dispatch({ type: 'modal/trigger-approached', payload: {} })
    for (let i = 0; i < 20; i++) {
      await t.dispatch({ type: 'wallets/search-requested', payload: { query: `q${i}` } })
      await t.time.advance(50)
    }
    const failures = await t.logged('engine/effect-failed')
    expect(failures).toHaveLength(20)
    const payload = failures[0]!.payload as { effect: string; errorType: string; category: string; message: string; stack: string }
    expect(payload).toMatchObject({ effect: 'failing#2', errorType: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: `boom q0: https://rpc.example/… key [redacted] ${redactedHash('ada@example.com', 'test')}` })
    expect(payload.stack).toMatch(/^Error: boom q0/)
    expect(t.posts()).toHaveLength(5)
    // The hosted wire: each report alone, one object to /e, its timestamp ISO 8601, as text.
    expect(t.posts().map((p) => [p.url.pathname, p.contentType, Array.isArray(p.body)])).toEqual(Array(5).fill(['/api/e', null, false]))
    const reports = t.posts().map((p) => p.body as { props: Record<string, unknown> })
    expect(reports.map((r) => r.props.errorMessage)).toEqual([0, 1, 2, 3, 4].map((i) => expect.stringMatching(new RegExp(`^boom q${i}:`))))
    expect(reports[0]).toMatchObject({ eventId: expect.stringMatching(UUID), url: 'https://shop.example/checkout', domain: 'shop.example', timestamp: new Date(failures[0]!.at).toISOString() })
    expect(Object.keys(reports[0]!.props).sort()).toEqual(['errorMessage', 'errorType', 'event', 'stackTrace', 'type'])
    expect(reports[0]!.props).toMatchObject({ type: 'error', event: 'INTERNAL_SDK_ERROR', errorType: 'GangwayError', stackTrace: expect.stringMatching(/^Error: boom q0/) })
    const sent = JSON.stringify(t.posts().map((p) => p.body))
    for (const secret of ['SECRET', KEY.slice(2), 'ada@']) expect(sent).not.toContain(secret)
    // A minute after the first report, the window has room for one more.
    await t.time.advance(REPORT_WINDOW_MS - 20 * 50)
    await t.dispatch({ type: 'wallets/search-requested', payload: { query: 'later' } })
    await t.time.advance(0)
    expect(t.posts()).toHaveLength(6)
    await t.engine.stop()
  })

  it('errorReports: false sends no report (analytics still go); a failed report is dropped, never retried', async () => {
    const quiet = await setup({ options: { errorReports: false } })
    await quiet.dispatch({ type: 'wallets/search-requested', payload: { query: 'x' } })
    await quiet.open()
    await quiet.time.advance(2 * FLUSH_MS)
    expect(quiet.posts().map((p) => (p.body as { props: { type: string } }[]).map((b) => b.props.type))).toEqual([['track']])
    await quiet.engine.stop()

    const dropped = await setup({ statuses: [500] })
    await dropped.dispatch({ type: 'modal/trigger-approached', payload: {} })
    await dropped.dispatch({ type: 'wallets/search-requested', payload: { query: 'x' } })
    await dropped.time.advance(3 * FLUSH_MS)
    expect(dropped.posts()).toHaveLength(1)
    expect((await dropped.logged('analytics/send-failed')).map((e) => e.payload)).toEqual([{ events: 0, reports: 1, dropped: 1, message: 'HTTP request failed.', status: 500 }])
    await dropped.engine.stop()
  })

  it('nothing goes on the network before the visitor reaches for the modal: an error at load waits, and goes with the first reach', async () => {
    const t = await setup()
    await t.dispatch({ type: 'wallets/search-requested', payload: { query: 'at-load' } })
    await t.time.advance(3 * FLUSH_MS)
    expect(await t.logged('engine/effect-failed')).toHaveLength(1)
    expect(t.calls).toEqual([])
    await t.dispatch({ type: 'modal/trigger-approached', payload: {} })
    await t.time.advance(0)
    expect(t.posts().map((p) => (p.body as { props: { errorMessage: string } }).props.errorMessage)).toEqual([expect.stringMatching(/^boom at-load:/)])
    await t.engine.stop()
  })

  it('the page\'s beacon holds the newest events that fit navigator.sendBeacon (under 64 KiB), in order', () => {
    const events = Array.from({ length: 100 }, (_, i) => ({ i, text: 'é'.repeat(400) }))
    const kept = beaconEvents(events)
    expect(kept.length).toBeLessThan(100)
    expect(kept.length).toBeGreaterThan(50)
    expect(kept).toEqual(events.slice(100 - kept.length))
    expect(new TextEncoder().encode(JSON.stringify(kept)).length).toBeLessThanOrEqual(BEACON_MAX_BYTES)
    expect(new TextEncoder().encode(JSON.stringify(events.slice(99 - kept.length))).length).toBeGreaterThan(BEACON_MAX_BYTES)
    expect(beaconEvents(events.slice(0, 3))).toEqual(events.slice(0, 3))
  })

  it('an effect that fails on its own failure event is not logged again (no loop)', async () => {
    const t = await setup({ effects: [({ events$ }) => events$.pipe(ofType('engine/effect-failed', 'wallets/search-requested'), map(() => { throw new Error('always') }))] })
    await t.dispatch({ type: 'wallets/search-requested', payload: { query: 'x' } })
    await t.time.advance(0)
    expect(await t.logged('engine/effect-failed')).toHaveLength(1)
    await t.engine.stop()
  })
})
