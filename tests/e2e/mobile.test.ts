/**
 * Mobile (issue 16), in Chromium under Playwright's iPhone 13 and Pixel 7 descriptors (viewport,
 * user agent, scale, isMobile, hasTouch; always Chromium, whatever browser the descriptor names):
 * - the core flow by taps: connect the Localnet Wallet, the Account tabs, a network switch, a send;
 *   in every view on the way the modal is a bottom sheet (full width, on the viewport's bottom edge,
 *   rounded at the top only, at most 90 % high) and every visible button, row, tile, tab and input
 *   is at least 44 px tall, icon buttons 44 px wide too (src/ui/views/mobile-styles.ts);
 * - the wallet's deep link opens inside the tap: an init script wraps `window.open` and records, for
 *   each call, whether it ran inside a click's dispatch (a window capture listener raises a depth,
 *   a window bubble listener lowers it) and inside a click listener's own synchronous run (every
 *   click listener is wrapped, since a trusted event's microtasks run between its listeners, still
 *   inside the dispatch). With the prepared pairing ready, the tap on a wallet with an https link
 *   opens it synchronously, once; without it, the view opens it when the URI arrives (outside the
 *   gesture: the known limit) and its Open button opens it synchronously.
 */
import { describe, expect, inject, it } from 'vitest'
import { devices, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { UNIVERSAL_LINK_WALLET, walletRegistry } from '../../localnet/services/wallet-config.js'
import { copiedPairingUri } from './pairing.js'
import { localContext } from './browser.js'
import { pageLog, coreSession, useBrowser, waitForView } from './helpers.js'
import { BUILT_VIEWS, walksOf, walkViews, type TourEnv } from './view-tour.js'
import { lanes } from './lanes.js'
import { instrumentOpen, opens } from './open-instrument.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl2 = inject('rpcUrl2')
const tourEnv: TourEnv = { webUrl, rpcUrl: inject('rpcUrl'), solanaCaip2: inject('solanaCaip2') }
const browser = useBrowser()

/** The devices, each with a Localnet Wallet dev account no other test uses. */
const DEVICES = [
  { name: 'iPhone 13', account: 8 },
  { name: 'Pixel 7', account: 9 },
] as const
type DeviceName = (typeof DEVICES)[number]['name']

/** A context emulating `name` (its descriptor's viewport, user agent, scale, isMobile, hasTouch) whose requests leave 127.0.0.1 only (as browser.ts localContext). */
async function deviceContext(b: Browser, name: DeviceName): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices[name]
  // Requests leave 127.0.0.1 and the secure site's localhost only (browser.ts).
  return localContext(b, { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })
}

/** What the sheet check reads in the page (CSS px). */
interface SheetFacts {
  card: { left: number; width: number; bottom: number; height: number }
  viewport: { width: number; height: number }
  radius: { topLeft: string; topRight: string; bottomLeft: string; bottomRight: string }
  /** How many touch targets were measured, and those too small. */
  targets: number
  small: string[]
}

/**
 * Checks the modal on show: a bottom sheet spanning the viewport's width, its bottom edge the
 * viewport's, rounded at the top only, at most 90 % of the viewport's height; and every visible
 * button, input, tab, row and tile of the card at least 44 px tall (icon buttons 44 px wide too).
 */
