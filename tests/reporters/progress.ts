/**
 * A one-line-per-file vitest reporter for the lanes scripts/test.mjs runs side by side: as each test
 * file ends, `✓` or `×`, its project, its path, how many tests and how long it took. Whole lines
 * only, so the lanes' outputs interleave readably; the full report comes after, when the lanes'
 * blob reports are merged.
 */
import type { Reporter, TestModule } from 'vitest/node'

export default class ProgressReporter implements Reporter {
  onTestModuleEnd(module: TestModule): void {
    const tests = [...module.children.allTests()]
    const failed = module.state() === 'failed' || tests.some((t) => t.result().state === 'failed')
    const seconds = ((module.diagnostic().duration ?? 0) / 1000).toFixed(1)
    process.stdout.write(`${failed ? '×' : '✓'} ${module.project.name} ${module.moduleId.replace(`${process.cwd()}/`, '')} (${tests.length} tests) ${seconds} s\n`)
  }
}
