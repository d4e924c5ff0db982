// What dist/ ships runs under a strict Content-Security-Policy (script-src 'self', no
// 'unsafe-eval'; issue 16): no file evaluates a string as code. Reads the built files, so it runs
// after `npm run build` (npm test builds first).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const DIST = 'dist'

/** Code that evaluates a string: eval(…), new Function(…) or Function(…), and the string forms of setTimeout/setInterval. */
const EVALUATES = [
  { name: 'eval(', pattern: /(?<![\w$.])eval\s*\(/ },
  { name: 'Function constructor', pattern: /(?<![\w$.])(?:new\s+)?Function\s*\(/ },
  { name: 'setTimeout/setInterval with a string', pattern: /(?<![\w$])set(?:Timeout|Interval)\s*\(\s*["'`]/ },
]

/** The files of dist/ a page or worker runs (the CLI runs in Node and is not shipped to pages). */
function shippedScripts(): string[] {
  if (!existsSync(join(DIST, 'loader.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
  return readdirSync(DIST).filter((f) => f.endsWith('.js') && f !== 'cli.js')
}

describe('dist under a strict CSP', () => {
  it('no shipped file evaluates a string as code', () => {
    const files = shippedScripts()
    expect(files).toContain('worker.js')
    const found = files.flatMap((file) => {
      const text = readFileSync(join(DIST, file), 'utf8')
      return EVALUATES.filter(({ pattern }) => pattern.test(text)).map(({ name }) => `${file}: ${name}`)
    })
    expect(found).toEqual([])
  })

  it('the scan finds each form it looks for', () => {
    const samples = ['x=eval("1")', 'new Function("return 1")', 'y=Function("a","return a")', 'setTimeout("go()",1)']
    for (const sample of samples) expect(EVALUATES.some(({ pattern }) => pattern.test(sample)), sample).toBe(true)
    for (const harmless of ['a.eval(1)', 'isFunction(x)', 'typeof x=="function"', 'setTimeout(() => 1)', 'retrieval(1)']) expect(EVALUATES.some(({ pattern }) => pattern.test(harmless)), harmless).toBe(false)
  })
})
