/**
 * One tour of every built view (tests/e2e/view-tour.ts), every check on each visit, so no view is
 * walked twice for two checks:
 * - Layout (issue 16, "Pictures"), on a 1280×800 desktop page, inside `gangway-modal`'s shadow root
 *   (layout-check.ts): the card is 360 px wide, no element's box leaves it horizontally, and no
 *   text is clipped (wider than its box, cut by a box that hides overflow, or truncated with an
 *   ellipsis without the full text in a `title`; an empty field's placeholder fits). Every view in
 *   English and in the pseudo-locale (en-XA: every message longer, accented and bracketed); the
 *   views with most text (Connect, Account, WalletSend, WalletSendPreview, SwitchNetwork,
 *   ProfileWallets) in Spanish, Chinese, Japanese and Arabic too.
 * - Accessibility, on the English visit: axe-core finds no violation of any impact in Gangway's
 *   elements, in the light theme and the dark (axe-audit.ts; the page's themeMode `system` follows
 *   prefers-color-scheme live, so one visit serves both), and a built view is never the placeholder.
 * - The pseudo-locale, on the en-XA visit: every visible text is from the catalogue or data
 *   (pseudo-locale.ts).
 * - The strict Content-Security-Policy (`?csp=strict`, localnet/server.ts `strictCsp`), on every
 *   visit: the page sees no violation (csp-watch.ts), and at the end none was reported to the
 *   policy's report-uri, where the workers' would go; a last deliberate one shows a report arrives.
 * The views are walked (view-tour.ts `walksOf`), two walks at once, each from a fresh page of the
 * demo with the origin's storage cleared (a stored connection would change what opens): a walk
 * reaches its first view by the tour and each next one from the view before, as a visitor moves on
 * (view-tour.ts WALKS: Connect and what it opens, the email login's views, Account's, the swap's,
 * the buy's, a name's), so a page loads once a walk rather than once a view.
 * Each view is checked where its walk shows it, every check a case of its own. A closing case checks
 * that each built view was visited in English and in en-XA; a control case adds over-wide and
 * clipped elements to the card and expects each reported. A view the tour adds is checked without a
 * new test.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { ViewName } from '../../src/contract.js'
import { localContext } from './browser.js'
import { useBrowser } from './helpers.js'
import { cardBox, layoutProblems, settle, type LayoutProblem } from './layout-check.js'
import { audit, auditThemes, themeSettled, THEMES } from './axe-audit.js'
import { unmarked } from './pseudo-locale.js'
import { blockedSince, cspReports, FORBIDDEN, LISTEN, type Violation } from './csp-watch.js'
import { BUILT_VIEWS, visit, walksOf, walkViews, type TourEnv, type Walk } from './view-tour.js'
import { lanes } from './lanes.js'

const env: TourEnv = { webUrl: inject('webUrl'), rpcUrl: inject('rpcUrl'), solanaCaip2: inject('solanaCaip2') }
const browser = useBrowser()

const DESKTOP = { viewport: { width: 1280, height: 800 } }
/** The card's width on a desktop (src/ui/shell/styles.ts). */
const CARD_WIDTH = 360
/** The views with most text, checked in every locale. */
const WORDY: ViewName[] = ['Connect', 'Account', 'WalletSend', 'WalletSendPreview', 'SwitchNetwork', 'ProfileWallets']
/** The views checked in each locale: every built view in English and en-XA, the wordy ones in four more. */
const CHECKED: Record<string, ViewName[]> = {
  ...Object.fromEntries(['en', 'en-XA'].map((locale) => [locale, BUILT_VIEWS])),
  ...Object.fromEntries(['es', 'zh', 'ja', 'ar'].map((locale) => [locale, WORDY.filter((v) => BUILT_VIEWS.includes(v))])),
}
const CASES: { view: ViewName; locale: string }[] = Object.entries(CHECKED).flatMap(([locale, views]) => views.map((view) => ({ view, locale })))
/** Contexts whose pages record the policy's violations before their own scripts run. */
const inLane = lanes(async () => {
  const context = await localContext(browser(), DESKTOP)
  await context.addInitScript(LISTEN)
  return context
}, env.webUrl)
/** How many reports the policy's report-uri had before this file's visits. */
let reportedBefore = 0
beforeAll(async () => {
  reportedBefore = (await cspReports(env.webUrl)).length
  // Every walk starts now: they take their turns at the lanes, and each case awaits its own view's finding.
  for (const [locale, views] of Object.entries(CHECKED)) for (const walk of walksOf(views)) startWalk(walk, locale)
})
const checked = new Map<string, ViewName[]>()
/** axe's lines, one a view and theme, printed at the end. */
const audited: string[] = []
const format = (problems: LayoutProblem[]) => problems.map((p) => `${p.kind} ${p.path} ${JSON.stringify(p.text)}: ${p.detail}`)

