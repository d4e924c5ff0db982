/**
 * Accessibility (issue 16): a planned view is still the placeholder, so a view a later issue builds
 * must join the tour (view-tour.ts). axe-core's audit of every built view, in both themes, runs on
 * the tour's English visit (every-view.test.ts).
 */
import { describe, expect, inject, it } from 'vitest'
import type { ViewName } from '../../src/contract.js'
import { localContext } from './browser.js'
import { useBrowser, waitForView } from './helpers.js'
import { PLANNED_VIEWS } from './view-tour.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

describe('accessibility', () => {
  it('a planned view is still the placeholder (when one is built, the tour must reach it)', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(webUrl)
    for (const { view, issue } of PLANNED_VIEWS) {
      await page.evaluate((v) => (window as unknown as { gangway: { open(o: { view: string }): Promise<void> } }).gangway.open({ view: v }), view as ViewName)
      await waitForView(page, view)
      expect(await page.locator('[data-testid=gw-modal] .gw-empty').count(), `${view} (planned for issue ${issue})`).toBe(1)
      await page.evaluate(() => (window as unknown as { gangway: { close(): Promise<void> } }).gangway.close())
    }
    console.log(`planned views: ${PLANNED_VIEWS.map((p) => `${p.view} (issue ${p.issue})`).join(', ')}`)
    await context.close()
  })
})
