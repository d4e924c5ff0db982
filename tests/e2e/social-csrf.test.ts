/**
 * Login CSRF through a social login's answer (docs/security.md "The social popup"), on the demo page
 * against the secure-site emulator. The attacker gets an unredeemed code of their own account by
 * running the secure site's flow on a bare page of the demo's origin (no Gangway there to redeem it),
 * then hands it to the visitor:
 * - in Telegram, as a link to the site with `?result_uri=` after the visitor started a Telegram
 *   login and abandoned it (the abandoned login's state is in the tab, but it is not the attacker's);
 * - outside Telegram, loaded into the social popup (a window a page holding it can navigate), whose
 *   /social page posts the attacker's answer to the visitor's page.
 * Either way the visitor is not connected, sees 'Login link expired or not started here', the code
 * never reaches the secure site from the visitor's page (the emulator's request log), the link is
 * off the address and out of the log, and the attacker's code is still theirs to redeem.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { localContext } from './browser.js'
import { pageLog, useBrowser, waitForEngine, waitForText, waitForView } from './helpers.js'
import { secretsIn } from './secrets.js'
import { FRAME } from './secure-frame.js'
import { api, frameSdk, openHost, ready, request } from './secure-site-host.js'

const webUrl = inject('webUrl')
const browser = useBrowser()
/** The demo page's project: the attacker's code must be of the site's own project to be worth anything. */
const PROJECT = 'gangway-demo'
const REFUSED = 'Login link expired or not started here'
const IPHONE = { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

type Account = { isConnected: boolean; connectorId?: string }
const account = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { getAccount(): Account } }).gangway.getAccount())
/** How many CONNECT_SOCIAL the emulator's frames of the demo project handled so far. */
const connectSocials = async () => (await api<string[]>(`/api/test/log?projectId=${PROJECT}`)).filter((n) => n === 'CONNECT_SOCIAL').length
const rawLog = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))

/**
 * The attacker's unredeemed answer: on a bare page of the demo's origin, the secure site's provider
 * page for `provider` (with a Telegram return to that page when `telegram`), Allow as `userName`.
 * @returns the answer (the secure site's /social URL with the attacker's code and state) and the
 *   attacker's page, whose frame can still redeem it.
 */
