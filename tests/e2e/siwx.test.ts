/**
 * SIWX through the modal (issue 20; docs/behaviour.md §4 SIWX) in Chromium, on the demo page's
 * `?siwx` mode (a site whose server keeps the sessions: localnet/demo-auth.ts, backed by
 * gangway/siwx-server, behind an HTTP-only cookie) with the Localnet Wallet: after the connect,
 * SIWXSignMessage; Sign in makes the wallet sign an EIP-4361 message with the server's nonce, which
 * the server verifies and viem verifies on anvil; the host's `GET /localnet/auth/me` then names the
 * account; a reload restores the connection and the session with no new signature; a disconnect
 * signs out (`/me` says signed out); with `?siwx=required`, Cancel disconnects.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { localContext } from './browser.js'
import { connectSettled, useBrowser, waitForEngine, waitForText, waitForView } from './helpers.js'
import { hostSessions, me } from './demo-host.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const browser = useBrowser()

/** The demo host's sessions of `address` on chain 31337. */
const sessions = (page: Page, address: string) => hostSessions(page, 'eip155:31337', address)
const account = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { getAccount(): { isConnected: boolean; address?: string } } }).gangway.getAccount())
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __localnetWallet: { prompts: number } }).__localnetWallet.prompts)

/** Opens the demo at `path` and connects the Localnet Wallet; resolves on SIWXSignMessage. */
async function connectToSignIn(page: Page, path: string): Promise<void> {
  await page.goto(`${webUrl}${path}`)
  await page.click('gangway-button')
  // The rows stop moving once the service's lists and configuration are in (a click begun before could land beside the row).
  await connectSettled(page)
  await page.click('[data-wallet-row="dev.gangway.localnet"]')
  await page.click('[data-testid=localnet-wallet-approve]')
  await waitForView(page, 'SIWXSignMessage')
}

