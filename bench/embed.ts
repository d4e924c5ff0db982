/**
 * bench/embed: what Gangway costs a host page, measured in Debian's Chromium on the localnet demo
 * site against the same page without Gangway (budgets.md). The scenarios (bench/embed-scenarios.ts):
 * the demo page with `<gangway-button>` (the pointer rests on it 150 ms before the click, as a
 * person's does, which warms the views up), a plain page and a React page (`useModal().open()`)
 * whose own button opens the modal with no hover first, and the pages without Gangway. For 1x and
 * 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), median of 5 runs with min and max:
 * - gzip KB of Gangway JavaScript fetched before the load event, before the first click (idle
 *   downloads included), and on open (until the heaps are read, 7.2 s after the click: the worker's
 *   WalletConnect sign client, fetched 1 s after the first open, included);
 * - total blocking time from navigation to load + 3 s (long tasks' time over 50 ms);
 * - click to shell painted, click to the Connect view's wallet rows visible in the shell or in the
 *   views, and click to the real Connect view's rows (the page idle for 3 s first);
 * - long tasks between the click and the real view's rows (the sum of their durations); the main
 *   thread's task time from the click to 1 s after it (the RunTask events of a trace,
 *   bench/click-breakdown.ts) and from the click until the thread has been quiet for 2 s, at most
 *   5 s (bench/click-breakdown.ts QUIET), each with its excess over the same page without Gangway,
 *   and when the quiet began;
 * - main-thread JS heap 7.2 s after the click (after a GC), and the worker's heap.
 * For the plain page with its own button and the React page, one profiled click per rate (a run of
 * its own, not in the medians; bench/click-profile-run.ts): its task time until quiet by kind of
 * work (script, style, layout, paint, GC, other) and the JS self time by script and by function.
 * Then, on the demo page, the plain page and the React page, at the same rates, median and worst of
 * RUNS runs, each in a fresh context (bench/embed-interactions.ts):
 * - in-modal interactions, input → result painted ms: a keystroke in All Wallets' search, the
 *   Account tabs →NFTs and →Activity, Send opened, Back from Send, Networks opened, each click after
 *   the pointer rested 150 ms on its button (an interaction the page does not offer shows n/a, with
 *   why: the plain and React pages configure no wallet/config or NFT service);
 * - the Event Timing duration of each one's interaction (the "next paint" number), and in how many
 *   runs a long task overlapped it.
 * BENCH_INTERACTIONS=0 leaves the interactions out.
 * Prints two tables, the profiles, three tables of interactions (and why an interaction is n/a),
 * and writes bench/results/embed.json. It asserts nothing.
 */
import { startLocalnet } from '../localnet/start.js'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import { INTERACTIONS, measureInteractions, type InteractionName, type InteractionSample } from './embed-interactions.js'
import { profileClick, type ProfiledClick } from './click-profile-run.js'
import { measureEmbed, type EmbedSample } from './embed-measure.js'
import { SCENARIOS as ALL_SCENARIOS, type EmbedScenario } from './embed-scenarios.js'
import { printTable, spread, writeResult } from './stats.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
/** BENCH_RATES (e.g. `4`) and BENCH_SCENARIOS (names, separated by '|') narrow a run while working; the report runs all. */
const RATES = (process.env.BENCH_RATES ?? '1,4').split(',').map(Number)
const SCENARIOS = process.env.BENCH_SCENARIOS ? ALL_SCENARIOS.filter((s) => process.env.BENCH_SCENARIOS!.split('|').includes(s.name)) : ALL_SCENARIOS
/** The host pages whose in-modal interactions are timed (those of SCENARIOS); none under BENCH_INTERACTIONS=0. */
const INTERACTION_PAGES = process.env.BENCH_INTERACTIONS === '0' ? [] : SCENARIOS.filter((s) => ['Gangway demo', 'plain page, own button', 'React page, useModal().open()'].includes(s.name))
/** The host pages whose click is profiled once per rate (a run of its own, not in the medians): where the time until quiet goes. */
const PROFILED_PAGES = SCENARIOS.filter((s) => ['plain page, own button', 'React page, useModal().open()'].includes(s.name))

type Spread = ReturnType<typeof spread>
const key = (name: string, rate: number) => `${name} @${rate}x CPU`

