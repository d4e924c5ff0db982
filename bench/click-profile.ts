/**
 * `npx tsx bench/click-profile.ts [scenario name] [rate]`: where the main thread's time goes after
 * the click on a bench/embed scenario's button, until the thread has gone quiet (bench/click-breakdown.ts
 * QUIET: 2 s free of tasks, at most 5 s). Loads the page at CPU throttling `rate` (default 4), leaves
 * it idle 3 s, records a CPU profile (CDP Profiler) and a trace from just before the click until
 * QUIET_RECORD_MS after it, and prints: the long tasks; the main thread's tasks over 5 ms in the
 * window, each with its heaviest kinds of work (style, layout, paint, script, GC… from the trace);
 * the window's task time by kind; and, from the profile, the JS self time per script and the
 * heaviest functions in the window. It asserts nothing.
 */
import { startLocalnet } from '../localnet/start.js'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import { clickThread, workByKind } from './click-breakdown.js'
import { profileClick } from './click-profile-run.js'
import type { TraceEvent } from './click-task-time.js'
import { SCENARIOS } from './embed-scenarios.js'

/** Prints the main thread's tasks over 5 ms from the click to `windowMs` after it, each with its forced layouts and heaviest calls. */
function printTasks(events: TraceEvent[], windowMs: number): void {
  const { click, onMain, tasks: all } = clickThread(events)
  const tasks = all.filter((e) => e.dur! >= 5000 && e.ts + e.dur! >= click.ts && e.ts <= click.ts + windowMs * 1000)
  const within = (t: TraceEvent) => onMain.filter((e) => e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!)
  console.log(`main-thread tasks over 5 ms, click to +${windowMs.toFixed(0)} ms (start after the click + duration, ms: work by kind; heaviest calls):`)
  for (const t of tasks) {
    const inner = within(t)
    for (const l of inner.filter((e) => e.name === 'Layout' && e.dur! > 5000 && e.args?.beginData?.stackTrace))
      console.log(`  forced layout ${(l.dur! / 1000).toFixed(1)} ms at ${l.args!.beginData!.stackTrace!.slice(0, 4).map((f) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}`).join(' < ')}`)
    const kinds = workByKind(inner, t.ts, t.ts + t.dur!)
    const top = Object.entries(kinds).filter(([, ms]) => ms >= 0.5).sort((a, c) => c[1] - a[1]).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join(', ')
    const calls = inner
      .filter((e) => e.name === 'FunctionCall' && e.dur! > 2000 && e.args?.data?.url)
      .map((e) => `${e.args!.data!.functionName || '(anonymous)'} ${e.args!.data!.url!.replace(/^.*\//, '')}:${e.args!.data!.lineNumber}`)
    console.log(`  ${((t.ts - click.ts) / 1000).toFixed(0).padStart(5)} + ${(t.dur! / 1000).toFixed(1).padStart(6)}: ${top}${calls.length ? ` (calls: ${calls.slice(0, 3).join('; ')})` : ''}`)
  }
}

const name = process.argv[2] ?? 'plain page, own button'
const rate = Number(process.argv[3] ?? 4)
const scenario = SCENARIOS.find((s) => s.name === name)
if (!scenario?.gangway) throw new Error(`no Gangway scenario named '${name}' (bench/embed-scenarios.ts)`)

const net = await startLocalnet()
const browser = await launchChromium()
try {
  const context = await localContext(browser)
  const { events, probe: b, breakdown, byScript, byFunction } = await profileClick(context, `${net.web.url}${scenario.path}`, scenario, rate)
  printTasks(events, breakdown.windowMs)
  console.log(
    `window: ${breakdown.windowMs.toFixed(0)} ms (${breakdown.quiet ? 'quiet after it' : 'not quiet by the cap'}), tasks ${breakdown.taskMs.toFixed(1)} ms; by kind (self ms): ${Object.entries(breakdown.byKind)
      .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
      .join(', ')}\n`,
  )
  console.log(`${name} @${rate}x: click → real Connect view rows ${(b.viewRowsAt - b.clickAt).toFixed(0)} ms, shell ${(b.shellAt - b.clickAt).toFixed(0)} ms`)
  console.log('long tasks from the click:', b.longtasks.filter((t) => t.start + t.dur > b.clickAt).map((t) => `${(t.start - b.clickAt).toFixed(0)}+${t.dur.toFixed(0)}`).join(', ') || 'none')
  console.log('\nJS self ms per script in the window (CPU profile):')
  for (const [file, ms] of byScript.slice(0, 12)) console.log(`${ms.toFixed(1).padStart(8)}  ${file}`)
  console.log('\nheaviest functions in the window (self ms):')
  for (const [fn, ms] of byFunction.slice(0, 25)) console.log(`${ms.toFixed(1).padStart(8)}  ${fn}`)
  await context.close()
} finally {
  await browser.close()
  await net.stop()
}
