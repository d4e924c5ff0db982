/**
 * Server rendering, then hydration in Chromium (issue 16): /ssr.html is the React demo app rendered
 * by the demo server with react-dom/server (gangway/react imported in Node), hydrated by
 * localnet/demo/ssr-app.tsx. Hydration must report nothing (React's recoverable errors, console
 * errors and warnings), on a first visit and on a reload with a stored connection, which the
 * server cannot know. `?mismatch` renders a server-only text: there the check must see the mismatch,
 * which proves it would catch one.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { useBrowser, waitForView } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

type Hydration = { recoverable: string[]; committed: boolean }
const hydration = (page: Page) => page.evaluate(() => (window as unknown as { __hydration?: Hydration }).__hydration)
/** Loads `path` and resolves with what hydration reported once the hydrated tree committed, and the console's errors and warnings. */
async function hydrate(page: Page, path: string) {
  const logged: string[] = []
  const listener = (m: { type(): string; text(): string }) => void (['error', 'warning'].includes(m.type()) && logged.push(`${m.type()}: ${m.text()}`))
  page.on('console', listener)
  const response = await page.goto(`${webUrl}${path}`)
  const html = (await response!.text()).match(/<div id="app">([\s\S]*?)<\/div>\s*<\/body>/)?.[1] ?? ''
  await expect.poll(async () => (await hydration(page))?.committed).toBe(true)
  page.off('console', listener)
  return { html, recoverable: (await hydration(page))!.recoverable, logged }
}

describe('server rendering and hydration', () => {
  it('hydrates the server HTML with no warning, before and after a connection is stored', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const first = await hydrate(page, '/ssr.html')
    // The server rendered the app, disconnected and closed, with Gangway imported in Node.
    expect(first.html).toContain('data-testid="react-account">not connected</span>')
    expect(first.html).toContain('data-testid="react-is-open">false</span>')
    expect(first.recoverable).toEqual([])
    expect(first.logged).toEqual([])

    // Connected, then reloaded: the page stores a connection the server cannot know. Hydration
    // still matches the server's HTML; the account shows after it.
    await page.click('[data-testid=react-open]')
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    const address = await page.evaluate(() => (window as unknown as { __localnetWallet: { request(a: { method: string }): Promise<string[]> } }).__localnetWallet.request({ method: 'eth_accounts' }))
    const again = await hydrate(page, '/ssr.html')
    expect(again.html).toContain('data-testid="react-account">not connected</span>')
    expect(again.recoverable).toEqual([])
    expect(again.logged).toEqual([])
    await expect.poll(async () => (await page.textContent('[data-testid=react-account]'))?.toLowerCase(), { timeout: E2E_WAIT_MS }).toContain(address[0]!.toLowerCase())
    await context.close()
  })

  it('a deliberate mismatch is seen (the check above could fail)', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const { html, recoverable } = await hydrate(page, '/ssr.html?mismatch')
    expect(html).toContain('(server)')
    expect(recoverable.join('\n')).toMatch(/hydrat|#418|#425/i)
    await context.close()
  })
})