const net = await startLocalnet()
const browser = await launchChromium()
const results: Record<string, Record<keyof EmbedSample, Spread>> = {}
/** The Gangway scripts fetched before the click, over all runs of a scenario and rate, by key. */
const filesBeforeClick: Record<string, string[]> = {}
/** An interaction over the runs of a page and rate: times in ms as median, min and max; the runs a long task overlapped it; why the page does not offer it. */
interface InteractionSummary {
  resultPaintMs: Spread
  eventDurationMs: Spread
  longTaskRuns: number
  unavailable?: string
}
/** The in-modal interactions by key (page and rate), then by name. */
const interactions: Record<string, Record<InteractionName, InteractionSummary>> = {}
/** The profiled click of each of PROFILED_PAGES, by key, without its raw trace. */
const profiles: Record<string, Omit<ProfiledClick, 'events'>> = {}
try {
  for (const rate of RATES) {
    for (const scenario of PROFILED_PAGES) {
      const context = await localContext(browser)
      const { events: _, ...profiled } = await profileClick(context, `${net.web.url}${scenario.path}`, scenario, rate)
      profiles[key(scenario.name, rate)] = profiled
      await context.close()
    }
  }
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
  for (const rate of RATES) {
    for (const scenario of INTERACTION_PAGES) {
      const samples: InteractionSample[] = []
      for (let i = 0; i < RUNS; i++) {
        const context = await localContext(browser)
        try {
          samples.push(await measureInteractions(context, `${net.web.url}${scenario.path}`, rate))
        } finally {
          await context.close()
        }
      }
      interactions[key(scenario.name, rate)] = Object.fromEntries(
        INTERACTIONS.map((name) => {
          const runs = samples.map((s) => s[name])
          const unavailable = runs.find((r) => r.unavailable)?.unavailable
          const summary: InteractionSummary = {
            resultPaintMs: spread(runs.map((r) => r.resultPaintMs)),
            eventDurationMs: spread(runs.map((r) => r.eventDurationMs)),
            longTaskRuns: runs.filter((r) => r.longTask).length,
            ...(unavailable ? { unavailable } : {}),
          }
          return [name, summary]
        }),
      ) as Record<InteractionName, InteractionSummary>
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
/** A task time's median over the median of the same page without Gangway, at the same rate. */
const overBaseline = (field: 'taskMsClickTo1s' | 'taskMsToQuiet') => (s: EmbedScenario, rate: number) =>
  s.baseline && results[key(s.baseline, rate)] ? (results[key(s.name, rate)]![field].median - results[key(s.baseline, rate)]![field].median).toFixed(1) : '—'

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
  ['task ms over the page without Gangway', overBaseline('taskMsClickTo1s')],
  ['task ms, click→quiet', 'taskMsToQuiet'],
  ['over the page without Gangway', overBaseline('taskMsToQuiet')],
  ['quiet after ms', 'quietAfterMs'],
])
for (const [k, p] of Object.entries(profiles)) {
  const ms = (entries: [string, number][], n: number) => entries.slice(0, n).map(([what, t]) => `${what} ${t.toFixed(1)}`).join(', ')
  console.log(`\nprofiled click, ${k} (one run of its own, under a CPU profile and a detailed trace, which slow it): ${p.breakdown.windowMs.toFixed(0)} ms to quiet${p.breakdown.quiet ? '' : ' (not quiet by the cap)'}, tasks ${p.breakdown.taskMs.toFixed(1)} ms`)
  console.log(`  by kind (self ms): ${ms(Object.entries(p.breakdown.byKind), 7)}`)
  console.log(`  JS self ms by script: ${ms(p.byScript, 8)}`)
  console.log(`  heaviest functions (self ms): ${ms(p.byFunction, 10)}`)
}
console.log(`\nGangway's scripts fetched before the click (all runs; chunk-*.js are shared chunks, named by hash):`)
for (const [k, files] of Object.entries(filesBeforeClick)) console.log(`  ${k}: ${files.join(' ') || 'none'}`)
console.log('\nPages (localnet/demo): ' + SCENARIOS.map((s) => `${s.name}: ${s.path}${s.baseline ? ` (baseline: ${s.baseline})` : ''}`).join('; '))

if (INTERACTION_PAGES.length) {
  /** A median (worst) cell, or n/a. */
  const worst = (s: Spread) => (Number.isNaN(s.median) ? 'n/a' : `${s.median.toFixed(1)} (${s.max.toFixed(1)})`)
  const interactionTable = (title: string, cell: (i: InteractionSummary) => string) =>
    printTable(
      title,
      ['', ...INTERACTIONS],
      RATES.flatMap((rate) => INTERACTION_PAGES.map((s) => [key(s.name, rate), ...INTERACTIONS.map((name) => cell(interactions[key(s.name, rate)]![name]))])),
    )
  interactionTable(`in-modal interactions: input → result painted ms, median (worst) of ${RUNS} runs`, (i) => worst(i.resultPaintMs))
  interactionTable(`in-modal interactions: Event Timing duration ms (the input's interaction, next paint), median (worst) of ${RUNS} runs; 16 = at or under the 16 ms threshold`, (i) => worst(i.eventDurationMs))
  interactionTable(`in-modal interactions: runs with a long task (over 50 ms) from the input to the result painted, of ${RUNS}`, (i) => (i.unavailable ? 'n/a' : String(i.longTaskRuns)))
  const why = new Map<string, string>()
  for (const [k, byName] of Object.entries(interactions)) for (const [name, i] of Object.entries(byName)) if (i.unavailable) why.set(`${name} on ${k.replace(/ @\d+x CPU$/, '')}`, i.unavailable)
  for (const [what, reason] of why) console.log(`  n/a: ${what}: ${reason}`)
}
writeResult('embed', { runs: RUNS, scenarios: SCENARIOS, results, filesBeforeClick, interactions, profiles })
