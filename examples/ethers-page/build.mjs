// Bundles src/main.ts into dist/app.js, copies index.html, and copies Gangway's lazy files
// (node_modules/gangway/dist) to dist/gangway/, where the page's `assetsUrl` points.
import { build } from 'esbuild'
import { cpSync, mkdirSync, rmSync } from 'node:fs'

rmSync('dist', { recursive: true, force: true })
mkdirSync('dist')
await build({ entryPoints: ['src/main.ts'], bundle: true, format: 'esm', target: 'es2022', minify: true, outfile: 'dist/app.js', logLevel: 'warning' })
cpSync('index.html', 'dist/index.html')
cpSync('config.js', 'dist/config.js')
cpSync('node_modules/gangway/dist', 'dist/gangway', { recursive: true, filter: (f) => !f.endsWith('.map') && !f.endsWith('.d.ts') })
