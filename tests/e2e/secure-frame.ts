/** The secure site's frame in the modal, for the end-to-end tests of email and social login (issue 19) and of what the auth connector signs. */
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { cardAnimationsEnded, waitForView } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

/** The secure site's iframe on the host page: Gangway's own frame adapter's. */
export const FRAME = 'iframe[title="Secure login"]'
/** The secure site's iframe Reown's client (@reown/appkit-wallet W3mFrame) puts on the page, for gangway/auth-reown. */
export const REOWN_FRAME = 'iframe#w3m-iframe'

/** The secure site's frame sits exactly over its place in ApproveTransaction (it follows the modal's height animation first). */
export async function frameInPlace(page: Page, selector = FRAME): Promise<void> {
  const aligned = async () => {
    const [frame, place] = [await page.locator(selector).boundingBox(), await page.locator('[data-testid=gw-approve-frame]').boundingBox()]
    return !!frame && !!place && [frame.x - place.x, frame.y - place.y, frame.width - place.width, frame.height - place.height].every((d) => Math.abs(d) < 1)
  }
  await expect.poll(aligned, { timeout: E2E_WAIT_MS }).toBe(true)
}

/**
 * Approves the waiting request in the secure site's UI, once its frame has stopped moving: the
 * card's animations (its height, the view's entrance) have finished and the frame sits on its place.
 * A click on a moving frame lands beside the button: Playwright's stability check looks inside the
 * frame, where the button does not move, so only waiting here keeps the click on it.
 */
export async function approveInFrame(page: Page, selector = FRAME): Promise<void> {
  await waitForView(page, 'ApproveTransaction')
  await cardAnimationsEnded(page)
  await frameInPlace(page, selector)
  const approve = page.frameLocator(selector).getByTestId('secure-approve')
  await approve.click()
  // The frame's panel takes the click (the button is disabled while it decides, the panel hides after).
  await expect.poll(async () => (await approve.isHidden()) || (await approve.isDisabled()), { timeout: E2E_WAIT_MS }).toBe(true)
}
