/**
 * The demo host site on 127.0.0.1: the demo pages (PAGES), Gangway's dist/ under /gangway/, the
 * Localnet Wallet under /localnet/wallet.js and the React apps under /localnet/<app>.js (both built
 * on start). Responses are gzip-encoded when the browser accepts it, as a production host would
 * serve them.
 */
import { build } from 'esbuild'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { LocalnetToken } from './contracts.js'
import type { SolanaSeed } from './solana/seed.js'

const root = resolve(fileURLToPath(import.meta.url), '..', '..')
/** The pages of localnet/demo, each at /<name> ('/' is index.html); bare.html and react-bare.html are bench/embed's pages without Gangway. */
const PAGES = new Set(['index.html', 'bare.html', 'host-button.html', 'react.html', 'react-bare.html'])
/** The React apps of localnet/demo (<name>.tsx), each at /localnet/<name>.js on React 19 and /localnet/react18/<name>.js on React 18. */
const REACT_APPS = ['react-app', 'react-bare-app']
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.map': 'application/json', '.json': 'application/json', '.svg': 'image/svg+xml' }

export interface DemoServer {
  url: string
  port: number
  stop(): Promise<void>
}

/** Builds the Localnet Wallet's browser script. */
async function buildWallet(): Promise<string> {
  const out = await build({ entryPoints: [join(root, 'localnet/wallet/index.ts')], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' })
  return out.outputFiles[0]!.text
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

/** Starts the demo server for the localnet's EVM chains (the first is the default) and its token. */
/** What the demo pages learn about the Solana localnet (the seed only for the Localnet Wallet). */
export interface DemoSolana extends SolanaSeed {
  caipNetworkId: string
  rpcUrl: string
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
  walletConnect,
  walletConfigUrl,
  blockchainUrl,
}: {
  port: number
  chains: { chainId: number; rpcUrl: string }[]
  token: LocalnetToken
  solana?: DemoSolana
  walletConnect?: DemoWalletConnect
  /** Base URL of the wallet/config service emulator. */
  walletConfigUrl?: string
  /** Base URL of the blockchain service emulator. */
  blockchainUrl?: string
}): Promise<DemoServer> {
  const [wallet, apps, apps18] = await Promise.all([buildWallet(), buildReactApps(''), buildReactApps('react18/', join(root, 'tests/react18/node_modules'))])
  /** The built scripts by path. */
  const scripts = new Map<string, string>([['/localnet/wallet.js', wallet], ...apps, ...apps18])
  // Pages read the localnet from window.__LOCALNET__ (JSON; `<` escaped so it cannot close the script).
  const localnet = JSON.stringify({ chains, token, solana, walletConnect, walletConfigUrl, blockchainUrl, rpcUrl: chains[0]!.rpcUrl, chainId: chains[0]!.chainId }).replaceAll('<', '\\u003c')
  const page = async (name: string) => (await readFile(join(root, 'localnet/demo', name), 'utf8')).replaceAll('{{LOCALNET_JSON}}', localnet)

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let body: string | Buffer | undefined
    let type = 'text/plain'
    try {
      const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1)
      if (PAGES.has(name)) [body, type] = [await page(name), TYPES['.html']!]
      // The React page on React 18: react.html with the app built against tests/react18.
      else if (name === 'react18.html') [body, type] = [(await page('react.html')).replace('/localnet/react-app.js', '/localnet/react18/react-app.js'), TYPES['.html']!]
      else if (scripts.has(url.pathname)) [body, type] = [scripts.get(url.pathname)!, TYPES['.js']!]
      else if (url.pathname.startsWith('/gangway/')) {
        const file = normalize(url.pathname.slice('/gangway/'.length))
        if (file.startsWith('..')) throw new Error('outside dist')
        body = await readFile(join(root, 'dist', file))
        type = TYPES[extname(file)] ?? 'application/octet-stream'
      }
    } catch {
      body = undefined
    }
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache' }
    // ?csp=no-worker serves the page under a CSP that forbids workers, as some host sites do.
    if (url.searchParams.get('csp') === 'no-worker') headers['content-security-policy'] = "worker-src 'none'"
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = gzipSync(body)
      headers['content-encoding'] = 'gzip'
    }
    res.writeHead(200, headers).end(body)
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  }
}
