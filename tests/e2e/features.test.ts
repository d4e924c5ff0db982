/**
 * Features and remote features end to end (issue 17; docs/behaviour.md §3 Options, §7, §9), on the
 * demo page: `?features=` and `?remote-features=` (JSON) set the site's options, `?remote-config=`
 * picks the wallet/config emulator's answer to GET /appkit/v1/config (CONFIG_VARIANTS in
 * localnet/services/wallet-config.ts), `?terms=` and `?privacy=` the legal checkbox's links.
 */
import { describe, expect, inject, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { encode } from 'uqr'
import { localContext } from './browser.js'
import { cardAnimationsEnded, connectLocalnetWallet, connectSettled, currentView, pageLog, useBrowser, waitForEngine, waitForView } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'
import { audit } from './axe-audit.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

type Gangway = { exportLog(): Promise<string>; open(r?: { view?: string }): Promise<void>; getAccount(): { address?: string } }
/** The demo page with the site's features (JSON) and other query parameters. */
const demo = (params: Record<string, unknown>) =>
  `/?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()}`

/** The types of the engine's log (a round trip through the engine: every dispatch sent before it is in). */
const logTypes = async (page: Page): Promise<string[]> => (await pageLog(page)).events.map((e) => e.type)

/** Counts the requests of `context` (page and worker) for the remote configuration. */
function configRequests(context: BrowserContext): URL[] {
  const urls: URL[] = []
  context.on('request', (r) => {
    const u = new URL(r.url())
    if (u.pathname.endsWith('/appkit/v1/config')) urls.push(u)
  })
  return urls
}

async function withContext(run: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await localContext(browser())
  try {
    await run(context)
  } finally {
    await context.close()
  }
}

describe('features and remote features', () => {
  it('the activity remote feature turned off remotely removes the Activity tab (and the defaults keep it)', async () => {
    await withContext(async (context) => {
      const page = await context.newPage()
      await connectLocalnetWallet(page, webUrl, 0, demo({ 'remote-config': 'activity-off' }))
      // The answer can only take the tab away: once it is gone (with NFTs there) it stays gone.
      await page.locator('[data-tab=NFTs]').waitFor()
      await expect.poll(() => page.locator('[data-tab=Activity]').count()).toBe(0)
      expect(await logTypes(page)).toContain('features/remote-config-fetched')
    })
    // A fresh visitor (another context: a tab of the same site would share the connection) with the default answer.
    await withContext(async (context) => {
      const control = await context.newPage()
      await connectLocalnetWallet(control, webUrl, 0, demo({}))
      await expect.poll(async () => (await logTypes(control)).includes('features/remote-config-fetched')).toBe(true)
      await control.locator('[data-tab=Activity]').waitFor()
    })
  })

  it("the site's send: false removes the Send button whatever the remote answer says; the send views fall back to Account", async () => {
    for (const variant of ['all-off', 'malformed']) {
      await withContext(async (context) => {
        const page = await context.newPage()
        await connectLocalnetWallet(page, webUrl, 0, demo({ features: { send: false }, 'remote-features': { activity: true }, 'remote-config': variant }))
        await expect.poll(async () => (await logTypes(page)).includes('features/remote-config-fetched')).toBe(true)
        await page.locator('[data-testid=gw-open-receive]').waitFor()
        expect(await page.locator('[data-testid=gw-open-send]').count()).toBe(0)
        // The site's remote feature wins over the answer that turned activity off.
        await page.locator('[data-tab=Activity]').waitFor()
        await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.open({ view: 'WalletSend' }))
        await waitForView(page, 'Account')
        expect(await currentView(page)).toBe('Account')
      })
    }
  })

  it('allWallets false removes the All Wallets row, and opening All Wallets shows Connect', async () => {
    await withContext(async (context) => {
      // Two tabs of one visitor, neither connected: the default page has the row.
      const page = await context.newPage()
      const control = await context.newPage()
      await control.goto(`${webUrl}/`)
      await control.click('gangway-button')
      // The row comes with the registry's lists, which bring the recommended wallets too.
      await control.locator('[data-group=recommended]').first().waitFor()
      await control.locator('[data-testid=gw-all-wallets]').waitFor()

      await page.goto(`${webUrl}${demo({ features: { allWallets: false } })}`)
      await page.click('gangway-button')
      await page.locator('[data-group=recommended]').first().waitFor()
      expect(await page.locator('[data-testid=gw-all-wallets]').count()).toBe(0)
      await page.click('[data-testid=gw-close]')
      await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.open({ view: 'AllWallets' }))
      await waitForView(page, 'Connect')
      expect(await logTypes(page)).toContain('modal/open-requested')
      expect(await currentView(page)).toBe('Connect')
    })
  })

  it('the legal checkbox blocks connecting until ticked; it links the site’s terms and privacy policy', async () => {
    await withContext(async (context) => {
      const page = await context.newPage()
      await page.goto(`${webUrl}${demo({ features: { legalCheckbox: true }, terms: '/terms', privacy: `${webUrl}/privacy` })}`)
      await page.click('gangway-button')
      await waitForView(page, 'Connect')
      // The rows stop moving before one is clicked (the lists and the remote configuration in).
      await connectSettled(page)
      expect(await page.getAttribute('[data-testid=gw-legal-terms]', 'href')).toBe(`${webUrl}/terms`)
      expect(await page.getAttribute('[data-testid=gw-legal-privacy]', 'href')).toBe(`${webUrl}/privacy`)
      expect(await page.getAttribute('[data-testid=gw-legal-terms]', 'target')).toBe('_blank')
      const row = page.locator('[data-wallet-row="dev.gangway.localnet"]')
      expect(await row.getAttribute('aria-disabled')).toBe('true')
      expect(await page.getAttribute('[data-testid=gw-legal]', 'data-highlighted')).toBeNull()
      // A visitor can still click it (aria-disabled, not disabled): Playwright's checks would refuse.
      await row.click({ force: true })
      // Nothing but the highlight: the view stays, no connect is logged, the wallet asks nothing.
      await page.locator('[data-testid=gw-legal][data-highlighted]').waitFor()
      await page.locator('[data-testid=gw-legal-hint]').waitFor()
      expect(await currentView(page)).toBe('Connect')
      expect(await logTypes(page)).not.toContain('connect/requested')
      expect(await page.locator('[data-testid=localnet-wallet-approve]').count()).toBe(0)
      await page.click('[data-testid=gw-all-wallets]', { force: true })
      expect(await currentView(page)).toBe('Connect')

      await page.check('[data-testid=gw-legal-checkbox]')
      expect(await page.locator('[data-testid=gw-legal][data-highlighted]').count()).toBe(0)
      // The tick is the engine's: the rows open once it has folded it.
      await page.locator('[data-wallet-row="dev.gangway.localnet"]:not([aria-disabled])').waitFor()
      expect(await logTypes(page)).toContain('legal/acceptance-changed')
      await row.click()
      await page.click('[data-testid=localnet-wallet-approve]')
      await waitForView(page, 'Account')
    })
  })

  it('the legal checkbox holds on every way to a connect: All Wallets opened straight, and the WalletConnect basic view; a new page asks again', async () => {
    await withContext(async (context) => {
      const page = await context.newPage()
      const url = `${webUrl}${demo({ features: { legalCheckbox: true } })}`
      await page.goto(url)
      await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.open({ view: 'AllWallets' }))
      await waitForView(page, 'AllWallets')
      const tile = page.locator('[data-testid=gw-all-list] [data-wallet-id]').first()
      await tile.waitFor()
      expect(await tile.getAttribute('aria-disabled')).toBe('true')
      // A forced click skips Playwright's stability check: the modal's opening animations end first, or it lands beside the tile.
      await cardAnimationsEnded(page)
      await tile.click({ force: true })
      await page.locator('[data-testid=gw-legal][data-highlighted]').waitFor()
      expect(await currentView(page)).toBe('AllWallets')
      expect(await logTypes(page)).not.toContain('connect/requested')
      await page.check('[data-testid=gw-legal-checkbox]')
      await page.locator('[data-testid=gw-all-list] [data-wallet-id]:not([aria-disabled])').first().waitFor()

      // The next page load asks again; the WalletConnect basic view starts no pairing before the tick.
      await page.goto(`${url}&wc-basic`)
      await page.click('gangway-button')
      await waitForView(page, 'ConnectingWalletConnectBasic')
      await page.locator('[data-testid=gw-legal]').waitFor()
      expect(await page.isChecked('[data-testid=gw-legal-checkbox]')).toBe(false)
      expect(await page.locator('[data-testid=gw-qr]').count()).toBe(0)
      expect(await logTypes(page)).not.toContain('connect/requested')
      // The tick starts the pairing, and the view moves on to the QR code (the checkbox goes with it).
      await page.click('[data-testid=gw-legal-checkbox]')
      await page.locator('[data-testid=gw-qr][data-ready]').waitFor()
      expect(await logTypes(page)).toContain('connect/requested')
    })
  })

  it('collapseWallets folds the wallet list behind "Continue with a wallet"; with the legal checkbox, axe finds nothing on either', async () => {
    await withContext(async (context) => {
      const page = await context.newPage()
      await page.goto(`${webUrl}${demo({ features: { collapseWallets: true, legalCheckbox: true }, theme: 'dark' })}`)
      await page.click('gangway-button')
      await page.locator('[data-testid=gw-continue-wallet]').waitFor()
      expect(await page.locator('[data-wallet-row]').count()).toBe(0)
      await page.locator('[data-testid=gw-continue-wallet]').click()
      const row = page.locator('[data-wallet-row="dev.gangway.localnet"]')
      await row.click({ force: true })
      await page.locator('[data-testid=gw-legal][data-highlighted]').waitFor()
      expect((await audit(page)).violations.map((v) => `${v.rule} ${v.target}`)).toEqual([])
      // Pay mode turns email and social login off: nothing to fold.
      await page.goto(`${webUrl}${demo({ features: { collapseWallets: true, pay: true } })}`)
      await page.click('gangway-button')
      await page.locator('[data-wallet-row="dev.gangway.localnet"]').waitFor()
      expect(await page.locator('[data-testid=gw-continue-wallet]').count()).toBe(0)
    })
  })

  it('Receive shows the active address as text and as its QR code, and copies it', async () => {
    await withContext(async (context) => {
      const page = await context.newPage()
      await connectLocalnetWallet(page, webUrl)
      const address = await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.getAccount().address)
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      await page.click('[data-testid=gw-open-receive]')
      await waitForView(page, 'WalletReceive')
      expect(await page.textContent('[data-testid=gw-title]')).toBe('Receive')
      expect(await page.textContent('[data-testid=gw-receive-address]')).toBe(address)
      expect(await page.getAttribute('[data-testid=gw-receive]', 'data-namespace')).toBe('eip155')
      // The QR code encodes exactly the address: its modules are uqr's for it (QrCode.tsx draws one path).
      const qr = encode(address!, { ecc: 'M', border: 2 })
      let expected = ''
      qr.data.forEach((row, y) => row.forEach((on, x) => on && (expected += `M${x} ${y}h1v1h-1z`)))
      await page.locator('[data-testid=gw-receive-qr] svg path').waitFor()
      expect(await page.getAttribute('[data-testid=gw-receive-qr] svg path', 'd')).toBe(expected)
      // Copy: what the page writes to the clipboard (recorded, so no clipboard permission is needed).
      await page.evaluate(() => {
        const w = window as unknown as { __copied: string[] }
        w.__copied = []
        navigator.clipboard.writeText = async (text: string) => void w.__copied.push(text)
      })
      await page.click('[data-testid=gw-receive-copy]')
      await expect.poll(() => page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([address])
      expect(await page.textContent('[data-testid=gw-receive-copy]')).toBe('Address copied')
      await page.click('[data-testid=gw-back]')
      await waitForView(page, 'Account')
    })
  })

  it('the remote configuration is asked at most once per page life, and not before the visitor reaches for a trigger', async () => {
    await withContext(async (context) => {
      const asked = configRequests(context)
      const page = await context.newPage()
      await page.goto(`${webUrl}/`)
      await page.mouse.move(2, 2)
      // The core started, the views rendered hidden, and 5 s passed since load: nothing asked.
      await waitForEngine(page)
      await page.locator('[data-testid=gw-modal][data-closed]').waitFor({ state: 'attached' })
      await page.waitForFunction(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
        return !!nav && nav.loadEventEnd > 0 && performance.now() >= nav.loadEventEnd + 5000
      }, undefined, { timeout: E2E_WAIT_MS })
      expect(asked).toEqual([])
      expect(await logTypes(page)).not.toContain('modal/trigger-approached')

      await page.hover('gangway-button')
      await expect.poll(() => asked.length).toBe(1)
      expect(asked[0]!.searchParams.get('projectId')).toBe('gangway-demo')
      for (let i = 0; i < 2; i++) {
        await page.click('gangway-button')
        await waitForView(page, 'Connect')
        await page.click('[data-testid=gw-close]')
        await page.locator('[data-testid=gw-modal][data-closed]').waitFor({ state: 'attached' })
      }
      await page.focus('gangway-button')
      const types = await logTypes(page)
      expect(types.filter((t) => t === 'modal/trigger-approached')).toHaveLength(1)
      expect(types.filter((t) => t === 'modal/open-requested')).toHaveLength(2)
      expect(types.filter((t) => t.startsWith('features/remote-config-'))).toEqual(['features/remote-config-fetched'])
      expect(asked).toHaveLength(1)
    })
  })

  it('a feature of the wrong type is refused when the modal starts, logged, and given to every call', async () => {
    await withContext(async (context) => {
      const page = await context.newPage()
      const logged: string[] = []
      page.on('console', (m) => m.type() === 'error' && logged.push(m.text()))
      await page.goto(`${webUrl}${demo({ features: { send: 'no' } })}`)
      await expect.poll(() => logged.some((t) => t.includes('Invalid option: features.send must be a boolean'))).toBe(true)
      const refused = await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.open().then(() => null, (e: Error) => ({ name: e.name, message: e.message })))
      expect(refused).toEqual({ name: 'InvalidOptionError', message: 'Invalid option: features.send must be a boolean' })
    })
  })

  it('a failed remote configuration is logged, never shown, and the defaults stay', async () => {
    await withContext(async (context) => {
      const page = await context.newPage()
      await page.goto(`${webUrl}${demo({ 'remote-config': 'error' })}`)
      await page.click('gangway-button')
      await waitForView(page, 'Connect')
      await expect.poll(async () => (await logTypes(page)).includes('features/remote-config-failed')).toBe(true)
      await page.locator('[data-testid=gw-branding]').waitFor()
      expect(await page.locator('[data-testid=gw-snackbar]').count()).toBe(0)
    })
  })
})