async function attackerAnswer(page: Page, provider: string, userName: string, telegram: boolean): Promise<string> {
  const bare = `${webUrl}/bare.html`
  await openHost(page, PROJECT, bare)
  const uri = (await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider })).payload.uri as string
  await page.goto(telegram ? uri.replace(/([?&]state=)([^&#]*)/, (_, key: string, value: string) => `${key}${value}--${encodeURIComponent(bare)}`) : uri)
  await page.getByTestId('oauth-username').fill(userName)
  await page.getByTestId('oauth-allow').click()
  if (!telegram) {
    await page.waitForURL(/\/social\?code=/)
    return page.url()
  }
  await page.waitForURL((u) => u.href.startsWith(`${bare}?`) && u.searchParams.has('result_uri'))
  return new URL(page.url()).searchParams.get('result_uri')!
}

/** The attacker redeems their own answer in their own frame: the visitor's page never spent it. */
async function attackerRedeems(page: Page, answer: string, userName: string): Promise<void> {
  await page.goto(`${webUrl}/bare.html`)
  await frameSdk(page, PROJECT)
  await ready(page)
  expect(await request(page, 'CONNECT_SOCIAL', { uri: answer })).toMatchObject({ ok: true, payload: { userName } })
}

describe('login CSRF through a social login’s answer', () => {
  it('Telegram: a login started and abandoned, then a link with another account’s unredeemed result_uri: not connected, the message shown, the link off the address and out of the log; a reload waits for nothing', async () => {
    const attacker = await localContext(browser())
    const visitor = await localContext(browser(), IPHONE)
    try {
      const evil = await attacker.newPage()
      const userName = `csrf-telegram-${unique()}`
      const answer = await attackerAnswer(evil, 'github', userName, true)

      await visitor.addInitScript(() => void ((window as unknown as { TelegramWebviewProxy: object }).TelegramWebviewProxy = {}))
      const page = await visitor.newPage()
      await page.goto(`${webUrl}/?from=telegram`)
      await page.click('gangway-button')
      await waitForView(page, 'Connect')
      await page.locator(FRAME).waitFor({ state: 'attached' })
      await page.click('[data-social=discord]')
      // On the provider's page the visitor gives up, and later opens the attacker's link in the same tab.
      await page.waitForURL((url) => url.pathname === '/oauth/discord')
      const before = await connectSocials()
      await page.goto(`${webUrl}/?from=mail&result_uri=${encodeURIComponent(answer)}`)
      await waitForEngine(page)
      await waitForText(page, '[data-testid=gw-snackbar]', REFUSED)
      expect(await account(page)).toMatchObject({ isConnected: false })
      const url = new URL(page.url())
      expect([url.searchParams.get('from'), url.searchParams.has('result_uri')]).toEqual(['mail', false])
      expect(await connectSocials()).toBe(before)
      const { events } = await pageLog(page)
      expect(events.filter((e) => e.type === 'auth/social-return-refused' || e.type === 'auth/telegram-social-ended').map((e) => [e.type, e.payload])).toEqual([
        ['auth/social-return-refused', { reason: 'mismatch' }],
        ['auth/telegram-social-ended', { provider: 'discord', reason: 'refused' }],
      ])
      const raw = await rawLog(page)
      expect(secretsIn(raw)).toEqual([])
      expect(raw).not.toContain(new URL(answer).searchParams.get('code')!)
      expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('gangway:')))).toEqual([])

      // The same link again, on a page with no login started in this tab: refused as well; and the Telegram wait is over for good.
      await page.goto(`${webUrl}/?debug&result_uri=${encodeURIComponent(answer)}`)
      await waitForEngine(page)
      await waitForText(page, '[data-testid=gw-snackbar]', REFUSED)
      expect(await account(page)).toMatchObject({ isConnected: false })
      type Debug = { debug: { state(): Promise<{ auth: { telegramProvider?: string } }> } }
      expect(await page.evaluate(() => (window as unknown as { gangway: Debug }).gangway.debug.state().then((s) => s.auth.telegramProvider ?? null))).toBeNull()
      expect((await pageLog(page)).events.filter((e) => e.type === 'auth/social-return-refused').map((e) => e.payload)).toEqual([{ reason: 'mismatch' }, { reason: 'not-started' }])
      expect(await connectSocials()).toBe(before)

      await attackerRedeems(evil, answer, userName)
    } finally {
      await attacker.close()
      await visitor.close()
    }
  })

  it('the popup: another account’s answer loaded into the social popup is refused with the message; the visitor stays unconnected', async () => {
    const attacker = await localContext(browser())
    const visitor = await localContext(browser())
    try {
      const evil = await attacker.newPage()
      const userName = `csrf-popup-${unique()}`
      const answer = await attackerAnswer(evil, 'github', userName, false)

      const page = await visitor.newPage()
      await page.goto(webUrl)
      await page.click('gangway-button')
      await waitForView(page, 'Connect')
      await page.frameLocator(FRAME).locator('html[data-state=ready]').waitFor({ state: 'attached' })
      const opened = visitor.waitForEvent('page')
      await page.click('[data-social=google]')
      const popup = await opened
      await popup.waitForURL(/\/oauth\/google\?state=/)
      const before = await connectSocials()
      // The popup is taken to the attacker's answer: its /social page posts it to the visitor's page.
      await popup.goto(answer)
      await waitForText(page, '[data-testid=gw-snackbar]', REFUSED)
      expect(await account(page)).toMatchObject({ isConnected: false })
      expect(await connectSocials()).toBe(before)
      expect((await pageLog(page)).events.filter((e) => e.type.startsWith('auth/social')).map((e) => [e.type, e.payload])).toEqual([
        ['auth/social-requested', { provider: 'google' }],
        ['auth/social-failed', { provider: 'google', message: REFUSED, errorId: 'socialReturnRefused' }],
      ])
      expect(secretsIn(await rawLog(page))).toEqual([])

      await attackerRedeems(evil, answer, userName)
    } finally {
      await attacker.close()
      await visitor.close()
    }
  })
})
