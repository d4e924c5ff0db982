/**
 * The modal as a dialog, by keyboard and for screen readers (issue 16, accessibility): named by its
 * title; focus moves in on open, Tab and Shift+Tab stay inside, the arrow keys move along a list,
 * Escape closes (wherever focus is) and focus returns to the element that opened it; the snackbar and a failed
 * connect's shake are announced through a polite live region.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { useBrowser, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const blockchainUrl = inject('blockchainUrl')
const browser = useBrowser()

/** Where focus is: 'modal:<testid or class>' inside the modal's shadow root, 'button' inside <gangway-button>, else the tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement
    if (active?.tagName === 'GANGWAY-MODAL') {
      const inner = active.shadowRoot!.activeElement as HTMLElement | null
      return `modal:${inner?.dataset.testid ?? inner?.dataset.walletRow ?? inner?.className ?? 'none'}`
    }
    if (active?.tagName === 'GANGWAY-BUTTON') return `gangway-button:${active.shadowRoot!.activeElement?.tagName.toLowerCase()}`
    return active?.tagName.toLowerCase() ?? 'none'
  })

describe('the dialog', () => {
  it('keyboard: focus in on open, Tab cycles inside, arrows move along the list, Escape closes and focus returns', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    // The wallet list alone (no email or social login: ?no-auth), so the list's controls are the dialog's last.
    await page.goto(`${webUrl}/?no-auth`)
    await page.focus('gangway-button button')
    await page.keyboard.press('Enter')
    await waitForView(page, 'Connect')
    // Named by its title.
    await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor()
    await expect.poll(() => focused(page)).toBe('modal:gw-card')

    // Tab goes through the dialog's controls and comes back round; never out of the modal.
    const seen = new Set<string>()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      const at = await focused(page)
      expect(at.startsWith('modal:')).toBe(true)
      seen.add(at)
    }
    expect(seen.has('modal:gw-close')).toBe(true)
    expect(seen.has('modal:gw-all-wallets')).toBe(true)
    // Shift+Tab from the first control goes to the last.
    await page.locator('[data-testid=gw-close]').focus()
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('modal:gw-all-wallets')

    // Down and Up move along the wallet list.
    const rows = await page.locator('[data-testid=gw-wallets] > li > button').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.walletRow ?? (e as HTMLElement).dataset.testid))
    await page.locator(`[data-wallet-row="${rows[0]}"]`).focus()
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toBe(`modal:${rows[1]}`)
    await page.keyboard.press('ArrowUp')
    expect(await focused(page)).toBe(`modal:${rows[0]}`)

    // Escape closes; focus is back on the button that opened the modal.
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=gw-modal][data-closed]').waitFor({ state: 'attached' })
    await expect.poll(() => focused(page)).toBe('gangway-button:button')

    // Escape closes with focus outside the dialog too (as in the frame after the open, before focus has moved in).
    await page.keyboard.press('Enter')
    await waitForView(page, 'Connect')
    await expect.poll(() => focused(page)).toMatch(/^modal:/)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    expect(await focused(page)).toBe('body')
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=gw-modal][data-closed]').waitFor({ state: 'attached' })
    await context.close()
  })

  it('a failed connect is announced politely, and so is the snackbar', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    // Every text the live region takes, from now on.
    await page.evaluate(() => {
      const live = document.querySelector('gangway-modal')!.shadowRoot!.querySelector('[data-testid=gw-live]')!
      const said: string[] = []
      ;(window as unknown as { __said: string[] }).__said = said
      new MutationObserver(() => said.push(live.textContent ?? '')).observe(live, { subtree: true, childList: true, characterData: true })
    })
    const said = () => page.evaluate(() => (window as unknown as { __said: string[] }).__said)
    expect(await page.locator('[data-testid=gw-live]').getAttribute('aria-live')).toBe('polite')
    expect(await page.locator('[data-testid=gw-live]').getAttribute('role')).toBe('status')
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-reject]')
    await expect.poll(said).toEqual(expect.arrayContaining([expect.stringContaining('Connection failed')]))

    // The snackbar's message (a 500 on history shows one) is in the live region while it shows.
    await page.click('[data-testid=gw-retry]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    await fetch(`${blockchainUrl}/localnet/faults`, { method: 'POST', body: JSON.stringify({ path: '/history', status: 500, count: 1 }) })
    await page.click('[data-tab=Activity]')
    await expect.poll(said).toEqual(expect.arrayContaining([expect.stringContaining('Failed to fetch transactions')]))
    await context.close()
  })
})
