// Every error Gangway throws is typed (docs/architecture.md "Errors"): a GangwayError or one of its
// subclasses (src/events/kernel/errors.ts, src/events/engine-errors.ts), with a category, a stable message and details, so a
// caller branches on the class, not on the English text. This test parses src/ with TypeScript and
// fails on a plain `new Error(…)` / `Error(…)` or a class that `extends Error` anywhere but the
// base class, except where a line below says why.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** The places a plain error stays, each with its reason. */
const ALLOWED: Record<string, string> = {
  // GangwayError itself: the base of every typed error.
  'src/events/kernel/errors.ts: extends Error': 'the base class',
  // gangway/react may import only the loader, the views and the contract (its dependency rule): no error classes.
  'src/react/context.ts: new Error': 'a hook used outside its provider, a programming error React reports as it does its own',
  // The test error stands for a bug in an effect: what escapes is what a bug would throw (docs/behaviour.md §8 error reports).
  'src/worker/effects/infra/test-error.ts: new Error': 'the debug panel’s test error, a stand-in for a bug',
}

/** `file`'s source parsed, and the line a node starts on. */
function parsed(file: string, source: string): { sf: ts.SourceFile; at: (n: ts.Node) => number } {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  return { sf, at: (n) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1 }
}

/** Every plain error in `file`'s source, as 'path: kind' with its line. */
function plainErrors(file: string, source: string): { key: string; line: number }[] {
  const { sf, at } = parsed(file, source)
  const found: { key: string; line: number }[] = []
  const visit = (n: ts.Node): void => {
    if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && ts.isIdentifier(n.expression) && n.expression.text === 'Error') found.push({ key: `${file}: ${ts.isNewExpression(n) ? 'new Error' : 'Error()'}`, line: at(n) })
    if (ts.isHeritageClause(n) && n.token === ts.SyntaxKind.ExtendsKeyword && n.types.some((t) => ts.isIdentifier(t.expression) && t.expression.text === 'Error')) found.push({ key: `${file}: extends Error`, line: at(n) })
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return found
}

const SOURCES = readdirSync('src', { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
  .map((e) => join(e.parentPath, e.name))

describe('typed errors', () => {
  it('src/ throws no plain Error and declares no error class outside GangwayError’s family', () => {
    // Only a file that names `Error` on its own can hold one (parsing every file would take seconds).
    const found = SOURCES.map((file) => [file, readFileSync(file, 'utf8')] as const)
      .filter(([, source]) => /(?<![\w$])Error\b/.test(source))
      .flatMap(([file, source]) => plainErrors(file, source))
    expect(found.filter((f) => !(f.key in ALLOWED)).map((f) => `${f.key} (line ${f.line})`)).toEqual([])
    // Each exception is still needed.
    expect(Object.keys(ALLOWED).filter((key) => !found.some((f) => f.key === key))).toEqual([])
  })

  it('finds the forms a plain error takes, and not the typed ones', () => {
    const kinds = (code: string) => plainErrors('x.ts', code).map((f) => f.key)
    expect(kinds('throw new Error("a"); throw Error("b"); class E extends Error {}')).toEqual(['x.ts: new Error', 'x.ts: Error()', 'x.ts: extends Error'])
    expect(kinds('throw new GangwayError("a"); throw new TypeError("b"); class E extends GangwayError {} // new Error(')).toEqual([])
  })
})

/** Every string literal in `source` (code, not comments) that is one of `messages`, with its line. */
function registeredLiterals(file: string, source: string, messages: ReadonlySet<string>): { text: string; line: number }[] {
  const { sf, at } = parsed(file, source)
  const found: { text: string; line: number }[] = []
  const visit = (n: ts.Node): void => {
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && messages.has(n.text)) found.push({ text: n.text, line: at(n) })
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return found
}

describe('the error registry (src/events/kernel/error-registry.ts)', () => {
  it('is the only place a registered message is written: everywhere else reads ERRORS or a constant made from it', async () => {
    const { ERRORS } = await import('../../src/events/kernel/error-registry.js')
    const messages = new Set<string>(Object.values(ERRORS).map((e) => e.message))
    const found = SOURCES.filter((file) => !file.endsWith('error-registry.ts'))
      .map((file) => [file, readFileSync(file, 'utf8')] as const)
      .filter(([, source]) => [...messages].some((m) => source.includes(m)))
      .flatMap(([file, source]) => registeredLiterals(file, source, messages).map((f) => `${file}:${f.line} '${f.text}'`))
    expect(found).toEqual([])
  })

  it('finds a registered message in code, not in a comment', () => {
    const messages = new Set(['Modal closed'])
    expect(registeredLiterals('x.ts', "// 'Modal closed'\nconst a = 'Modal closed'; const b = `Modal closed`; const c = 'Modal'", messages).map((f) => f.line)).toEqual([2, 2])
  })
})
