/**
 * Email and social login through `gangway/auth-reown`, Reown's own client (@reown/appkit-wallet)
 * driving the secure-site emulator, in Chromium, on the demo page with `?auth=reown` (the client
 * bundled the way a site's bundler does: localnet/server.ts buildReownAuth). What this shows is
 * that the emulator satisfies the owner's client, and that Gangway's adapter seam carries a login
 * end to end:
 * - nothing of the adapter or the client is fetched before the visitor reaches for the modal, and
 *   without an adapter or a secure site nothing of email or social login is offered or fetched;
 * - the email code from the emulator's inbox, the user's two accounts; `@w3m-frame/` messages
 *   forged by the page and by another frame never reach the client's listeners (the adapter's
 *   capture-phase guard), while its own frame's do;
 * - personal_sign approved in the client's frame over ApproveTransaction, verified on anvil; one
 *   left waiting when the modal closes is refused at once (4001); a send approved there lands; the
 *   switch to the eoa;
 * - a reload restores the login without a code; disconnect signs out there;
 * - Farcaster: leaving the link reloads the client's frame; the next link, approved, connects;
 * - a new email, by the codes to the current and the new address;
 * - Google through the popup: closed early ('Popup closed'), then allowed: connected with the
 *   user's name and the provider (which the client's schema does not carry: the engine keeps it).
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, http, toHex, type Hex } from 'viem'
import { localContext } from './browser.js'
import { emailLogin, mailedCode, pageLog, useBrowser, waitForEngine, waitForText, waitForView } from './helpers.js'
import { secretsIn } from './secrets.js'
import { account, answer, approveInFrame, handled, REOWN_FRAME, sendApproved, startRequest, type Account } from './secure-frame.js'
import { rpc } from '../../localnet/anvil.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const secureSiteUrl = inject('secureSiteUrl')
const browser = useBrowser()
const PAGE = `${webUrl}/?auth=reown`

/**
 * Counts, in a `message` listener on the page's window registered once the client's frame exists
 * (so after the adapter's guard, where the client's own listeners are), the `@w3m-frame/` messages
 * that get through: from the client's frame, and forged ones (their id starts with `forged`).
 * (Chromium runs a window's listeners for a message in the order they were added, capture or not.)
 */
const countFrameMessages = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __seen: { own: number; forged: number } }
    w.__seen = { own: 0, forged: 0 }
    addEventListener('message', (e) => {
      const data = e.data as { type?: unknown; id?: unknown } | null
      if (typeof data?.type !== 'string' || !data.type.startsWith('@w3m-frame/')) return
      if (String(data.id).startsWith('forged')) w.__seen.forged++
      else w.__seen.own++
    })
  })
const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: { own: number; forged: number } }).__seen)

/**
 * Opens the demo with `?auth=reown` and the modal, and waits until the client's start has ended:
 * its frame posted READY, and the page heard the answer to the last request of the start
 * (GET_SMART_ACCOUNT_ENABLED_NETWORKS, after SYNC_DAPP_DATA), so no answer of the frame is on its
 * way when a click opens a popup (tests/e2e/browser.ts: Playwright pauses a new popup, and Chromium
 * drops what a cross-site frame posts to its parent meanwhile).
 */
async function openWithClientReady(page: Page): Promise<void> {
  await page.goto(PAGE)
  await page.click('gangway-button')
  await waitForView(page, 'Connect')
  await page.locator(REOWN_FRAME).waitFor({ state: 'attached' })
  await page.frameLocator(REOWN_FRAME).locator('html[data-state=ready]').waitFor({ state: 'attached' })
  await page.waitForFunction(() => ((window as unknown as { __gwFrameMessages?: string[] }).__gwFrameMessages ?? []).some((m) => m.includes('@w3m-frame/GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS')))
}

