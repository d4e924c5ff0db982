/** What a failed end-to-end test needs to be understood, read from its pages before they close. */
import type { Page } from 'playwright-core'
import { parseLog } from '../../src/events/ndjson.js'

/**
 * The page's address, the view its modal shows and its engine's last 30 events (redacted by the
 * engine's export, each payload cut to 160 characters). Never throws: a page without an engine, or
 * one that cannot answer, says so.
 */
export async function pageStory(page: Page): Promise<string> {
  try {
    const { view, log } = await page.evaluate(async () => {
      const g = (window as unknown as { gangway?: { getState(): { open: boolean; view: string }; exportLog(o: { redact: boolean }): Promise<string> } }).gangway
      if (!g) return { view: 'no modal on this page', log: '' }
      const state = g.getState()
      return { view: state.open ? state.view : 'closed', log: await g.exportLog({ redact: true }) }
    })
    const events = log ? parseLog(log).events.slice(-30) : []
    return [`${page.url()}: the modal shows ${view}; its last events:`, ...events.map((e) => `  ${e.seq} ${e.type} ${JSON.stringify(e.payload ?? {}).slice(0, 160)}`)].join('\n')
  } catch (error) {
    return `${page.url()}: the page did not answer (${String(error).slice(0, 200)})`
  }
}
