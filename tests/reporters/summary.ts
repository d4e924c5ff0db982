/**
 * A vitest reporter beside the default one: at the end of a run it counts the tests that passed and
 * failed, a test file that failed to load (or errored outside its tests) and every unhandled error
 * counting as one failure, prints the plain line `N passed, N failed` that CI reads, and writes the
 * counts to `test-results/summary.json` for `.ci/run`, which prints the line again as its last.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/** Where the counts go: `{ passed, failed, skipped }`. */
export const SUMMARY_FILE = 'test-results/summary.json'

/** The counts of one run: tests by their result; a module with errors of its own and no failed test counts once as failed. */
export function countResults(modules: readonly TestModule[], unhandledErrors: number): { passed: number; failed: number; skipped: number } {
  let passed = 0
  let failed = unhandledErrors
  let skipped = 0
  for (const module of modules) {
    let failedHere = 0
    for (const test of module.children.allTests()) {
      const state = test.result().state
      if (state === 'passed') passed++
      else if (state === 'failed') failedHere++
      else skipped++
    }
    // A file that did not load, or whose hooks threw, has errors of its own that no test carries.
    if (failedHere === 0 && (module.state() === 'failed' || module.errors().length > 0)) failedHere = 1
    failed += failedHere
  }
  return { passed, failed, skipped }
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[], unhandledErrors: readonly unknown[]): void {
    const counts = countResults(modules, unhandledErrors.length)
    mkdirSync('test-results', { recursive: true })
    writeFileSync(SUMMARY_FILE, JSON.stringify(counts))
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}\n`)
  }
}
