/**
 * Issue 13 #1, #2, #10 end to end: a wallet registry that answers `javascript:`, upper-case
 * `HTTP:`, `data:` and `blob:` links, or images on a foreign host (the localnet emulator's hostile
 * mode, `?hostile=<case>`), and a `javascript:` link planted straight into the stored log. Tapping
 * those wallets, on mobile (where the tap itself opens the deep link when the pairing prepared as the
 * modal opened is ready, and the view opens it when its URI arrives: the tests wait for that pairing,
 * so both try) and on desktop, runs no script and leaves the host tab where it was; no foreign image
 * is ever requested. What the page does is counted by listeners installed before its scripts run.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { useBrowser, domText, waitForEngine, waitForView } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const secureOrigin = new URL(inject('secureSiteUrl')).origin
const browser = useBrowser()

const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36' }
const DESKTOP = { viewport: { width: 1280, height: 800 } }

/** What a hostile link could do to the host tab, as the page saw it. */
interface Watch {
  context: BrowserContext
  page: Page
  dialogs: string[]
  popups: number
  navigations: string[]
  foreign: string[]
}

/** A context (mobile or desktop) whose page records dialogs, popups, main-frame navigations and requests off 127.0.0.1 and the secure site (aborted). */
async function watched(b: Browser, device: 'mobile' | 'desktop'): Promise<Watch> {
  const context = await b.newContext(device === 'mobile' ? MOBILE : DESKTOP)
  const w: Watch = { context, page: undefined as unknown as Page, dialogs: [], popups: 0, navigations: [], foreign: [] }
  // The secure site's frame (email and social login, issue 19) is the page's own service, not a link's doing.
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost' && url.origin !== secureOrigin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => (w.foreign.push(route.request().url()), route.abort('blockedbyclient')),
  )
  context.on('request', (r) => new URL(r.url()).hostname === '127.0.0.2' && w.foreign.push(r.url()))
  await context.addInitScript(() => {
    ;(window as unknown as { __gangwayPwned?: number }).__gangwayPwned = undefined
  })
  const page = await context.newPage()
  page.on('dialog', (d) => (w.dialogs.push(d.message()), void d.dismiss()))
  page.on('popup', () => (w.popups += 1))
  page.on('framenavigated', (f) => f === page.mainFrame() && w.navigations.push(f.url()))
  w.page = page
  return w
}

/** Whether the page's log holds a `walletconnect/pairing-created`. */
const pairingCreated = async (page: Page) => (await page.evaluate(() => (window as unknown as { gangway: { exportLog(): Promise<string> } }).gangway.exportLog())).includes('"walletconnect/pairing-created"')

/**
 * Opens the modal and taps `row`; resolves when the pairing's QR code shows (the moment a mobile view
 * opens its deep link). On mobile it taps once the pairing prepared as the modal opened is ready,
 * so the tap tries to open the link too (src/ui/client/open-wallet.ts openOnTap).
 */
async function tapWallet(page: Page, row: string, device: 'mobile' | 'desktop'): Promise<void> {
  await page.click('gangway-button')
  if (device === 'mobile') await expect.poll(() => pairingCreated(page), { timeout: E2E_WAIT_MS }).toBe(true)
  await page.locator(row).first().click()
  await waitForView(page, 'ConnectingWalletConnect')
  await page.locator('[data-testid=gw-qr][data-ready] svg').waitFor({ timeout: E2E_WAIT_MS })
}

/** Nothing happened to the host tab: no script from a link, no dialog, no popup, no navigation after the page's own, nothing foreign fetched, no open-wallet button. */
async function expectUntouched(w: Watch, url: string): Promise<void> {
  const { page } = w
  expect(await page.evaluate(() => (window as unknown as { __gangwayPwned?: number }).__gangwayPwned)).toBeUndefined()
  expect(w.dialogs).toEqual([])
  expect(w.popups).toBe(0)
  expect(page.url()).toBe(url)
  expect(w.navigations.filter((n) => n !== url)).toEqual([])
  expect(w.foreign).toEqual([])
  expect(await page.locator('[data-testid=gw-open-wallet], [data-testid=gw-open-desktop]').count()).toBe(0)
}

