/**
 * Accessibility (issue 16): axe-core (through @axe-core/playwright) on every view of the tour
 * (view-tour.ts), in both themes, finds no violation in Gangway's elements: none serious or critical
 * (the issue's bar), and none moderate or minor either (each view has none today). Each view is
 * reached once and audited in both themes: the modal follows prefers-color-scheme live. The
 * loop reads the tour, so a view a later issue adds is checked once it is in the tour; a planned
 * view must still be the placeholder, and a built one never is. The test prints what it visited.
 */
import AxeBuilder from '@axe-core/playwright'
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { ViewName } from '../../src/contract.js'
import { localContext } from './browser.js'
import { useBrowser, waitForView } from './helpers.js'
import { BUILT_VIEWS, PLANNED_VIEWS, visit, type TourEnv } from './view-tour.js'
import { lanes } from './lanes.js'

const env: TourEnv = { webUrl: inject('webUrl'), rpcUrl: inject('rpcUrl'), solanaCaip2: inject('solanaCaip2') }
const browser = useBrowser()
const THEMES = ['light', 'dark'] as const

/** Gangway's own elements: axe's targets inside the modal's or the button's shadow root. */
const ours = (target: unknown) => Array.isArray(target) && /^gangway-(modal|button)\b/.test(String(target[0]))

/** axe's violations among Gangway's elements on `page`, and their rules by impact. */
async function audit(page: Page) {
  const results = await new AxeBuilder({ page: page as never }).analyze()
  const violations = results.violations.flatMap((v) => v.nodes.filter((n) => ours(n.target)).map((n) => ({ impact: n.impact ?? v.impact ?? 'unknown', rule: v.id, target: JSON.stringify(n.target) })))
  const byImpact: Record<string, string[]> = {}
  for (const v of violations) (byImpact[v.impact] ??= []).push(v.rule)
  return { violations, byImpact, passes: results.passes.length }
}

/** Lets the theme's colours finish changing: every finite animation and transition of the page (shadow roots included) ends. */
const settled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished)))

describe('accessibility', () => {
  it('axe finds no violation, of any impact, on any built view, in the light theme and the dark', async () => {
    const inLane = lanes(() => localContext(browser()), env.webUrl)
    const results = await Promise.all(
      BUILT_VIEWS.map((view) =>
        inLane(async (context) => {
          // One visit for both themes: the demo's themeMode is `system`, which follows prefers-color-scheme live.
          const page = await visit(context, view, env, '/?theme=system')
          // A built view is never the placeholder.
          const placeholders = await page.locator('[data-testid=gw-modal] .gw-empty').count()
          const visited: string[] = []
          const found: string[] = []
          for (const theme of THEMES) {
            await page.emulateMedia({ colorScheme: theme })
            await settled(page)
            if ((await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)) !== (theme === 'dark')) found.push(`${view}: the ${theme} scheme was not applied`)
            const { violations, byImpact, passes } = await audit(page)
            visited.push(`${view} (${theme}): ${passes} rules pass; ${JSON.stringify(byImpact)}`)
            found.push(...violations.map((v) => `${view} (${theme}): ${v.impact} ${v.rule} ${v.target}`))
          }
          return { view, placeholders, visited, found }
        }),
      ),
    )
    console.log(`axe, views visited:\n${results.flatMap((r) => r.visited).join('\n')}`)
    expect(results.filter((r) => r.placeholders > 0).map((r) => r.view)).toEqual([])
    expect(results.flatMap((r) => r.found)).toEqual([])
    expect(results.flatMap((r) => r.visited)).toHaveLength(BUILT_VIEWS.length * THEMES.length)
  }, 300_000)

  it('a planned view is still the placeholder (when one is built, the tour must reach it)', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(env.webUrl)
    for (const { view, issue } of PLANNED_VIEWS) {
      await page.evaluate((v) => (window as unknown as { gangway: { open(o: { view: string }): Promise<void> } }).gangway.open({ view: v }), view as ViewName)
      await waitForView(page, view)
      expect(await page.locator('[data-testid=gw-modal] .gw-empty').count(), `${view} (planned for issue ${issue})`).toBe(1)
      await page.evaluate(() => (window as unknown as { gangway: { close(): Promise<void> } }).gangway.close())
    }
    console.log(`planned views: ${PLANNED_VIEWS.map((p) => `${p.view} (issue ${p.issue})`).join(', ')}`)
    await context.close()
  })
})
