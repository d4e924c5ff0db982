/**
 * Gangway under a strict Content-Security-Policy (issue 16): the demo page at `?csp=strict` is
 * served with localnet/server.ts' `strictCsp` (no inline script or style, no eval, images and
 * connections only to the site, the nodes and the services, frames only from the secure site), and so is the worker
 * script it starts, since a worker's policy is the one its script comes with. A whole session
 * (connect, the Account tabs, switch network, send) must cause no violation: none seen by a
 * `securitypolicyviolation` listener installed before the page's scripts, and none reported to the
 * policy's report-uri, where the worker's would go. A deliberate violation at the end proves both
 * would have caught one. Every view of the tour is checked under the policy by every-view.test.ts.
 */
import { describe, expect, inject, it } from 'vitest'
import { localContext } from './browser.js'
import { connectLocalnetWallet, coreSession, useBrowser } from './helpers.js'
import { blockedSince, cspReports, FORBIDDEN, LISTEN, type Violation } from './csp-watch.js'

const webUrl = inject('webUrl')
const rpcUrl2 = inject('rpcUrl2')
const browser = useBrowser()

describe('strict Content-Security-Policy', () => {
  it('a whole session (connect, Account tabs, switch network, send) causes no violation, on the page or in its worker', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.addInitScript(LISTEN)
    const violations = () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)
    const reportedBefore = (await cspReports(webUrl)).length
    await connectLocalnetWallet(page, webUrl, 7, '/?csp=strict')
    // The engine runs in the Worker (not the main-thread fallback), under the policy too (checked at the end).
    expect(await page.evaluate(() => (window as unknown as { gangway: { getState(): { engine?: string } } }).gangway.getState().engine)).toBe('worker')
    // Styled through adopted stylesheets: the card has its 360 px width.
    expect(await page.locator('[data-testid=gw-modal] .gw-card').evaluate((el) => getComputedStyle(el).width)).toBe('360px')

    // The Account tabs, a switch to the second chain, a send there.
    await coreSession(page, { rpcUrl2, label: 'csp' })

    // The sentinels: one deliberate violation on the page, which both the listener and the
    // report-uri must see, and one in the worker, which the report-uri must see (so the worker runs
    // under the policy, and its violations would have been reported).
    await page.evaluate((url) => fetch(url).catch(() => undefined), `${FORBIDDEN}/page`)
    const worker = page.workers().find((w) => w.url().endsWith('/gangway/worker.js'))!
    await worker.evaluate((url) => fetch(url).catch(() => undefined), `${FORBIDDEN}/worker`)
    await expect.poll(async () => (await blockedSince(webUrl, reportedBefore)).sort()).toEqual([`${FORBIDDEN}/page`, `${FORBIDDEN}/worker`])
    // And nothing else, on the page or in the worker.
    expect(await violations()).toEqual([{ directive: 'connect-src', blocked: `${FORBIDDEN}/page` }])
    await context.close()
  })
})
