// The package a site installs (issue 22), as `npm run examples` packed it and installed it into
// examples/*/node_modules: every export has its declaration file behind the `types` condition and
// in the tarball; `sideEffects` lets a tree-shaking bundler (esbuild) drop what a site does not
// import, and keep the loader a bare import asks for; the README's install snippets typecheck
// under `strict` and bundle against the installed package. Needs `npm run build && npm run examples`
// first (npm test runs both).
import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { types: string; default: string }>; sideEffects: string[] }
const example = (name: string) => join(root, 'examples', name)
const tarball = join(root, 'examples/gangway.tgz')

beforeAll(() => {
  for (const needed of [tarball, join(example('ethers-page'), 'node_modules/gangway/package.json'), join(example('wagmi-react'), 'node_modules/wagmi/package.json')]) {
    if (!existsSync(needed)) throw new Error(`${needed} is missing: run \`npm run build && npm run examples\` first (npm test does)`)
  }
})

/** Bundles `contents` as a site's entry in `dir` (whose node_modules has the tarball installed), minified, `external` left as imports; returns the output. */
async function bundle(contents: string, dir = example('ethers-page'), external: string[] = []): Promise<string> {
  const out = await build({ stdin: { contents, resolveDir: dir, loader: 'ts' }, bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, logLevel: 'silent', external })
  return out.outputFiles[0]!.text
}

describe('the packed package', () => {
  it('has a declaration file for every export, behind its types condition, in the tarball', () => {
    const packed = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n')
    for (const [name, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue // ./package.json
      expect(Object.keys(target), name).toEqual(['types', 'default'])
      expect(packed, name).toContain(`package/${target.types.slice(2)}`)
      expect(packed, name).toContain(`package/${target.default.slice(2)}`)
    }
    expect(Object.keys(pkg.exports)).toEqual(['.', './react', './wagmi', './siwx-server', './siwx-server/redis', './auth-reown', './package.json'])
  })

  it('lets a bundler drop what a site does not import, and keeps the loader a bare import asks for', async () => {
    expect(pkg.sideEffects).toEqual(['./dist/loader.js', './dist/react-views.js', './dist/chunk-*.js'])
    // Imported and unused: nothing of Gangway is left.
    expect(await bundle(`import { gangway } from 'gangway/wagmi'\nimport { createModal } from 'gangway/react'\n`)).toBe('')
    // Imported for its effect: the loader stays, defining <gangway-button>.
    expect(await bundle(`import 'gangway'\n`)).toContain('gangway-button')
    // Used: the connector alone, with none of the loader.
    const connector = await bundle(`import { gangway } from 'gangway/wagmi'\nconsole.log(gangway)\n`)
    expect([connector.includes('isAuthorized'), connector.includes('gangway-button')]).toEqual([true, false])
    // The Reown adapter: nothing when unused; used, the adapter alone, its client left to a dynamic import.
    expect(await bundle(`import { reownAuth } from 'gangway/auth-reown'\n`)).toBe('')
    const reown = await bundle(`import { reownAuth } from 'gangway/auth-reown'\nconsole.log(reownAuth())\n`, example('ethers-page'), ['@reown/appkit-wallet'])
    expect([reown.includes('import("@reown/appkit-wallet")'), reown.includes('w3m-iframe'), reown.includes('gangway-button')]).toEqual([true, true, false])
  })

  it("the README's install snippets typecheck under strict and bundle against the installed tarball", async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('## Installing'), readme.indexOf('## Embedding'))
    const snippets = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!)
    expect(snippets).toHaveLength(3)
    // One typecheck an example (the snippets are modules of their own; tsc names the file of an error), then each snippet bundled.
    const byExample = new Map<string, { code: string; file: string }[]>()
    snippets.forEach((code, i) => {
      const dir = example(code.includes("from 'wagmi'") ? 'wagmi-react' : 'ethers-page')
      byExample.set(dir, [...(byExample.get(dir) ?? []), { code, file: `readme-snippet-${i}.ts` }])
    })
    await Promise.all(
      [...byExample].map(async ([dir, group]) => {
        const config = 'tsconfig.readme-snippets.json'
        for (const { code, file } of group) writeFileSync(join(dir, file), code)
        writeFileSync(join(dir, config), JSON.stringify({ extends: './tsconfig.json', include: group.map(({ file }) => file) }))
        try {
          await promisify(execFile)(join(dir, 'node_modules/.bin/tsc'), ['--noEmit', '-p', config], { cwd: dir, encoding: 'utf8' })
          for (const { code } of group) expect((await bundle(code, dir)).length, code).toBeGreaterThan(1000)
        } catch (error) {
          throw new Error(`README snippets ${group.map(({ file }) => file).join(', ')}:\n${group.map(({ code }) => code).join('\n')}\n${String((error as { stdout?: string }).stdout ?? error)}`)
        } finally {
          for (const { file } of group) rmSync(join(dir, file))
          rmSync(join(dir, config))
        }
      }),
    )
  }, 120_000)
})
