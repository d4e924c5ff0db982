/**
 * The click that comes before Gangway has loaded: the loader paints the shell at once, the views
 * replace it when ready, and a close on the shell wins over the open still loading.
 */
import { describe, expect, inject, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { parseLog } from '../../src/events/log/ndjson.js'
import { localContext } from './browser.js'
import { holdBack, useBrowser, waitForView, waitForEngine } from './helpers.js'

const webUrl = inject('webUrl')

const browser = useBrowser()

/**
 * A page whose core.js is held back until `release` is called, with the button clicked and the
 * shell showing.
 */
async function clickBeforeCore(context: BrowserContext): Promise<{ page: Page; release: () => void }> {
  const release = await holdBack(context, '**/gangway/core.js')
  const page = await context.newPage()
  await page.goto(`${webUrl}/`)
  await page.click('gangway-button')
  await page.locator('#gw-shell .gw-overlay').waitFor()
  return { page, release }
}

describe('the shell', () => {
  it('shows on a click before the core has loaded, and gives way to the Connect view', async () => {
    const context = await localContext(browser())
    const { page, release } = await clickBeforeCore(context)
    expect(await page.locator('#gw-shell .gw-skeleton').count()).toBe(3)
    release()
    await waitForView(page, 'Connect')
    expect(await page.locator('#gw-shell .gw-overlay').count()).toBe(0)
    await context.close()
  })

  it("with the core started and the views still loading, shows skeletons, and the Connect view's rows replace them", async () => {
    const context = await localContext(browser())
    const release = await holdBack(context, '**/gangway/ui.js')
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    await waitForEngine(page)
    await page.locator('gangway-button button').dispatchEvent('click')
    await page.locator('#gw-shell .gw-overlay').waitFor()
    expect(await page.locator('#gw-shell .gw-skeleton').count()).toBe(3)
    expect(await page.locator('#gw-shell [data-wallet-row]').count()).toBe(0)
    release()
    await page.click('[data-testid=gw-modal] [data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    expect(await page.locator('#gw-shell .gw-overlay').count()).toBe(0)
    await context.close()
  })

  it('a close on the shell wins over the open still loading', async () => {
    const context = await localContext(browser())
    const { page, release } = await clickBeforeCore(context)
    await page.click('#gw-shell [aria-label=Close]')
    expect(await page.locator('#gw-shell .gw-overlay').count()).toBe(0)
    release()
    await waitForEngine(page)
    // The abandoned open resumes once the UI chunk and the started core are both in. A round trip
    // to the engine after that comes back after any intent it sent; a second one after that reads
    // the log as of then: no open in it.
    // (A string, so the test's transform leaves the page's import() alone.)
    await page.evaluate("import('/gangway/ui.js').then(() => undefined)")
    const log = await page.evaluate(async () => {
      const gangway = (window as unknown as { gangway: { exportLog(): Promise<string> } }).gangway
      await gangway.exportLog()
      return gangway.exportLog()
    })
    expect(parseLog(log).events.map((e) => e.type)).not.toContain('modal/open-requested')
    expect(await page.evaluate(() => (window as unknown as { gangway: { getState(): { open: boolean } } }).gangway.getState().open)).toBe(false)
    expect(await page.locator('[data-testid=gw-modal][data-open]').count()).toBe(0)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await context.close()
  })
})
