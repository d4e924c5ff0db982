/**
 * One bench/embed run: a host page loaded in a fresh tab at a CPU throttling rate, left idle for
 * 3 s, then its button clicked (bench/embed-scenarios.ts says which and whether the pointer rests
 * on it first); what it cost, as an EmbedSample.
 */
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'
import type { EmbedProbe } from './browser/embed-probe.js'
import { clickBreakdown, QUIET, QUIET_RECORD_MS, windowOf } from './click-breakdown.js'
import { CLICK_TRACE_CATEGORIES, type TraceEvent } from './click-task-time.js'
import type { EmbedScenario } from './embed-scenarios.js'
import { browserBundle, within } from './page-tools.js'
import { workerHeapBytes } from './worker-heap.js'

/**
 * A script of Gangway's: its files under /gangway/, and on the React pages the views' chunks the
 * site's own bundler split off (under /localnet/dist/, localnet/server.ts).
 */
const isGangwayScript = (url: string) => url.endsWith('.js') && (url.includes('/gangway/') || /\/localnet\/(react18\/)?dist\//.test(url))

/** What one run measures. Sizes in KB (gzip, level 9, of Gangway's scripts: isGangwayScript), times in ms, heaps in MiB. */
export interface EmbedSample {
  /** Gangway JS fetched before the load event. */
  kbBeforeLoad: number
  /** Gangway JS fetched before the click (load + 3 s idle, preloads included). */
  kbBeforeClick: number
  /** Gangway JS fetched from the click (the hover, where there is one) until the heaps are read, SETTLED_MS after the click. */
  kbOnOpen: number
  /** Total blocking time, navigation to load + 3 s: the sum over long tasks of their time beyond 50 ms. */
  tbtMs: number
  /** Click to the first frame with the shell (or the views' modal) painted. */
  clickToShellMs: number
  /** Click to the first frame with a wallet row, the shell's or the views'. */
  clickToRowsMs: number
  /** Main-thread JS heap SETTLED_MS after the click, after a GC. */
  heapMiB: number
  /** The worker's JS heap SETTLED_MS after the click, after a GC in the worker. */
  workerHeapMiB: number
  /** Click to the first frame with the real Connect view's wallet rows (not the shell's). */
  clickToViewRowsMs: number
  /** Long tasks between the click and the real view's rows: the sum of their whole durations. */
  longTasksToViewMs: number
  /** Main-thread task time from the click to 1 s after it, from a trace (bench/click-breakdown.ts). */
  taskMsClickTo1s: number
  /** Main-thread task time from the click until the thread went quiet (bench/click-breakdown.ts QUIET: 2 s free of tasks of 1 ms or more, at most 5 s). */
  taskMsToQuiet: number
  /** How long after the click the thread went quiet (the window of taskMsToQuiet; QUIET.capMs when it did not). */
  quietAfterMs: number
}

/**
 * When the heaps are read, in ms after the click: after the trace, which runs until any quiet
 * window QUIET can give has been seen whole (QUIET_RECORD_MS), so also late enough that what the
 * open sets going has settled at 4x CPU (the worker fetches the WalletConnect sign client 1 s after
 * the first open).
 */
const SETTLED_MS = QUIET_RECORD_MS + 200

/** The probe (bench/browser/embed-probe.ts) as an IIFE, to add as an init script after `window.__benchExpectsModal = <bool>;`. */
export const probeBundle = browserBundle('bench/browser/embed-probe.ts')

const readProbe = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __bench: EmbedProbe }).__bench, now: performance.now() }))

/** Waits until `ms` after the click the probe saw, by the page's clock. */
async function untilAfterClick(page: Page, ms: number): Promise<void> {
  const { clickAt, now } = await readProbe(page)
  await page.waitForTimeout(Math.max(0, clickAt + ms - now))
}

/** Waits for the probe to see the real Connect view's rows. @throws Error 'no Connect view rows 30 s after the click' after 30 s. */
const viewShown = (page: Page): Promise<void> =>
  within(
    page.evaluate(() => (window as unknown as { __benchViewShown: Promise<void> }).__benchViewShown),
    30_000,
    'no Connect view rows 30 s after the click',
  )

/**
 * The visitor's approach to the scenario's button on `page` (loaded from `url`): the pointer rests
 * on it `scenario.hoverMs` first where the scenario says so. Returns the button's centre, where the
 * click goes, in CSS px.
 * @throws Error '<button> is not visible on <url>' when the button is not there.
 */