describe('Sign In With X through the modal', () => {
  it('connect, sign in (verified on anvil), reload keeps the session without a signature, disconnect signs out', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectToSignIn(page, '/?siwx')
    const { address } = await account(page)
    expect(await sessions(page, address!)).toEqual([])
    expect(await me(page)).toEqual({ signedIn: false })
    await page.click('[data-testid=gw-siwx-sign]')
    // The wallet shows the message; the visitor approves.
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    // The host's server verified the sign-in and keeps it behind an HTTP-only cookie.
    const caipAddress = `eip155:31337:${address}`
    expect(await me(page)).toEqual({ signedIn: true, accounts: [caipAddress] })
    const cookie = (await context.cookies(webUrl + '/localnet/auth/me')).find((c) => c.name === 'demo_siwx')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/localnet/auth' })
    expect(await page.evaluate(() => document.cookie)).not.toContain('demo_siwx')
    const [session, ...more] = await sessions(page, address!)
    expect(more).toEqual([])
    expect(session!.caipAddress).toBe(caipAddress)
    const fields = parseSiweMessage(session!.message)
    expect(fields).toMatchObject({ address, chainId: 31337, domain: new URL(webUrl).host, uri: new URL(webUrl).origin, statement: 'Sign in to Harbour Coffee' })
    const client = createPublicClient({ transport: http(rpcUrl) })
    expect(await client.verifyMessage({ address: address as Hex, message: session!.message, signature: session!.signature as Hex })).toBe(true)
    // The log holds neither the message nor its signature.
    const raw = await page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))
    expect(raw).not.toContain(session!.signature.slice(2, 42))
    expect(raw).not.toContain(fields.nonce!)

    // A reload: restored and signed in from the host's session, no prompt, no SIWXSignMessage.
    await page.reload()
    await waitForEngine(page)
    await expect.poll(async () => (await account(page)).isConnected, { timeout: E2E_WAIT_MS }).toBe(true)
    await expect.poll(() => page.evaluate(() => (window as unknown as { gangway: { exportLog(): Promise<string> } }).gangway.exportLog().then((l) => l.includes('"via":"stored"'))), { timeout: E2E_WAIT_MS }).toBe(true)
    expect(await prompts(page)).toBe(0)
    expect(await page.locator('[data-testid=gw-modal][data-open]').isVisible()).toBe(false)
    expect(await me(page)).toEqual({ signedIn: true, accounts: [caipAddress] })

    // Disconnect signs out: the site's session is revoked.
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-disconnect]')
    await expect.poll(() => me(page)).toEqual({ signedIn: false })
    expect(await sessions(page, address!)).toEqual([])
    expect((await context.cookies(webUrl + '/localnet/auth/me')).some((c) => c.name === 'demo_siwx')).toBe(false)
    expect((await account(page)).isConnected).toBe(false)
    await context.close()
  })

  it('where sign-in is required, Cancel disconnects; where it is not, Cancel closes and the account stays', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectToSignIn(page, '/?siwx=required')
    await page.click('[data-testid=gw-siwx-cancel]')
    await expect.poll(async () => (await account(page)).isConnected).toBe(false)
    expect(await me(page)).toEqual({ signedIn: false })
    await connectToSignIn(page, '/?siwx')
    expect(await page.locator('[data-testid=gw-modal][data-open]').isVisible()).toBe(true)
    await page.click('[data-testid=gw-siwx-cancel]')
    await expect.poll(() => page.locator('[data-testid=gw-modal][data-open]').isVisible()).toBe(false)
    expect((await account(page)).isConnected).toBe(true)
    await context.close()
  })

  it('a sign-in the host refuses (its message altered on the way) is reported, and the connection ends', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    // The signed message reaches the host's server altered: its verification must refuse it.
    await page.route('**/localnet/auth/verify', (route) => {
      const body = route.request().postDataJSON() as { message: string; signature: string }
      return route.continue({ postData: JSON.stringify({ ...body, message: body.message.replace('Harbour Coffee', 'Harbour Tea') }) })
    })
    await connectToSignIn(page, '/?siwx')
    const refused = page.waitForResponse('**/localnet/auth/verify')
    await page.click('[data-testid=gw-siwx-sign]')
    await page.click('[data-testid=localnet-wallet-approve]')
    const answer = await refused
    expect(answer.status()).toBe(401)
    expect(await answer.json()).toEqual({ error: 'Invalid signature' })
    await waitForText(page, '[data-testid=gw-snackbar]', 'A problem occurred while trying initialize authentication')
    await expect.poll(async () => (await account(page)).isConnected).toBe(false)
    expect(await me(page)).toEqual({ signedIn: false })
    await context.close()
  })

  it('DataCapture after the sign-in (emailCapture on): the email and its code go to the host, which keeps the email; a wrong code is refused; Skip goes on', async () => {
    const path = `/?siwx&remote-features=${encodeURIComponent('{"emailCapture":true}')}`
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectToSignIn(page, path)
    await page.click('[data-testid=gw-siwx-sign]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'DataCapture')
    const email = `capture-${Date.now()}@harbour.example`
    await page.fill('[data-testid=gw-data-capture-input]', email)
    await page.click('[data-testid=gw-data-capture-submit]')
    await page.locator('[data-testid=gw-data-capture][data-step=code]').waitFor()
    const code = await page.evaluate(async (email) => ((await (await fetch(`/localnet/auth/inbox?email=${encodeURIComponent(email)}`)).json()) as { code: string }).code, email)
    expect(code).toMatch(/^\d{6}$/)
    // A wrong code first: the host refuses it, the view says so and waits for another.
    await page.fill('[data-testid=gw-otp-input]', code === '000000' ? '111111' : '000000')
    await waitForText(page, '[data-testid=gw-otp-error]', /Invalid code/)
    await page.fill('[data-testid=gw-otp-input]', code)
    await waitForView(page, 'Account')
    const { address } = await account(page)
    expect(await me(page)).toEqual({ signedIn: true, accounts: [`eip155:31337:${address}`], emails: { [`eip155:31337:${address}`]: email } })
    // Neither the email nor the code entered the log: only that the capture ended.
    const raw = await page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))
    expect(raw).toContain('data-capture/completed')
    expect(raw).not.toContain(email)
    expect(raw).not.toContain(`"${code}"`)
    await context.close()

    // Another visit skips it: signed in, and nothing asked of the host's email routes.
    const other = await localContext(browser())
    const second = await other.newPage()
    const asked: string[] = []
    second.on('request', (r) => void (r.url().includes('/localnet/auth/email') && asked.push(r.url())))
    await connectToSignIn(second, path)
    await second.click('[data-testid=gw-siwx-sign]')
    await second.click('[data-testid=localnet-wallet-approve]')
    await waitForView(second, 'DataCapture')
    await second.click('[data-testid=gw-data-capture-skip]')
    await waitForView(second, 'Account')
    expect((await me(second)).signedIn).toBe(true)
    expect(asked).toEqual([])
    await other.close()
  })
})
