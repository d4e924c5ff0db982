// Builds dist/: the loader (the only code a page runs before load), the core and UI chunks it
// loads later, the worker bundle, the main-thread engine fallback, the React exports, and for Node
// the CLI and the SIWX server helper.
// `node esbuild.config.mjs` builds once and prints the gzip size of each file.
import { build } from 'esbuild'
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { CATALOGUE_IMPORT, catalogueFiles, catalogueModule } from './scripts/compile-catalogue.mjs'

const outdir = 'dist'
const common = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  // Each file's map is written beside it (`<file>.map`) but not linked: the comment that links it
  // costs every visitor about 35 B gzip per file, 1.4 KB over the 38 files a page fetches before the
  // click, for a map only a developer opens. The demo server names it in a `SourceMap` header,
  // which DevTools follows as it would the comment; a site's host can do the same (docs/api.md).
  sourcemap: 'external',
  // docs/behaviour.md §9: the secure site's default origin comes from the build's environment
  // (GANGWAY_SECURE_SITE, e.g. a wallet provider's hosted site); unset, a site names its own
  // (services.secureSite) or offers no email and social login.
  define: { 'process.env.NODE_ENV': '"production"', GANGWAY_SECURE_SITE: JSON.stringify(process.env.GANGWAY_SECURE_SITE ?? '') },
  logLevel: 'warning',
}

