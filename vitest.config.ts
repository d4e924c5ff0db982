import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { defineConfig, type Plugin } from 'vitest/config'
import { CATALOGUE_IMPORT, catalogueFiles, catalogueModule } from './scripts/compile-catalogue.mjs'
import { E2E_WAIT_MS } from './tests/e2e/wait.js'

/**
 * The views' catalogues as the build compiles them (the same compile function as esbuild.config.mjs):
 * `./catalogues/es.json?compiled` yields `{ messages }` compiled, `./catalogues/en.json?pseudo` the
 * pseudo-locale. Resolved to a virtual id ending in .js, so vite's JSON plugin leaves them alone.
 */
const catalogues: Plugin = {
  name: 'gangway-catalogues',
  enforce: 'pre',
  resolveId(source, importer) {
    const m = CATALOGUE_IMPORT.exec(source)
    if (!m || !importer) return null
    return `\0catalogue:${m[2]}:${resolve(dirname(importer), m[1]!)}.js`
  },
  load(id) {
    if (!id.startsWith('\0catalogue:')) return null
    const [, kind, file] = /^\0catalogue:(compiled|pseudo|shell):(.*)\.js$/.exec(id) as unknown as [string, 'compiled' | 'pseudo' | 'shell', string]
    for (const watched of kind === 'shell' ? catalogueFiles(dirname(file)) : [file]) this.addWatchFile(watched)
    return catalogueModule(file, { kind })
  },
}

const UNIT = ['src/**/*.test.ts', 'tests/unit/**/*.test.ts']
/**
 * A unit test's and hook's bound, a guard against a hang and nothing more: the unit lane runs beside
 * the end-to-end lanes, and on a busy 2-core machine a test that takes 0.5 s alone can take well over
 * vitest's default 5 s. It sits above the waiting helpers' own bound (tests/unit/wait-bound.ts, 30 s),
 * so a condition never met fails with that helper's message, not with a bare timeout.
 */
const UNIT_BOUND = { testTimeout: 120_000, hookTimeout: 120_000 }
/**
 * The unit files that need a process of their own: those that install a global for good
 * (`fake-indexeddb/auto` puts an `indexedDB` on globalThis) and those that check a global is absent
 * (marked `own-globals`). The other unit files share one module graph (isolate: false), so viem,
 * rxjs and the engine are imported once, not once a file.
 */
const OWN_GLOBALS = ['src', 'tests/unit'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(dir, f))
    .filter((f) => /fake-indexeddb\/auto|\bown-globals\b/.test(readFileSync(f, 'utf8'))),
)

export default defineConfig({
  test: {
    // The default output, then the plain `N passed, N failed` line CI reads (tests/reporters/summary.ts).
    reporters: ['default', './tests/reporters/summary.ts'],
    projects: [
      {
        plugins: [catalogues],
        test: { name: 'unit', include: UNIT, exclude: OWN_GLOBALS, environment: 'node', isolate: false, ...UNIT_BOUND },
      },
      {
        plugins: [catalogues],
        test: { name: 'unit-own-globals', include: OWN_GLOBALS, environment: 'node', ...UNIT_BOUND },
      },
      {
        // gangway/siwx-server on real redis-servers (scripts/ensure-redis.sh installs Debian's
        // package; the tests start their own on free loopback ports), with site instances as
        // processes of their own.
        test: { name: 'redis', include: ['tests/redis/**/*.test.ts'], environment: 'node', fileParallelism: false, testTimeout: 180_000, hookTimeout: 180_000 },
      },
      {
        plugins: [catalogues],
        test: {
          name: 'e2e',
          // The contract tests (tests/contract) ask the localnet's emulators too.
          include: ['tests/e2e/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          environment: 'node',
          // Bounds on a test and a hook, generous: a busy machine only takes longer (tests/e2e/wait.ts).
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // expect.poll waits on state as the waiting helpers do (E2E_WAIT_MS): vitest's default of 1 s
          // fails a poll whose state a busy machine brings a little later (a framed page's first script).
          expect: { poll: { timeout: E2E_WAIT_MS } },
          fileParallelism: false,
          // The files of a lane share one module graph (no e2e file mocks a module or a global), so
          // viem, playwright-core and the localnet's modules are imported once a lane, not once a file.
          isolate: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
        },
      },
    ],
  },
})
