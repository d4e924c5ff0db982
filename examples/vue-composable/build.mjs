// Bundles src/main.ts into dist/app.js with Vue's runtime-only build (the components are render
// functions: no template compiler), copies index.html and config.js, and copies Gangway's lazy
// files (node_modules/gangway/dist) to dist/gangway/, where the page's `assetsUrl` points. Prints
// what of the bundle is Gangway's and what Vue's.
import { build } from 'esbuild'
import { cpSync, mkdirSync, rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })
mkdirSync('dist')
const { metafile } = await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  // Vue's esm-bundler build reads these flags: production, no Options API (setup() only), no devtools.
  define: {
    'process.env.NODE_ENV': '"production"',
    __VUE_OPTIONS_API__: 'false',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
  },
  outfile: 'dist/app.js',
  metafile: true,
  logLevel: 'warning',
})
cpSync('index.html', 'dist/index.html')
cpSync('config.js', 'dist/config.js')
cpSync('node_modules/gangway/dist', 'dist/gangway', { recursive: true, filter: (f) => !f.endsWith('.map') && !f.endsWith('.d.ts') })
const output = metafile.outputs['dist/app.js']
const bytesOf = (part) => Object.entries(output.inputs).filter(([path]) => path.includes(part)).reduce((n, [, i]) => n + i.bytesInOutput, 0)
console.log(`dist/app.js: ${output.bytes} B minified, of which Gangway's ${bytesOf('node_modules/gangway/')} B, Vue's ${bytesOf('node_modules/@vue/') + bytesOf('node_modules/vue/')} B`)
