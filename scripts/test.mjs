// The test suite as `npm test` runs it, sized to a 2-core machine (README: the test command).
// 1. The build (dist/, which the end-to-end tests load). A failure stops here.
// 2. Then everything else side by side, so the end-to-end files, the longest part, start at once:
//    - the typecheck and the layering rules (each a check: a failure counts as one failed test);
//    - the end-to-end files, but those of the example apps, split in two lanes by their last
//      measured duration (tests/e2e/durations.json; a file not listed counts as DEFAULT_SECONDS),
//      each lane with a localnet of its own (its global setup: free ports, drawn from a range of the
//      lane's own), so the lanes share nothing;
//    - the example apps built from the packed tarball (scripts/examples.mjs), then, once they are,
//      the unit projects (unit, and unit-own-globals for the files that need a process of their
//      own; vitest.config.ts; tests/unit/package.test.ts reads the installed tarball) and, in a lane
//      of their own with a localnet of its own, the example apps' end-to-end files. A failed
//      examples build counts as one failed test, and those two lanes do not run. Once the unit
//      lane is done, the Redis lane (the `redis` project, tests/redis: real redis-servers that
//      scripts/ensure-redis.sh installed; it needs neither the examples nor a localnet) runs in the
//      time the end-to-end lanes still take.
//    Each lane prints a line per finished file (tests/reporters/progress.ts) and writes a blob report.
// 3. The blob reports merged into the full report and the plain line `N passed, N failed`
//    (tests/reporters/summary.ts, which .ci/run prints again last), the failed checks added. A lane
//    that ended without its report (it crashed, its localnet did not start) counts as one failed
//    test more.
// The measured durations of this run are written to test-results/e2e-durations.json; copy it over
// tests/e2e/durations.json when the files change much.
//   node scripts/test.mjs            (run by `npm test`, after scripts/ensure-chromium.sh)
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const REPORTS = join(root, '.vitest-reports')
const SUMMARY = join(root, 'test-results/summary.json')
/** What an e2e file not in durations.json is taken to last, in s. */
const DEFAULT_SECONDS = 10
const started = Date.now()
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`

/** The last lines of each run's output, and how it ended, by name: printed again for a lane that wrote no report. */
const ends = new Map()
/** How many of a run's last output lines are kept for that. */
const TAIL_LINES = 40

/**
 * Runs `cmd args` (with `env` added to this process's), each output line prefixed with `[name]` (in
 * colour on a terminal, plain in a log); resolves with the exit code (1 when a signal ended it).
 */
function run(name, cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }), ...env } })
    const tail = []
    const print = (line) => {
      process.stdout.write(`[${name}] ${line}\n`)
      tail.push(line)
      if (tail.length > TAIL_LINES) tail.shift()
    }
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop()
        for (const line of lines) print(line)
      })
      stream.on('end', () => rest && print(rest))
    }
    child.on('close', (code, signal) => {
      ends.set(name, { how: signal ? `ended by ${signal}` : `exit code ${code}`, at: elapsed(), tail })
      resolve(code ?? 1)
    })
  })
}

/** Prints the closing line and writes it for .ci/run; exits with `code`. */
function finish(counts, code) {
  mkdirSync(join(root, 'test-results'), { recursive: true })
  writeFileSync(SUMMARY, JSON.stringify(counts))
  console.log(`\nnpm test took ${elapsed()}`)
  console.log(`${counts.passed} passed, ${counts.failed} failed`)
  process.exit(code)
}

// 1. The build.
rmSync(SUMMARY, { force: true })
if ((await run('build', 'npm', ['run', '--silent', 'build'])) !== 0) {
  console.log('\nThe build failed: no test was run.')
  finish({ passed: 0, failed: 1, skipped: 0 }, 1)
}
console.log(`build done in ${elapsed()}`)

// 2. The checks and the lanes, side by side.
const durations = JSON.parse(readFileSync(join(root, 'tests/e2e/durations.json'), 'utf8'))
const e2eFiles = ['tests/e2e', 'tests/contract'].flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`))
/** The end-to-end files of the example apps: they need the examples built (scripts/examples.mjs). */
const exampleFiles = e2eFiles.filter((f) => /\/example-[^/]*\.test\.ts$/.test(f))
const lanes = [[], []]
const load = [0, 0]
// Longest first, each to the lane with less so far: the two lanes end close together.
for (const file of e2eFiles.filter((f) => !exampleFiles.includes(f)).sort((a, b) => (durations[b] ?? DEFAULT_SECONDS) - (durations[a] ?? DEFAULT_SECONDS) || a.localeCompare(b))) {
  const lane = load[0] <= load[1] ? 0 : 1
  lanes[lane].push(file)
  load[lane] += durations[file] ?? DEFAULT_SECONDS
}
rmSync(REPORTS, { recursive: true, force: true })
const blob = (name) => ['--reporter=./tests/reporters/progress.ts', '--reporter=blob', `--outputFile.blob=${join(REPORTS, `${name}.json`)}`]
const e2eRuns = lanes.map((files, i) => [`e2e-${i + 1}`, ['run', '--project', 'e2e', ...blob(`e2e-${i + 1}`), ...files]])
const afterExamples = [
  ['unit', ['run', '--project', 'unit', '--project', 'unit-own-globals', ...blob('unit')]],
  ['e2e-examples', ['run', '--project', 'e2e', ...blob('e2e-examples'), ...exampleFiles]],
]
const afterUnit = ['redis', ['run', '--project', 'redis', ...blob('redis')]]
/** The lanes with a localnet of their own. */
const localnetRuns = [...e2eRuns, ...afterExamples]
const laneRuns = [...localnetRuns, afterUnit]
console.log(`lanes: e2e-1 ${lanes[0].length} files (≈${load[0]} s); e2e-2 ${lanes[1].length} files (≈${load[1]} s); after the examples: unit then redis; e2e-examples ${exampleFiles.length} files`)
// Each lane draws its servers' ports from a part of the localnet's port range of its own
// (localnet/ports.ts), so two localnets starting at once never pick the same port.
// The Redis lane starts no localnet (its redis-servers take free ports of their own).
const lane = ([name, args]) => {
  const slice = localnetRuns.findIndex(([n]) => n === name)
  return run(name, 'npx', ['vitest', ...args], slice < 0 ? {} : { GANGWAY_PORT_SLICE: `${slice}/${localnetRuns.length}` })
}
const [typecheck, layering, examples, ...codes] = await Promise.all([
  run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  run('layering', 'npm', ['run', '--silent', 'lint:deps']),
  run('examples', 'npm', ['run', '--silent', 'examples']).then(async (code) => {
    if (code !== 0) return [code]
    const [[unit, redis], e2eExamples] = await Promise.all([lane(afterExamples[0]).then(async (u) => [u, await lane(afterUnit)]), lane(afterExamples[1])])
    return [0, unit, e2eExamples, redis]
  }),
  ...e2eRuns.map(lane),
]).then(([t, l, [e, ...after], ...e2e]) => [t, l, e, ...e2e, ...after])
const failedChecks = Object.entries({ typecheck, 'layering rules': layering, 'examples build': examples }).filter(([, code]) => code !== 0).map(([name]) => name)
// A lane that did not run for a failed examples build is counted there, not again here.
const missing = (examples === 0 ? laneRuns : e2eRuns).filter(([name]) => !existsSync(join(REPORTS, `${name}.json`))).map(([name]) => name)

