/**
 * Issue 16, "no empty boxes", end to end: every row and tile shows its image through the one image
 * mechanism (src/ui/images). The Connect view's WalletConnect and All Wallets rows draw their bundled
 * SVG icons; the registry's wallets, the network list (the wallet/config service's
 * /public/getAssetImage of each network's image id), the Account's Tokens (the blockchain service's
 * icons) and the send form's tokens (/public/getTokenImage of their symbols) show loaded images from
 * the localnet's emulators; a second showing of a list needs no placeholder. With every image
 * answering 404 (the wallet/config emulator's hostile case `images-missing`), the same rows show
 * generated icons with their names' initials. In every view visited, every row is checked: an
 * image that loaded, a generated icon or a bundled one, never an empty box.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SDK_TYPE, SDK_VERSION } from '../../src/api/version.js'
import { CURRENCY_IMAGES, IMAGE_MAX_AGE_S, TOKEN_IMAGES } from '../../localnet/services/wallet-config.js'
import { generatedIcon } from '../../src/ui/images/image-cache.js'
import { localContext } from './browser.js'
import { useBrowser, waitForView, connectSettled } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const walletConfigUrl = inject('walletConfigUrl')
const blockchainUrl = inject('blockchainUrl')
const tokenAddress = inject('tokenAddress')
const husd = inject('amm').stablecoin.address
const solanaCaip2 = inject('solanaCaip2')
const browser = useBrowser()

/** The query every service image URL carries (docs/behaviour.md §7). */
const QUERY = `projectId=gangway-demo&st=${SDK_TYPE}&sv=${encodeURIComponent(SDK_VERSION)}`

/** What one row shows as its image. */
interface Shown {
  /** The row's id attribute (`data-wallet-row`, `data-network`, …). */
  key: string | null
  /** The icon's `data-icon`: image, generated, walletconnect, all-wallets; `loading` while a placeholder; `none` without any. */
  icon: string
  src?: string
  /** An <img>: complete with a natural width. */
  loaded?: boolean
  /** An <img>'s `crossorigin` attribute (null: none, a no-CORS load). */
  crossOrigin?: string | null
  /** A generated icon's text (the initials). */
  text?: string
  /** The row's text, whose first letter a generated icon starts with. */
  name: string
  /** Image boxes in the row with no icon at all: the empty grey squares of old. */
  emptyBoxes: number
}

/**
 * The icon of every row matching `rows` (the attribute `key` naming each, `nameOf` the selector of
 * its name), read once no row is still loading; fails when some row never settles within 10 s.
 */
async function iconsOf(page: Page, rows: string, key: string, nameOf: string): Promise<Shown[]> {
  const read = () =>
    page.$$eval(
      rows,
      (els, [key, nameOf]) =>
        els.map((el) => {
          const icon = el.querySelector('[data-icon]')
          const img = icon instanceof HTMLImageElement ? icon : null
          return {
            key: el.getAttribute(key!),
            icon: icon?.getAttribute('data-icon') ?? 'none',
            ...(img ? { src: img.getAttribute('src') ?? '', loaded: img.complete && img.naturalWidth > 0, crossOrigin: img.getAttribute('crossorigin') } : {}),
            ...(icon?.getAttribute('data-icon') === 'generated' ? { text: icon.textContent ?? '' } : {}),
            name: (el.querySelector(nameOf!)?.textContent ?? '').trim(),
            emptyBoxes: el.querySelectorAll('.gw-img:not([data-icon]), .gw-big-icon:not([data-icon])').length,
          }
        }),
      [key, nameOf],
    )
  let seen: Shown[] = []
  const settled = (list: Shown[]) => list.length > 0 && list.every((r) => r.icon !== 'loading' && r.icon !== 'none' && (r.icon !== 'image' || r.loaded === true))
  await expect.poll(async () => (seen = await read()), { timeout: E2E_WAIT_MS, message: `${rows}: every row's image loaded or replaced` }).toSatisfy(settled)
  return seen
}

