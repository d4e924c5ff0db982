/**
 * A site's own triggers on a plain page (issue 15, docs/api.md): the views are rendered, hidden, in
 * idle time after load, so the site's own button shows them without the loader's shell; an element
 * with `data-gangway-open` opens the view it names (a later chunk, loaded on demand) and readies the
 * views on pointer intent; `warm()` readies them for a site that calls it. After the open, a later
 * view's chunk loads on intent toward a control that leads there, not in idle time; Account's, on
 * intent toward a way of connecting.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { cardAnimationsEnded, connectSettled, useBrowser, waitForView } from './helpers.js'

const webUrl = inject('webUrl')

const browser = useBrowser()

/** The later views' chunks: those ui.js imports when a view is first needed (src/ui/views/lazy-views.tsx), as paths the page requests. */
const viewChunks = new Set([...readFileSync('dist/ui.js', 'utf8').matchAll(/import\("\.\/(chunk-[A-Z0-9]+\.js)"\)/g)].map((m) => `/gangway/${m[1]}`))

/** Account's chunk (with its tabs and CSS, src/ui/views/account-styles.ts), as the path the page requests. */
const accountChunk = [...viewChunks].find((path) => readFileSync(`dist${path.slice('/gangway'.length)}`, 'utf8').includes('gw-tab-bar'))

/** Records, from now on, whether the loader's shell is ever put into the modal's shadow root. */
async function watchForShell(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { __shellSeen: boolean }
    w.__shellSeen = false
    const root = document.querySelector('gangway-modal')!.shadowRoot!
    new MutationObserver(() => void (root.getElementById('gw-shell') && (w.__shellSeen = true))).observe(root, { childList: true, subtree: true })
  })
  return () => page.evaluate(() => (window as unknown as { __shellSeen: boolean }).__shellSeen)
}

/**
 * Opens the demo page's modal (its wallet/config service lists All Wallets) with its button and waits
 * until Connect has settled and two idle periods have passed: a preload in idle time would have asked
 * for a chunk by then. Returns the scripts the page requested, in order, and how many came before the open.
 */
async function openIdle() {
  const context = await localContext(browser())
  const page = await context.newPage()
  const scripts: string[] = []
  page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)))
  await page.goto(webUrl)
  await page.click('gangway-button')
  await waitForView(page, 'Connect')
  const beforeOpen = scripts.length
  await connectSettled(page)
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))))
  return { context, page, scripts, beforeOpen }
}

describe('warming up for the site’s own triggers', () => {
  it('renders the views hidden in idle time after load; the site’s own button then shows them without the shell', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/host-button.html`)
    // Rendered and closed: in the page, laid out, not visible, not clickable.
    const modal = page.locator('[data-testid=gw-modal][data-closed]')
    await modal.waitFor({ state: 'attached' })
    await page.locator('[data-testid=gw-modal] [data-testid=gw-wallets] [data-wallet-row]').first().waitFor({ state: 'attached' })
    expect(await modal.isVisible()).toBe(false)
    expect(await modal.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none')
    const shellSeen = await watchForShell(page)

    await page.click('#connect')
    await waitForView(page, 'Connect')
    expect(await shellSeen()).toBe(false)
    await context.close()
  })

  it('an element with data-gangway-open opens the view it names, whose chunk loads then', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const scripts: string[] = []
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)))
    await page.goto(`${webUrl}/host-button.html`)
    await page.locator('[data-testid=gw-modal][data-closed]').waitFor({ state: 'attached' })
    const beforeOpen = scripts.length
    // A click on a child of the marked element counts.
    await page.click('[data-testid=host-networks] b')
    await waitForView(page, 'SwitchNetwork')
    await page.locator('[data-testid=gw-modal][data-open] [data-testid=gw-networks]').waitFor()
    expect(scripts.slice(beforeOpen).some((p) => /^\/gangway\/chunk-[^/]+\.js$/.test(p))).toBe(true)
    await context.close()
  })

  it('warm() and pointer intent on a marked element ready the views before any click', async () => {
    for (const ready of ['warm', 'hover'] as const) {
      const context = await localContext(browser())
      const page = await context.newPage()
      // Without idle time after load (no requestIdleCallback answers), only intent renders the views.
      await page.addInitScript(() => void (window.requestIdleCallback = () => 0))
      await page.goto(`${webUrl}/host-button.html`)
      await page.waitForFunction(() => document.readyState === 'complete')
      expect(await page.locator('[data-testid=gw-modal]').count()).toBe(0)
      if (ready === 'warm') await page.evaluate(() => (window as unknown as { gangway: { warm(): void } }).gangway.warm())
      else await page.hover('[data-testid=host-networks]')
      await page.locator('[data-testid=gw-modal][data-closed]').waitFor({ state: 'attached' })
      await context.close()
    }
  })

  it('after the open, a later view’s chunk loads only when the visitor reaches for a control that leads there', async () => {
    const { context, page, scripts, beforeOpen } = await openIdle()
    expect(scripts.slice(beforeOpen).filter((p) => viewChunks.has(p))).toEqual([])

    const chunk = page.waitForRequest((r) => viewChunks.has(new URL(r.url()).pathname))
    await cardAnimationsEnded(page)
    await page.hover('[data-testid=gw-modal] [data-testid=gw-all-wallets]')
    await chunk
    await page.click('[data-testid=gw-modal] [data-testid=gw-all-wallets]')
    await waitForView(page, 'AllWallets')
    await context.close()
  })

  it('Account’s chunk is not fetched for a visitor not connected; reaching for an installed wallet fetches it, and Account shows from it', async () => {
    expect(accountChunk).toBeDefined()
    const { context, page, scripts } = await openIdle()
    expect(scripts).not.toContain(accountChunk)

    const chunk = page.waitForRequest((r) => new URL(r.url()).pathname === accountChunk)
    await cardAnimationsEnded(page)
    await page.hover('[data-wallet-row="dev.gangway.localnet"]')
    await chunk
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    // Its CSS came with it: the tab bar is laid out as a row of pills.
    expect(await page.locator('[data-testid=gw-modal] .gw-tab-bar').evaluate((el) => getComputedStyle(el).display)).toBe('flex')
    expect(scripts.filter((p) => p === accountChunk)).toEqual([accountChunk])
    await context.close()
  })
})
