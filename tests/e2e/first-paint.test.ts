/**
 * The button's first paint after a reload (issue 16): a connected session's <gangway-button> shows
 * the account chip from its first frame, from the loader's stored record (src/ui/shell/stored-chip.ts),
 * never 'Connect Wallet' first; a disconnected one shows 'Connect Wallet'; a tampered record is
 * ignored and shown as nothing but text.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser, waitForEngine } from './helpers.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

/** Before the page's scripts: every text the button shows, read each frame (before each paint) until the engine has started and settled. */
const RECORD_BUTTON = () => {
  const texts: string[] = []
  ;(window as unknown as { __buttonTexts: string[] }).__buttonTexts = texts
  const read = () => {
    const text = document.querySelector('gangway-button')?.shadowRoot?.querySelector('button')?.textContent
    if (text && texts.at(-1) !== text) texts.push(text)
    requestAnimationFrame(read)
  }
  requestAnimationFrame(read)
}
const buttonTexts = (page: Page) => page.evaluate(() => (window as unknown as { __buttonTexts: string[] }).__buttonTexts)
const chipOf = (texts: string[]) => texts.filter((t) => /^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}/.test(t))

describe('first paint', () => {
  it('a reload of a connected session paints the chip first, never Connect Wallet; after a disconnect, Connect Wallet', async () => {
    const context = await localContext(browser())
    await context.addInitScript(RECORD_BUTTON)
    const page = await context.newPage()
    // Account 9: no other test's.
    await connectLocalnetWallet(page, webUrl, 9)
    await expect.poll(async () => chipOf(await buttonTexts(page)).some((t) => t.includes(' · '))).toBe(true)

    await page.reload()
    await waitForEngine(page)
    // Settled: the engine's own account (with its balance) is on the button.
    await expect.poll(async () => (await buttonTexts(page)).at(-1)).toMatch(/^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4} · [\d.]+ ETH$/)
    const texts = await buttonTexts(page)
    expect(texts).not.toContain('Connect Wallet')
    expect(chipOf(texts)).toEqual(texts)

    await page.evaluate(() => (window as unknown as { gangway: { disconnect(): Promise<void> } }).gangway.disconnect())
    await expect.poll(async () => (await buttonTexts(page)).at(-1)).toBe('Connect Wallet')
    await page.reload()
    await waitForEngine(page)
    expect((await buttonTexts(page))[0]).toBe('Connect Wallet')
    await context.close()
  })

  it('a tampered record is ignored: Connect Wallet, and nothing of it in the page', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/bare.html`)
    await page.evaluate(() => localStorage.setItem('gangway:chip:gangway-demo', JSON.stringify({ a: '<img src=x onerror=alert(1)>', b: '1', s: 'ETH' })))
    await context.addInitScript(RECORD_BUTTON)
    await page.goto(`${webUrl}/`)
    await waitForEngine(page)
    expect((await buttonTexts(page))[0]).toBe('Connect Wallet')
    expect(await page.locator('img[src=x]').count()).toBe(0)
    await context.close()
  })
})