export async function approachButton(page: Page, url: string, scenario: EmbedScenario): Promise<[x: number, y: number]> {
  const box = await page.locator(scenario.button).boundingBox()
  if (!box) throw new Error(`${scenario.button} is not visible on ${url}`)
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  if (scenario.hoverMs > 0) {
    await page.mouse.move(x, y)
    await page.waitForTimeout(scenario.hoverMs)
  }
  return [x, y]
}

/**
 * Loads `url` (the scenario's page) in a new tab of `context` at CPU throttling `rate` and measures
 * one run; adds the file name of each Gangway script fetched before the click to `filesBeforeClick`. @throws Error '<button> is not visible on <url>' when the scenario's button is not there
 * 3 s after load, 'the click on <button> did not reach <url>' when the page saw no click, and
 * viewShown's error when the Connect view does not show.
 */
export async function measureEmbed(context: BrowserContext, url: string, scenario: EmbedScenario, rate: number, filesBeforeClick?: Set<string>): Promise<EmbedSample> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await page.addInitScript({ content: `window.__benchExpectsModal = ${scenario.gangway};\n${await probeBundle}` })

  let phase: 'beforeLoad' | 'beforeClick' | 'onOpen' = 'beforeLoad'
  const bytes = { beforeLoad: 0, beforeClick: 0, onOpen: 0 }
  const pending: Promise<void>[] = []
  context.on('request', (req) => {
    if (!isGangwayScript(req.url())) return
    const at = phase
    if (at !== 'onOpen') filesBeforeClick?.add(new URL(req.url()).pathname.split('/').pop()!)
    pending.push(
      req
        .response()
        .then((res) => res?.body())
        .then((body) => {
          if (body) bytes[at] += gzipSync(body, { level: 9 }).length
        })
        .catch(() => undefined),
    )
  })
  page.on('load', () => (phase = 'beforeClick'))

  await page.goto(url, { waitUntil: 'load' })
  phase = 'beforeClick'
  await page.waitForTimeout(3000)
  const loadEnd = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd)
  const tbtMs = (await readProbe(page)).longtasks.filter((t) => t.start < loadEnd + 3000).reduce((sum, t) => sum + Math.max(0, t.dur - 50), 0)

  const [x, y] = await approachButton(page, url, scenario)
  phase = 'onOpen'
  const browser = context.browser()!
  await browser.startTracing(page, { categories: CLICK_TRACE_CATEGORIES })
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.up()
  if (scenario.gangway) await viewShown(page)
  if ((await readProbe(page)).clickAt < 0) throw new Error(`the click on ${scenario.button} did not reach ${url}`)
  // The window starts with the task that dispatches the click, a little after the event's time: 100 ms to spare.
  await untilAfterClick(page, QUIET_RECORD_MS + 100)
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
  const taskMsClickTo1s = clickBreakdown(traceEvents, windowOf(1000)).taskMs
  const quiet = clickBreakdown(traceEvents, QUIET)

  await untilAfterClick(page, SETTLED_MS)
  const workerHeapMiB = scenario.gangway ? (await workerHeapBytes(cdp)) / 2 ** 20 : NaN
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  // Read last: the observer reports a long task after it ends.
  const b = await readProbe(page)
  await Promise.all(pending)
  await page.close()
  const since = (at: number) => (scenario.gangway && at >= 0 ? at - b.clickAt : NaN)
  const toView = b.longtasks.filter((t) => t.start + t.dur > b.clickAt && t.start < b.viewRowsAt)
  return {
    kbBeforeLoad: bytes.beforeLoad / 1024,
    kbBeforeClick: (bytes.beforeLoad + bytes.beforeClick) / 1024,
    kbOnOpen: bytes.onOpen / 1024,
    tbtMs,
    clickToShellMs: since(b.shellAt),
    clickToRowsMs: since(b.rowsAt),
    heapMiB: heap.usedSize / 2 ** 20,
    workerHeapMiB,
    clickToViewRowsMs: since(b.viewRowsAt),
    longTasksToViewMs: scenario.gangway ? toView.reduce((sum, t) => sum + t.dur, 0) : NaN,
    taskMsClickTo1s,
    taskMsToQuiet: quiet.taskMs,
    quietAfterMs: quiet.windowMs,
  }
}
