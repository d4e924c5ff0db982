/** axe-core's audit of Gangway's own elements, for the view checks. */
import axe from 'axe-core'
import type { Frame, Page } from 'playwright-core'

/** The colour schemes every view is audited in. */
export const THEMES = ['light', 'dark'] as const

/** Gangway's own elements: axe's targets inside the modal's or the button's shadow root. */
const ours = (target: unknown) => Array.isArray(target) && /^gangway-(modal|button)\b/.test(String(target[0]))

/** What the page side of an audit reads of axe-core, once its source is injected. */
type PageAxe = { axe?: typeof axe }

/**
 * `frame`'s partial results and those of the frames inside it, depth first, as `axe.finishRun`
 * takes them: axe-core injected into each frame (cross-origin ones too) once, `axe.runPartial`
 * in each. A frame that fails gives one `null` for itself and what it holds; the top frame's
 * failure is thrown.
 */
async function partials(frame: Frame, context: unknown, top: boolean): Promise<unknown[]> {
  try {
    if (!(await frame.evaluate(() => typeof (window as unknown as PageAxe).axe === 'object'))) await frame.evaluate(axe.source)
    const inner: { frameSelector: unknown; frameContext: unknown }[] = await frame.evaluate((context) => (window as unknown as PageAxe).axe!.utils.getFrameContexts((context ?? undefined) as axe.ElementContext) as never, context)
    const own: unknown = await frame.evaluate((context) => (window as unknown as PageAxe).axe!.runPartial((context ?? document) as axe.ElementContext, {}) as never, context)
    const found = [own]
    for (const { frameSelector, frameContext } of inner) {
      const element = (await frame.evaluateHandle((selector) => (window as unknown as PageAxe).axe!.utils.shadowSelect(selector as axe.CrossTreeSelector), frameSelector)).asElement()
      const child = await element?.contentFrame()
      found.push(...(child ? await partials(child, frameContext, false) : [null]))
    }
    return found
  } catch (error) {
    if (top) throw error
    return [null]
  }
}

/**
 * axe-core's results for the whole of `page`, its frames included: what @axe-core/playwright's
 * `analyze()` finds (the same partial runs in every frame), but axe is injected once a page and
 * `axe.finishRun` runs in the page rather than in a new blank page each time, which costs a
 * renderer and a second injection an audit.
 */
export async function analyze(page: Page): Promise<axe.AxeResults> {
  const found = await partials(page.mainFrame(), null, true)
  return page.evaluate((found) => (window as unknown as PageAxe).axe!.finishRun(found as axe.PartialResults, {}) as never, found) as Promise<axe.AxeResults>
}

/** axe's violations among Gangway's elements on `page`, and their rules by impact. */
export async function audit(page: Page) {
  const results = await analyze(page)
  const violations = results.violations.flatMap((v) => v.nodes.filter((n) => ours(n.target)).map((n) => ({ impact: n.impact ?? v.impact ?? 'unknown', rule: v.id, target: JSON.stringify(n.target) })))
  const byImpact: Record<string, string[]> = {}
  for (const v of violations) (byImpact[v.impact] ??= []).push(v.rule)
  return { violations, byImpact, passes: results.passes.length }
}

/** Lets the theme's colours finish changing: every finite animation and transition of the page (shadow roots included) ends. */
export const themeSettled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))

/**
 * The page's modal audited in each of THEMES (the demo's themeMode `system` follows
 * prefers-color-scheme live, so one visit serves both): what was visited, one line a theme, and
 * each violation found, or a theme that was not applied.
 */
export async function auditThemes(page: Page, view: string): Promise<{ visited: string[]; found: string[] }> {
  const visited: string[] = []
  const found: string[] = []
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme })
    await themeSettled(page)
    if ((await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) !== (theme === 'dark')) found.push(`${view}: the ${theme} scheme was not applied`)
    const { violations, byImpact, passes } = await audit(page)
    visited.push(`${view} (${theme}): ${passes} rules pass; ${JSON.stringify(byImpact)}`)
    found.push(...violations.map((v) => `${view} (${theme}): ${v.impact} ${v.rule} ${v.target}`))
  }
  return { visited, found }
}