afterAll(() => {
  const lines = [...checked].map(([locale, views]) => `  ${locale} (${views.length}): ${views.join(', ')}`)
  console.log(`layout: ${[...checked.values()].flat().length} views × locales checked\n${lines.join('\n')}`)
  console.log(`axe, views visited:\n${audited.join('\n')}`)
})

/** What the check of the view shown found: the layout's, and, in English, axe's in both themes, and, in en-XA, the unmarked texts. */
async function inspect(page: Page, view: ViewName, locale: string) {
  await settle(page)
  const layout = { width: (await cardBox(page)).width, problems: await layoutProblems(page) }
  const placeholders = await page.locator('[data-testid=gw-modal] .gw-empty').count()
  const axe = locale === 'en' ? await auditThemes(page, view) : undefined
  const offending = locale === 'en-XA' ? (await unmarked(page)).map((text) => `${view}: ${JSON.stringify(text)}`) : []
  // All the page saw so far: a violation on the way to a view fails its check too.
  const violations = (await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)).map((v) => `${v.directive} ${v.blocked}`)
  return { ...layout, placeholders, axe, offending, violations }
}
type Found = Awaited<ReturnType<typeof inspect>>

/** Each case's finding by `${locale} ${view}`: in once its walk has checked the view, or the error of the step or check that stopped the walk before. */
const found = new Map<string, Promise<Found>>()

/**
 * Starts `walk` in `locale` in a lane, under the strict policy; in English the page follows the
 * system's colour scheme, for axe's two themes, and is put back in the light one before the walk
 * moves on, as a fresh page is.
 */
function startWalk(walk: Walk, locale: string): void {
  const settlers = walk.map(({ view }) => {
    let settler!: { resolve: (f: Found) => void; reject: (e: unknown) => void }
    const promise = new Promise<Found>((resolve, reject) => (settler = { resolve, reject }))
    // Handled now as well: its case awaits it later, and a walk that stops early is no unhandled rejection meanwhile.
    promise.catch(() => undefined)
    found.set(`${locale} ${view}`, promise)
    return settler
  })
  let reached = 0
  const path = `/?locale=${locale}&csp=strict${locale === 'en' ? '&theme=system' : ''}`
  inLane((context) =>
    walkViews(context, walk, env, path, async (page, view, i) => {
      settlers[i]!.resolve(await inspect(page, view, locale))
      reached = i + 1
      if (locale === 'en') {
        await page.emulateMedia({ colorScheme: 'light' })
        await themeSettled(page)
      }
    }),
  ).catch((error: unknown) => {
    for (const settler of settlers.slice(reached)) settler.reject(error)
  })
}

describe.concurrent('every built view', () => {
  for (const { view, locale } of CASES) {
    const also = locale === 'en' ? ', axe finds no violation in either theme' : locale === 'en-XA' ? ', every visible text from the catalogue or data' : ''
    it(`${view} in ${locale} under the strict CSP: no violation, nothing leaves the 360 px card, no text clipped${also}`, async ({ expect }) => {
      const { width, problems, placeholders, axe, offending, violations } = await found.get(`${locale} ${view}`)!
      checked.set(locale, [...(checked.get(locale) ?? []), view])
      if (axe) audited.push(...axe.visited)
      expect(width).toBe(CARD_WIDTH)
      expect(format(problems)).toEqual([])
      // A built view is never the placeholder.
      expect(placeholders).toBe(0)
      expect(axe?.found ?? []).toEqual([])
      expect(offending).toEqual([])
      expect(violations).toEqual([])
    })
  }
})