// The loader imports core.js and ui.js by URL at run time; the React exports import the loader by
// path and the views built on the host's React (react-views.js) by a dynamic import.
const sibling = (names) => ({
  name: 'siblings',
  setup(b) {
    b.onResolve({ filter: /^#loader$/ }, () => ({ path: './loader.js', external: true }))
    b.onResolve({ filter: /^\.\.\/ui\/app\.js$/ }, (args) => (args.importer.includes('/src/react/') ? { path: './react-views.js', external: true } : undefined))
    for (const [from, to] of Object.entries(names)) b.onResolve({ filter: new RegExp(`^\\./${from}\\.js$`) }, () => ({ path: `./${to}.js`, external: true }))
  },
})

// SIWX's code for the engine (src/worker/siwx/siwx-code.ts) and the passkey's
// (src/worker/passkey/passkey-code.ts) are files of their own, loaded by URL from the worker and the
// main-thread engine: in their split builds they would share viem's parts (ERC-6492, ERC-8010, the
// wallet actions viem's account abstraction reaches) with the entry, which reaches them through
// viem's index, and move them into a chunk every page loads at start (the passkey's: 27 KB gzip).
const APART = /(?:^|\/)(siwx-code|passkey-code)\.js$/
const apart = {
  name: 'apart',
  setup(b) {
    b.onResolve({ filter: APART }, (args) => (args.kind === 'dynamic-import' ? { path: `./${APART.exec(args.path)[1]}.js`, external: true } : undefined))
  },
}

// permissionless reads five ox modules through `import('ox')`, ox's whole index: in passkey-code.js
// the index is src/worker/passkey/ox-for-permissionless.ts, which names those five only.
const oxForPermissionless = {
  name: 'ox-for-permissionless',
  setup(b) {
    b.onResolve({ filter: /^ox$/ }, (args) => (/[\\/]permissionless[\\/]/.test(args.importer) ? { path: resolve('src/worker/passkey/ox-for-permissionless.ts') } : undefined))
  },
}

// The views' message catalogues (src/ui/i18n): `import('./catalogues/es.json?compiled')` is the
// catalogue compiled now (scripts/compile-catalogue.mjs, shared with vitest.config.ts), so the
// shipped code carries no message parser; `en.json?pseudo` is the pseudo-locale made from English.
// Each dynamically imported catalogue becomes a chunk of its own.
const catalogues = {
  name: 'catalogues',
  setup(b) {
    // The kind is part of the module's path (`/…/en.json#pseudo`): the compiled English and the
    // pseudo-locale are two modules of the same file.
    b.onResolve({ filter: CATALOGUE_IMPORT }, (args) => {
      const [, file, kind] = CATALOGUE_IMPORT.exec(args.path)
      return { path: `${resolve(args.resolveDir, file)}#${kind}`, namespace: 'catalogue' }
    })
    b.onLoad({ filter: /.*/, namespace: 'catalogue' }, (args) => {
      const [, file, kind] = /^(.*)#(\w+)$/.exec(args.path)
      return { contents: catalogueModule(file, { kind }), loader: 'js', resolveDir: dirname(file), watchFiles: kind === 'shell' ? catalogueFiles(dirname(file)) : [file] }
    })
  },
}

rmSync(outdir, { recursive: true, force: true })
await Promise.all([
  // The loader: one self-contained file, the only one a page fetches before its load event.
  build({ ...common, entryPoints: { loader: 'src/ui/loader.ts' }, outdir, plugins: [sibling({ core: 'core', app: 'ui' }), catalogues] }),
  // What loads later: one splitting build so core, UI and the main-thread engine share chunks. On a
  // page that is not a React site the views run on Preact's React API (preact/compat): React DOM
  // alone is 200 KB minified, too much to evaluate inside a click (issue 15, docs/architecture.md).
  build({
    ...common,
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    entryPoints: { core: 'src/ui/core.ts', ui: 'src/ui/app.tsx', 'engine-main': 'src/worker/main-thread.ts' },
    outdir,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    jsx: 'automatic',
    plugins: [sibling({ core: 'core', app: 'ui' }), catalogues, apart],
  }),
  // The worker: a module with its rarely used parts (Solana transaction building) split off, loaded on demand.
  build({ ...common, entryPoints: { worker: 'src/worker/entry.ts' }, outdir, splitting: true, chunkNames: 'worker-[hash]', define: { ...common.define, 'window.WebSocket': 'globalThis.WebSocket' }, plugins: [apart] }),
  // SIWX's and the passkey's code for the engine, each whole (see `apart`).
  build({ ...common, entryPoints: { 'siwx-code': 'src/worker/siwx/siwx-code.ts' }, outdir }),
  build({ ...common, entryPoints: { 'passkey-code': 'src/worker/passkey/passkey-code.ts' }, outdir, plugins: [oxForPermissionless] }),
  // The `gangway` CLI (replay an exported log) for Node, on the same projection code.
  build({ ...common, entryPoints: { cli: 'src/cli/bin.ts' }, outdir, platform: 'node', minify: false, sourcemap: false, banner: { js: '#!/usr/bin/env node' } }),
  // `gangway/siwx-server` (issue 20): a host site's backend issues nonces and verifies SIWX sign-ins.
  // For Node, with its npm packages (viem, @noble/curves, @scure/base) left as imports: the host's
  // node_modules resolves them, so the server shares the host's viem and nothing is bundled twice.
  // `gangway/siwx-server/redis` is its Redis store (ioredis, the site's peer dependency, named in
  // types only). Both in one build with their common code in a shared chunk, so the store's errors
  // are the very GangwayError class `gangway/siwx-server` exports (`instanceof` holds).
  build({
    ...common,
    entryPoints: { 'siwx-server': 'src/siwx-server/index.ts', 'siwx-server-redis': 'src/siwx-server/redis-store.ts' },
    outdir,
    platform: 'node',
    packages: 'external',
    minify: false,
    sourcemap: false,
    splitting: true,
    chunkNames: 'siwx-server-chunk-[hash]',
  }),
  // `gangway/wagmi` (issue 22): the wagmi connector, for a site's bundler. Its packages (viem's
  // error classes; @wagmi/core is named in types only) stay imports, so the site's own viem serves
  // it; the modal is the one the site passes in, so no loader is imported.
  build({ ...common, entryPoints: { wagmi: 'src/wagmi/index.ts' }, outdir, packages: 'external', minify: false, sourcemap: false }),
  // `gangway/auth-reown`: the auth adapter over Reown's client, for a site's bundler. The client
  // (`@reown/appkit-wallet`, a peer dependency) stays a dynamic import: the site's bundler splits it
  // off, and nothing of it is in Gangway's files.
  build({ ...common, entryPoints: { 'auth-reown': 'src/auth-reown/index.ts' }, outdir, packages: 'external', minify: false, sourcemap: false }),
  // React exports, and the views for React sites: React stays the host's (a peer dependency), so a
  // React site evaluates no second React.
  // The views' later chunks (lazy-views.tsx) are split off here too, for the host's bundler to keep lazy.
  // Their maps stay linked: these files go through the site's bundler, which follows the comment
  // to chain the maps and leaves it out of what it writes.
  build({
    ...common,
    sourcemap: 'linked',
    entryPoints: { react: 'src/react/index.tsx', 'react-views': 'src/ui/app.tsx' },
    outdir,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    jsx: 'automatic',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    plugins: [sibling({}), catalogues],
  }),
])

const rows = readdirSync(outdir)
  // The size table lists what pages load: the CLI and the server helper (siwx-server*) run in Node.
  .filter((f) => f.endsWith('.js') && f !== 'cli.js' && !f.startsWith('siwx-server'))
  .map((f) => {
    const buf = readFileSync(join(outdir, f))
    return { file: f, minified: statSync(join(outdir, f)).size, gzip: gzipSync(buf, { level: 9 }).length }
  })
  .sort((a, b) => a.file.localeCompare(b.file))
for (const r of rows) console.log(`${r.file.padEnd(28)} ${(r.minified / 1024).toFixed(1).padStart(8)} KB min ${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip`)