/** No row without its image: each shows one that loaded, a generated icon with its name's first letter, or a bundled icon. */
function expectNoEmptyBox(rows: Shown[]): void {
  for (const r of rows) {
    expect(r.emptyBoxes, `row ${r.key}`).toBe(0)
    expect(['image', 'generated', 'walletconnect', 'all-wallets'], `row ${r.key}`).toContain(r.icon)
    if (r.icon === 'image') expect(r.loaded, `row ${r.key}`).toBe(true)
    if (r.icon === 'generated') expect(r.text?.[0], `row ${r.key}`).toBe(r.name[0]?.toUpperCase())
  }
}

const CONNECT_ROWS = ['[data-testid=gw-wallets] .gw-row', 'data-wallet-row', '.gw-name'] as const
const NETWORK_ROWS = ['[data-testid=gw-networks] [data-network]', 'data-network', '.gw-name'] as const
const TOKEN_ROWS = ['[data-testid=gw-tokens] li', 'data-symbol', '.gw-asset-name > span'] as const
const SEND_TOKEN_ROWS = ['[data-testid=gw-send-tokens] [data-token]', 'data-token', '.gw-name'] as const
/** All Wallets' first two rows of tiles, in view when it opens (the tiles further down preload when scrolled near). */
const FIRST_TILES = ['[data-testid=gw-all-list] li:nth-child(-n+8) [data-wallet-id]', 'data-wallet-id', '.gw-tile-name'] as const

/**
 * Opens the demo at `path`, connects the Localnet Wallet, checking the Connect view's rows and All
 * Wallets' first tiles on the way; returns the Connect rows and the tiles seen.
 */
async function openAndConnect(page: Page, path: string): Promise<{ connect: Shown[]; tiles: Shown[] }> {
  await page.goto(`${webUrl}${path}`)
  await page.click('gangway-button')
  await waitForView(page, 'Connect')
  // The registry's recommended wallets come with the engine's first answer.
  await page.locator('[data-group=recommended]').first().waitFor()
  const connect = await iconsOf(page, ...CONNECT_ROWS)
  expectNoEmptyBox(connect)
  await page.click('[data-testid=gw-all-wallets]')
  await waitForView(page, 'AllWallets')
  await page.locator(FIRST_TILES[0]).nth(7).waitFor()
  const tiles = await iconsOf(page, ...FIRST_TILES)
  expectNoEmptyBox(tiles)
  await page.click('[data-testid=gw-back]')
  await waitForView(page, 'Connect')
  await connectSettled(page)
  await page.click('[data-wallet-row="dev.gangway.localnet"]')
  await page.click('[data-testid=localnet-wallet-approve]')
  await waitForView(page, 'Account')
  return { connect, tiles }
}

/** From Account: the send form's token list. */
async function sendTokenList(page: Page): Promise<void> {
  await page.click('[data-testid=gw-open-send]')
  await waitForView(page, 'WalletSend')
  await page.click('[data-testid=gw-send-token]')
  await waitForView(page, 'WalletSendSelectToken')
}