describe('every built view: the tour', () => {
  it('visited each built view in English (layout, axe in both themes) and in en-XA (layout, the pseudo-locale)', () => {
    const sorted = (views: readonly ViewName[] = []) => [...views].sort()
    expect(sorted(checked.get('en'))).toEqual(sorted(BUILT_VIEWS))
    expect(sorted(checked.get('en-XA'))).toEqual(sorted(BUILT_VIEWS))
    expect(audited).toHaveLength(BUILT_VIEWS.length * THEMES.length)
  })

  it("no violation of the strict CSP was reported during the tour, the workers' included", async () => {
    // A report arrives a moment after its violation, so a sentinel from a last page comes after any of them.
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${env.webUrl}/?csp=strict`)
    await page.evaluate((url) => fetch(url).catch(() => undefined), `${FORBIDDEN}/tour`)
    await expect.poll(async () => (await blockedSince(env.webUrl, reportedBefore)).includes(`${FORBIDDEN}/tour`)).toBe(true)
    expect(await blockedSince(env.webUrl, reportedBefore)).toEqual([`${FORBIDDEN}/tour`])
    await context.close()
  })
})

describe('layout: the checker', () => {
  it('reports an over-wide box, text wider than its box, a cut line, an untitled ellipsis and a long placeholder', async () => {
    const context = await localContext(browser(), DESKTOP)
    const page = await visit(context, 'Connect', env, '/?locale=en')
    await settle(page)
    const before = await layoutProblems(page)
    const word = 'Unbreakable'.repeat(8)
    await page.evaluate((word) => {
      const body = document.querySelector('gangway-modal')!.shadowRoot!.querySelector('[data-testid=gw-modal] .gw-body')!
      const add = (tag: string, testid: string, text: string, style: Partial<CSSStyleDeclaration>, attrs: Record<string, string> = {}) => {
        const el = document.createElement(tag)
        el.dataset.testid = testid
        el.textContent = text
        Object.assign(el.style, style)
        for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
        body.append(el)
      }
      add('div', 'ctl-wide', 'wide', { width: '500px', textAlign: 'end' })
      add('p', 'ctl-word', word, {})
      add('button', 'ctl-button', 'A label wider than its button', { width: '60px', whiteSpace: 'nowrap' })
      add('div', 'ctl-short', 'one line\nand a second line', { height: '10px', overflow: 'hidden', whiteSpace: 'pre' })
      add('span', 'ctl-ellipsis', `Untitled ${word}`, { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
      add('span', 'ctl-titled', `Titled ${word}`, { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }, { title: `Titled ${word}` })
      add('input', 'ctl-input', '', { width: '80px' }, { placeholder: 'A placeholder far too long for this field' })
    }, word)
    await settle(page)
    const after = await layoutProblems(page)
    const added = after.filter((p) => !before.some((b) => b.kind === p.kind && b.path === p.path && b.text === p.text))
    const found = (kind: LayoutProblem['kind'], testid: string) => added.some((p) => p.kind === kind && p.path.startsWith(`[data-testid=${testid}]`))
    // Truncated with the full text in its title: deliberate, not a problem.
    expect(format(added).join('\n')).not.toContain('ctl-titled')
    expect({
      wideBox: found('box', 'ctl-wide'),
      wideCut: found('clip', 'ctl-wide'),
      wordScroll: found('scroll', 'ctl-word'),
      wordCut: found('clip', 'ctl-word'),
      buttonScroll: found('scroll', 'ctl-button'),
      shortCut: found('clip', 'ctl-short'),
      ellipsis: found('ellipsis-untitled', 'ctl-ellipsis'),
      placeholder: found('placeholder', 'ctl-input'),
    }).toEqual({ wideBox: true, wideCut: true, wordScroll: true, wordCut: true, buttonScroll: true, shortCut: true, ellipsis: true, placeholder: true })
    await context.close()
  })
})

describe('axe: the audit', () => {
  it("reports a violation planted in the modal's shadow root, and none of the page's own", async () => {
    const context = await localContext(browser(), DESKTOP)
    const page = await visit(context, 'Connect', env, '/?locale=en')
    await settle(page)
    expect((await audit(page)).violations).toEqual([])
    await page.evaluate(() => {
      // An unnamed button in the modal, and one in the page outside Gangway's elements.
      document.querySelector('gangway-modal')!.shadowRoot!.querySelector('[data-testid=gw-modal] .gw-body')!.append(Object.assign(document.createElement('button'), { className: 'planted' }))
      document.body.append(document.createElement('button'))
    })
    expect((await audit(page)).violations.map((v) => `${v.impact} ${v.rule} ${v.target}`)).toEqual(['critical button-name [["gangway-modal",".planted"]]'])
    await context.close()
  })
})
