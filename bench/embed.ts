/**
 * bench/embed: what Gangway costs a host page, measured in Debian's Chromium on the localnet demo
 * site against the same page without Gangway (budgets.md). For 1x and 4x CPU throttling, median of
 * 5 runs with min and max:
 * - gzip KB of Gangway JavaScript fetched before the load event, before the first click (idle
 *   downloads included), and on open;
 * - total blocking time from navigation to load + 3 s (long tasks' time over 50 ms);
 * - click to shell painted, and click to the Connect view's wallet rows visible, in the shell or in
 *   the views (the page idle for 3 s first; the pointer rests on the button for 150 ms before the
 *   click, as a person's does);
 * - main-thread JS heap after open (after a GC), and the worker's heap.
 * Prints a table and writes bench/results/embed.json. It asserts nothing.
 */
import { gzipSync } from 'node:zlib'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { startLocalnet } from '../localnet/start.js'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import { printTable, spread, writeResult } from './stats.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const RATES = [1, 4]

interface Sample {
  kbBeforeLoad: number
  kbBeforeClick: number
  kbOnOpen: number
  tbtMs: number
  clickToShellMs: number
  clickToRowsMs: number
  heapMiB: number
  workerHeapMiB: number
}

// The in-page probe, as source text: functions compiled by tsx carry helpers the page does not have.
const probe = `
  const b = { longtasks: [], clickAt: -1, shellAt: -1, rowsAt: -1 }
  window.__bench = b
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, dur: e.duration })
  }).observe({ type: 'longtask', buffered: true })
  addEventListener('click', (e) => {
    if (b.clickAt >= 0) return
    b.clickAt = e.timeStamp
    const tick = () => {
      const root = document.querySelector('gangway-modal')?.shadowRoot
      const now = performance.now()
      if (b.shellAt < 0 && root && (root.getElementById('gw-shell') || root.querySelector('[data-testid=gw-modal][data-open]'))) b.shellAt = now
      if (root?.querySelector('#gw-shell [data-wallet-row], [data-testid=gw-modal][data-open] [data-wallet-row]')) b.rowsAt = now
      else requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }, true)
`

/** The dedicated worker's used JS heap, through the page's CDP session (Target.sendMessageToTarget), after a GC. */
async function workerHeapBytes(cdp: CDPSession): Promise<number> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] }
  const worker = targetInfos.find((t) => t.type === 'worker')
  if (!worker) return NaN
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string }
  let nextId = 1
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = nextId++
      const onMessage = (e: { sessionId?: string; message: string }) => {
        const msg = JSON.parse(e.message) as { id?: number; result?: Record<string, unknown> }
        if (e.sessionId === sessionId && msg.id === id) {
          cdp.off('Target.receivedMessageFromTarget', onMessage)
          resolve(msg.result ?? {})
        }
      }
      cdp.on('Target.receivedMessageFromTarget', onMessage)
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
    })
  await call('HeapProfiler.collectGarbage')
  const { usedSize } = (await call('Runtime.getHeapUsage')) as { usedSize: number }
  await cdp.send('Target.detachFromTarget', { sessionId })
  return usedSize
}

async function measure(context: BrowserContext, url: string, rate: number, withGangway: boolean): Promise<Sample> {
  const page: Page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await page.addInitScript({ content: probe })

  let phase: 'beforeLoad' | 'beforeClick' | 'onOpen' = 'beforeLoad'
  const bytes = { beforeLoad: 0, beforeClick: 0, onOpen: 0 }
  const pending: Promise<void>[] = []
  context.on('request', (req) => {
    if (!req.url().includes('/gangway/') || !req.url().endsWith('.js')) return
    const at = phase
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
  const tbtMs = await page.evaluate(
    (limit) => (window as unknown as { __bench: { longtasks: { start: number; dur: number }[] } }).__bench.longtasks.filter((t) => t.start < limit).reduce((sum, t) => sum + Math.max(0, t.dur - 50), 0),
    loadEnd + 3000,
  )

  let clickToShellMs = NaN
  let clickToRowsMs = NaN
  let workerHeapMiB = NaN
  if (withGangway) {
    const box = (await page.locator('gangway-button button').boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForTimeout(150)
    phase = 'onOpen'
    await page.mouse.down()
    await page.mouse.up()
    await page.waitForFunction(() => (window as unknown as { __bench: { rowsAt: number } }).__bench.rowsAt >= 0, undefined, { timeout: 30_000 })
    const b = await page.evaluate(() => (window as unknown as { __bench: { clickAt: number; shellAt: number; rowsAt: number } }).__bench)
    clickToShellMs = b.shellAt - b.clickAt
    clickToRowsMs = b.rowsAt - b.clickAt
    workerHeapMiB = (await workerHeapBytes(cdp)) / 2 ** 20
  } else {
    await page.click('button')
  }
  await page.waitForTimeout(500)
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  await Promise.all(pending)
  await page.close()
  return {
    kbBeforeLoad: bytes.beforeLoad / 1024,
    kbBeforeClick: (bytes.beforeLoad + bytes.beforeClick) / 1024,
    kbOnOpen: bytes.onOpen / 1024,
    tbtMs,
    clickToShellMs,
    clickToRowsMs,
    heapMiB: heap.usedSize / 2 ** 20,
    workerHeapMiB,
  }
}

const net = await startLocalnet()
const browser = await launchChromium()
const results: Record<string, Record<string, ReturnType<typeof spread>>> = {}
try {
  for (const rate of RATES) {
    for (const [name, path, withGangway] of [
      ['bare page', '/bare.html', false],
      ['Gangway demo', '/', true],
    ] as const) {
      const samples: Sample[] = []
      for (let i = 0; i < RUNS; i++) {
        const context = await localContext(browser)
        samples.push(await measure(context, `${net.web.url}${path}`, rate, withGangway))
        await context.close()
      }
      const key = `${name} @${rate}x CPU`
      results[key] = Object.fromEntries((Object.keys(samples[0]!) as (keyof Sample)[]).map((k) => [k, spread(samples.map((s) => s[k]))]))
    }
  }
} finally {
  await browser.close()
  await net.stop()
}

const fmt = (s: { median: number; min: number; max: number }, digits = 1) =>
  Number.isNaN(s.median) ? 'n/a' : `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`
const columns: [keyof Sample, string][] = [
  ['kbBeforeLoad', 'JS KB gz before load'],
  ['kbBeforeClick', 'JS KB gz before click'],
  ['kbOnOpen', 'JS KB gz on open'],
  ['tbtMs', 'TBT ms (to load+3s)'],
  ['clickToShellMs', 'click→shell ms'],
  ['clickToRowsMs', 'click→wallet rows ms'],
  ['heapMiB', 'main heap MiB'],
  ['workerHeapMiB', 'worker heap MiB'],
]
printTable(
  `bench/embed: median (min–max) of ${RUNS} runs, headless Chromium, Gangway's JS only`,
  ['', ...columns.map(([, h]) => h)],
  Object.entries(results).map(([key, r]) => [key, ...columns.map(([k]) => fmt(r[k]!))]),
)
writeResult('embed', { runs: RUNS, results })
