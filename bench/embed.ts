/**
 * bench/embed: what Gangway costs a host page, measured in Debian's Chromium on the localnet demo
 * site against the same page without Gangway (budgets.md). The scenarios (bench/embed-scenarios.ts):
 * the demo page with `<gangway-button>` (the pointer rests on it 150 ms before the click, as a
 * person's does, which warms the views up), a plain page and a React page (`useModal().open()`)
 * whose own button opens the modal with no hover first, and the pages without Gangway. For 1x and
 * 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), median of 5 runs with min and max:
 * - gzip KB of Gangway JavaScript fetched before the load event, before the first click (idle
 *   downloads included), and on open (until 3 s after the click: the worker's WalletConnect sign
 *   client, fetched 1 s after the first open, included);
 * - total blocking time from navigation to load + 3 s (long tasks' time over 50 ms);
 * - click to shell painted, click to the Connect view's wallet rows visible in the shell or in the
 *   views, and click to the real Connect view's rows (the page idle for 3 s first);
 * - long tasks between the click and the real view's rows (the sum of their durations), and the
 *   main thread's task time from the click to 1 s after it (the RunTask events of a trace,
 *   bench/click-task-time.ts), with its excess over the same page without Gangway;
 * - main-thread JS heap 3 s after the click (after a GC), and the worker's heap.
 * Prints two tables and writes bench/results/embed.json. It asserts nothing.
 */
import { startLocalnet } from '../localnet/start.js'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import { measureEmbed, type EmbedSample } from './embed-measure.js'
import { SCENARIOS as ALL_SCENARIOS, type EmbedScenario } from './embed-scenarios.js'
import { printTable, spread, writeResult } from './stats.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
/** BENCH_RATES (e.g. `4`) and BENCH_SCENARIOS (names, separated by '|') narrow a run while working; the report runs all. */
const RATES = (process.env.BENCH_RATES ?? '1,4').split(',').map(Number)
const SCENARIOS = process.env.BENCH_SCENARIOS ? ALL_SCENARIOS.filter((s) => process.env.BENCH_SCENARIOS!.split('|').includes(s.name)) : ALL_SCENARIOS

type Spread = ReturnType<typeof spread>
const key = (name: string, rate: number) => `${name} @${rate}x CPU`

const net = await startLocalnet()
const browser = await launchChromium()
const results: Record<string, Record<keyof EmbedSample, Spread>> = {}
/** The Gangway scripts fetched before the click, over all runs of a scenario and rate, by key. */
const filesBeforeClick: Record<string, string[]> = {}
try {
  for (const rate of RATES) {
    for (const scenario of SCENARIOS) {
      const samples: EmbedSample[] = []
      const files = new Set<string>()
      for (let i = 0; i < RUNS; i++) {
        const context = await localContext(browser)
        samples.push(await measureEmbed(context, `${net.web.url}${scenario.path}`, scenario, rate, files))
        await context.close()
      }
      const fields = Object.keys(samples[0]!) as (keyof EmbedSample)[]
      filesBeforeClick[key(scenario.name, rate)] = [...files].sort()
      results[key(scenario.name, rate)] = Object.fromEntries(fields.map((k) => [k, spread(samples.map((s) => s[k]))])) as Record<keyof EmbedSample, Spread>
    }
  }
} finally {
  await browser.close()
  await net.stop()
}

const fmt = (s: Spread, digits = 1) => (Number.isNaN(s.median) ? 'n/a' : `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`)
/** A table column: a field of EmbedSample (shown as median (min–max)), or a cell computed from the scenario and rate. */
type Column = [header: string, cell: keyof EmbedSample | ((scenario: EmbedScenario, rate: number) => string)]
/** Prints one table: a row per rate and scenario. */
const table = (title: string, columns: Column[]) =>
  printTable(
    title,
    ['', ...columns.map(([header]) => header)],
    RATES.flatMap((rate) =>
      SCENARIOS.map((s) => [key(s.name, rate), ...columns.map(([, cell]) => (typeof cell === 'function' ? cell(s, rate) : fmt(results[key(s.name, rate)]![cell])))]),
    ),
  )
/** The task time's median over the median of the same page without Gangway, at the same rate. */
const overBaseline = (s: EmbedScenario, rate: number) =>
  s.baseline && results[key(s.baseline, rate)] ? (results[key(s.name, rate)]!.taskMsClickTo1s.median - results[key(s.baseline, rate)]!.taskMsClickTo1s.median).toFixed(1) : '—'

table(`bench/embed: median (min–max) of ${RUNS} runs, headless Chromium, Gangway's JS only`, [
  ['JS KB gz before load', 'kbBeforeLoad'],
  ['JS KB gz before click', 'kbBeforeClick'],
  ['JS KB gz on open', 'kbOnOpen'],
  ['TBT ms (to load+3s)', 'tbtMs'],
  ['click→shell ms', 'clickToShellMs'],
  ['click→wallet rows ms', 'clickToRowsMs'],
  ['main heap MiB', 'heapMiB'],
  ['worker heap MiB', 'workerHeapMiB'],
])
table(`bench/embed, from the click: median (min–max) of ${RUNS} runs; the pointer rests 150 ms on <gangway-button> first, the pages' own buttons are clicked at once`, [
  ['click→shell ms', 'clickToShellMs'],
  ['click→real Connect view rows ms', 'clickToViewRowsMs'],
  ['long tasks click→view ms', 'longTasksToViewMs'],
  ['main-thread task ms, click→+1 s', 'taskMsClickTo1s'],
  ['task ms over the page without Gangway', overBaseline],
])
console.log(`\nGangway's scripts fetched before the click (all runs; chunk-*.js are shared chunks, named by hash):`)
for (const [k, files] of Object.entries(filesBeforeClick)) console.log(`  ${k}: ${files.join(' ') || 'none'}`)
console.log('\nPages (localnet/demo): ' + SCENARIOS.map((s) => `${s.name}: ${s.path}${s.baseline ? ` (baseline: ${s.baseline})` : ''}`).join('; '))
writeResult('embed', { runs: RUNS, scenarios: SCENARIOS, results, filesBeforeClick })
