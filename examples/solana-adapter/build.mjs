// Bundles src/main.tsx into dist/app.js, copies index.html and config.js, and copies Gangway's lazy
// files (node_modules/gangway/dist) to dist/gangway/, where the page's `assetsUrl` points. Prints
// what of the bundle is Gangway's (the loader; the rest loads later, from ./gangway/).
import { build } from 'esbuild'
import { cpSync, mkdirSync, rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })
mkdirSync('dist')
const { metafile } = await build({
  entryPoints: ['src/main.tsx'],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  outfile: 'dist/app.js',
  metafile: true,
  logLevel: 'warning',
})
cpSync('index.html', 'dist/index.html')
cpSync('config.js', 'dist/config.js')
cpSync('node_modules/gangway/dist', 'dist/gangway', { recursive: true, filter: (f) => !f.endsWith('.map') && !f.endsWith('.d.ts') })
const output = metafile.outputs['dist/app.js']
const ours = Object.entries(output.inputs).filter(([path]) => path.includes('node_modules/gangway/'))
const bytes = (list) => list.reduce((n, [, i]) => n + i.bytesInOutput, 0)
console.log(`dist/app.js: ${output.bytes} B minified, of which Gangway's ${bytes(ours)} B (${ours.map(([p, i]) => `${p.split('node_modules/gangway/')[1]} ${i.bytesInOutput} B`).join(', ')})`)
