/**
 * The demo host site at `http://localhost:<port>` (listening on 127.0.0.1 and ::1; localhost, not an
 * IP address, because a browser refuses an IP as a passkey's relying party id): the demo pages (PAGES), Gangway's dist/ under /gangway/, the
 * Localnet Wallet under /localnet/wallet.js and the React apps under /localnet/<app>.js (both built
 * on start), and the host's SIWX sign-in routes under /localnet/auth/ (demo-auth.ts). Responses
 * are gzip-encoded when the browser accepts it, as a production host would serve them.
 */
import { build } from 'esbuild'
import { readFile } from 'node:fs/promises'
import type { RequestListener } from 'node:http'
import { extname, join, normalize, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { LocalnetAmm } from './amm.js'
import { builtFiles, type BuiltFile } from './built-files.js'
import type { LocalnetToken } from './contracts.js'
import { createDemoAuth, DEMO_AUTH_PATH, type DemoAuth } from './demo-auth.js'
import { listenOnLoopback } from './http.js'
import type { SolanaSeed } from './solana/seed.js'
import type { LocalnetBitcoinWallet } from './wallet/bitcoin.js'

const root = resolve(fileURLToPath(import.meta.url), '..', '..')
/** The pages of localnet/demo, each at /<name> ('/' is index.html); bare.html and react-bare.html are bench/embed's pages without Gangway. */
const PAGES = new Set(['index.html', 'bare.html', 'host-button.html', 'headless.html', 'react.html', 'react-bare.html'])
/** The React apps of localnet/demo (<name>.tsx), each at /localnet/<name>.js on React 19 and /localnet/react18/<name>.js on React 18 (ssr-app hydrates /ssr.html). */
const REACT_APPS = ['react-app', 'react-bare-app', 'ssr-app']
/** The demo site's own files besides its pages, at /localnet/<name>. */
const DEMO_FILES = new Set(['demo.js', 'demo.css', 'headless.js', 'headless.css'])
const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json', '.json': 'application/json', '.svg': 'image/svg+xml' }

export interface DemoServer {
  url: string
  port: number
  stop(): Promise<void>
}

/** Where the Localnet Wallet's EIP-5792 module is served (localnet/wallet/batch.ts; wallet/index.ts imports it from there). */
const WALLET_BATCH = '/localnet/wallet-batch.js'

/** Where the Localnet Wallet's Bitcoin signing module is served (localnet/wallet/bitcoin-sign.ts; wallet/bitcoin.ts imports it from there). */
const WALLET_BITCOIN = '/localnet/wallet-bitcoin.js'

/** Builds the Localnet Wallet's browser script, its EIP-5792 module and its Bitcoin signing module. */
async function buildWallet(): Promise<[string, string, string]> {
  const module = (entry: string) => build({ entryPoints: [join(root, entry)], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' })
  const [wallet, batch, bitcoin] = await Promise.all([
    // The wallet's EIP-5792 batches (viem's accounts and signing) and its Bitcoin signatures load at
    // their first call, from files of their own: a real extension's page script does not weigh on the page's load.
    build({ entryPoints: [join(root, 'localnet/wallet/index.ts')], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' }),
    module('localnet/wallet/batch.ts'),
    module('localnet/wallet/bitcoin-sign.ts'),
  ])
  return [wallet.outputFiles[0]!.text, batch.outputFiles[0]!.text, bitcoin.outputFiles[0]!.text]
}

/**
 * Builds the React apps localnet/demo/<name>.tsx against dist/react.js, the way a site consumes
 * `gangway/react`: one splitting build, so what the apps import lazily (Gangway's views on the
 * host's React, react-views.js, and their later chunks) stays in chunks of its own, fetched when
 * first needed, under /localnet/<prefix>dist/ (bench/embed counts those as Gangway's). The loader
 * they import stays a separate module at /gangway/loader.js, where its lazy files live. `react`
 * gives the folder React and React DOM come from (the React 18 host: tests/react18/node_modules).
 * @returns each output file's text by its path (`/localnet/<prefix>react-app.js`, `/localnet/<prefix>dist/react-views-….js`, …).
 */
async function buildReactApps(prefix: string, react?: string): Promise<Map<string, string>> {
  const outdir = join(root, 'localnet/.react-apps')
  const out = await build({
    entryPoints: Object.fromEntries(REACT_APPS.map((name) => [name, join(root, 'localnet/demo', `${name}.tsx`)])),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    write: false,
    outdir,
    outbase: root,
    chunkNames: '[dir]/[name]-[hash]',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { 'gangway/react': join(root, 'dist/react.js'), ...(react ? { react: join(react, 'react'), 'react-dom': join(react, 'react-dom') } : {}) },
    plugins: [{ name: 'gangway-loader', setup: (b) => void b.onResolve({ filter: /^\.\/loader\.js$/ }, () => ({ path: '/gangway/loader.js', external: true })) }],
  })
  return new Map(out.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [`/localnet/${prefix}${relative(outdir, f.path)}`, f.text]))
}

/** Where the demo serves gangway/auth-reown as a site's bundler builds it (buildReownAuth), and the prefix of its chunks. */
const REOWN_AUTH = '/localnet/reown/'

/**
 * Builds `gangway/auth-reown` (dist/auth-reown.js) with Reown's client (@reown/appkit-wallet) the
 * way a site's bundler does: one splitting build, so the client stays a chunk of its own that the
 * adapter imports when the visitor first reaches for email or social login. The client's secure
 * site is the emulator: `process.env.NEXT_PUBLIC_SECURE_SITE_SDK_URL` is inlined at build time, as
 * Next.js does with its public variables (the client reads it through `typeof process`, so the
 * whole `process` is defined: `{ env: { NEXT_PUBLIC_SECURE_SITE_SDK_URL } }`).
 * @returns each output file's text by its path (`/localnet/reown/auth-reown.js`, its chunks).
 */
async function buildReownAuth(secureSiteUrl: string): Promise<Map<string, string>> {
  const outdir = join(root, 'localnet/.reown-auth')
  const out = await build({
    entryPoints: { 'auth-reown': join(root, 'dist/auth-reown.js') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    outdir,
    chunkNames: '[name]-[hash]',
    logLevel: 'error',
    define: { process: JSON.stringify({ env: { NEXT_PUBLIC_SECURE_SITE_SDK_URL: `${secureSiteUrl}/sdk`, NODE_ENV: 'production' } }) },
  })
  return new Map(out.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [`${REOWN_AUTH}${relative(outdir, f.path)}`, f.text]))
}

/** The demo page's live analytics panel: GET lists the last ANALYTICS_SENT_LAST events the analytics emulator received (JSON). */
export const ANALYTICS_SENT = '/localnet/analytics-sent'
const ANALYTICS_SENT_LAST = 12

/** Where pages under ?csp=strict report violations: POST a report; GET lists those received (JSON). */
export const CSP_REPORTS = '/localnet/csp-reports'

/**
 * The strict Content-Security-Policy of issue 16 for the localnet: scripts, styles and workers from
 * the site only (no inline script or style, no eval); images from the site, data:, blob: and the
 * services; connections to the site, the nodes, the services, the relay and the Localnet
 * WalletConnect wallet's control; frames from the secure site's origin only (`secureSiteUrl`, the
 * email and social login iframe of issue 19), none without it; no plugins, no <base>. Violations
 * are reported to CSP_REPORTS.
 */
export function strictCsp({ chains, solana, walletConnect, services, secureSiteUrl }: { chains: { rpcUrl: string }[]; solana?: { rpcUrl: string }; walletConnect?: DemoWalletConnect; services: (string | undefined)[]; secureSiteUrl?: string }): string {
  const origin = (u: string) => new URL(u).origin
  const serviceOrigins = services.filter((u): u is string => Boolean(u)).map(origin)
  // The Solana node's websocket is its HTTP port + 1 (web3.js' default).
  const solanaWs = solana ? [`ws://${new URL(solana.rpcUrl).hostname}:${Number(new URL(solana.rpcUrl).port) + 1}`] : []
  const connect = [...chains.map((c) => origin(c.rpcUrl)), ...(solana ? [origin(solana.rpcUrl)] : []), ...solanaWs, ...serviceOrigins, ...(walletConnect ? [origin(walletConnect.relayUrl), origin(walletConnect.walletUrl)] : [])]
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${[...new Set(serviceOrigins)].join(' ')}`,
    `connect-src 'self' ${[...new Set(connect)].join(' ')}`,
    "worker-src 'self'",
    `frame-src ${secureSiteUrl ? origin(secureSiteUrl) : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    `report-uri ${CSP_REPORTS}`,
  ].join('; ')
}

/** Starts the demo server for the localnet's EVM chains (the first is the default) and its token. */
/** What the demo pages learn about the Solana localnet (the seed only for the Localnet Wallet). */
export interface DemoSolana extends SolanaSeed {
  caipNetworkId: string
  rpcUrl: string
}

/** What the demo pages learn about the Bitcoin stand-in (the key only for the Localnet Wallet). */
export interface DemoBitcoin extends LocalnetBitcoinWallet {
  caipNetworkId: string
  /** The Esplora API's base URL (the demo's `services.bitcoin`). */
  esploraUrl: string
}

/** The localnet's WalletConnect parts: the relay, and the control URL of the Localnet WalletConnect wallet. */
export interface DemoWalletConnect {
  relayUrl: string
  walletUrl: string
  /** The wallet's control token, sent by the demo page as `authorization: Bearer <token>`. */
  walletToken: string
}

export async function startDemoServer({
  port,
  chains,
  token,
  solana,
  bitcoin,
  walletConnect,
  walletConfigUrl,
  blockchainUrl,
  analyticsUrl,
  onrampUrl,
  secureSiteUrl,
  amm,
  batchDelegates,
  erc4337,
}: {
  port: number
  chains: { chainId: number; rpcUrl: string }[]
  token: LocalnetToken
  solana?: DemoSolana
  /** The Bitcoin stand-in: in `__LOCALNET__` as `bitcoin`, its Esplora in the strict CSP's connect-src. */
  bitcoin?: DemoBitcoin
  walletConnect?: DemoWalletConnect
  /** Base URL of the wallet/config service emulator. */
  walletConfigUrl?: string
  /** Base URL of the blockchain service emulator. */
  blockchainUrl?: string
  /** Base URL of the analytics service emulator. */
  analyticsUrl?: string
  /** Base URL of the on-ramp service emulator (services/onramp.ts): in `__LOCALNET__` as `onrampUrl`, and in the strict CSP's connect-src. */
  onrampUrl?: string
  /** Base URL of the secure-site emulator (`http://127.0.0.1:<port>`): in `__LOCALNET__` as `secureSiteUrl`, and the strict CSP's `frame-src`. */
  secureSiteUrl?: string
  /** The AMM's addresses (amm.ts: WETH9, factory, Router02, Harbour USD, the pairs): in `__LOCALNET__` as `amm`. */
  amm?: LocalnetAmm
  /** Simple7702Account's address by chain id (batch-delegate.ts): in `__LOCALNET__` as `batchDelegates`, the Localnet Wallet's EIP-7702 delegates. */
  batchDelegates?: Record<number, string>
  /** ERC-4337 on one chain (start.ts): its id, bundler and paymaster policy service, in `__LOCALNET__` as `erc4337` (the demo's `passkeys` option) and in the strict CSP's connect-src. */
  erc4337?: { chainId: number; bundlerUrl: string; paymasterUrl: string }
}): Promise<DemoServer> {
  const [[wallet, walletBatch, walletBitcoin], apps, apps18] = await Promise.all([buildWallet(), buildReactApps(''), buildReactApps('react18/', join(root, 'tests/react18/node_modules'))])
  /** The built scripts by path. */
  const scripts = new Map<string, string>([['/localnet/wallet.js', wallet], [WALLET_BATCH, walletBatch], [WALLET_BITCOIN, walletBitcoin], ...apps, ...apps18])
  // Pages read the localnet from window.__LOCALNET__ (JSON; `<` escaped so it cannot close the script).
  const localnet = JSON.stringify({ chains, token, solana, bitcoin, walletConnect, walletConfigUrl, blockchainUrl, analyticsUrl, onrampUrl, secureSiteUrl, amm, batchDelegates, erc4337, rpcUrl: chains[0]!.rpcUrl, chainId: chains[0]!.chainId }).replaceAll('<', '\\u003c')
  /** The React demo app rendered to HTML in this process, as a site's server would: Gangway imported in Node. */
  const renderReactDemo = async (mismatch: boolean) => {
    const [{ renderToString }, { createElement }, { App }] = await Promise.all([import('react-dom/server'), import('react'), import('./demo/react-wallet.js')])
    const props = { localnet: { rpcUrl: chains[0]!.rpcUrl, chainId: chains[0]!.chainId }, projectId: 'gangway-ssr-demo', ...(mismatch ? { serverNote: ' (server)' } : {}) }
    return renderToString(createElement(App, props))
  }
  const page = async (name: string) => (await readFile(join(root, 'localnet/demo', name), 'utf8')).replaceAll('{{LOCALNET_JSON}}', localnet)
  scripts.set('/localnet/localnet.js', `window.__LOCALNET__ = ${localnet}`)
  const csp = strictCsp({ chains, solana, walletConnect, services: [walletConfigUrl, blockchainUrl, analyticsUrl, onrampUrl, erc4337?.bundlerUrl, erc4337?.paymasterUrl, bitcoin?.esploraUrl], secureSiteUrl })
  /**
   * The example apps (examples/<name>/dist, built by `npm run examples`) at /examples/<name>/, on
   * the localnet: their `config.js` names its chain and services, and their page gets the Localnet
   * Wallet the way an extension injects its provider, before the page's own scripts.
   */
  const exampleConfig = JSON.stringify({
    projectId: 'gangway-examples',
    chainId: chains[0]!.chainId,
    rpcUrl: chains[0]!.rpcUrl,
    chains,
    token: token.address,
    services: { walletConfig: walletConfigUrl, blockchain: blockchainUrl },
    ...(walletConnect ? { walletConnect: { relayUrl: walletConnect.relayUrl } } : {}),
    ...(solana ? { solana: { caipNetworkId: solana.caipNetworkId, rpcUrl: solana.rpcUrl } } : {}),
  }).replaceAll('<', '\\u003c')
  const example = async (path: string): Promise<[string | Buffer, string]> => {
    const [name = '', ...rest] = path.slice('/examples/'.length).split('/')
    const file = normalize(rest.join('/') || 'index.html')
    if (!/^[a-z0-9-]+$/.test(name) || file.startsWith('..')) throw new Error('not an example file')
    if (file === 'config.js') return [`window.exampleConfig = ${exampleConfig}`, TYPES['.js']!]
    const body = await readFile(join(root, 'examples', name, 'dist', file))
    if (file !== 'index.html') return [body, TYPES[extname(file)] ?? 'application/octet-stream']
    return [String(body).replace('<head>', '<head>\n    <script src="/localnet/localnet.js"></script>\n    <script src="/localnet/wallet.js"></script>'), TYPES['.html']!]
  }
  /** The violation reports of pages under ?csp=strict (and their workers), as the browser posted them. */
  const cspReports: unknown[] = []
  /** The host's sign-in routes, made once the port is known (their domain and URI are the demo's origin). */
  let auth: DemoAuth | undefined

  const readBuilt = builtFiles()
  /** gangway/auth-reown as a site builds it, once asked for (buildReownAuth). */
  let reownAuth: Promise<Map<string, string>> | undefined
  const handler: RequestListener = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (auth && url.pathname.startsWith(DEMO_AUTH_PATH)) return auth.handle(req, res)
    // No icon: an empty answer, which the browser takes without a console error (a 404 logs one).
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end()
    let body: string | Buffer | undefined
    let type = 'text/plain'
    /** Set for Gangway's built files, which are served with an ETag. */
    let built: BuiltFile | undefined
    try {
      const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1)
      if (PAGES.has(name)) [body, type] = [await page(name), TYPES['.html']!]
      // The React page on React 18: react.html with the app built against tests/react18.
      else if (name === 'react18.html') [body, type] = [(await page('react.html')).replace('/localnet/react-app.js', '/localnet/react18/react-app.js'), TYPES['.html']!]
      // The React page rendered here with react-dom/server, which ssr-app.js hydrates; ?mismatch adds
      // a server-only text to the HTML, a deliberate hydration mismatch.
      else if (name === 'ssr.html') [body, type] = [(await page('ssr.html')).replace('{{SSR_HTML}}', await renderReactDemo(url.searchParams.has('mismatch'))), TYPES['.html']!]
      else if (scripts.has(url.pathname)) [body, type] = [scripts.get(url.pathname)!, TYPES['.js']!]
      // gangway/auth-reown with Reown's client, built on its first request (the demo's ?auth=reown).
      else if (url.pathname.startsWith(REOWN_AUTH) && secureSiteUrl) {
        const files = await (reownAuth ??= buildReownAuth(secureSiteUrl).catch((error: unknown) => ((reownAuth = undefined), Promise.reject(error))))
        if (files.has(url.pathname)) [body, type] = [files.get(url.pathname)!, TYPES['.js']!]
      }
      else if (url.pathname.startsWith('/localnet/') && DEMO_FILES.has(url.pathname.slice('/localnet/'.length))) {
        body = await readFile(join(root, 'localnet/demo', url.pathname.slice('/localnet/'.length)))
        type = TYPES[extname(url.pathname)]!
      } else if (url.pathname === ANALYTICS_SENT) {
        // The demo's live panel reads what the analytics emulator received through the site, so the
        // analytics origin only ever sees Gangway's own requests.
        const received = analyticsUrl ? ((await (await fetch(`${analyticsUrl}/localnet/analytics`)).json()) as { events: unknown[] }).events : []
        ;[body, type] = [JSON.stringify(received.slice(-ANALYTICS_SENT_LAST)), TYPES['.json']!]
      } else if (url.pathname === CSP_REPORTS) {
        if (req.method === 'POST') {
          const chunks: Buffer[] = []
          for await (const chunk of req) chunks.push(chunk as Buffer)
          cspReports.push(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'))
          res.writeHead(204).end()
          return
        }
        ;[body, type] = [JSON.stringify(cspReports), TYPES['.json']!]
      }
      else if (url.pathname.startsWith('/examples/')) [body, type] = await example(url.pathname)
      else if (url.pathname.startsWith('/gangway/')) {
        const file = normalize(url.pathname.slice('/gangway/'.length))
        if (file.startsWith('..')) throw new Error('outside dist')
        built = await readBuilt(join(root, 'dist', file))
        body = built.body
        type = TYPES[extname(file)] ?? 'application/octet-stream'
      }
    } catch {
      body = undefined
    }
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    // A built script's map is not linked from the file (esbuild.config.mjs): the header names it, for DevTools.
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache', ...(built?.sourceMap ? { sourcemap: built.sourceMap } : {}) }
    // ?csp=no-worker serves the page under a CSP that forbids workers, as some host sites do.
    if (url.searchParams.get('csp') === 'no-worker') headers['content-security-policy'] = "worker-src 'none'"
    // ?csp=strict serves the page under a strict CSP (strictCsp), and Gangway's files that page
    // fetches under it too: a worker's policy is the one its script is served with.
    const referrer = URL.parse(String(req.headers.referer ?? ''))
    if (url.searchParams.get('csp') === 'strict' || (url.pathname.startsWith('/gangway/') && referrer?.searchParams.get('csp') === 'strict')) headers['content-security-policy'] = csp
    if (built) {
      // The ETag names the policy too: a copy cached with another policy than this request's is sent again, whole.
      headers.etag = headers['content-security-policy'] ? `${built.etag.slice(0, -1)}.strict"` : built.etag
      if (req.headers['if-none-match'] === headers.etag) {
        res.writeHead(304, headers).end()
        return
      }
    }
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = built ? built.gzip : gzipSync(body)
      headers['content-encoding'] = 'gzip'
    }
    res.writeHead(200, headers).end(body)
  }
  const served = await listenOnLoopback(handler, port)
  const origin = `http://localhost:${served.port}`
  // REDIS_URL: the demo's sign-ins kept in that Redis (gangway/siwx-server/redis), as a site with several instances keeps them.
  const redisUrl = process.env.REDIS_URL
  const demoAuth = createDemoAuth({ origin, chains, ...(solana ? { solana } : {}), ...(bitcoin ? { bitcoin } : {}), ...(redisUrl ? { redisUrl } : {}) })
  auth = demoAuth
  return {
    url: origin,
    port: served.port,
    stop: async () => {
      await served.stop()
      await demoAuth.close()
    },
  }
}
