/**
 * The wallet/config service emulator (docs/behaviour.md §7) for the localnet: GET /getWallets (page, entries,
 * include, exclude, chains, search, badge_type) over a generated registry of 161 wallets with SVG
 * images, mobile/desktop/webapp links and rdns; the image paths (GET /getWalletImage/{id} and
 * /public/getAssetImage, /public/getTokenImage, /public/getCurrencyImage of the localnet's networks,
 * tokens and USD: SVG with Cache-Control max-age, 404 for an id it does not know); /appkit/v1/config
 * (the docs/behaviour.md §9 defaults, or a variant for tests: CONFIG_VARIANTS); /projects/v1/origins;
 * /getAnalyticsConfig. Every call must carry projectId, st and sv (else 400).
 * `failNext(status)` makes the next call answer that status (for the docs/behaviour.md §8 error rules).
 * Demo and test tooling only.
 */
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { hostileCase, OLD_WIRE } from './hostile.js'
import { currencyIcon, networkIcon, tokenIcon } from './art.js'

export interface WalletListing {
  id: string
  name: string
  image_id: string
  image_url: string
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  rdns: string | null
  chains: string[]
  badge_type: 'certified' | 'none'
}

export interface WalletConfigService {
  url: string
  registry: WalletListing[]
  /** The query of every call so far (tests check projectId, st, sv). */
  queries: URLSearchParams[]
  /** The variant of every /appkit/v1/config call so far ('default' when none was named). */
  configRequests: string[]
  failNext(status: number): void
  stop(): Promise<void>
}

const FIRST = ['Harbor', 'Amber', 'Cobalt', 'Lumen', 'Nimbus', 'Orbit', 'Quartz', 'Rowan', 'Sable', 'Tidal', 'Vesper', 'Willow', 'Zephyr', 'Aurora', 'Basalt', 'Cedar']
const SECOND = ['Wallet', 'Vault', 'Pay', 'Keys', 'Pocket', 'Purse', 'Safe', 'Ledger', 'Pass', 'Coin']

/** The registry entry of the Localnet WalletConnect wallet (localnet/walletconnect/wallet.ts). */
export const LOCALNET_WC_WALLET_NAME = 'Localnet WalletConnect Wallet'

/**
 * The one registry wallet whose mobile link is an https universal link (the others have custom
 * schemes): a deep link to it opens with `window.open` in a new tab, which the mobile test
 * instruments (tests/e2e/mobile.test.ts). Among the first listings, so Connect recommends it.
 */
export const UNIVERSAL_LINK_WALLET = { name: 'Harbor Wallet', mobileLink: 'https://127.0.0.1/harborwallet' } as const

/** 161 wallets, the same on every run: the Localnet WalletConnect wallet first, then 160 generated ones. */
export function walletRegistry(baseUrl: string): WalletListing[] {
  const localId = createHash('sha256').update(LOCALNET_WC_WALLET_NAME).digest('hex')
  const out: WalletListing[] = [
    {
      id: localId,
      name: LOCALNET_WC_WALLET_NAME,
      image_id: `img-${localId.slice(0, 16)}`,
      image_url: `${baseUrl}/getWalletImage/${localId}`,
      mobile_link: 'localnetwc://',
      desktop_link: null,
      webapp_link: null,
      rdns: null,
      chains: ['eip155:31337', 'eip155:31338', 'solana:GangwayLocaLnet11111111111111111'],
      badge_type: 'certified',
    },
  ]
  for (const a of FIRST) {
    for (const b of SECOND) {
      const name = `${a} ${b}`
      const slug = `${a}${b}`.toLowerCase()
      const id = createHash('sha256').update(name).digest('hex')
      const n = out.length
      out.push({
        id,
        name,
        image_id: `img-${id.slice(0, 16)}`,
        image_url: `${baseUrl}/getWalletImage/${id}`,
        mobile_link: name === UNIVERSAL_LINK_WALLET.name ? UNIVERSAL_LINK_WALLET.mobileLink : `${slug}://`,
        desktop_link: n % 3 === 0 ? `${slug}-desktop://` : null,
        webapp_link: n % 4 === 0 ? `http://127.0.0.1/${slug}` : null,
        rdns: n % 2 === 0 ? `io.${slug}` : null,
        chains: n % 5 === 0 ? ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] : ['eip155:1', 'eip155:31337'],
        badge_type: n % 7 === 0 ? 'certified' : 'none',
      })
    }
  }
  return out
}

