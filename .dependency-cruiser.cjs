// The layer rules of docs/architecture.md ("Layers and what each may import"), checked by
// dependency-cruiser: `npm run lint:deps` (part of `npm test`) cruises `src` and fails with the
// name of every rule broken. tests/unit/dependency-rules.test.ts proves that each rule fires, on a
// fixture (tests/dependency-rules/fixture) holding one wrong import per rule.
//
// Paths are relative to the folder the cruise starts from: the repository root for `lint:deps`,
// the fixture folder (which mirrors `src/`) in the unit test. So `src/...` patterns are anchored
// with `^`, and npm packages are matched as `(^|/)node_modules/<name>/` (from the fixture they
// resolve to `../../../node_modules/...`).
//
// Test files (`*.test.ts` beside the code) are not cruised: they may use vitest, the test
// fixtures under tests/ and whatever layer they check. The rules are about what ships in dist/.
const { builtinModules } = require('node:module')

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
/** npm packages by name (`viem` matches `viem` and `viem/actions`, not `viem-extra`), as regular expressions. */
const npm = (...names) => names.map((name) => `(^|/)node_modules/${escape(name)}/`)
/** Modules of src (or of the fixture's src) by path below src, as regular expressions. */
const src = (...paths) => paths.map((path) => `^src/${path}`)
/** Node's built-in modules, with or without the `node:` prefix. */
const NODE_BUILTINS = `^(node:)?(${builtinModules.map(escape).join('|')})$`
/** Any npm package. */
const ANY_NPM = '(^|/)node_modules/'