describe('hostile registry links and images', () => {
  for (const device of ['mobile', 'desktop'] as const) {
    for (const hostile of ['links-javascript', 'links-http-upper', 'links-data', 'links-blob']) {
      it(`${device}: tapping a wallet whose links are ${hostile.slice(6)} opens nothing`, async () => {
        const w = await watched(browser(), device)
        try {
          const url = `${webUrl}/?hostile=${hostile}`
          await w.page.goto(url)
          await waitForEngine(w.page)
          await tapWallet(w.page, '[data-group=recommended]', device)
          await expectUntouched(w, url)
        } finally {
          await w.context.close()
        }
      })
    }
  }

  it('mobile: a javascript: link planted in the stored log opens nothing after a reload', async () => {
    const w = await watched(browser(), 'mobile')
    try {
      const url = `${webUrl}/`
      await w.page.goto(url)
      await waitForEngine(w.page)
      // A same-origin script writes a connection and its end, as another tab would, naming a wallet whose link is script.
      await w.page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const r = indexedDB.open('gangway-log:gangway-demo')
          r.onsuccess = () => resolve(r.result)
          r.onerror = () => reject(r.error)
        })
        const tx = db.transaction('events', 'readwrite')
        const store = tx.objectStore('events')
        const last = await new Promise<number>((resolve) => {
          const c = store.openCursor(null, 'prev')
          c.onsuccess = () => resolve((c.result?.key as number | undefined) ?? 0)
        })
        const wallet = { id: 'planted-evil', name: 'Planted Wallet', mobileLink: 'javascript:window.__gangwayPwned=1;alert(document.domain)%0A//x', desktopLink: 'JAVASCRIPT:alert(2)' }
        const caipAddress = 'eip155:31337:0x00000000000000000000000000000000000000ab'
        const at = Date.now()
        store.put({ type: 'connect/succeeded', payload: { connectorId: 'planted', namespace: 'eip155', caipAddress, via: 'prompt', wallet }, seq: last + 1, at, v: 2, tab: 'planted' }, last + 1)
        store.put({ type: 'disconnect/succeeded', payload: { connectorId: 'planted', namespace: 'eip155', reason: 'user' }, seq: last + 2, at, v: 2, tab: 'planted' }, last + 2)
        store.put({ type: 'walletconnect/deep-link-opened', payload: { name: 'Planted Wallet', href: 'javascript:alert(3)' }, seq: last + 3, at, v: 2, tab: 'planted' }, last + 3)
        await new Promise((resolve) => (tx.oncomplete = resolve))
        db.close()
      })
      await w.page.reload()
      w.navigations.length = 0
      await waitForEngine(w.page)
      await tapWallet(w.page, '[data-wallet-row=planted-evil]', 'mobile')
      await expectUntouched(w, url)
      // The planted events keep their places; the deep link choice to script is refused outright.
      const exported = await w.page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))
      expect(exported).not.toContain('javascript:')
      expect(exported).not.toContain('JAVASCRIPT:')
      expect(exported).toContain('"refusedType":"walletconnect/deep-link-opened"')
    } finally {
      await w.context.close()
    }
  })

  it('images on a foreign host are never requested nor put in the page', async () => {
    const w = await watched(browser(), 'desktop')
    try {
      await w.page.goto(`${webUrl}/?hostile=images-foreign`)
      await waitForEngine(w.page)
      await w.page.click('gangway-button')
      await w.page.locator('[data-group=recommended]').first().waitFor()
      await w.page.click('[data-testid=gw-all-wallets]')
      await w.page.locator('[data-testid=gw-all-list] [data-wallet-id]').first().waitFor()
      expect(await w.page.locator('[data-testid=gw-all-list] [data-wallet-id]').count()).toBeGreaterThan(0)
      expect(await w.page.locator('[data-testid=gw-all-list] img, [data-group=recommended] img').count()).toBe(0)
      expect(await domText(w.page)).not.toContain('127.0.0.2')
      expect(w.foreign).toEqual([])
    } finally {
      await w.context.close()
    }
  })
})