// 3. The full report.
const merged = await run('report', 'npx', ['vitest', 'run', '--merge-reports', REPORTS, '--reporter=default', '--reporter=./tests/reporters/summary.ts', '--reporter=json', `--outputFile.json=${join(root, 'test-results/vitest.json')}`])
let counts = { passed: 0, failed: 1, skipped: 0 }
try {
  counts = JSON.parse(readFileSync(SUMMARY, 'utf8'))
} catch {
  console.log('The merged report wrote no counts.')
}
if (failedChecks.length) {
  console.log(`Checks that failed (each counted as one failure): ${failedChecks.join(', ')}`)
  counts.failed += failedChecks.length
}
if (missing.length) {
  console.log(`Lanes that ended without a report (each counted as one failure): ${missing.join(', ')} (exit codes ${codes.join(', ')})`)
  for (const name of missing) {
    const end = ends.get(name)
    if (!end) continue
    console.log(`\n${name}: ${end.how}, ${end.at} after the start; its last ${end.tail.length} lines:`)
    for (const line of end.tail) console.log(`  ${line}`)
  }
  counts.failed += missing.length
}
try {
  const report = JSON.parse(readFileSync(join(root, 'test-results/vitest.json'), 'utf8'))
  const measured = Object.fromEntries(report.testResults.filter((t) => /\/tests\/(e2e|contract)\//.test(t.name)).map((t) => [t.name.slice(t.name.search(/tests\/(e2e|contract)\//)), Math.max(1, Math.round((t.endTime - t.startTime) / 1000))]))
  writeFileSync(join(root, 'test-results/e2e-durations.json'), `${JSON.stringify(measured, Object.keys(measured).sort(), 2)}\n`)
} catch {
  // No report to measure: nothing to write.
}
finish(counts, counts.failed > 0 || merged !== 0 || codes.some((c) => c !== 0) ? 1 : 0)