describe('images (issue 16)', () => {
  it('the emulator serves network, token and currency images with a cache lifetime, and 404 for an id it does not know', async () => {
    const get = (path: string) => fetch(`${walletConfigUrl}/${path}?${QUERY}`)
    for (const path of ['public/getAssetImage/localnet-31337', 'public/getAssetImage/solana-localnet', ...TOKEN_IMAGES.map((t) => `public/getTokenImage/${t}`), ...CURRENCY_IMAGES.map((c) => `public/getCurrencyImage/${c}`)]) {
      const r = await get(path)
      expect(r.status, path).toBe(200)
      expect(r.headers.get('content-type')).toBe('image/svg+xml')
      expect(r.headers.get('cache-control')).toBe(`public, max-age=${IMAGE_MAX_AGE_S}`)
      expect(await r.text()).toMatch(/^<svg /)
    }
    for (const path of ['public/getAssetImage/eip155%3A1', 'public/getTokenImage/DOGE', 'public/getCurrencyImage/XYZ', 'getWalletImage/no-such-wallet']) {
      expect((await get(path)).status, path).toBe(404)
    }
  })

  it('every row shows its image: bundled icons, registry wallets, networks, tokens, send tokens', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))

    // Connect: WalletConnect and All Wallets draw their bundled SVG; the rest load their images.
    const { connect, tiles } = await openAndConnect(page, '/')
    expect(connect.find((r) => r.key === 'walletConnect')?.icon).toBe('walletconnect')
    expect(tiles.map((t) => t.icon)).toEqual(Array(8).fill('image'))
    for (const t of tiles) expect([t.src?.startsWith(`${walletConfigUrl}/getWalletImage/img-`), t.src?.endsWith(`?${QUERY}`)], t.src).toEqual([true, true])
    expect(connect.filter((r) => r.icon === 'all-wallets')).toHaveLength(1)
    const registry = connect.filter((r) => r.src?.startsWith(`${walletConfigUrl}/getWalletImage/`))
    expect(registry.length).toBeGreaterThanOrEqual(4)
    expect(connect.find((r) => r.key === 'dev.gangway.localnet')).toMatchObject({ icon: 'image', loaded: true })

    // Account → Tokens: the blockchain service's icons.
    await page.locator(TOKEN_ROWS[0]).nth(3).waitFor()
    const tokens = await iconsOf(page, ...TOKEN_ROWS)
    expectNoEmptyBox(tokens)
    expect(tokens.map((t) => [t.key, t.icon, t.src]).sort()).toEqual(['ETH', 'HBD', 'KELP', 'TIDE'].map((s) => [s, 'image', `${blockchainUrl}/localnet/images/token/${s}.svg`]))
    // The wallet/config service's images load in CORS mode, as its owner's client fetches them (docs/services.md); other hosts' without.
    expect(new Set([...tiles, ...registry].map((t) => t.crossOrigin))).toEqual(new Set(['anonymous']))
    expect(new Set(tokens.map((t) => t.crossOrigin))).toEqual(new Set([null]))

    // The network list: the wallet/config service's image of each network's image id.
    await page.click('[data-testid=gw-network]')
    await waitForView(page, 'SwitchNetwork')
    const networks = await iconsOf(page, ...NETWORK_ROWS)
    expectNoEmptyBox(networks)
    expect(networks.map((n) => [n.key, n.icon, n.src])).toEqual([
      ['eip155:31337', 'image', `${walletConfigUrl}/public/getAssetImage/localnet-31337?${QUERY}`],
      ['eip155:31338', 'image', `${walletConfigUrl}/public/getAssetImage/localnet-31338?${QUERY}`],
      [solanaCaip2, 'image', `${walletConfigUrl}/public/getAssetImage/solana-localnet?${QUERY}`],
    ])

    // Shown again, the list's images come from the page's image cache at once: no placeholder in its first paint.
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-network]')
    await waitForView(page, 'SwitchNetwork')
    expect(await page.locator('[data-testid=gw-networks] [data-icon]').evaluateAll((els) => els.map((e) => e.getAttribute('data-icon')))).toEqual(['image', 'image', 'image'])
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Account')

    // Send: ETH and HBD have no icon of their own; the service's token images by symbol.
    await sendTokenList(page)
    const sendTokens = await iconsOf(page, ...SEND_TOKEN_ROWS)
    expectNoEmptyBox(sendTokens)
    expect(sendTokens.map((t) => [t.key, t.icon, t.src])).toEqual([
      ['native', 'image', `${walletConfigUrl}/public/getTokenImage/ETH?${QUERY}`],
      [tokenAddress, 'image', `${walletConfigUrl}/public/getTokenImage/HBD?${QUERY}`],
      [husd, 'image', `${walletConfigUrl}/public/getTokenImage/HUSD?${QUERY}`],
    ])
    expect(errors).toEqual([])
    await context.close()
  })

  it('an image the service answers 404 for shows a generated icon with the name’s initials', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    // How each service image request ended: its status, or the network error (Chromium blocks a 404
    // that is not an image for an <img>: ERR_BLOCKED_BY_ORB; the image's error event fires either way).
    const outcomes: [string, string][] = []
    const serviceImage = (url: string) => /\/(getWalletImage|public\/get\w+Image)\//.test(new URL(url).pathname)
    page.on('response', (r) => serviceImage(r.url()) && outcomes.push([new URL(r.url()).pathname, String(r.status())]))
    page.on('requestfailed', (r) => serviceImage(r.url()) && outcomes.push([new URL(r.url()).pathname, r.failure()?.errorText ?? 'failed']))

    // Connect: the registry's wallet images all 404; those rows show generated icons, the bundled ones stay.
    const { connect, tiles } = await openAndConnect(page, '/?hostile=images-missing')
    expect(connect.find((r) => r.key === 'walletConnect')?.icon).toBe('walletconnect')
    expect(tiles.map((t) => t.icon)).toEqual(Array(8).fill('generated'))
    const recommended = connect.filter((r) => r.icon === 'generated')
    expect(recommended.length).toBeGreaterThanOrEqual(4)

    // The network list: each network's image is a 404, so its initials: 'L', 'LB', 'SL'.
    await page.click('[data-testid=gw-network]')
    await waitForView(page, 'SwitchNetwork')
    const networks = await iconsOf(page, ...NETWORK_ROWS)
    expectNoEmptyBox(networks)
    expect(networks.map((n) => [n.key, n.icon, n.text])).toEqual([
      ['eip155:31337', 'generated', 'L'],
      ['eip155:31338', 'generated', 'LB'],
      [solanaCaip2, 'generated', 'SL'],
    ])
    // Each on the tone its name's hash picks (image-cache.ts), drawn by the views' CSS: not the grey of an empty box.
    const drawn = await page.locator('[data-testid=gw-networks] [data-icon=generated]').evaluateAll((els) => els.map((e) => [Array.from(e.classList).find((c) => /^gw-gen-\d$/.test(c)), getComputedStyle(e).backgroundColor]))
    expect(drawn.map(([tone]) => tone)).toEqual(networks.map((n) => `gw-gen-${generatedIcon(n.name).tone}`))
    for (const [, background] of drawn) expect(background).not.toBe('rgb(228, 228, 231)')
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Account')

    // The Tokens tab's icons are the blockchain service's, which answers: they load.
    await page.locator(TOKEN_ROWS[0]).nth(3).waitFor()
    expectNoEmptyBox(await iconsOf(page, ...TOKEN_ROWS))

    // Send: the service's token images 404 too.
    await sendTokenList(page)
    const sendTokens = await iconsOf(page, ...SEND_TOKEN_ROWS)
    expectNoEmptyBox(sendTokens)
    expect(sendTokens.map((t) => [t.key, t.icon, t.text])).toEqual([
      ['native', 'generated', 'E'],
      [tokenAddress, 'generated', 'HD'],
      [husd, 'generated', 'HU'],
    ])

    // Each network image was asked for once (a failed URL is not asked for again) and none came.
    // (In whatever order the rows' preloads reached the network: what counts is once each.)
    const assetAsks = outcomes.filter(([p]) => p.includes('/public/getAssetImage/')).map(([p]) => p.replace(/^.*\/public\//, ''))
    expect(assetAsks.sort()).toEqual(['getAssetImage/localnet-31337', 'getAssetImage/localnet-31338', 'getAssetImage/solana-localnet'])
    expect(outcomes.length).toBeGreaterThan(assetAsks.length)
    for (const [path, outcome] of outcomes) expect(['404', 'net::ERR_BLOCKED_BY_ORB'], path).toContain(outcome)
    await context.close()
  })
})