async function expectBottomSheet(page: Page, view: string): Promise<void> {
  await waitForView(page, view)
  const facts: SheetFacts = await page.evaluate(() => {
    const root = document.querySelector('gangway-modal')!.shadowRoot!
    const card = root.querySelector<HTMLElement>('[data-testid=gw-modal] .gw-card')!
    const box = card.getBoundingClientRect()
    const style = getComputedStyle(card)
    const small: string[] = []
    let targets = 0
    for (const el of Array.from(card.querySelectorAll<HTMLElement>('button, input, [role=tab], .gw-row, .gw-tile'))) {
      const b = el.getBoundingClientRect()
      if (b.width === 0 || b.height === 0 || !el.checkVisibility({ visibilityProperty: true })) continue
      targets++
      const icon = el.classList.contains('gw-icon-btn')
      if (b.height < 44 || (icon && b.width < 44)) {
        const name = el.dataset.testid ?? el.dataset.walletRow ?? el.dataset.tab ?? el.dataset.network ?? el.dataset.token ?? el.className
        small.push(`${el.tagName.toLowerCase()} ${name}: ${b.width.toFixed(1)}×${b.height.toFixed(1)}`)
      }
    }
    return {
      card: { left: box.left, width: box.width, bottom: box.bottom, height: box.height },
      viewport: { width: innerWidth, height: innerHeight },
      radius: { topLeft: style.borderTopLeftRadius, topRight: style.borderTopRightRadius, bottomLeft: style.borderBottomLeftRadius, bottomRight: style.borderBottomRightRadius },
      targets,
      small,
    }
  })
  const where = `${view}: ${JSON.stringify(facts)}`
  expect(facts.card.left, where).toBeCloseTo(0, 1)
  expect(facts.card.width, where).toBeCloseTo(facts.viewport.width, 1)
  expect(facts.card.bottom, where).toBeCloseTo(facts.viewport.height, 1)
  expect(facts.card.height, where).toBeLessThanOrEqual(facts.viewport.height * 0.9 + 0.5)
  expect([facts.radius.bottomLeft, facts.radius.bottomRight], where).toEqual(['0px', '0px'])
  expect(parseFloat(facts.radius.topLeft), where).toBeGreaterThan(0)
  expect(parseFloat(facts.radius.topRight), where).toBeGreaterThan(0)
  expect(facts.targets, where).toBeGreaterThan(0)
  expect(facts.small, where).toEqual([])
}

describe('mobile: the core flow under device emulation', () => {
  for (const { name, account } of DEVICES) {
    it(`${name}: connect, the Account tabs, switch network and send, by taps, on a bottom sheet with 44 px touch targets`, async () => {
      const context = await deviceContext(browser(), name)
      const page = await context.newPage()
      await page.goto(`${webUrl}/`)
      // The descriptor holds: a mobile viewport and a coarse pointer (what isMobileDevice reads).
      expect(await page.evaluate(() => [innerWidth, matchMedia('(pointer: coarse)').matches])).toEqual([devices[name].viewport.width, true])
      await page.evaluate((i) => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(i), account)

      // Connect the Localnet Wallet.
      await page.tap('gangway-button')
      await page.locator('[data-testid=gw-modal] [data-wallet-row="dev.gangway.localnet"]').waitFor()
      await expectBottomSheet(page, 'Connect')
      await page.tap('[data-wallet-row="dev.gangway.localnet"]')
      await expectBottomSheet(page, 'ConnectingExternal')
      await page.tap('[data-testid=localnet-wallet-approve]')
      await expectBottomSheet(page, 'Account')

      // The Account tabs, a switch to the second chain and a send there, by taps, the sheet checked on
      // each view; every frame a snackbar shows in ('Transaction sent'), it must not cover the sheet.
      await page.evaluate(() => {
        const root = document.querySelector('gangway-modal')!.shadowRoot!
        const w = window as unknown as { __toasts: { frames: number; covering: string[] } }
        w.__toasts = { frames: 0, covering: [] }
        const sample = () => {
          const toast = root.querySelector('[data-testid=gw-snackbar]')?.getBoundingClientRect()
          const card = root.querySelector('[data-testid=gw-modal] .gw-card')?.getBoundingClientRect()
          if (toast && card && toast.height > 0) {
            w.__toasts.frames++
            if (toast.bottom > card.top && toast.top < card.bottom) w.__toasts.covering.push(`snackbar ${toast.top}–${toast.bottom}, sheet ${card.top}–${card.bottom}`)
          }
          requestAnimationFrame(sample)
        }
        requestAnimationFrame(sample)
      })
      await coreSession(page, { rpcUrl2, label: `mobile-${name}`, press: (selector) => page.tap(selector), shown: (view) => expectBottomSheet(page, view) })
      // coreSession returns once the snackbar's text is in the page, which can be before the next frame
      // paints it: wait for a frame that shows it (frames only counts frames with it on show).
      await page.waitForFunction(() => (window as unknown as { __toasts: { frames: number } }).__toasts.frames > 0, undefined, { timeout: E2E_WAIT_MS })
      const toasts = await page.evaluate(() => (window as unknown as { __toasts: { frames: number; covering: string[] } }).__toasts)
      expect(toasts.covering.slice(0, 3)).toEqual([])
      await context.close()
    })
  }
})

