// Every public export of the package (each entry of package.json's "exports", by its source file)
// carries a docstring with an `@example`, as viem's actions do: a site's developer sees how to call
// it where the editor shows the type. Read with TypeScript's own parser and checker over the
// project's tsconfig.json, so a re-export is followed to its declaration.
import { dirname, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** The package's entries (scripts/build-types.mjs TYPED_ENTRIES): the subpath → its source. */
const ENTRIES: Record<string, string> = {
  gangway: 'src/ui/loader.ts',
  'gangway/react': 'src/react/index.tsx',
  'gangway/siwx-server': 'src/siwx-server/index.ts',
  'gangway/siwx-server/redis': 'src/siwx-server/redis-store.ts',
  'gangway/wagmi': 'src/wagmi/index.ts',
  'gangway/auth-reown': 'src/auth-reown/index.ts',
}

/** The project's program over the entries (the checker resolves their exports). */
function program(): ts.Program {
  const configPath = resolve('tsconfig.json')
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)) } })!
  return ts.createProgram({ rootNames: Object.values(ENTRIES).map((f) => resolve(f)), options: { ...config.options, noEmit: true }, projectReferences: config.projectReferences })
}

/** The exports of `file` with no declaration whose docstring has an `@example` (those marked `@internal` aside), as 'entry: name'. */
function withoutExample(p: ts.Program, entry: string, file: string): string[] {
  const checker = p.getTypeChecker()
  const source = p.getSourceFile(resolve(file))!
  const module = checker.getSymbolAtLocation(source)!
  return checker.getExportsOfModule(module).flatMap((exported) => {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    const tags = (symbol.declarations ?? []).flatMap((d) => ts.getJSDocTags(d).map((tag) => tag.tagName.text))
    // `@internal`: left out of the published types (scripts/build-types.mjs stripInternal).
    return tags.includes('example') || tags.includes('internal') ? [] : [`${entry}: ${exported.name}`]
  })
}

describe('public exports', () => {
  it('each export of each package entry has a docstring with an @example', () => {
    const p = program()
    const missing = Object.entries(ENTRIES).flatMap(([entry, file]) => withoutExample(p, entry, file))
    expect(missing).toEqual([])
  })

  it('the check finds an export without one', () => {
    const file = resolve(dirname(resolve('tsconfig.json')), 'tests/unit/fixtures/public-examples.ts')
    const host = ts.createCompilerHost({ noEmit: true })
    const texts: Record<string, string> = { [file]: '/** Has one.\n * @example\n * ```ts\n * a()\n * ```\n */\nexport function a() {}\n/** Has none. */\nexport const b = 1\n/** Not published. @internal */\nexport const c = 2\n' }
    const read = host.readFile
    host.readFile = (f) => texts[f] ?? read(f)
    host.fileExists = ((exists) => (f: string) => f in texts || exists(f))(host.fileExists)
    const p = ts.createProgram({ rootNames: [file], options: { noEmit: true }, host })
    expect(withoutExample(p, 'fixture', file)).toEqual(['fixture: b'])
  })
})
