/**
 * SIWX through the modal (issue 20; docs/behaviour.md §4 SIWX) in Chromium, on the demo page's
 * `?siwx` mode (a site whose `siwx` keeps its sessions in the page's storage) with the Localnet
 * Wallet: after the connect, SIWXSignMessage; Sign in makes the wallet sign an EIP-4361 message
 * that viem verifies on anvil; a reload restores the connection and the session with no new
 * signature; a disconnect signs out (the site's session is gone); with `?siwx=required`, Cancel
 * disconnects.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { localContext } from './browser.js'
import { useBrowser, waitForEngine, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const browser = useBrowser()

type Session = { data: { accountAddress: string; chainId: string }; message: string; signature: string }
const sessions = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('demo:siwx-sessions') ?? '[]') as Session[])
const account = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { getAccount(): { isConnected: boolean; address?: string } } }).gangway.getAccount())
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __localnetWallet: { prompts: number } }).__localnetWallet.prompts)

/** Opens the demo at `path` and connects the Localnet Wallet; resolves on SIWXSignMessage. */
async function connectToSignIn(page: Page, path: string): Promise<void> {
  await page.goto(`${webUrl}${path}`)
  await page.click('gangway-button')
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
    expect(await sessions(page)).toEqual([])
    await page.click('[data-testid=gw-siwx-sign]')
    // The wallet shows the message; the visitor approves.
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    const [session] = await sessions(page)
    expect(session).toBeDefined()
    const fields = parseSiweMessage(session!.message)
    expect(fields).toMatchObject({ address, chainId: 31337, domain: new URL(webUrl).host, uri: new URL(webUrl).origin, statement: 'Sign in to Harbour Coffee' })
    const client = createPublicClient({ transport: http(rpcUrl) })
    expect(await client.verifyMessage({ address: address as Hex, message: session!.message, signature: session!.signature as Hex })).toBe(true)
    // The log holds neither the message nor its signature.
    const raw = await page.evaluate(() => (window as unknown as { gangway: { exportLog(o: { redact: boolean }): Promise<string> } }).gangway.exportLog({ redact: false }))
    expect(raw).not.toContain(session!.signature.slice(2, 42))
    expect(raw).not.toContain(fields.nonce!)

    // A reload: restored and signed in, no prompt, no SIWXSignMessage.
    await page.reload()
    await waitForEngine(page)
    await expect.poll(async () => (await account(page)).isConnected, { timeout: 15_000 }).toBe(true)
    await expect.poll(() => page.evaluate(() => (window as unknown as { gangway: { exportLog(): Promise<string> } }).gangway.exportLog().then((l) => l.includes('"via":"stored"'))), { timeout: 15_000 }).toBe(true)
    expect(await prompts(page)).toBe(0)
    expect(await page.locator('[data-testid=gw-modal][data-open]').isVisible()).toBe(false)

    // Disconnect signs out: the site's session is revoked.
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-disconnect]')
    await expect.poll(async () => (await sessions(page)).length).toBe(0)
    expect((await account(page)).isConnected).toBe(false)
    await context.close()
  })

  it('where sign-in is required, Cancel disconnects; where it is not, Cancel closes and the account stays', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectToSignIn(page, '/?siwx=required')
    await page.click('[data-testid=gw-siwx-cancel]')
    await expect.poll(async () => (await account(page)).isConnected).toBe(false)
    await connectToSignIn(page, '/?siwx')
    expect(await page.locator('[data-testid=gw-modal][data-open]').isVisible()).toBe(true)
    await page.click('[data-testid=gw-siwx-cancel]')
    await expect.poll(() => page.locator('[data-testid=gw-modal][data-open]').isVisible()).toBe(false)
    expect((await account(page)).isConnected).toBe(true)
    await context.close()
  })
})
