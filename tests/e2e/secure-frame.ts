/** The secure site's frame in the modal, for the end-to-end tests of email and social login (issue 19) and of what the auth connector signs. */
import { expect, inject } from 'vitest'
import type { Page } from 'playwright-core'
import { getAddress, keccak256, toHex } from 'viem'
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

/** The request names the secure-site emulator's frames of `projectId` handled, in order (its test log). */
export const handled = async (projectId = 'gangway-demo'): Promise<string[]> => (await (await fetch(`${inject('secureSiteUrl')}/api/test/log?projectId=${projectId}`)).json()) as string[]

/** The account as the demo page's `window.gangway.getAccount()` gives it (the fields these tests read). */
export type Account = { isConnected: boolean; address?: string; connectorId?: string; embeddedWalletInfo?: unknown; connections?: { accounts: { address: string }[] }[] }
export const account = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { getAccount(): Account } }).gangway.getAccount())

/** Starts `request` on the site's EIP-1193 provider; its outcome lands in `window.__answer` (read it with `answer`). */
export const startRequest = (page: Page, request: { method: string; params?: unknown[] }) =>
  page.evaluate((r) => {
    const w = window as unknown as { gangway: { getWalletProvider(ns: string): { request(a: unknown): Promise<unknown> } }; __answer?: unknown }
    w.__answer = undefined
    w.gangway
      .getWalletProvider('eip155')
      .request(r)
      .then(
        (result) => (w.__answer = { result }),
        (e: { code?: number; message?: string }) => (w.__answer = { error: { code: e.code, message: e.message } }),
      )
  }, request)
/** The outcome of the request `startRequest` started, once it settled. */
export const answer = async (page: Page) => (await page.waitForFunction(() => (window as unknown as { __answer?: unknown }).__answer)).jsonValue() as Promise<{ result?: unknown; error?: { code?: number; message?: string } }>

/**
 * From Account: sends `amount` ETH to a fresh address (from `label`) through the send form,
 * approved in the secure site's UI in `selector`'s frame (default Gangway's own); resolves with the address.
 */
export async function sendApproved(page: Page, amount: string, label: string, selector = FRAME): Promise<string> {
  const receiver = getAddress(`0x${keccak256(toHex(`gangway-auth-${label}-${Date.now()}`)).slice(26)}`)
  await page.click('[data-testid=gw-open-send]')
  await waitForView(page, 'WalletSend')
  await page.click('[data-testid=gw-send-token]')
  await page.click('[data-token="native"]')
  await waitForView(page, 'WalletSend')
  await page.fill('[data-testid=gw-send-amount]', amount)
  await page.fill('[data-testid=gw-send-receiver]', receiver)
  await page.click('[data-testid=gw-send-review]')
  await page.click('[data-testid=gw-send-confirm]')
  await approveInFrame(page, selector)
  return receiver
}
