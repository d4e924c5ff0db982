/**
 * The Account view is kept built once it has shown (src/ui/views/Modal.tsx useKeptAccount): a view
 * opened from it takes its place in the document, and Back brings the same elements back, with no
 * render of Account in between; outside the document, no query finds them.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

/** Marks the Account view's root element, as a property no render would copy. */
const mark = (page: Page) => page.locator('[data-testid=gw-account]').evaluate((el) => void ((el as unknown as { __kept: boolean }).__kept = true))
const marked = (page: Page) => page.locator('[data-testid=gw-account]').evaluate((el) => (el as unknown as { __kept?: boolean }).__kept === true)

describe('the kept Account view', () => {
  it('Send opened from Account, then Back: the same Account elements, out of the document meanwhile', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)
    await mark(page)
    await page.click('[data-testid=gw-open-send]')
    await waitForView(page, 'WalletSend')
    expect(await page.locator('[data-testid=gw-account], [data-testid=gw-open-send], [data-testid=gw-account-tabs]').count()).toBe(0)
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Account')
    expect(await marked(page)).toBe(true)
    // Closed and opened again: still the same.
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=gw-modal][data-closed]').waitFor({ state: 'attached' })
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    expect(await marked(page)).toBe(true)
    await context.close()
  })
})