/** An SVG tile for a wallet: its initials on a colour from its id. */
function walletSvg(w: WalletListing): string {
  const initials = w.name.split(' ').map((p) => p[0]).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#${w.id.slice(0, 6)}"/><text x="32" y="40" font-size="22" text-anchor="middle" fill="#fff" font-family="sans-serif">${initials}</text></svg>`
}

/**
 * The networks' image ids the demo site names (`assets.imageId`, localnet/demo/index.html): the two
 * anvil chains and the Solana localnet. GET /public/getAssetImage/{id} draws them; other ids get 404.
 */
export const ASSET_IMAGES: Readonly<Record<string, { name: string; kind: 'evm' | 'solana' }>> = {
  'localnet-31337': { name: 'Localnet', kind: 'evm' },
  'localnet-31338': { name: 'Localnet B', kind: 'evm' },
  'solana-localnet': { name: 'Solana Localnet', kind: 'solana' },
}
/** The token symbols GET /public/getTokenImage/{symbol} draws (the localnet's native and seeded tokens); other ids get 404. */
export const TOKEN_IMAGES: readonly string[] = ['ETH', 'SOL', 'HBD', 'TIDE', 'KELP', 'HUSD']
/** The currency codes GET /public/getCurrencyImage/{code} draws; other ids get 404. */
export const CURRENCY_IMAGES: readonly string[] = ['USD']
/** How long a browser may keep an image (the HTTP cache the views' image cache relies on), in seconds. */
export const IMAGE_MAX_AGE_S = 3600

/** The SVG of `/{path}/{id}`, or undefined for an id this emulator does not know. */
function imageSvg(registry: readonly WalletListing[], path: string, id: string): string | undefined {
  if (path === 'getWalletImage') {
    const wallet = registry.find((w) => w.id === id || w.image_id === id)
    return wallet && walletSvg(wallet)
  }
  if (path === 'public/getAssetImage') {
    const asset = ASSET_IMAGES[id]
    return asset && networkIcon(asset.name, asset.kind)
  }
  if (path === 'public/getTokenImage') return TOKEN_IMAGES.includes(id) ? tokenIcon(id) : undefined
  if (path === 'public/getCurrencyImage') return CURRENCY_IMAGES.includes(id) ? currencyIcon(id) : undefined
  return undefined
}

/**
 * The hosted answer's features (reown-com/appkit `packages/controllers/src/utils/TypeUtil.ts`
 * FeatureID and its typed configs; docs/services.md): provider lists for `swap` and `onramp`, the
 * login methods ('email' and the social providers) for `social_login`, an empty list for an on/off
 * feature (`config: null` would mean "keep the site's value").
 */
