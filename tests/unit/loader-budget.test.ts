// The loader is the only Gangway file a host page fetches before its load event, and its budget is
// 3.5 KB gzip (../shared/budgets.md 1, docs/architecture.md). Counted as the build reports it:
// Node's zlib at level 9 (gzip -9 may count a few bytes fewer). Needs `npm run build` first (npm test runs it).
import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const loader = fileURLToPath(new URL('../../dist/loader.js', import.meta.url))
/** 3.5 KB, in bytes. */
const BUDGET = 3.5 * 1024

describe('the loader', () => {
  it('is at most 3.5 KB gzip', () => {
    if (!existsSync(loader)) throw new Error(`${loader} is missing: run \`npm run build\` first (npm test does)`)
    expect(gzipSync(readFileSync(loader), { level: 9 }).length).toBeLessThanOrEqual(BUDGET)
  })
})
