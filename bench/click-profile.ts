/**
 * `npx tsx bench/click-profile.ts [scenario name] [rate]`: where the main thread's time goes between
 * the click on a bench/embed scenario's button and the real Connect view's rows (issue 15's profile).
 * Loads the page at CPU throttling `rate` (default 4), leaves it idle 3 s, records a CPU profile
 * (CDP Profiler) and a trace from just before the click until 1 s after it, and prints: the long
 * tasks; the main thread's tasks over 5 ms in the second after the click, each with its heaviest
 * kinds of work (style, layout, paint, script, GC… from the trace); the same kinds summed; and, from
 * the profile, the JS self time per script and the heaviest functions. It asserts nothing.
 */
import { build } from 'esbuild'
import { startLocalnet } from '../localnet/start.js'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import type { EmbedProbe } from './browser/embed-probe.js'
import { CLICK_MARK, type TraceEvent } from './click-task-time.js'
import { SCENARIOS } from './embed-scenarios.js'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Kinds of work inside a task, as the trace names them (the rest is the task's own overhead). */
const WORK = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'ParseHTML', 'ParseAuthorStyleSheet', 'HitTest', 'FunctionCall', 'EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'MinorGC', 'MajorGC', 'Decode Image', 'IntersectionObserverController::computeIntersections']

/** Prints the main thread's tasks over 5 ms from the click to 1 s after it, and the kinds of work in them. */
function printTasks(events: TraceEvent[]): void {
  const click = events.find((e) => e.name === CLICK_MARK)
  if (!click) return console.log('no click mark in the trace')
  const onMain = events.filter((e) => e.pid === click.pid && e.tid === click.tid && e.ph === 'X' && e.dur !== undefined)
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ts + e.dur! >= click.ts && e.ts <= click.ts + 1e6)
  const within = (t: TraceEvent) => onMain.filter((e) => WORK.includes(e.name) && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!)
  // Self time per kind: an event's duration less its nested WORK events'.
  const selfByKind = (inner: TraceEvent[]) => {
    const out = new Map<string, number>()
    for (const e of inner) {
      const nested = inner.filter((c) => c !== e && c.ts >= e.ts && c.ts + c.dur! <= e.ts + e.dur! && !inner.some((m) => m !== e && m !== c && m.ts >= e.ts && m.ts + m.dur! <= e.ts + e.dur! && c.ts >= m.ts && c.ts + c.dur! <= m.ts + m.dur!))
      out.set(e.name, (out.get(e.name) ?? 0) + (e.dur! - nested.reduce((sum, c) => sum + c.dur!, 0)) / 1000)
    }
    return out
  }
  const total = new Map<string, number>()
  console.log('main-thread tasks over 5 ms, click to +1 s (start after the click + duration, ms: heaviest work):')
  for (const t of tasks) {
    const kinds = selfByKind(within(t))
    for (const [k, ms] of kinds) total.set(k, (total.get(k) ?? 0) + ms)
    if (t.dur! < 5000) continue
    for (const l of within(t).filter((e) => e.name === 'Layout' && e.dur! > 5000 && e.args?.beginData?.stackTrace))
      console.log(`  forced layout ${(l.dur! / 1000).toFixed(1)} ms at ${l.args!.beginData!.stackTrace!.slice(0, 4).map((f) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}`).join(' < ')}`)
    const top = [...kinds].sort((a, c) => c[1] - a[1]).slice(0, 5).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')
    const calls = within(t)
      .filter((e) => e.name === 'FunctionCall' && e.dur! > 2000 && e.args?.data?.url)
      .map((e) => `${e.args!.data!.functionName || '(anonymous)'} ${e.args!.data!.url!.replace(/^.*\//, '')}:${e.args!.data!.lineNumber}`)
    console.log(`  ${((t.ts - click.ts) / 1000).toFixed(0).padStart(5)} + ${(t.dur! / 1000).toFixed(1).padStart(6)}: ${top}${calls.length ? ` (calls: ${calls.slice(0, 3).join('; ')})` : ''}`)
  }
  console.log(`tasks: ${tasks.length}, ${(tasks.reduce((s, t) => s + t.dur!, 0) / 1000).toFixed(1)} ms; work by kind (self ms): ${[...total].sort((a, c) => c[1] - a[1]).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')}\n`)
}

const name = process.argv[2] ?? 'plain page, own button'
const rate = Number(process.argv[3] ?? 4)
const scenario = SCENARIOS.find((s) => s.name === name)
if (!scenario?.gangway) throw new Error(`no Gangway scenario named '${name}' (bench/embed-scenarios.ts)`)

const probe = (await build({ entryPoints: ['bench/browser/embed-probe.ts'], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' })).outputFiles[0]!.text
const net = await startLocalnet()
const browser = await launchChromium()
try {
  const context = await localContext(browser)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await page.addInitScript({ content: `window.__benchExpectsModal = true;\n${probe}` })
  await page.goto(`${net.web.url}${scenario.path}`, { waitUntil: 'load' })
  await page.waitForTimeout(3000)
  const box = (await page.locator(scenario.button).boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  if (scenario.hoverMs > 0) {
    await page.mouse.move(x, y)
    await page.waitForTimeout(scenario.hoverMs)
  }
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', 'devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack'] })
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.up()
  await page.evaluate(() => (window as unknown as { __benchViewShown: Promise<void> }).__benchViewShown)
  await page.waitForTimeout(1100)
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
  const b = await page.evaluate(() => (window as unknown as { __bench: EmbedProbe }).__bench)
  printTasks(trace.traceEvents)

  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const selfMs = new Map<number, number>()
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000))
  const perScript = new Map<string, number>()
  const perFunction = new Map<string, number>()
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame
    const file = url ? url.replace(/^.*\//, '') : `(${functionName || 'native'})`
    perScript.set(file, (perScript.get(file) ?? 0) + ms)
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms)
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, c) => c[1] - a[1]).slice(0, n)
  console.log(`${name} @${rate}x: click → real Connect view rows ${(b.viewRowsAt - b.clickAt).toFixed(0)} ms, shell ${(b.shellAt - b.clickAt).toFixed(0)} ms`)
  console.log('long tasks from the click:', b.longtasks.filter((t) => t.start + t.dur > b.clickAt).map((t) => `${(t.start - b.clickAt).toFixed(0)}+${t.dur.toFixed(0)}`).join(', ') || 'none')
  console.log('\nself ms per script (profile from just before the click to the rows):')
  for (const [file, ms] of top(perScript, 12)) console.log(`${ms.toFixed(1).padStart(8)}  ${file}`)
  console.log('\nheaviest functions (self ms):')
  for (const [fn, ms] of top(perFunction, 25)) console.log(`${ms.toFixed(1).padStart(8)}  ${fn}`)
  await context.close()
} finally {
  await browser.close()
  await net.stop()
}