describe('email login through Reown’s own client (gangway/auth-reown)', () => {
  it('code from the inbox, forged frame messages stopped, approval for signing and sending, the eoa, restore, sign-out', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const reownFiles: string[] = []
    page.on('request', (r) => void (new URL(r.url()).pathname.startsWith('/localnet/reown/') && reownFiles.push(r.url())))
    const email = `reown-${Date.now()}@harbour.example`
    await page.goto(PAGE)
    await waitForEngine(page)
    // Nothing of the adapter or its client before the visitor reaches for the modal.
    expect(reownFiles).toEqual([])
    expect(await page.locator(REOWN_FRAME).count()).toBe(0)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    // Started in idle time after the first view painted: the client's hidden frame, on the secure site's origin.
    await page.locator(REOWN_FRAME).waitFor({ state: 'attached' })
    await countFrameMessages(page)
    expect(reownFiles.length).toBeGreaterThan(0)
    const src = new URL((await page.getAttribute(REOWN_FRAME, 'src'))!)
    expect(src.origin).toBe(new URL(secureSiteUrl).origin)
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ projectId: 'gangway-demo', chainId: 'eip155:31337', version: '4' })
    expect(await page.locator(REOWN_FRAME).isVisible()).toBe(false)
    // The client's start: READY, then the site's data and the smart account networks.
    await expect.poll(handled, { timeout: E2E_WAIT_MS }).toEqual(expect.arrayContaining(['SYNC_DAPP_DATA', 'GET_SMART_ACCOUNT_ENABLED_NETWORKS']))

    // Forged from the page itself and from another frame of it: stopped before any listener of the page.
    await page.evaluate(() => {
      window.postMessage({ type: '@w3m-frame/GET_USER_SUCCESS', id: 'forged-page', payload: { address: '0x0000000000000000000000000000000000000001', chainId: 1 } }, '*')
      const other = document.createElement('iframe')
      document.body.append(other)
      ;(other.contentWindow as unknown as { Function: FunctionConstructor }).Function('w', "w.postMessage({ type: '@w3m-frame/GET_USER_SUCCESS', id: 'forged-frame', payload: { address: '0x0000000000000000000000000000000000000002', chainId: 1 } }, '*')")(window)
    })

    await emailLogin(page, email)
    const a = await account(page)
    expect(a.connectorId).toBe('AUTH')
    expect(a.embeddedWalletInfo).toEqual({ user: { email }, authProvider: 'email', accountType: 'smartAccount', isSmartAccountDeployed: false })
    const [smart, eoa] = a.connections![0]!.accounts.map((x) => x.address)
    expect(a.address).toBe(smart)
    expect(eoa).not.toBe(smart)
    // The client's own frame's messages got through; the forged ones never did.
    expect(await seen(page)).toEqual({ own: expect.any(Number), forged: 0 })
    expect((await seen(page)).own).toBeGreaterThan(0)
    expect(await handled()).toEqual(expect.arrayContaining(['CONNECT_EMAIL', 'CONNECT_OTP', 'GET_USER']))
    const raw = await page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))
    expect(secretsIn(raw)).toEqual([])

    // personal_sign from the site's provider: the client's frame, laid over ApproveTransaction.
    const message = `Gangway through Reown's client ${Date.now()}`
    await startRequest(page, { method: 'personal_sign', params: [toHex(message), smart] })
    await approveInFrame(page, REOWN_FRAME)
    const signed = await answer(page)
    expect(signed.error).toBeUndefined()
    const client = createPublicClient({ transport: http(rpcUrl) })
    expect(await client.verifyMessage({ address: smart as Hex, message, signature: signed.result as Hex })).toBe(true)
    await waitForView(page, 'Account')
    expect(await page.locator(REOWN_FRAME).isVisible()).toBe(false)

    // Closing the modal over a waiting approval: the client aborts the call there (RPC_ABORT, whose
    // answer it never reads), and the site's promise settles at once as a refusal.
    await startRequest(page, { method: 'personal_sign', params: [toHex('left unanswered'), smart] })
    await waitForView(page, 'ApproveTransaction')
    await page.frameLocator(REOWN_FRAME).getByTestId('secure-approve').waitFor()
    await page.click('[data-testid=gw-close]')
    expect((await answer(page)).error).toEqual({ code: 4001, message: 'User rejected the request.' })
    await expect.poll(async () => (await handled()).includes('RPC_ABORT'), { timeout: E2E_WAIT_MS }).toBe(true)
    await page.click('gangway-button')
    await waitForView(page, 'Account')

    // A send from the smart account, approved in the client's frame.
    const receiver = await sendApproved(page, '0.01', 'reown', REOWN_FRAME)
    await waitForText(page, '[data-testid=gw-snackbar]', 'Transaction sent', E2E_WAIT_MS)
    expect(BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [receiver, 'latest']))).toBe(10_000_000_000_000_000n)

    // The switch to the eoa (SET_PREFERRED_ACCOUNT, then the user again).
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-account-type]')
    await page.waitForFunction((address) => (window as unknown as { gangway: { getAccount(): Account } }).gangway.getAccount().address === address, eoa)
    expect((await account(page)).embeddedWalletInfo).toMatchObject({ accountType: 'eoa' })

    // A reload restores the login without a code (the client's IS_CONNECTED, then its user).
    await page.reload()
    await waitForEngine(page)
    await expect
      .poll(async () => (await pageLog(page)).events.filter((e) => e.type === 'connect/succeeded' && (e.payload as { via?: string }).via === 'restore').map((e) => (e.payload as { caipAddress: string }).caipAddress), { timeout: E2E_WAIT_MS })
      .toContain(`eip155:31337:${eoa}`)
    expect(await account(page)).toMatchObject({ connectorId: 'AUTH', address: eoa })

    // Disconnect signs out there: the next reload does not restore.
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

  it('without an adapter or a secure site (?no-auth): no email or social login offered, and nothing of them fetched', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const asked: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.origin === new URL(secureSiteUrl).origin || url.pathname.startsWith('/localnet/reown/')) asked.push(r.url())
    })
    await page.goto(`${webUrl}/?no-auth`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await page.locator('[data-wallet-row="dev.gangway.localnet"]').waitFor()
    // What the modal starts in idle time after its first view has started by the next idle time.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve()))))
    expect(await page.locator('[data-testid=gw-email-input], [data-social]').count()).toBe(0)
    expect(await page.locator('iframe').count()).toBe(0)
    expect(asked).toEqual([])
    await context.close()
  })

  it('Farcaster: leaving the link reloads the client’s frame, the next link is approved: connected with the username', async () => {
    const context = await localContext(browser())
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    await openWithClientReady(page)

    await page.click('[data-social=farcaster]')
    await waitForView(page, 'ConnectingFarcaster')
    await page.locator('[data-testid=gw-farcaster-qr][data-ready] svg').waitFor()
    await page.click('[data-testid=gw-farcaster-copy]')
    const firstLink = await page.evaluate(() => navigator.clipboard.readText())
    await page.click('[data-testid=gw-back]')
    await expect.poll(async () => (await pageLog(page)).events.some((e) => e.type === 'auth/farcaster-reset'), { timeout: E2E_WAIT_MS }).toBe(true)
    await expect.poll(async () => (await handled()).includes('RELOAD'), { timeout: E2E_WAIT_MS }).toBe(true)

    await page.click('[data-social=farcaster]')
    await page.locator('[data-testid=gw-farcaster-qr][data-ready] svg').waitFor()
    await page.click('[data-testid=gw-farcaster-copy]')
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(link).not.toBe(firstLink)
    const phone = await context.newPage()
    await phone.goto(link)
    await phone.click('[data-testid=farcaster-approve]')
    await waitForView(page, 'Account')
    expect((await account(page)).embeddedWalletInfo).toMatchObject({ authProvider: 'farcaster', user: { username: 'localnet-farcaster-user' } })
    await context.close()
  })

  it('a new email: the codes to the current and the new address', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    const email = `reown-old-${Date.now()}@harbour.example`
    const next = `reown-new-${Date.now()}@harbour.example`
    await page.goto(PAGE)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await emailLogin(page, email)
    await page.click('[data-testid=gw-update-email-open]')
    await waitForView(page, 'UpdateEmailWallet')
    await page.fill('[data-testid=gw-update-email-input]', next)
    await page.click('[data-testid=gw-update-email-submit]')
    await page.locator('[data-testid=gw-update-email-otp][data-step=primary-otp]').waitFor()
    await page.fill('[data-testid=gw-otp-input]', await mailedCode(secureSiteUrl, email))
    await page.locator('[data-testid=gw-update-email-otp][data-step=secondary-otp]').waitFor()
    await page.fill('[data-testid=gw-otp-input]', await mailedCode(secureSiteUrl, next))
    await waitForView(page, 'Account')
    expect((await account(page)).embeddedWalletInfo).toMatchObject({ user: { email: next } })
    await context.close()
  })

  it('Google through the popup: closed early, then allowed: connected with the user’s name and the provider', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await openWithClientReady(page)

    let popup = context.waitForEvent('page')
    await page.click('[data-social=google]')
    await waitForView(page, 'ConnectingExternal')
    const first = await popup
    await first.locator('[data-testid=oauth-allow]').waitFor()
    await first.close()
    await waitForText(page, '[data-testid=gw-snackbar]', 'Popup closed')
    await waitForView(page, 'Connect')

    popup = context.waitForEvent('page')
    await page.click('[data-social=google]')
    const second = await popup
    await second.click('[data-testid=oauth-allow]')
    await waitForView(page, 'Account')
    const a = await account(page)
    expect(a.connectorId).toBe('AUTH')
    expect(a.embeddedWalletInfo).toMatchObject({ authProvider: 'google', user: { username: expect.stringMatching(/google/) } })
    // The provider and the name hold over a reload, though the client's restored user names neither.
    const before = a.embeddedWalletInfo as { user: { username: string } }
    await page.reload()
    await waitForEngine(page)
    await expect.poll(async () => (await pageLog(page)).events.some((e) => e.type === 'connect/succeeded' && (e.payload as { via?: string }).via === 'restore'), { timeout: E2E_WAIT_MS }).toBe(true)
    expect((await account(page)).embeddedWalletInfo).toMatchObject({ authProvider: 'google', user: { username: before.user.username } })
    await context.close()
  })
})
