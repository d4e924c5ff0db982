// Builds the example apps (examples/*) against the package as a site installs it (issue 22):
// `npm pack` of this checkout's dist/ to examples/gangway.tgz, then in each example `npm ci` from
// its committed lock file (which names gangway by that file, without an integrity, so the fresh
// tarball is the one installed), `tsc --noEmit` under `strict`, and its build to examples/<name>/dist.
// `node scripts/examples.mjs [name…]` (npm test runs it after the build; run `npm run build` first).
import { execFileSync, spawn } from 'node:child_process'
import { readdirSync, renameSync, existsSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const examples = join(root, 'examples')
if (!existsSync(join(root, 'dist/loader.d.ts'))) throw new Error('dist/ is missing or has no declarations: run `npm run build` first')

const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', examples], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop()
renameSync(join(examples, packed), join(examples, 'gangway.tgz'))

/** Runs `cmd args` in `cwd`, its output prefixed with the example's name; rejects on a non-zero exit. */
const run = (name, cwd, cmd, args) =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${name}: ${cmd} ${args.join(' ')} exited ${code}\n${out}`))))
  })

const wanted = process.argv.slice(2)
const names = readdirSync(examples, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(examples, d.name, 'package.json')) && (!wanted.length || wanted.includes(d.name))).map((d) => d.name)
const started = Date.now()
await Promise.all(
  names.map(async (name) => {
    const cwd = join(examples, name)
    const t = Date.now()
    await run(name, cwd, 'npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'])
    await run(name, cwd, 'npm', ['run', '--silent', 'typecheck'])
    const built = (await run(name, cwd, 'npm', ['run', '--silent', 'build'])).trim()
    console.log(`examples/${name}: installed from the tarball, typechecked (strict), built in ${((Date.now() - t) / 1000).toFixed(1)} s${built ? `\n  ${built}` : ''}`)
  }),
)
console.log(`${names.length} examples in ${((Date.now() - started) / 1000).toFixed(1)} s`)
