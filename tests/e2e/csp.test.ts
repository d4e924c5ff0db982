/**
 * Gangway under a strict Content-Security-Policy (issue 16): the demo page at `?csp=strict` is
 * served with localnet/server.ts' `strictCsp` (no inline script or style, no eval, images and
 * connections only to the site, the nodes and the services, frames only from the secure site), and so is the worker
 * script it starts, since a worker's policy is the one its script comes with. A whole session
 * (connect, the Account tabs, switch network, send) must cause no violation: none seen by a
 * `securitypolicyviolation` listener installed before the page's scripts, and none reported to the
 * policy's report-uri, where the worker's would go. A deliberate violation at the end proves both
 * would have caught one.
 */
import { describe, expect, inject, it } from 'vitest'
import { CSP_REPORTS } from '../../localnet/server.js'
import { localContext } from './browser.js'
import { connectLocalnetWallet, coreSession, useBrowser } from './helpers.js'
import { BUILT_VIEWS, visit, type TourEnv } from './view-tour.js'
import { lanes } from './lanes.js'

const webUrl = inject('webUrl')
const rpcUrl2 = inject('rpcUrl2')
const tourEnv: TourEnv = { webUrl, rpcUrl: inject('rpcUrl'), solanaCaip2: inject('solanaCaip2') }
const browser = useBrowser()

type Violation = { directive: string; blocked: string }
/** What the browser posted to the report-uri (report-uri's JSON: one `csp-report` a request). */
type Report = { 'csp-report'?: { 'blocked-uri'?: string; 'violated-directive'?: string; 'document-uri'?: string } }
/** Before the page's scripts: every violation the page sees, in `window.__violations`. */
const LISTEN = () => {
  const seen: { directive: string; blocked: string }[] = []
  ;(window as unknown as { __violations: typeof seen }).__violations = seen
  document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }))
}
/** A URL the policy forbids: nothing listens there, and connect-src does not list it. */
const FORBIDDEN = 'http://127.0.0.1:9/gangway-csp-sentinel'

describe('strict Content-Security-Policy', () => {
  it('a whole session (connect, Account tabs, switch network, send) causes no violation, on the page or in its worker', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.addInitScript(LISTEN)
    const violations = () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)
    const reports = async () => (await (await fetch(`${webUrl}${CSP_REPORTS}`)).json()) as Report[]
    const reportedBefore = (await reports()).length
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
    const reported = async () => (await reports()).slice(reportedBefore).map((r) => r['csp-report']?.['blocked-uri'] ?? '?').sort()
    await expect.poll(reported).toEqual([`${FORBIDDEN}/page`, `${FORBIDDEN}/worker`])
    // And nothing else, on the page or in the worker.
    expect(await violations()).toEqual([{ directive: 'connect-src', blocked: `${FORBIDDEN}/page` }])
    await context.close()
  })

  it('every view of the tour (view-tour.ts) shows under the policy with no violation, on the page or in its worker', async () => {
    const reports = async () => (await (await fetch(`${webUrl}${CSP_REPORTS}`)).json()) as Report[]
    const reportedBefore = (await reports()).length
    const inLane = lanes(async () => {
      const context = await localContext(browser())
      await context.addInitScript(LISTEN)
      return context
    }, webUrl)
    const found = await Promise.all(
      BUILT_VIEWS.map((view) =>
        inLane(async (context) => {
          const page = await visit(context, view, tourEnv, '/?csp=strict')
          return (await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)).map((v) => `${view}: ${v.directive} ${v.blocked}`)
        }),
      ),
    )
    console.log(`strict CSP, views visited: ${BUILT_VIEWS.join(', ')}`)
    expect(found.flat()).toEqual([])
    // The worker's would be reported; a report arrives a moment after its violation, so a
    // sentinel from a last page comes after any of them.
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/?csp=strict`)
    await page.evaluate((url) => fetch(url).catch(() => undefined), `${FORBIDDEN}/tour`)
    await expect.poll(async () => (await reports()).slice(reportedBefore).some((r) => r['csp-report']?.['blocked-uri'] === `${FORBIDDEN}/tour`)).toBe(true)
    expect((await reports()).slice(reportedBefore).map((r) => r['csp-report']?.['blocked-uri'])).toEqual([`${FORBIDDEN}/tour`])
    await context.close()
  })
})