const exportLog = async (page: Page) => (await pageLog(page)).events
/** The deep link of the universal-link wallet for `uri` (projections/rules/wallet-rules.ts walletDeepLink). */
const deepLink = (uri: string) => `${UNIVERSAL_LINK_WALLET.mobileLink}/wc?uri=${encodeURIComponent(uri)}`
/** The universal-link wallet's registry id: its Connect row (recommended) and its All Wallets tile carry it. */
const universalId = walletRegistry('').find((w) => w.name === UNIVERSAL_LINK_WALLET.name)!.id
const harborRow = `[data-testid=gw-modal] [data-group=recommended][data-wallet-row="${universalId}"]`
const harborTile = `[data-testid=gw-all-list] [data-wallet-id="${universalId}"]`

/**
 * Holds back the worker's chunk of `@walletconnect/sign-client` (found by content, since chunk
 * names are hashes) until the returned function is called: no pairing can start before.
 */
async function holdSignClient(context: BrowserContext): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  await context.route('**/gangway/worker-*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('wc_sessionPropose')) await released
    await route.fulfill({ response, body })
  })
  return release
}

describe('mobile: the wallet deep link opens inside the tap', () => {
  it('the instrument tells a call inside a click listener from one a microtask later', async () => {
    const context = await deviceContext(browser(), 'Pixel 7')
    await context.addInitScript(instrumentOpen)
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    await page.evaluate(() => {
      const button = (id: string, top: number, onClick: () => void) => {
        const b = document.createElement('button')
        b.id = id
        b.textContent = id
        b.style.cssText = `position:fixed;left:8px;top:${top}px;width:120px;height:48px;z-index:2147483647`
        b.addEventListener('click', onClick)
        document.body.append(b)
      }
      button('sync', 8, () => window.open('https://127.0.0.1/sync'))
      button('microtask', 64, () => void Promise.resolve().then(() => window.open('https://127.0.0.1/microtask')))
      button('task', 120, () => void setTimeout(() => window.open('https://127.0.0.1/task')))
    })
    await page.tap('#sync')
    await page.tap('#microtask')
    await page.tap('#task')
    await expect.poll(() => opens(page).then((o) => o.length)).toBe(3)
    expect((await opens(page)).map(({ url, inDispatch, inListener }) => ({ url, inDispatch, inListener }))).toEqual([
      { url: 'https://127.0.0.1/sync', inDispatch: true, inListener: true },
      // A trusted event's microtasks run after each listener, still inside the dispatch: only the listener wrap sees the hop.
      { url: 'https://127.0.0.1/microtask', inDispatch: true, inListener: false },
      { url: 'https://127.0.0.1/task', inDispatch: false, inListener: false },
    ])
    await context.close()
  })

  it('with the prepared pairing ready, the tap on a wallet opens its link synchronously, once, with the URI', async () => {
    const context = await deviceContext(browser(), 'iPhone 13')
    await context.addInitScript(instrumentOpen)
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    await page.tap('gangway-button')
    await waitForView(page, 'Connect')
    // The engine prepared a pairing when the modal opened on this mobile device (walletConnectPrepareEffect).
    await expect.poll(async () => (await exportLog(page)).filter((e) => e.type === 'walletconnect/pairing-created').length, { timeout: E2E_WAIT_MS }).toBe(1)
    const created = (await exportLog(page)).find((e) => e.type === 'walletconnect/pairing-created')!.payload as { pairingTopic: string }
    await page.locator(harborRow).waitFor()
    expect(await opens(page)).toEqual([])

    await page.tap(harborRow)
    await waitForView(page, 'ConnectingWalletConnect')
    // The view shows the prepared pairing, taken over by the connect: the same topic, and the same URI as Copy link gives.
    await page.locator(`[data-testid=gw-wc][data-pairing-topic="${created.pairingTopic}"]`).waitFor()
    const uri = await copiedPairingUri(page)
    expect(uri.startsWith(`wc:${created.pairingTopic}@2?`)).toBe(true)
    // Exactly one open, in the tap, with the wallet's https link carrying the URI; the view did not open it again.
    expect(await opens(page)).toEqual([{ url: deepLink(uri), target: '_blank', features: 'noreferrer,noopener', inDispatch: true, inListener: true }])
    const log = await exportLog(page)
    expect(log.filter((e) => e.type === 'walletconnect/deep-link-opened').map((e) => e.payload)).toEqual([{ name: UNIVERSAL_LINK_WALLET.name, href: UNIVERSAL_LINK_WALLET.mobileLink }])
    expect(log.filter((e) => e.type === 'walletconnect/pairing-created')).toHaveLength(1)
    // The view's touch targets on the sheet, too.
    await expectBottomSheet(page, 'ConnectingWalletConnect')
    await context.close()
  })

  it('without a URI ready at the tap, the view opens the link when it arrives (not in the gesture), and Open opens it in one', async () => {
    const context = await deviceContext(browser(), 'Pixel 7')
    await context.addInitScript(instrumentOpen)
    const release = await holdSignClient(context)
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    await page.tap('gangway-button')
    await waitForView(page, 'Connect')
    await page.locator(harborRow).waitFor()
    await page.tap(harborRow)
    await waitForView(page, 'ConnectingWalletConnect')
    // No sign client, so no URI: the tap opened nothing.
    expect(await page.locator('[data-testid=gw-qr][data-ready]').count()).toBe(0)
    expect(await opens(page)).toEqual([])

    release()
    await expect.poll(() => opens(page).then((o) => o.length), { timeout: E2E_WAIT_MS }).toBe(1)
    const uri = await copiedPairingUri(page)
    expect(await opens(page)).toEqual([{ url: deepLink(uri), target: '_blank', features: 'noreferrer,noopener', inDispatch: false, inListener: false }])

    // The Open button is a fresh gesture: synchronous inside its tap.
    await page.tap('[data-testid=gw-open-wallet]')
    expect((await opens(page)).slice(1)).toEqual([{ url: deepLink(uri), target: '_blank', features: 'noreferrer,noopener', inDispatch: true, inListener: true }])
    await expectBottomSheet(page, 'ConnectingWalletConnect')
    await context.close()
  })

  it('in All Wallets, the tap on a tile opens its link synchronously when the URI is ready', async () => {
    const context = await deviceContext(browser(), 'Pixel 7')
    await context.addInitScript(instrumentOpen)
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    await page.tap('gangway-button')
    await waitForView(page, 'Connect')
    await page.tap('[data-testid=gw-all-wallets]')
    await page.locator('[data-testid=gw-all-list] [data-wallet-id]').first().waitFor()
    await expectBottomSheet(page, 'AllWallets')
    await expect.poll(async () => (await exportLog(page)).some((e) => e.type === 'walletconnect/pairing-created'), { timeout: E2E_WAIT_MS }).toBe(true)
    await page.tap(harborTile)
    await waitForView(page, 'ConnectingWalletConnect')
    const uri = await copiedPairingUri(page)
    expect(await opens(page)).toEqual([{ url: deepLink(uri), target: '_blank', features: 'noreferrer,noopener', inDispatch: true, inListener: true }])
    await context.close()
  })

  // ConnectingWalletConnectBasic is not reached on a touch device: with manual WalletConnect
  // control, the opening rule shows All Wallets there (docs/behaviour.md §2 Opening).
  it('Pixel 7: every view of the tour (view-tour.ts) is a bottom sheet with 44 px touch targets', async () => {
    const views = BUILT_VIEWS.filter((v) => v !== 'ConnectingWalletConnectBasic')
    const inLane = lanes(() => deviceContext(browser(), 'Pixel 7'), tourEnv.webUrl)
    // Walked as every-view.test.ts walks them (view-tour.ts walksOf): a page a walk, each view checked where the walk shows it.
    await Promise.all(walksOf(views).map((walk) => inLane((context) => walkViews(context, walk, tourEnv, '/', (page, view) => expectBottomSheet(page, view)))))
    console.log(`mobile sheet, views visited: ${views.join(', ')}`)
  })
})
