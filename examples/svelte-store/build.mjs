// Bundles src/main.ts into dist/app.js, its .svelte components compiled here by esbuild-svelte (no
// compiler in the browser), copies index.html and config.js, and copies Gangway's lazy files
// (node_modules/gangway/dist) to dist/gangway/, where the page's `assetsUrl` points. Prints what
// of the bundle is Gangway's and what Svelte's.
import { build } from 'esbuild'
import sveltePlugin from 'esbuild-svelte'
import { cpSync, mkdirSync, rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })
mkdirSync('dist')
const { metafile } = await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  // Svelte's client runtime, in its production build.
  mainFields: ['svelte', 'browser', 'module', 'main'],
  conditions: ['svelte', 'browser', 'production'],
  // A component's <style> would go to dist/app.css, not to a <style> element a strict CSP refuses.
  plugins: [sveltePlugin({ compilerOptions: { css: 'external' } })],
  outfile: 'dist/app.js',
  metafile: true,
  logLevel: 'warning',
})
cpSync('index.html', 'dist/index.html')
cpSync('config.js', 'dist/config.js')
cpSync('node_modules/gangway/dist', 'dist/gangway', { recursive: true, filter: (f) => !f.endsWith('.map') && !f.endsWith('.d.ts') })
const output = metafile.outputs['dist/app.js']
const bytesOf = (part) => Object.entries(output.inputs).filter(([path]) => path.includes(part)).reduce((n, [, i]) => n + i.bytesInOutput, 0)
console.log(`dist/app.js: ${output.bytes} B minified, of which Gangway's ${bytesOf('node_modules/gangway/')} B, Svelte's ${bytesOf('node_modules/svelte/') + bytesOf('node_modules/esm-env/') + bytesOf('node_modules/clsx/')} B`)
