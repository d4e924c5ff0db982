/**
 * Issue 13, findings 4 and 5, in Chromium against the hostile localnet services (`?hostile=<case>`,
 * localnet/services/hostile.ts): All Wallets against a registry whose count promises 100 000
 * wallets but whose pages are empty; Activity against endless cursors (fresh cursors with empty or
 * repeated pages, and fresh pages forever); oversized answers. Requests are counted as the page's
 * (and its worker's) requests go out; "stopped" means the list reports no more, and a further
 * scroll, once the engine has answered a read, sends nothing.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { HISTORY_MAX_PAGES, MAX_REMOTE_NAME, MAX_REMOTE_STRING, WALLETS_MAX_PAGES } from '../../src/events/kernel/limits.js'
import { localContext } from './browser.js'
import { pageLog, connectLocalnetWallet, useBrowser, waitForEngine, waitForText, waitForView } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const browser = useBrowser()

type Gangway = { exportLog(): Promise<string>; open(o?: { view?: string }): Promise<void> }
type Logged = { type: string; payload: Record<string, unknown> }

/** The engine's log, read through the engine (a round trip: every dispatch sent before it is in). */
const events = async (page: Page): Promise<Logged[]> => (await pageLog(page)).events as unknown as Logged[]

/** Counts the requests (page and worker) whose path ends with `suffix`. */
function counting(page: Page, suffix: string): { count: () => number; urls: URL[] } {
  const urls: URL[] = []
  page.context().on('request', (r) => {
    const u = new URL(r.url())
    if (u.pathname.endsWith(suffix)) urls.push(u)
  })
  return { count: () => urls.length, urls }
}

/** Waits two frames, so every IntersectionObserver callback of a scroll has run (and dispatched). */
const frames = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))

/**
 * Scrolls `list` to its end, again and again, until it reports no more (`data-has-more="false"`):
 * after each new page the engine logs (one of `pageTypes`), the end is scrolled into view anew (the
 * rows the page added pushed it out). Fails after `rounds` pages.
 */
async function scrollToEnd(page: Page, list: string, end: string, pageTypes: string[], rounds = 60): Promise<void> {
  const pages = async () => (await events(page)).filter((e) => pageTypes.includes(e.type)).length
  for (let i = 0; i < rounds; i++) {
    if ((await page.getAttribute(list, 'data-has-more')) === 'false') return
    const before = await pages()
    await expect
      .poll(async () => {
        await page.locator(end).scrollIntoViewIfNeeded()
        return (await page.getAttribute(list, 'data-has-more')) === 'false' || (await pages()) > before
      }, { timeout: E2E_WAIT_MS })
      .toBe(true)
  }
  throw new Error(`${list} still has more after ${rounds} pages`)
}

/** Scrolls the list up and to its end again, lets the observers run and the engine answer; returns the log. */
async function scrollAgainAndSettle(page: Page, list: string, end: string): Promise<Logged[]> {
  await page.locator(list).evaluate((el) => el.scrollTo(0, 0))
  await frames(page)
  await page.locator(end).scrollIntoViewIfNeeded()
  await frames(page)
  return events(page)
}

/** Every string in `v`, with the key it sits under. */
function strings(v: unknown, key = ''): { key: string; value: string }[] {
  if (typeof v === 'string') return [{ key, value: v }]
  if (Array.isArray(v)) return v.flatMap((x) => strings(x, key))
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => strings(x, k))
  return []
}

