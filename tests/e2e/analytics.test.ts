/**
 * Analytics in Chromium (issue 17; docs/behaviour.md §7, §8), against the localnet's analytics
 * emulator (localnet/services/analytics.ts: what it received at GET /localnet/analytics):
 * - a full session (open, pick the Localnet Wallet, connect, switch network, send, disconnect,
 *   close) arrives in order with its props, named by the page's origin and path only; the service
 *   requests of that session are counted at the network level and printed;
 * - a page closed right after connecting still delivers, through navigator.sendBeacon (text/plain);
 * - `features.analytics: false` makes no request to the analytics origin and asks no
 *   /getAnalyticsConfig over a whole session; the remote switch off sends nothing either;
 * - a 403 shows 'Invalid App Configuration' once across two failed flushes, then nothing is sent;
 * - 20 errors escaping an effect within one report window (the debug panel's "Test error", which makes a real
 *   effect throw in the worker) are logged 20 times and reported 5 times (5 per rolling 60 s).
 * The report's scrubbing and the window's roll are src/worker/effects/infra/analytics.test.ts's, with fake timers.
 */
import type { Page } from 'playwright-core'
import { getAddress } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { rpc } from '../../localnet/anvil.js'
import type { AnalyticsEntry, AnalyticsRequest } from '../../localnet/services/analytics.js'
import { localContext } from './browser.js'
import { connectLocalnetWallet, coreSession, pageLog, recordServiceRequests, useBrowser, waitForText, waitForView } from './helpers.js'
import { secretsIn } from './secrets.js'
import { REPORT_WINDOW_MS } from '../../src/worker/effects/infra/analytics.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const rpcUrl2 = inject('rpcUrl2')
const analyticsUrl = inject('analyticsUrl')
const SERVICES = { walletConfig: inject('walletConfigUrl'), blockchain: inject('blockchainUrl'), analytics: analyticsUrl }
const browser = useBrowser()

/** The whole flush interval and some: how long a test waits for a batch (ms). */
const FLUSH_WAIT_MS = 25_000

type Received = { requests: AnalyticsRequest[]; events: (AnalyticsEntry & { via: 'beacon' | 'fetch' })[] }
const received = async (): Promise<Received> => (await fetch(`${analyticsUrl}/localnet/analytics`)).json() as Promise<Received>
const clearReceived = () => fetch(`${analyticsUrl}/localnet/analytics`, { method: 'DELETE' })
const names = (r: Received) => r.events.map((e) => e.props.event as string)

/** Uncaught errors and Gangway's console errors on the page (the demo must show none). */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && m.text().includes('[gangway]') && errors.push(m.text()))
  return errors
}

/** The page's exported log, as event types and payloads. */
const logged = async (page: Page) => (await pageLog(page)).events as unknown as { type: string; payload: Record<string, unknown> }[]

/** Leaves the page (pagehide fires: a beacon would go now) and waits for the blank page. */
async function leave(page: Page): Promise<void> {
  await page.goto('about:blank')
}

