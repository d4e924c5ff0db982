/**
 * An instrument for "the popup opens inside the visitor's click" (issue 19): Playwright starts
 * Chromium with popups allowed, and a window opened shortly after a click still counts as one the
 * visitor asked for (transient activation), so neither can fail a test. This init script records
 * each `window.open` with whether it ran within a trusted click's dispatch: a capture listener on
 * the window marks the dispatch's start, a bubble listener and a task queued with it (setTimeout 0:
 * microtasks run between listeners) mark its end. Views in shadow roots and React's or Preact's
 * handlers all run inside that span.
 */
import type { BrowserContext, Page } from 'playwright-core'

/** One `window.open` the page made: its URL and features, and whether it ran inside a trusted click. */
export interface PopupOpen {
  url: string
  features: string
  inClick: boolean
}

/** Installs the instrument in every page of `context` (before any script of theirs runs). */
export async function instrumentPopups(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __opens: PopupOpen[] }
    w.__opens = []
    let inClick = false
    window.addEventListener(
      'click',
      (e) => {
        if (!e.isTrusted) return
        inClick = true
        setTimeout(() => (inClick = false), 0)
      },
      true,
    )
    window.addEventListener('click', () => void (inClick = false))
    const open = window.open.bind(window)
    window.open = (url?: string | URL, target?: string, features?: string) => {
      w.__opens.push({ url: String(url ?? ''), features: features ?? '', inClick })
      return open(url, target, features)
    }
  })
}

/** What the instrument recorded in `page`. */
export const popupOpens = (page: Page): Promise<PopupOpen[]> => page.evaluate(() => (window as unknown as { __opens: PopupOpen[] }).__opens)