const DEFAULT_FEATURES: { id: string; isEnabled: boolean; config: string[] | null }[] = [
  { id: 'swap', isEnabled: true, config: ['1inch'] },
  { id: 'onramp', isEnabled: true, config: ['meld'] },
  { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
  { id: 'activity', isEnabled: true, config: [] },
  { id: 'reown_branding', isEnabled: true, config: [] },
  { id: 'multi_wallet', isEnabled: false, config: [] },
  { id: 'email_capture', isEnabled: false, config: [] },
]

/** The features as Gangway's clients once read them (hostile.ts OLD_WIRE): ids `swaps` and `email`, which the hosted service does not have. */
const OLD_WIRE_FEATURES = [
  { id: 'swaps', isEnabled: true, config: null },
  { id: 'onramp', isEnabled: true, config: null },
  { id: 'email', isEnabled: true, config: null },
  { id: 'social_login', isEnabled: true, config: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
  { id: 'activity', isEnabled: true, config: null },
]

/** How long the `slow` variant of /appkit/v1/config waits before it answers, in ms. */
export const SLOW_CONFIG_MS = 3000

/**
 * The variants of the remote configuration (GET /appkit/v1/config) for tests, chosen by the query
 * parameter `features=<variant>`, the header `x-localnet-features: <variant>` (a test's own calls
 * from Node: a page's cross-origin request could not send it without a preflight), or, for a page
 * (whose service client sets only its own query), by the base URL's path prefix
 * `/features/<variant>` (the demo's `?remote-config=<variant>`), which
 * every path of this emulator accepts: `activity-off` (the defaults with activity off), `all-off`
 * (every feature off), `error` (HTTP 500), `slow` (the defaults after SLOW_CONFIG_MS), `malformed`
 * (wrong types, unknown ids and padding past the 64 entries a client reads, activity off only at
 * the end: an honest client keeps the defaults). Any other name answers the defaults.
 */
export const CONFIG_VARIANTS = ['activity-off', 'all-off', 'error', 'slow', 'malformed'] as const
/** The request header that names a variant (lower case, as Node gives header names). */
export const FEATURES_HEADER = 'x-localnet-features'

/** The /appkit/v1/config answer of `variant`: [status, body], and how long to wait first (ms). */
function configAnswer(variant: string | null): { status: number; body: unknown; waitMs: number } {
  const features = (change: (f: (typeof DEFAULT_FEATURES)[number]) => object) => ({ features: DEFAULT_FEATURES.map((f) => ({ ...f, ...change(f) })) })
  if (variant === 'activity-off') return { status: 200, body: features((f) => (f.id === 'activity' ? { isEnabled: false } : {})), waitMs: 0 }
  if (variant === 'all-off') return { status: 200, body: features(() => ({ isEnabled: false })), waitMs: 0 }
  if (variant === 'error') return { status: 500, body: { error: 'config unavailable' }, waitMs: 0 }
  if (variant === 'slow') return { status: 200, body: { features: DEFAULT_FEATURES }, waitMs: SLOW_CONFIG_MS }
  if (variant === 'malformed') {
    const junk = [{ id: 'activity', isEnabled: 'false', config: [] }, { id: 'reown_branding', isEnabled: 0 }, { id: 'smart_sessions', isEnabled: true }, null, 'swap', { id: 'social_login', isEnabled: 'yes', config: ['google'] }]
    const padding = Array.from({ length: 100 }, (_, i) => ({ id: `padding_${i}`, isEnabled: true, config: null }))
    return { status: 200, body: { features: [...junk, ...padding, { id: 'activity', isEnabled: false, config: [] }] }, waitMs: 0 }
  }
  return { status: 200, body: { features: DEFAULT_FEATURES }, waitMs: 0 }
}

/** The links a hostile registry gives its wallets, by case (`/hostile/<case>`, hostile.ts). */
export const HOSTILE_LINKS: Record<string, string> = {
  'links-javascript': 'javascript:window.__gangwayPwned=1;alert(document.domain)%0A//x',
  'links-http-upper': 'HTTP://127.0.0.2:9/steal',
  'links-data': 'data:text/html,<script>parent.__gangwayPwned=1</script>',
  'links-blob': 'blob:http://127.0.0.2:9/0b2c',
}
/** Where a hostile registry points wallet images (`images-foreign`): a host no configured service has. */
export const HOSTILE_IMAGE_URL = 'http://127.0.0.2:9/pixel.gif'

/** The hostile case in which every image path answers 404 (the views then draw generated icons). */
export const HOSTILE_IMAGES_MISSING = 'images-missing'

/**
 * One /getWallets answer made hostile (hostile.ts): every listing's links replaced (`links-*`),
 * images pointing at a foreign host with no image id (`images-foreign`), a count far larger than
 * the pages it serves (`empty-pages`), 5000 listings of about 6 KB each whatever was asked
 * (`oversized`, about 30 MB), or 300 of about 4.5 KB (`padded`, under the 2 MB answer limit). Any
 * other case answers honestly.
 */
function hostileWallets(mode: string, honest: { count: number; data: WalletListing[] }, q: { page: number; entries: number; search: string }): unknown {
  const link = HOSTILE_LINKS[mode]
  if (link) return { ...honest, data: honest.data.map((w) => ({ ...w, mobile_link: link, desktop_link: link, webapp_link: link })) }
  if (mode === 'images-foreign') return { ...honest, data: honest.data.map(({ image_id: _i, ...w }) => ({ ...w, image_url: HOSTILE_IMAGE_URL })) }
  if (mode === 'empty-pages') return { count: 100_000, data: q.page === 1 && !q.search ? honest.data : [] }
  if (mode === 'oversized') {
    const pad = 'x'.repeat(2000)
    return {
      count: 5000,
      data: Array.from({ length: 5000 }, (_, i) => ({ ...honest.data[i % Math.max(1, honest.data.length)]!, id: `oversized-${q.page}-${i}`, name: `Oversized Wallet ${i} ${pad}`, rdns: `io.oversized.${i}.${pad}`, mobile_link: `oversized${i}://${pad}` })),
    }
  }
  if (mode === 'padded') {
    // Like `oversized`, but under the 2 MB answer limit: 300 listings of about 4.5 KB whatever was asked.
    const pad = 'y'.repeat(1500)
    return {
      count: 300,
      data: Array.from({ length: 300 }, (_, i) => ({ ...honest.data[i % Math.max(1, honest.data.length)]!, id: `padded-${q.page}-${i}`, name: `Padded Wallet ${i} ${pad}`, rdns: `io.padded.${i}.${pad}`, mobile_link: `padded${i}://${pad}` })),
    }
  }
  return honest
}

export async function startWalletConfigService({ port }: { port: number }): Promise<WalletConfigService> {
  const url = `http://127.0.0.1:${port}`
  const registry = walletRegistry(url)
  const queries: URLSearchParams[] = []
  const configRequests: string[] = []
  let fail: number | undefined
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', url)
    // `/hostile/<case>/…`: this request gets that case's bad answer (hostile.ts).
    // `/features/<variant>/…`: the remote configuration's variant for this page (CONFIG_VARIANTS), before any hostile case.
    const prefixed = /^\/features\/([a-z0-9-]+)(\/.*)?$/.exec(u.pathname)
    if (prefixed) u.pathname = prefixed[2] ?? '/'
    const header = req.headers[FEATURES_HEADER]
    const variant = prefixed?.[1] ?? u.searchParams.get('features') ?? (typeof header === 'string' ? header : null)
    const { mode, pathname } = hostileCase(u.pathname)
    u.pathname = pathname
    const headers = { 'access-control-allow-origin': '*', 'content-type': 'application/json' }
    const json = (status: number, body: unknown) => res.writeHead(status, headers).end(JSON.stringify(body))
    queries.push(u.searchParams)
    if (fail !== undefined) {
      const status = fail
      fail = undefined
      return json(status, { error: 'failing on request' })
    }
    if (!u.searchParams.get('projectId') || !u.searchParams.get('st') || !u.searchParams.get('sv')) return json(400, { error: 'projectId, st and sv are required' })
    const list = (name: string) => (u.searchParams.get(name) ?? '').split(',').filter(Boolean)
    const image = /^\/(getWalletImage|public\/getAssetImage|public\/getCurrencyImage|public\/getTokenImage)\/([^/]+)$/.exec(u.pathname)
    if (image) {
      let id: string | undefined
      try {
        id = decodeURIComponent(image[2]!)
      } catch {
        id = undefined
      }
      const svg = id === undefined || mode === HOSTILE_IMAGES_MISSING ? undefined : imageSvg(registry, image[1]!, id)
      if (!svg) return json(404, { error: 'image not found' })
      return res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'image/svg+xml', 'cache-control': `public, max-age=${IMAGE_MAX_AGE_S}` }).end(svg)
    }
    switch (u.pathname) {
      case '/getWallets': {
        const page = Math.max(1, Number(u.searchParams.get('page') ?? 1))
        const entries = Math.min(100, Math.max(1, Number(u.searchParams.get('entries') ?? 40)))
        const include = list('include')
        const exclude = list('exclude')
        const chains = list('chains')
        const search = (u.searchParams.get('search') ?? '').toLowerCase()
        const badge = u.searchParams.get('badge_type')
        const matching = registry.filter(
          (w) =>
            (include.length === 0 || include.includes(w.id)) &&
            !exclude.includes(w.id) &&
            (chains.length === 0 || w.chains.some((c) => chains.includes(c))) &&
            (!search || w.name.toLowerCase().includes(search)) &&
            (!badge || w.badge_type === badge),
        )
        const honest = { count: matching.length, data: matching.slice((page - 1) * entries, page * entries) }
        return json(200, mode ? hostileWallets(mode, honest, { page, entries, search }) : honest)
      }
      case '/appkit/v1/config': {
        const answer = mode === OLD_WIRE ? { status: 200, body: { features: OLD_WIRE_FEATURES }, waitMs: 0 } : configAnswer(variant)
        configRequests.push(variant ?? 'default')
        if (!answer.waitMs) return json(answer.status, answer.body)
        const timer = setTimeout(() => json(answer.status, answer.body), answer.waitMs)
        res.on('close', () => clearTimeout(timer))
        return
      }
      case '/projects/v1/origins':
        return json(200, { allowedOrigins: ['http://127.0.0.1:*'] })
      case '/getAnalyticsConfig':
        // On, as for a project with analytics; the hostile case `analytics-off` (the demo's ?hostile=analytics-off) turns them off.
        return json(200, { isAnalyticsEnabled: mode !== 'analytics-off' })
      default:
        return json(404, { error: 'not found' })
    }
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()))
  return {
    url,
    registry,
    queries,
    configRequests,
    failNext: (status) => void (fail = status),
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}
