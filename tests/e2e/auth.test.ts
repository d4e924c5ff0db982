/**
 * Email login through the secure site (issue 19) in Chromium, on the demo page, against the
 * secure-site emulator on its own site (localhost; the demo is 127.0.0.1): the frame appears only
 * after the modal opens; the email field, the code from the emulator's inbox (a wrong one first,
 * with its message), the account with its user; messages forged from the page's own origin change
 * nothing; personal_sign from the site's provider shows the secure site's approval UI over
 * ApproveTransaction and gives a signature viem verifies on anvil (ERC-6492: the Safe is not
 * deployed yet); a send from the smart account, approved there, lands on anvil (and deploys it);
 * a method the secure site does not serve is refused with 'Action not allowed' and never reaches
 * it; the switch to the eoa, which signs and sends too; a reload restores the login without a code,
 * on the eoa; disconnect signs out there, and the next reload does not restore.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, http, keccak256, toHex, type Hex } from 'viem'
import { localContext } from './browser.js'
import { emailLogin, mailedCode, pageLog, useBrowser, waitForEngine, waitForText, waitForView } from './helpers.js'
import { secretsIn } from './secrets.js'
import { instrumentPopups, popupOpens } from './popup-instrument.js'
import { account, answer, approveInFrame, FRAME, handled, sendApproved, startRequest, type Account } from './secure-frame.js'
import { rpc } from '../../localnet/anvil.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const secureSiteUrl = inject('secureSiteUrl')
const browser = useBrowser()

type Mail = { kind: 'otp' | 'device'; code?: string; link?: string }
describe('email login through the secure site', () => {
  it('code from the inbox (a wrong one first), the user’s account, forged messages ignored, approval for signing and sending, a refused method, restore, sign-out', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const ignored: string[] = []
    page.on('console', (m) => void (m.text().startsWith('[gangway] secure site: ignored') && ignored.push(m.text())))
    const email = `visitor-${Date.now()}@harbour.example`
    await page.goto(webUrl)
    await waitForEngine(page)
    // Nothing of the secure site before the visitor reaches for the modal.
    expect(await page.locator(FRAME).count()).toBe(0)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    // Created in idle time after the first view painted, hidden, on the secure site's origin.
    await page.locator(FRAME).waitFor({ state: 'attached' })
    expect(new URL((await page.getAttribute(FRAME, 'src'))!).origin).toBe(new URL(secureSiteUrl).origin)
    expect(await page.locator(FRAME).isVisible()).toBe(false)

    await page.fill('[data-testid=gw-email-input]', email)
    await page.click('[data-testid=gw-email-submit]')
    await waitForView(page, 'EmailLogin')
    await page.locator('[data-testid=gw-otp-input]').waitFor()
    expect(await page.textContent('[data-testid=gw-email-otp]')).toContain(email)
    // The next code only 30 s later.
    expect(await page.isDisabled('[data-testid=gw-email-resend]')).toBe(true)
    expect(await page.textContent('[data-testid=gw-email-resend]')).toMatch(/^Resend code in \d+ s$/)
    const code = await mailedCode(secureSiteUrl, email)

    // Messages from the page's own origin that look like the secure site's change nothing.
    await page.evaluate(() => {
      window.postMessage({ type: '@w3m-frame/READY', payload: {} }, '*')
      window.postMessage({ type: '@w3m-frame/GET_USER_SUCCESS', id: '00', payload: { address: '0x0000000000000000000000000000000000000001' } }, '*')
      window.postMessage({ resultUri: 'http://localhost/social?code=forged' }, '*')
    })

    // The two shaped as the secure site's are logged as ignored (the page's own other messages are not logged).
    await expect.poll(() => ignored.length).toBe(2)
    expect((await account(page)).isConnected).toBe(false)
    await page.fill('[data-testid=gw-otp-input]', code === '000000' ? '111111' : '000000')
    await waitForText(page, '[data-testid=gw-otp-error]', 'Invalid code. Try again')
    await page.fill('[data-testid=gw-otp-input]', code)
    await waitForView(page, 'Account')
    const a = await account(page)
    expect(a.connectorId).toBe('AUTH')
    expect(a.embeddedWalletInfo).toEqual({ user: { email }, authProvider: 'email', accountType: 'smartAccount', isSmartAccountDeployed: false })
    const [smart, eoa] = a.connections![0]!.accounts.map((x) => x.address)
    expect(a.address).toBe(smart)
    expect(eoa).not.toBe(smart)
    expect(await rpc<string>(rpcUrl, 'eth_getCode', [smart, 'latest'])).toMatch(/^0x$/)

    // The log holds no code and no secure-site token; the export redacts the email.
    const raw = await page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))
    expect(raw).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`))
    expect(secretsIn(raw)).toEqual([])
    expect(JSON.stringify(await pageLog(page))).not.toContain(email)

    // personal_sign from the site's provider: the secure site's own UI, laid over ApproveTransaction.
    const message = `Gangway e2e ${Date.now()}`
    await startRequest(page, { method: 'personal_sign', params: [toHex(message), smart] })
    // The frame follows its place in the view (the modal's height animates first).
    await approveInFrame(page)
    const signed = await answer(page)
    expect(signed.error).toBeUndefined()
    const client = createPublicClient({ transport: http(rpcUrl) })
    // Before its first send the Safe signs with ERC-6492 wrapping; viem checks it on chain.
    expect((signed.result as string).endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true)
    expect(await client.verifyMessage({ address: smart as Hex, message, signature: signed.result as Hex })).toBe(true)
    await waitForView(page, 'Account')
    expect(await page.locator(FRAME).isVisible()).toBe(false)

    // Closing the modal over a waiting approval rejects the call there (RPC_ABORT): the site's promise settles at once.
    await startRequest(page, { method: 'personal_sign', params: [toHex('left unanswered'), smart] })
    await waitForView(page, 'ApproveTransaction')
    await page.frameLocator(FRAME).getByTestId('secure-approve').waitFor()
    await page.click('[data-testid=gw-close]')
    expect((await answer(page)).error).toEqual({ code: 4001, message: 'User rejected the request.' })
    await expect.poll(async () => (await handled()).includes('RPC_ABORT')).toBe(true)
    await page.click('gangway-button')
    await waitForView(page, 'Account')

    // A method the secure site does not serve: refused here, shown, never forwarded.
    await startRequest(page, { method: 'eth_sign', params: [smart, keccak256(toHex('x'))] })
    expect((await answer(page)).error).toEqual({ code: 4100, message: 'Requested RPC call is not allowed' })
    await waitForText(page, '[data-testid=gw-snackbar]', 'Action not allowed')
    expect((await handled()).filter((n) => n.includes('eth_sign'))).toEqual([])

    // A send from the smart account, approved in the secure site: its first send deploys it.
    const receiver = await sendApproved(page, '0.01', 'smart')
    await waitForText(page, '[data-testid=gw-snackbar]', 'Transaction sent', 60_000)
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [receiver, 'latest']))).toBe(10_000_000_000_000_000n)
    expect(await rpc<string>(rpcUrl, 'eth_getCode', [smart, 'latest'])).not.toBe('0x')
    // …and the account says so, read from the chain.
    await expect.poll(async () => ((await account(page)).embeddedWalletInfo as { isSmartAccountDeployed?: boolean }).isSmartAccountDeployed).toBe(true)

    // The account type switch (docs/behaviour.md §6): to the eoa, which signs and sends too.
    await waitForView(page, 'Account')
    expect(await page.getAttribute('[data-testid=gw-account-type]', 'data-to')).toBe('eoa')
    await page.click('[data-testid=gw-account-type]')
    await page.waitForFunction((address) => (window as unknown as { gangway: { getAccount(): Account } }).gangway.getAccount().address === address, eoa)
    expect((await account(page)).embeddedWalletInfo).toMatchObject({ accountType: 'eoa' })
    expect(await page.getAttribute('[data-testid=gw-account-type]', 'data-to')).toBe('smartAccount')
    await startRequest(page, { method: 'personal_sign', params: [toHex(message), eoa] })
    await approveInFrame(page)
    const byEoa = await answer(page)
    expect(byEoa.error).toBeUndefined()
    expect(await client.verifyMessage({ address: eoa as Hex, message, signature: byEoa.result as Hex })).toBe(true)
    await waitForView(page, 'Account')
    const eoaReceiver = await sendApproved(page, '0.02', 'eoa')
    await expect.poll(async () => BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [eoaReceiver, 'latest'])), { timeout: 60_000 }).toBe(20_000_000_000_000_000n)
    await waitForView(page, 'Account')

    // A reload restores the login without a code, on the account type the visitor chose.
    const mails = (await (await fetch(`${secureSiteUrl}/api/test/inbox?email=${encodeURIComponent(email)}`)).json()) as Mail[]
    await page.reload()
    await waitForEngine(page)
    // Confirmed by the secure site (IS_CONNECTED, GET_USER through the new page's frame), not only read from the log.
    await expect
      .poll(async () => (await pageLog(page)).events.filter((e) => e.type === 'connect/succeeded' && (e.payload as { via?: string }).via === 'restore').map((e) => (e.payload as { connectorId: string; caipAddress: string }).connectorId + ' ' + (e.payload as { caipAddress: string }).caipAddress), { timeout: E2E_WAIT_MS })
      .toContain(`AUTH eip155:31337:${eoa}`)
    expect(await account(page)).toMatchObject({ connectorId: 'AUTH', address: eoa })
    expect(((await (await fetch(`${secureSiteUrl}/api/test/inbox?email=${encodeURIComponent(email)}`)).json()) as Mail[]).length).toBe(mails.length)

    // Disconnect signs out on the secure site: the next reload does not restore.
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-disconnect]')
    await page.waitForFunction(() => !(window as unknown as { gangway: { getAccount(): Account } }).gangway.getAccount().isConnected)
    await expect.poll(async () => (await handled()).at(-1), { timeout: E2E_WAIT_MS }).toBe('SIGN_OUT')
    await page.reload()
    await waitForEngine(page)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    expect((await account(page)).isConnected).toBe(false)
    await context.close()
  })
})

describe('email login on a new device', () => {
  it('the secure site asks for its link first: the modal waits on it, then the code, and the same account as on the first device', async () => {
    const email = `traveller-${Date.now()}@harbour.example`
    const [first, second] = [await localContext(browser()), await localContext(browser())]
    const home = await first.newPage()
    await home.goto(webUrl)
    await waitForEngine(home)
    await home.click('gangway-button')
    await waitForView(home, 'Connect')
    await emailLogin(home, email)
    const address = (await account(home)).address

    // Another browser: a device the secure site never saw.
    const page = await second.newPage()
    await page.goto(webUrl)
    await waitForEngine(page)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await page.fill('[data-testid=gw-email-input]', email)
    await page.click('[data-testid=gw-email-submit]')
    await waitForView(page, 'EmailLogin')
    await waitForText(page, '[data-testid=gw-email-device]', new RegExp(`We sent a link to ${email.replaceAll('.', '\\.')}\\.`))
    let mail: Mail | undefined
    await expect.poll(async () => (mail = ((await (await fetch(`${secureSiteUrl}/api/test/inbox?email=${encodeURIComponent(email)}`)).json()) as Mail[])[0])?.kind).toBe('device')
    // Still waiting: no code step before the link is opened.
    expect(await page.locator('[data-testid=gw-otp-input]').count()).toBe(0)
    const link = await second.newPage()
    await link.goto(mail!.link!)
    await link.close()
    await page.locator('[data-testid=gw-otp-input]').waitFor()
    await page.fill('[data-testid=gw-otp-input]', await mailedCode(secureSiteUrl, email))
    await waitForView(page, 'Account')
    expect(await account(page)).toMatchObject({ isConnected: true, connectorId: 'AUTH', address })
    await first.close()
    await second.close()
  })
})

describe('social login through the secure site’s popup', () => {
  it('the instrument tells a popup opened inside the click from one opened after it', async () => {
    const context = await localContext(browser())
    await instrumentPopups(context)
    const page = await context.newPage()
    await page.goto(webUrl)
    await page.evaluate(() => {
      const now = document.createElement('button')
      now.id = 'now'
      now.onclick = () => void window.open('about:blank', '_blank', 'width=10,height=10')
      const later = document.createElement('button')
      later.id = 'later'
      later.onclick = () => void setTimeout(() => window.open('about:blank', '_blank', 'width=10,height=10'), 0)
      document.body.append(now, later)
    })
    await page.click('#now')
    await page.click('#later')
    await expect.poll(async () => (await popupOpens(page)).map((o) => o.inClick)).toEqual([true, false])
    await context.close()
  })

  it('Google: the popup opens inside the click; closed early, then denied, then allowed: connected with the user’s name', async () => {
    const context = await localContext(browser())
    await instrumentPopups(context)
    const page = await context.newPage()
    await page.goto(webUrl)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await page.locator(FRAME).waitFor({ state: 'attached' })
    // The secure site is ready (its READY posted) before the first social click.
    await page.frameLocator(FRAME).locator('html[data-state=ready]').waitFor({ state: 'attached' })

    // Closed before the provider answered: 'Popup closed' (the popup is checked every second), back to Connect.
    let popup = context.waitForEvent('page')
    await page.click('[data-social=google]')
    await waitForView(page, 'ConnectingExternal')
    const first = await popup
    await first.locator('[data-testid=oauth-allow]').waitFor()
    await first.close()
    await waitForText(page, '[data-testid=gw-snackbar]', 'Popup closed')
    await waitForView(page, 'Connect')

    // Denied at the provider: 'Failed to connect', the popup closed by the page.
    popup = context.waitForEvent('page')
    await page.click('[data-social=google]')
    const second = await popup
    await second.click('[data-testid=oauth-deny]')
    await waitForText(page, '[data-testid=gw-snackbar]', 'Failed to connect')
    await expect.poll(() => second.isClosed()).toBe(true)
    await waitForView(page, 'Connect')

    // Allowed: the answer comes back from the popup, the page connects.
    popup = context.waitForEvent('page')
    await page.click('[data-social=google]')
    const third = await popup
    await third.click('[data-testid=oauth-allow]')
    await waitForView(page, 'Account')
    const a = await account(page)
    expect(a.connectorId).toBe('AUTH')
    expect(a.embeddedWalletInfo).toMatchObject({ authProvider: 'google', user: { username: expect.stringMatching(/google/) } })
    // The Account view names the connection by the user's name (docs/behaviour.md §5).
    expect(await page.textContent('[data-testid=gw-wallets-button] > span:last-child')).toBe((a.embeddedWalletInfo as { user: { username: string } }).user.username)

    // Every popup opened inside the visitor's click, 600x800, blank until the provider's page is known.
    const opens = await popupOpens(page)
    expect(opens).toHaveLength(3)
    for (const o of opens) expect(o).toMatchObject({ url: 'about:blank', inClick: true, features: expect.stringContaining('width=600,height=800') })
    // The provider's code and the secure site's tokens never enter the log.
    const raw = await page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))
    expect(secretsIn(raw)).toEqual([])
    expect((await pageLog(page)).events.filter((e) => e.type.startsWith('auth/social')).map((e) => e.type)).toEqual([
      'auth/social-requested',
      'auth/social-failed',
      'auth/social-requested',
      'auth/social-failed',
      'auth/social-requested',
      'auth/social-result-received',
      'auth/social-connected',
    ])
    await context.close()
  })
})

describe('Farcaster login', () => {
  it('the link as a QR code and Copy link; leaving unconnected reloads the secure site; approved in Farcaster: connected with the username', async () => {
    const context = await localContext(browser())
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    await page.goto(webUrl)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    const sdkLoads = () => page.frames().filter((f) => f.url().startsWith(`${new URL(secureSiteUrl).origin}/sdk`)).length
    // The frame is ready (its first load is done) before its navigations are counted.
    await page.waitForFunction((origin) => Array.from(document.querySelectorAll('iframe')).some((f) => f.src.startsWith(origin)), new URL(secureSiteUrl).origin)
    await expect.poll(() => page.frames().find((f) => f.url().startsWith(`${new URL(secureSiteUrl).origin}/sdk`))?.evaluate(() => document.documentElement.dataset.state)).toBe('ready')
    const reloads: string[] = []
    page.on('framenavigated', (f) => f.url().startsWith(`${new URL(secureSiteUrl).origin}/sdk`) && reloads.push(f.url()))

    // Leave the view before approving: 100 ms later the secure site reloads (RELOAD), and the next visit gets a new link.
    await page.click('[data-social=farcaster]')
    await waitForView(page, 'ConnectingFarcaster')
    await page.locator('[data-testid=gw-farcaster-qr][data-ready] svg').waitFor()
    await page.click('[data-testid=gw-farcaster-copy]')
    const firstLink = await page.evaluate(() => navigator.clipboard.readText())
    expect(new URL(firstLink).origin).toBe(new URL(secureSiteUrl).origin)
    await page.click('[data-testid=gw-back]')
    await expect.poll(() => reloads.length, { timeout: E2E_WAIT_MS }).toBe(1)
    expect(sdkLoads()).toBe(1)
    await expect.poll(async () => (await pageLog(page)).events.some((e) => e.type === 'auth/farcaster-reset')).toBe(true)

    await page.click('[data-social=farcaster]')
    await page.locator('[data-testid=gw-farcaster-qr][data-ready] svg').waitFor()
    await page.click('[data-testid=gw-farcaster-copy]')
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(link).not.toBe(firstLink)
    // The link stays on the page: not in the log, not in the view's markup.
    expect(await page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))).not.toContain(new URL(link).search)

    // The visitor's phone approves (the emulator's Farcaster page stands in for the app).
    const phone = await context.newPage()
    await phone.goto(link)
    await phone.click('[data-testid=farcaster-approve]')
    await waitForView(page, 'Account')
    const a = await account(page)
    expect(a.embeddedWalletInfo).toMatchObject({ authProvider: 'farcaster', user: { username: 'localnet-farcaster-user' } })
    await context.close()
  })
})

describe('UpdateEmailWallet', () => {
  it('refused before an email login; after one, the codes to the current and the new address change the email', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const email = `old-${Date.now()}@harbour.example`
    const next = `new-${Date.now()}@harbour.example`
    await page.goto(webUrl)
    await waitForEngine(page)
    const refused = await page.evaluate(() => (window as unknown as { gangway: { open(o: { view: string }): Promise<void> } }).gangway.open({ view: 'UpdateEmailWallet' }).then(() => 'opened', (e: Error) => e.message))
    expect(refused).toBe('Not connected to email or social')
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await emailLogin(page, email)
    await page.click('[data-testid=gw-update-email-open]')
    await waitForView(page, 'UpdateEmailWallet')
    expect(await page.textContent('[data-testid=gw-update-email]')).toContain(email)
    await page.fill('[data-testid=gw-update-email-input]', next)
    await page.click('[data-testid=gw-update-email-submit]')
    await page.locator('[data-testid=gw-update-email-otp][data-step=primary-otp]').waitFor()
    await page.fill('[data-testid=gw-otp-input]', await mailedCode(secureSiteUrl, email))
    await page.locator('[data-testid=gw-update-email-otp][data-step=secondary-otp]').waitFor()
    await page.fill('[data-testid=gw-otp-input]', await mailedCode(secureSiteUrl, next))
    await waitForView(page, 'Account')
    expect((await account(page)).embeddedWalletInfo).toMatchObject({ user: { email: next } })
    // Named by the email, shortened past 30 characters (docs/behaviour.md §5).
    expect(next.length).toBeGreaterThan(30)
    expect(await page.textContent('[data-testid=gw-wallets-button] > span:last-child')).toBe(`${next.slice(0, -3)}…`)
    await context.close()
  })
})

describe('social login in Telegram (docs/behaviour.md §4, §5)', () => {
  it('on an iPhone in Telegram: no google, no popup; the page leaves for the provider with its origin and path only, and comes back connected, the answer off its address and its query back', async () => {
    const context = await localContext(browser(), { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    await instrumentPopups(context)
    await context.addInitScript(() => void ((window as unknown as { TelegramWebviewProxy: object }).TelegramWebviewProxy = {}))
    const page = await context.newPage()
    await page.goto(`${webUrl}/?from=telegram`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await page.locator('[data-testid=gw-socials]').waitFor()
    expect(await page.locator('[data-social=google]').count()).toBe(0)
    await page.locator(FRAME).waitFor({ state: 'attached' })
    await page.click('[data-social=discord]')
    await page.waitForURL((url) => url.pathname === '/oauth/discord')
    // The provider is told where to send the visitor back: the page's origin and path, never its query (or fragment).
    const state = new URL(page.url()).searchParams.get('state')!
    expect(state).toMatch(/^sos_[0-9a-f]{64}--/)
    expect(decodeURIComponent(state.slice(state.indexOf('--') + 2))).toBe(`${webUrl}/`)
    await page.click('[data-testid=oauth-allow]')
    // Back on the site, the answer taken off the address, and connected.
    await page.waitForURL((url) => url.origin === new URL(webUrl).origin)
    await waitForEngine(page)
    await page
      .waitForFunction(() => (window as unknown as { gangway: { getAccount(): Account } }).gangway.getAccount().connectorId === 'AUTH', undefined, { timeout: E2E_WAIT_MS })
      // Not connected in time: the events say how far the return got (the provider kept? the frame ready?).
      .catch(async (error: Error) => {
        throw new Error(`${error.message}; events: ${(await pageLog(page)).events.map((e) => e.type).join(' ')}`)
      })
    const url = new URL(page.url())
    expect([url.searchParams.get('from'), url.searchParams.has('result_uri')]).toEqual(['telegram', false])
    // The login this tab kept (the provider page's state, in sessionStorage) is spent, and the engine waits no more.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('gangway:')))).toEqual([])
    expect((await pageLog(page)).events.filter((e) => e.type === 'auth/telegram-social-ended').map((e) => e.payload)).toEqual([{ provider: 'discord', reason: 'returned' }])
    expect((await account(page)).embeddedWalletInfo).toMatchObject({ authProvider: 'discord', user: { username: 'localnet-discord-user' } })
    expect(await popupOpens(page)).toEqual([])
    const raw = await page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))
    expect(secretsIn(raw)).toEqual([])
    await context.close()
  })
})
