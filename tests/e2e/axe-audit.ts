/** axe-core's audit of Gangway's own elements, for the view checks. */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** The colour schemes every view is audited in. */
export const THEMES = ['light', 'dark'] as const

/** Gangway's own elements: axe's targets inside the modal's or the button's shadow root. */
const ours = (target: unknown) => Array.isArray(target) && /^gangway-(modal|button)\b/.test(String(target[0]))

/** axe's violations among Gangway's elements on `page`, and their rules by impact. */
export async function audit(page: Page) {
  const results = await new AxeBuilder({ page: page as never }).analyze()
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