/** The pure helpers of src/chains that the projections may fold with (no clients, no I/O). */
const PURE_CHAIN_HELPERS = src('chains/caip\\.ts$', 'chains/address\\.ts$', 'chains/eip155/accounts\\.ts$', 'chains/bip122/networks\\.ts$')
/** The modules of src that are I/O for the projections: the layers that talk to the outside, the log and its storage. */
const IO_MODULES = [
  ...src('worker/', 'api/', 'ui/', 'react/', 'cli/'),
  ...src('events/log/persistence\\.ts$', 'events/log/log\\.ts$', 'events/log/memory-storage\\.ts$'),
]
/** Pure display helpers of src/projections that the page may run itself. */
const DISPLAY_HELPERS = src(
  'projections/format-address\\.ts$',
  'projections/connector-order\\.ts$',
  'projections/rules/wallet-rules\\.ts$',
  'projections/rules/asset-rules\\.ts$',
)
/** What src/ui may take from src/events: the URL validator, the page port's argument checks, the error classes rebuilt on the page, the host options' names, the limits and timeouts (plain constants: the image preload timeout), the page-safe kernel. */
const PAGE_SIDE_EVENTS = src('events/kernel/')
const CONTRACT = '^src/contract\\.ts$'
const MAIN_THREAD_FALLBACK = '^src/worker/main-thread\\.ts$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-types-only',
      severity: 'error',
      comment:
        'src/contract.ts is the engine\'s public interface for the page (src/ui, src/react): types only. It may name types from anywhere in src, but with `import type` / `export type` only, so that importing it never pulls engine code into a page bundle.',
      from: { path: CONTRACT },
      to: { dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-not-from-worker',
      severity: 'error',
      comment:
        'src/contract.ts declares the types the page uses of the engine itself (the engine, the bridge, the pairing channel, the analytics beacon, the page port, the worker\'s comlink surface), or names them from src/events and src/projections; it never re-exports a type from src/worker, whose modules implement the contract and import it from here.',
      from: { path: CONTRACT },
      to: { path: src('worker/') },
    },
    {
      name: 'events-below-everything',
      severity: 'error',
      comment:
        'src/events is the bottom layer: it imports only itself, src/chains/caip.ts (pure id parsing), viem and idb. Address rules and the like belong to src/chains, which sits above events.',
      from: { path: src('events/') },
      to: { pathNot: [...src('events/', 'chains/caip\\.ts$'), ...npm('viem', 'idb')] },
    },
    {
      name: 'idb-only-in-persistence',
      severity: 'error',
      comment: 'idb is the IndexedDB storage of the event log (src/events/log/persistence.ts) and of the caches (src/worker/cache/idb-storage.ts); nothing else in src imports it.',
      from: { path: src('.'), pathNot: src('events/log/persistence\\.ts$', 'worker/cache/idb-storage\\.ts$') },
      to: { path: npm('idb') },
    },
    {
      name: 'chains-only-events',
      severity: 'error',
      comment:
        'src/chains (per-namespace chain code) imports src/events, itself, viem (with ox, the WebAuthn and encoding helpers viem is built on), permissionless (the passkey\'s Safe account, eip155/passkey/), @solana/web3.js, @scure/btc-signer, @noble/curves and @noble/hashes (Bitcoin\'s addresses, transactions, signatures and hashes, bip122/) and the Buffer polyfill; never the engine (src/worker), the services or the page. @solana/spl-token is a devDependency, used by tests only.',
      from: { path: src('chains/') },
      to: { pathNot: [...src('events/', 'chains/'), ...npm('viem', 'ox', 'permissionless', '@solana/web3.js', '@scure/btc-signer', '@noble/curves', '@noble/hashes', 'buffer'), '^buffer$'] },
    },
    {
      name: 'projections-no-io',
      severity: 'error',
      comment:
        'src/projections are pure folds and selectors: no I/O module. Not src/worker, src/api, src/ui, src/react, src/cli, not the log and its storage (events/log/log.ts, persistence.ts, memory-storage.ts), no npm package but viem\'s pure formatters (so no idb, idb-keyval, comlink, @walletconnect/*, @solana/web3.js, rxjs), no Node built-in.',
      from: { path: src('projections/') },
      to: { path: [...IO_MODULES, ANY_NPM, NODE_BUILTINS], pathNot: npm('viem') },
    },
    {
      name: 'projections-only-events-and-chain-helpers',
      severity: 'error',
      comment:
        'src/projections import src/events, themselves and the pure helpers of src/chains (caip.ts, address.ts, eip155/accounts.ts); not the contract, not chain clients. (I/O modules are projections-no-io\'s.)',
      from: { path: src('projections/') },
      to: { pathNot: [...src('events/', 'projections/'), ...PURE_CHAIN_HELPERS, ...IO_MODULES, ANY_NPM, NODE_BUILTINS] },
    },
    {
      name: 'slices-only-from-the-fold',
      severity: 'error',
      comment:
        'A slice (src/projections/slices) is imported at run time only by the fold (projections/state.ts) and by other slices. What another module needs of a slice is a domain selector in src/projections/select, which slices import, never the reverse. Otherwise the worker\'s lazy chunks reach the slices, and esbuild moves every slice, with what its guards import, into a chunk shared with worker.js: about 0.7 KB gzip more before the click. Type-only imports are fine.',
      from: { path: src('.'), pathNot: src('projections/slices/', 'projections/state\\.ts$') },
      to: { path: src('projections/slices/'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-only-events',
      severity: 'error',
      comment: 'src/api (the REST service clients) imports src/events, itself and viem; not the engine, the projections, the page or the CLI.',
      from: { path: src('api/') },
      to: { pathNot: [...src('events/', 'api/'), ...npm('viem')] },
    },
    {
      name: 'siwx-pure-messages-and-verifiers',
      severity: 'error',
      comment:
        'src/siwx (the SIWX message texts, their checks and signature verification, shared by the engine and gangway/siwx-server) imports itself, src/events, the pure helpers of src/chains (caip.ts, address.ts, eip155/accounts.ts, bip122/networks.ts), viem, @noble/curves, @scure/base and @solana/web3.js; never the engine, the services, the page, the server helper or a Node built-in, so the worker can bundle it.',
      from: { path: src('siwx/') },
      to: { pathNot: [...src('siwx/', 'events/'), ...PURE_CHAIN_HELPERS, ...npm('viem', '@noble/curves', '@scure/base', '@solana/web3.js')] },
    },
    {
      name: 'siwx-server-only-siwx-events-and-node',
      severity: 'error',
      comment:
        'src/siwx-server (gangway/siwx-server, a Node helper for a host site\'s backend) imports itself, src/siwx, src/events, the Bitcoin message verifier (chains/bip122/message.ts, which src/siwx is given rather than imports, so the worker loads no Bitcoin code for other sign-ins), viem, ioredis (the Redis store\'s client type: the site\'s own client is passed in) and Node built-ins; not the engine, the chain clients, the services or the page.',
      from: { path: src('siwx-server/') },
      to: { pathNot: [...src('siwx-server/', 'siwx/', 'events/', 'chains/bip122/message\\.ts$'), ...npm('viem', 'ioredis'), NODE_BUILTINS] },
    },
    {
      name: 'worker-never-page',
      severity: 'error',
      comment: 'src/worker (the engine) may import anything under src except the page (src/ui, src/react), the CLI and the Node helper for site backends (src/siwx-server, node:crypto).',
      from: { path: src('worker/') },
      to: { path: src('ui/', 'react/', 'cli/', 'siwx-server/') },
    },
    {
      name: 'worker-no-view-models',
      severity: 'error',
      comment: 'The engine\'s code (src/worker, its tests aside) never reads a view model (src/projections/view-models): what an effect needs of the state is a domain selector (src/projections/select), which a view model may build on too.',
      from: { path: src('worker/'), pathNot: '\\.test\\.ts$' },
      to: { path: src('projections/view-models/') },
    },
    {
      name: 'cli-only-events-and-projections',
      severity: 'error',
      comment: 'src/cli (`gangway replay`) imports src/events, src/projections, itself and Node built-ins.',
      from: { path: src('cli/') },
      to: { pathNot: [...src('cli/', 'events/', 'projections/'), NODE_BUILTINS] },
    },
    {
      name: 'ui-only-through-contract',
      severity: 'error',
      comment:
        'src/ui reaches the engine only through src/contract.ts (types) and comlink. Besides itself it may import the pure display helpers of src/projections (format-address.ts, connector-order.ts, rules/wallet-rules.ts, rules/asset-rules.ts), the URL validator (events/kernel/urls.ts, a last check before navigating), the page port\'s argument checks (events/kernel/plain-data.ts) and the error classes rebuilt on the page (events/kernel/errors.ts, events/kernel/error-wire.ts), the options declared once (events/kernel/host-options.ts: the loader refuses unknown ones, ui/client/options-check.ts picks the engine\'s), the plain constants of events/kernel/limits.ts (the image preload timeout of src/ui/images), the page-safe kernel (events/kernel/page-kernel.ts: the auth and SIWX connector ids, the blocked call\'s message, a CAIP split); and the main-thread fallback, see ui-fallback-only-from-core. Event and entity types come through the contract.',
      from: { path: src('ui/') },
      to: {
        path: src('.'),
        pathNot: [...src('ui/'), CONTRACT, ...DISPLAY_HELPERS, ...PAGE_SIDE_EVENTS, MAIN_THREAD_FALLBACK],
      },
    },
    {
      name: 'ui-only-page-libraries',
      severity: 'error',
      comment:
        'src/ui (the page) takes from npm only the libraries the page bundles: react, react-dom, comlink, mipd, @wallet-standard/app and base, @preact/signals-core, uqr, @lingui/core (the views\' messages), @scure/base (base58 of Solana keys, in the lazy Wallet Standard registration); no Node built-in. The engine\'s libraries (viem, rxjs, @walletconnect/*, @solana/web3.js, idb) stay in the worker, off the main thread.',
      from: { path: src('ui/') },
      to: {
        path: [ANY_NPM, NODE_BUILTINS],
        pathNot: npm('react', 'react-dom', 'comlink', 'mipd', '@wallet-standard/app', '@wallet-standard/base', '@preact/signals-core', 'uqr', '@lingui/core', '@scure/base', '@types/react'),
      },
    },
    {
      name: 'ui-fallback-only-from-core',
      severity: 'error',
      comment:
        'The main-thread fallback (src/worker/main-thread.ts, the engine for pages where no Worker can start) is the one sanctioned import of engine code from src/ui, and src/ui/client/engine-start.ts is the one module that loads it.',
      from: { path: src('ui/'), pathNot: '^src/ui/client/engine-start\\.ts$' },
      to: { path: MAIN_THREAD_FALLBACK, dependencyTypes: ['dynamic-import'] },
    },
    {
      name: 'ui-fallback-only-dynamic',
      severity: 'error',
      comment:
        'src/ui imports the main-thread fallback (src/worker/main-thread.ts) with a dynamic import() only, so the engine stays out of core.js and loads only where no Worker can start.',
      from: { path: src('ui/') },
      to: { path: MAIN_THREAD_FALLBACK, dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'react-only-loader-views-and-contract',
      severity: 'error',
      comment:
        'src/react (the React exports) imports the loader (`#loader`, src/ui/loader.ts), the views\' entry (src/ui/app.tsx, which the build turns into react-views.js on the host\'s React), src/contract.ts (types) and react; nothing else.',
      from: { path: src('react/') },
      to: { pathNot: [...src('react/', 'ui/loader\\.ts$', 'ui/app\\.tsx$'), CONTRACT, ...npm('react', '@types/react')] },
    },
    {
      name: 'react-views-only-dynamic',
      severity: 'error',
      comment:
        'src/react imports the views (src/ui/app.tsx) with a dynamic import() only, so the host\'s bundler splits them off: a React site fetches and evaluates them when the visitor reaches for the modal (or in idle time), never with its own bundle.',
      from: { path: src('react/') },
      to: { path: '^src/ui/app\\.tsx$', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'react-loader-through-alias',
      severity: 'error',
      comment:
        'src/react imports the loader as `#loader`, which the build keeps external, so react.js uses the page\'s loader.js; a relative import would bundle a second loader, and a second modal, into react.js.',
      from: { path: src('react/') },
      to: { path: '^src/ui/loader\\.ts$', dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'wagmi-only-types-and-viem',
      severity: 'error',
      comment:
        "src/wagmi (`gangway/wagmi`, the wagmi connector) works on the modal the site passes in: it names the loader's and the contract's types (type-only imports), @wagmi/core in types only (a peer dependency, the site's), and viem at run time; nothing else, so wagmi.js bundles no engine, views or loader.",
      from: { path: src('wagmi/') },
      to: { pathNot: [...src('wagmi/'), ...npm('viem')], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'auth-reown-only-events-and-its-client',
      severity: 'error',
      comment:
        "src/auth-reown (`gangway/auth-reown`, the auth adapter over Reown's client) imports itself, src/events (the adapter's types, the error classes) and @reown/appkit-wallet (the site's peer dependency), nothing else: auth-reown.js bundles no engine, views or loader.",
      from: { path: src('auth-reown/') },
      to: { pathNot: [...src('auth-reown/', 'events/'), ...npm('@reown/appkit-wallet')], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'auth-reown-client-only-dynamic',
      severity: 'error',
      comment:
        "src/auth-reown imports @reown/appkit-wallet with a dynamic import() only (or for its types), so the site's bundler splits the client off and a page fetches it only when the visitor reaches for email or social login.",
      from: { path: src('auth-reown/') },
      to: { path: npm('@reown/appkit-wallet'), dependencyTypesNot: ['dynamic-import', 'type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No runtime import cycle anywhere under src: a cycle makes the evaluation order decide which module sees the other half-initialised. Cycles through a type-only import are allowed: they vanish in compilation (e.g. src/contract.ts names types of the modules that implement it).',
      from: { path: src('.') },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'src-not-dev-tooling',
      severity: 'error',
      comment: 'Nothing under src imports localnet/, tests/, bench/ or scripts/: they are demo, test, benchmark and maintainer tooling and never ship in dist/.',
      from: { path: src('.') },
      to: { path: '^(localnet|tests|bench|scripts)/' },
    },
    {
      name: 'src-not-dev-dependencies',
      severity: 'error',
      comment:
        'Code under src does not import a devDependency at run time (type-only imports are fine, and so are peer dependencies such as react, which the host provides): what dist/ bundles is declared in dependencies.',
      from: { path: src('.') },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only', 'npm-peer'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import under src resolves to a file or a package listed in package.json.',
      from: { path: src('.') },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ANY_NPM },
    exclude: { path: '\\.test\\.tsx?$' },
    // Type-only imports count: the page must not name engine types except through the contract.
    tsPreCompilationDeps: true,
    // Resolves `#loader` (tsconfig paths) as the build does.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
}
