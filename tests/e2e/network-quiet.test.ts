/**
 * Network quiet (issue 17): nothing goes to a service before a visitor reaches for the modal.
 * - A visitor with nothing stored: zero requests to the wallet/config, blockchain and analytics
 *   services from load until the first hover on a Gangway trigger, measured over at least 5 s after
 *   load with the pointer elsewhere (the core started and the views rendered hidden meanwhile). The
 *   hover then asks for what the modal needs.
 * - A returning visitor (a connected session reloaded): the page may ask at load for the balance and
 *   what its routing needs (supported chains), and nothing else of the services.
 * Requests are counted at the network level (the context's, so the worker's count too), by the services' origins.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { connectLocalnetWallet, recordServiceRequests, useBrowser, waitForEngine, type ServiceRequest } from './helpers.js'

const webUrl = inject('webUrl')
/** The services whose requests count (the demo page's). */
const SERVICES = { walletConfig: inject('walletConfigUrl'), blockchain: inject('blockchainUrl'), analytics: inject('analyticsUrl') }
const browser = useBrowser()

/** What counts as quiet: at least this long after the load event (ms). */
const QUIET_MS = 5000

/** Waits until the core has started, the views are rendered hidden, and QUIET_MS have passed since the load event. */
async function settle(page: Page): Promise<void> {
  await waitForEngine(page)
  await page.locator('[data-testid=gw-modal][data-closed]').waitFor({ state: 'attached' })
  await page.waitForFunction((quiet) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    return !!nav && nav.loadEventEnd > 0 && performance.now() >= nav.loadEventEnd + quiet
  }, QUIET_MS, { timeout: QUIET_MS + 20_000 })
}

describe('network quiet', () => {
  it('a new visitor: no service request until the first hover on a trigger, then the modal asks for what it needs', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const seen = recordServiceRequests(context, SERVICES)
    await page.goto(`${webUrl}/`)
    await page.mouse.move(2, 2)
    await settle(page)
    expect(seen).toEqual([])
    await page.hover('gangway-button')
    await expect.poll(() => seen.length).toBeGreaterThan(0)
    await context.close()
  })

  it('a returning visitor: at load only the balance and the routing (supported chains) are asked', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)
    // The visit that connected ends (its worker and its requests with it) before counting starts:
    // what is counted is the returning visit's alone, in a new page with the same storage.
    await page.close()
    const seen = recordServiceRequests(context, SERVICES)
    const returning = await context.newPage()
    await returning.goto(`${webUrl}/`)
    await returning.mouse.move(2, 2)
    await settle(returning)
    // The stored connection was restored: the button shows the account chip.
    expect(await returning.locator('gangway-button button').getAttribute('data-connected')).toBe('')
    const allowed = (r: ServiceRequest) => r.service === 'blockchain' && (/^\/v1\/account\/0x[0-9a-fA-F]{40}\/balance$/.test(r.path) || r.path === '/v1/supported-chains' || /^\/v1\/?$/.test(r.path))
    expect(seen.filter((r) => !allowed(r))).toEqual([])
    await context.close()
  })
})