describe('analytics', () => {
  it('a full session arrives in order with its props, named by origin and path only; the request counts of the session', async () => {
    await clearReceived()
    const context = await localContext(browser())
    const requests = recordServiceRequests(context, SERVICES)
    const page = await context.newPage()
    const errors = pageErrors(page)
    const account = getAddress((await rpc<string[]>(rpcUrl, 'eth_accounts'))[3]!)
    // The query and fragment may hold what must never leave the page (an OAuth result, a token).
    await connectLocalnetWallet(page, webUrl, 3, '/?campaign=secret-campaign#frag-token')
    await coreSession(page, { rpcUrl2, label: 'analytics' })
    await page.click('[data-testid=gw-disconnect]')
    await waitForView(page, 'Connect')
    await page.click('[data-testid=gw-close]')
    await page.locator('[data-testid=gw-modal]').waitFor({ state: 'hidden' })

    const expected = ['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'SWITCH_NETWORK', 'SEND_INITIATED', 'SEND_SUCCESS', 'DISCONNECT_SUCCESS', 'MODAL_CLOSE']
    await expect.poll(async () => names(await received()), { timeout: FLUSH_WAIT_MS }).toEqual(expected)
    const { events, requests: posts } = await received()
    // In order, by time too; each once.
    expect(events.map((e) => e.timestamp)).toEqual([...events.map((e) => Number(e.timestamp))].sort((a, b) => a - b))
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length)
    const page0 = { url: `${webUrl}/`, domain: new URL(webUrl).host }
    for (const e of events) expect({ url: e.url, domain: e.domain, via: e.via }).toEqual({ ...page0, via: 'fetch' })
    const props = Object.fromEntries(events.map((e) => [e.props.event as string, e.props as { properties: Record<string, unknown>; address?: string }]))
    expect(props.MODAL_OPEN).toEqual({ type: 'track', event: 'MODAL_OPEN', properties: { connected: false, isMobile: false } })
    expect(props.SELECT_WALLET!.properties).toMatchObject({ connectorId: 'dev.gangway.localnet', namespace: 'eip155', name: 'Localnet Wallet' })
    expect(props.CONNECT_SUCCESS).toMatchObject({ properties: { connectorId: 'dev.gangway.localnet', caipNetworkId: 'eip155:31337', name: 'Localnet Wallet' } })
    expect(getAddress(props.CONNECT_SUCCESS!.address!)).toBe(account)
    expect(props.SWITCH_NETWORK).toMatchObject({ properties: { caipNetworkId: 'eip155:31338' } })
    expect(props.SEND_INITIATED).toMatchObject({ properties: { caipNetworkId: 'eip155:31338', token: 'ETH', amount: '0.01' } })
    expect(props.SEND_SUCCESS).toMatchObject({ properties: { caipNetworkId: 'eip155:31338', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) } })
    for (const name of ['SWITCH_NETWORK', 'SEND_INITIATED', 'SEND_SUCCESS', 'DISCONNECT_SUCCESS']) expect(getAddress(props[name]!.address!), name).toBe(account)
    expect(props.MODAL_CLOSE).toEqual({ type: 'track', event: 'MODAL_CLOSE', properties: { connected: false } })
    // Every POST carried projectId, st and sv and was taken: a batch to /batch, as text (no preflight), as the hosted service takes it.
    for (const p of posts) expect([p.query, p.status, p.path, p.contentType]).toEqual([{ projectId: 'gangway-demo', st: 'gangway', sv: expect.any(String) }, 204, '/batch', expect.stringMatching(/^text\/plain/)])
    const sent = JSON.stringify(events)
    for (const secret of ['secret-campaign', 'frag-token', 'wc:']) expect(sent).not.toContain(secret)
    expect(secretsIn(sent)).toEqual([])
    expect(errors).toEqual([])

    // The session's requests to the services, at the network level (the page and its worker).
    const counts: Record<string, number> = {}
    for (const r of requests) counts[`${r.service} ${r.method} ${r.path.replace(/0x[0-9a-fA-F]{40}/, '{address}')}`] = (counts[`${r.service} ${r.method} ${r.path.replace(/0x[0-9a-fA-F]{40}/, '{address}')}`] ?? 0) + 1
    console.log('service requests of a full session:', JSON.stringify(counts, null, 1))
    expect(requests.filter((r) => r.path.endsWith('/getAnalyticsConfig'))).toHaveLength(1)
    expect(requests.filter((r) => r.service === 'analytics' && r.method === 'POST')).toHaveLength(posts.length)
    await context.close()
  })

  it('a page closed right after connecting still delivers its events, through sendBeacon', async () => {
    await clearReceived()
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl, 5)
    await page.close()
    await expect.poll(async () => names(await received()), { timeout: E2E_WAIT_MS }).toContain('CONNECT_SUCCESS')
    const { events, requests } = await received()
    expect(names({ events, requests })).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS'])
    expect(events.find((e) => e.props.event === 'CONNECT_SUCCESS')!.via).toBe('beacon')
    expect(requests.filter((r) => r.via === 'beacon').every((r) => r.contentType.startsWith('text/plain') && r.status === 204)).toBe(true)
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length)
    await context.close()
  })

  it('features.analytics false: no request to the analytics origin and no /getAnalyticsConfig over a whole session', async () => {
    await clearReceived()
    const context = await localContext(browser())
    const requests = recordServiceRequests(context, SERVICES)
    const page = await context.newPage()
    const errors = pageErrors(page)
    await connectLocalnetWallet(page, webUrl, 0, `/?features=${encodeURIComponent(JSON.stringify({ analytics: false }))}`)
    await coreSession(page, { rpcUrl2, label: 'analytics-off' })
    await page.click('[data-testid=gw-disconnect]')
    await waitForView(page, 'Connect')
    await page.click('[data-testid=gw-close]')
    await page.locator('[data-testid=gw-modal]').waitFor({ state: 'hidden' })
    // Nothing of analytics in the log either: the effect did not run.
    expect((await logged(page)).filter((e) => e.type.startsWith('analytics/'))).toEqual([])
    await leave(page)
    expect(requests.filter((r) => r.service === 'analytics' || r.path.endsWith('/getAnalyticsConfig'))).toEqual([])
    // The other services were asked (the count is not empty for want of recording).
    expect(requests.filter((r) => r.service === 'walletConfig').length).toBeGreaterThan(0)
    expect((await received()).requests).toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it('the remote switch off (isAnalyticsEnabled false): the switch is asked once and nothing is sent', async () => {
    await clearReceived()
    const context = await localContext(browser())
    const requests = recordServiceRequests(context, SERVICES)
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl, 0, '/?hostile=analytics-off')
    await expect.poll(async () => (await logged(page)).filter((e) => e.type === 'analytics/config-fetched').map((e) => e.payload)).toEqual([{ isAnalyticsEnabled: false }])
    await page.keyboard.press('Escape')
    await leave(page)
    expect(requests.filter((r) => r.path.endsWith('/getAnalyticsConfig'))).toHaveLength(1)
    expect(requests.filter((r) => r.service === 'analytics')).toEqual([])
    await context.close()
  })

  it('20 errors escaping an effect within one report window are logged 20 times and reported 5 times, with their props', async () => {
    await clearReceived()
    const context = await localContext(browser())
    const posted: { finished: boolean }[] = []
    context.on('request', (r) => {
      if (r.method() !== 'POST' || new URL(r.url()).origin !== new URL(analyticsUrl).origin) return
      const entry = { finished: false }
      posted.push(entry)
      void r.response().then(
        () => (entry.finished = true),
        () => (entry.finished = true),
      )
    })
    const page = await context.newPage()
    const errors = pageErrors(page)
    await page.goto(`${webUrl}/?debug`)
    const button = page.locator('[data-testid=gw-debug-test-error]')
    await button.waitFor()
    // Nothing is sent before the visitor reaches for the modal: the pointer passes over the button first.
    await page.hover('gangway-button')
    // Twenty clicks in one task: twenty effect failures inside one report window (60 s by the events' time).
    await button.evaluate((b: HTMLElement) => {
      for (let i = 0; i < 20; i++) b.click()
    })
    const failures = async () => (await logged(page)).filter((e) => e.type === 'engine/effect-failed')
    await expect.poll(async () => (await failures()).length).toBe(20)
    const failed = (await logged(page)).filter((e) => e.type === 'engine/effect-failed')
    // Named as in the source, in the built worker too (effects/index.ts).
    expect(failed[0]!.payload).toMatchObject({ effect: expect.stringMatching(/^testErrorEffect#\d+$/), errorType: 'GangwayError', category: 'INTERNAL_SDK_ERROR', message: 'Gangway test error' })
    const span = await page.evaluate(async () => {
      const { events } = await (window as unknown as { gangway: { debug: { events(): Promise<{ events: { type: string; at: number }[] }> } } }).gangway.debug.events()
      const at = events.filter((e) => e.type === 'engine/effect-failed').map((e) => e.at)
      return Math.max(...at) - Math.min(...at)
    })
    expect(span).toBeLessThan(REPORT_WINDOW_MS)
    // Every report the engine sent was answered (each answer is logged): then count them.
    const answered = async () => (await logged(page)).filter((e) => (e.type === 'analytics/sent' || e.type === 'analytics/send-failed') && e.payload.reports === 1).length
    await expect.poll(async () => posted.length > 0 && posted.every((p) => p.finished) && (await answered()) === posted.length).toBe(true)
    expect(posted).toHaveLength(5)
    const { events, requests } = await received()
    expect(requests.map((r) => [r.status, r.entries])).toEqual(Array(5).fill([204, 1]))
    expect(events.map((e) => e.props)).toEqual(
      Array(5).fill({ type: 'error', event: 'INTERNAL_SDK_ERROR', errorType: 'GangwayError', errorMessage: 'Gangway test error', stackTrace: expect.stringMatching(/^Error: Gangway test error/) }),
    )
    // The page itself saw no error: only the engine's own console line for each failure.
    expect(errors.filter((e) => !e.includes('effect failed; restarting it'))).toEqual([])
    await context.close()
  })

  it("a 403 shows 'Invalid App Configuration' once across two failed flushes, then nothing more is sent", async () => {
    await clearReceived()
    const context = await localContext(browser())
    const page = await context.newPage()
    const errors = pageErrors(page)
    await page.goto(`${webUrl}/?analytics=forbidden`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    // The first flush (10 s after the open) meets the 403: the alert, in the open modal.
    const alert = await waitForText(page, '[data-testid=gw-snackbar]', /^Invalid App Configuration/, FLUSH_WAIT_MS)
    expect(alert).toContain('allowlist')
    // Its one retry, 10 s later, meets the 403 again.
    await expect.poll(async () => (await received()).requests.filter((r) => r.status === 403).length, { timeout: FLUSH_WAIT_MS }).toBe(2)
    await expect.poll(async () => (await logged(page)).filter((e) => e.type === 'analytics/send-failed').length).toBe(2)
    const log = await logged(page)
    expect(log.filter((e) => e.type === 'analytics/forbidden')).toHaveLength(1)
    expect(log.filter((e) => e.type === 'snackbar/shown' && e.payload.message === 'Invalid App Configuration')).toHaveLength(1)
    // Analytics stopped for the page: closing and opening again collects nothing, and leaving beacons nothing.
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=gw-modal]').waitFor({ state: 'hidden' })
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await leave(page)
    expect((await received()).requests).toHaveLength(2)
    expect(errors).toEqual([])
    await context.close()
  })
})