describe('hostile paging (issue 13)', () => {
  it('All Wallets: a count of 100 000 with empty pages stops at once; more scrolling sends nothing', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const getWallets = counting(page, '/getWallets')
    await page.goto(`${webUrl}/?hostile=empty-pages`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await waitForText(page, '[data-testid=gw-all-wallets]', /All Wallets/)
    await page.click('[data-testid=gw-all-wallets]')
    await waitForView(page, 'AllWallets')
    const list = '[data-testid=gw-all-list]'
    const end = '[data-testid=gw-all-end]'
    await expect.poll(() => page.locator(`${list} [data-wallet-id]`).count(), { timeout: E2E_WAIT_MS }).toBe(40)
    await scrollToEnd(page, list, end, ['wallets/page-fetched', 'wallets/page-failed'])

    const requests = getWallets.count()
    const log = await scrollAgainAndSettle(page, list, end)
    await scrollAgainAndSettle(page, list, end)
    expect(getWallets.count()).toBe(requests)
    const pagesAsked = getWallets.urls.filter((u) => u.searchParams.get('entries') === '40').map((u) => Number(u.searchParams.get('page')))
    // The recommended list, page 1 (40 wallets) and page 2 (empty): the list ends there.
    expect(pagesAsked).toEqual([1, 2])
    expect(requests).toBeLessThanOrEqual(1 + WALLETS_MAX_PAGES)
    const walletEvents = log.filter((e) => e.type.startsWith('wallets/'))
    expect(walletEvents.length).toBeLessThanOrEqual(1 + 2 * WALLETS_MAX_PAGES)
    expect(walletEvents.map((e) => e.type)).toEqual(['wallets/lists-fetched', 'wallets/page-requested', 'wallets/page-fetched', 'wallets/page-requested', 'wallets/page-fetched'])
    expect(await page.locator(`${list} [data-wallet-id]`).count()).toBe(40)
    await context.close()
  })

  it('oversized registry answers (about 30 MB) are refused with the service\'s error: no wallet event is large, the log stays small', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const getWallets = counting(page, '/getWallets')
    await page.goto(`${webUrl}/?hostile=oversized`)
    await waitForEngine(page)
    // No lists came (their answer is refused too), so the Connect view has no All Wallets entry: open it directly.
    await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.open({ view: 'AllWallets' }))
    await waitForView(page, 'AllWallets')
    // Page 1 answers 5000 listings of about 6 KB: refused with the service's error; the list stops.
    await waitForText(page, '[data-testid=gw-all-wallets-view] .gw-error', 'HTTP request failed.')
    await page.fill('[data-testid=gw-search]', 'wallet')
    await expect.poll(async () => (await events(page)).some((e) => e.type === 'wallets/search-fetched' || e.type === 'wallets/search-failed'), { timeout: E2E_WAIT_MS }).toBe(true)

    const requests = getWallets.count()
    const log = await scrollAgainAndSettle(page, '[data-testid=gw-all-list]', '[data-testid=gw-all-end]')
    expect(getWallets.count()).toBe(requests)
    // The lists, page 1 and the search: each answer (about 30 MB) refused with the service's error.
    expect(requests).toBe(3)
    // The lists' failure is logged (its place among the others depends on which answer came first).
    expect(log.filter((e) => e.type === 'wallets/lists-failed').map((e) => e.payload.message)).toEqual(['HTTP request failed.'])
    expect(log.filter((e) => e.type.startsWith('wallets/') && e.type !== 'wallets/lists-failed').map((e) => [e.type, e.payload.message])).toEqual([
      ['wallets/page-requested', undefined],
      ['wallets/page-failed', 'HTTP request failed.'],
      ['wallets/search-requested', undefined],
      ['wallets/search-failed', 'HTTP request failed.'],
    ])
    // The whole log stays small (the 30 MB answer used to become one event).
    expect(JSON.stringify(log).length).toBeLessThan(256 * 1024)
    await context.close()
  })

  it('a registry answer of 300 padded listings (under 2 MB) is cut to the entries asked for, names to 64 and strings to 256', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/?hostile=padded`)
    await waitForEngine(page)
    // The lists are asked when the visitor first reaches for the modal (network quiet).
    await page.hover('gangway-button')
    await expect.poll(async () => (await events(page)).some((e) => e.type === 'wallets/lists-fetched'), { timeout: E2E_WAIT_MS }).toBe(true)
    const lists = (await events(page)).find((e) => e.type === 'wallets/lists-fetched')!
    const recommended = lists.payload.recommended as { name: string; rdns?: string; mobile_link?: string }[]
    expect(recommended.length).toBeGreaterThan(0)
    expect(recommended.length).toBeLessThanOrEqual(12)
    expect(recommended.every((w) => w.name.length <= 64 && (w.rdns ?? '').length <= 256 && w.mobile_link === undefined)).toBe(true)
    expect(JSON.stringify(lists).length).toBeLessThan(16 * 1024)
    await context.close()
  })

  const activity = '[data-testid=gw-activity]'
  const activityEnd = '[data-testid=gw-activity-end]'
  const showActivity = async (page: Page) => {
    await page.click('[data-tab=Activity]')
    await page.waitForSelector(`${activity} li[data-hash]`)
  }

  it('Activity: fresh cursors with repeated and empty pages stop at the first page that brings nothing new', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const history = counting(page, '/history')
    await connectLocalnetWallet(page, webUrl, 0, '/?hostile=endless-cursor')
    await showActivity(page)
    await scrollToEnd(page, activity, activityEnd, ['history/fetched', 'history/failed'])
    const requests = history.count()
    const log = await scrollAgainAndSettle(page, activity, activityEnd)
    await scrollAgainAndSettle(page, activity, activityEnd)
    expect(history.count()).toBe(requests)
    // The honest first page, a page of new transactions, the same again: the end.
    expect(requests).toBe(3)
    expect(log.filter((e) => e.type === 'history/fetched')).toHaveLength(3)
    const ids = await page.$$eval(`${activity} li[data-id]`, (lis) => lis.map((li) => li.getAttribute('data-id')))
    expect(new Set(ids).size).toBe(ids.length)
    await context.close()
  })

  it('Activity: fresh pages with fresh cursors forever stop at 20 pages a showing', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const history = counting(page, '/history')
    await connectLocalnetWallet(page, webUrl, 0, '/?hostile=endless-fresh')
    await showActivity(page)
    await scrollToEnd(page, activity, activityEnd, ['history/fetched', 'history/failed'])
    const requests = history.count()
    await scrollAgainAndSettle(page, activity, activityEnd)
    await scrollAgainAndSettle(page, activity, activityEnd)
    expect(history.count()).toBe(requests)
    expect(requests).toBe(HISTORY_MAX_PAGES)
    expect(await page.locator(`${activity} li[data-id]`).count()).toBe(HISTORY_MAX_PAGES * 5)
    await context.close()
  })

  it('Activity oversized: a page of 2000 transactions keeps 50, names cut to 64; a balance answer over 2 MB fails; the long cursor ends the list', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const history = counting(page, '/history')
    await connectLocalnetWallet(page, webUrl, 0, '/?hostile=oversized')
    await showActivity(page)
    expect(await page.getAttribute(activity, 'data-has-more')).toBe('false')
    const log = await scrollAgainAndSettle(page, activity, activityEnd)
    expect(history.count()).toBe(1)
    const fetched = log.filter((e) => e.type === 'history/fetched')
    expect(fetched).toHaveLength(1)
    const page1 = fetched[0]!.payload as { transactions: unknown[]; next?: string }
    expect(page1.transactions).toHaveLength(50)
    expect(page1.next).toBeUndefined()
    for (const s of strings(page1)) expect(s.value.length).toBeLessThanOrEqual(s.key === 'name' ? MAX_REMOTE_NAME : MAX_REMOTE_STRING)
    // The balance answer (over 2 MB) is refused with the service's error.
    await expect.poll(async () => (await events(page)).find((e) => e.type === 'portfolio/failed')?.payload.message, { timeout: E2E_WAIT_MS }).toBe('HTTP request failed.')
    const identity = log.find((e) => e.type === 'identity/fetched')!.payload as { name?: string }
    expect(identity.name).toHaveLength(MAX_REMOTE_NAME)
    expect(await page.locator(`${activity} li[data-id]`).count()).toBe(50)
    await context.close()
  })
})
