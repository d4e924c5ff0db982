/**
 * WalletConnect end to end, in Chromium against the localnet: the wallet/config emulator's registry
 * in All Wallets (pages of 40 on scroll, a padded search), a picked wallet's pairing URI read from
 * the view, the Localnet WalletConnect wallet (@reown/walletkit on the local relay) pairing and
 * approving, Account with its address and balance, a personal_sign through the host page's
 * provider verified with viem, restore on reload, a disconnect from each side, closing the
 * modal during a pairing, and a pairing the wallet rejects.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { getAddress, verifyMessage, type Hex } from 'viem'
import { localContext } from './browser.js'
import { copiedPairingUri } from './pairing.js'
import { domText, flooredBalance, holdBack, useBrowser, waitForText, waitForView, wcProposal, wcWallet, connectSettled } from './helpers.js'
import { secretsIn } from './secrets.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const wcWalletUrl = inject('wcWalletUrl')
const wcWalletToken = inject('wcWalletToken')
const wcAddress = getAddress(inject('wcWalletAddress'))
const browser = useBrowser()

type Gangway = {
  getAccount(): { address?: string; isConnected: boolean }
  exportLog(): Promise<string>
  disconnect(): Promise<void>
  getWalletProvider(ns?: string): { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
}


/** The pairing URI the ConnectingWalletConnect view shows as its QR code, through Copy link; no attribute or text holds it. */
async function pairingUri(page: Page): Promise<string> {
  const uri = await copiedPairingUri(page)
  expect(uri).toMatch(/^wc:/)
  // The pairing key is in no attribute or text of the page, shadow roots included (issue 13 #9).
  const symKey = /symKey=([0-9a-f]+)/.exec(uri)![1]!
  expect(await domText(page)).not.toContain(symKey)
  return uri
}

const gangway = (page: Page) => page.evaluateHandle(() => (window as unknown as { gangway: Gangway }).gangway)
const isConnected = (page: Page) => page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.getAccount().isConnected)

describe('WalletConnect', () => {
  it('All Wallets → pick → pair → approve → Account; sign through the provider; restore; disconnect from either side; close while pairing; a rejected pairing', async () => {
    const context = await localContext(browser())
    // Verify is never needed here (the engine's sign-client runs in a Worker, with no document); answer it at once should anything ask.
    await context.route('https://verify.walletconnect.org/**', (route) => route.fulfill({ status: 204 }))
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    // Connect: WalletConnect first (docs/behaviour.md §2 group order), recommended wallets from the registry, and the All Wallets entry.
    await page.locator('[data-wallet-row=walletConnect][data-group=walletConnect]').waitFor()
    await page.locator('[data-group=recommended]').first().waitFor()
    expect(await page.locator('[data-group=recommended]').count()).toBe(4)
    await waitForText(page, '[data-testid=gw-all-wallets]', /All Wallets120\+/)

    // All Wallets: 40, then 40 more when the end scrolls into view.
    await page.click('[data-testid=gw-all-wallets]')
    await waitForView(page, 'AllWallets')
    const tiles = page.locator('[data-testid=gw-all-list] [data-wallet-id]')
    await expect.poll(() => tiles.count(), { timeout: E2E_WAIT_MS }).toBe(40)
    await page.locator('[data-testid=gw-all-end]').scrollIntoViewIfNeeded()
    await expect.poll(() => tiles.count(), { timeout: E2E_WAIT_MS }).toBe(80)

    // A search shows at once the loaded wallets whose name holds the text, with the loading line
    // while the registry's answer (held back here) is on its way; then the answer, with more of them.
    const names = () => tiles.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))
    const loaded = await names()
    const release = await holdBack(context, (u) => u.pathname === '/getWallets' && u.searchParams.has('search'))
    await page.fill('[data-testid=gw-search]', 'VAULT')
    const matches = loaded.filter((n) => n.toLowerCase().includes('vault'))
    expect(matches.length).toBeGreaterThan(1)
    await expect.poll(names, { timeout: E2E_WAIT_MS }).toEqual(matches)
    await page.locator('[data-testid=gw-all-wallets-view] .gw-loading').waitFor()
    release()
    await expect.poll(async () => (await names()).length, { timeout: E2E_WAIT_MS }).toBeGreaterThan(matches.length)
    expect((await names()).every((n) => n.toLowerCase().includes('vault'))).toBe(true)
    expect(await page.locator('[data-testid=gw-all-wallets-view] .gw-loading').count()).toBe(0)

    // A padded search: trimmed (docs/behaviour.md §5), after the 300 ms wait; the registry's answer shows.
    const searches = async (type: string) => (await (await gangway(page)).evaluate((g) => g.exportLog())).trim().split('\n').map((l) => JSON.parse(l)).filter((e) => e.type === type).map((e) => e.payload.query)
    await page.fill('[data-testid=gw-search]', '   localnet walletconnect   ')
    await expect.poll(() => searches('wallets/search-fetched'), { timeout: E2E_WAIT_MS }).toEqual(['VAULT', 'localnet walletconnect'])
    // One search asked per typed text, trimmed.
    expect(await searches('wallets/search-requested')).toEqual(['VAULT', 'localnet walletconnect'])
    await expect.poll(() => tiles.count(), { timeout: E2E_WAIT_MS }).toBe(1)

    // Pick it: the pairing shows as a QR code; the wallet pairs with the URI read from the view and approves.
    await tiles.first().click()
    await waitForView(page, 'ConnectingWalletConnect')
    await waitForText(page, '[data-testid=gw-wc] .gw-muted', 'Scan this QR code with Localnet WalletConnect Wallet')
    const uri = await pairingUri(page)
    await wcWallet('/pair', { uri })
    await wcWallet('/approve', await wcProposal(uri))
    await waitForView(page, 'Account')
    expect(await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.getAccount().address)).toBe(wcAddress)
    await waitForText(page, '[data-testid=gw-balance]', `${await flooredBalance(rpcUrl, wcAddress)} ETH`)

    // The host page signs through its provider, answered by the wallet over the relay.
    const signature = await page.evaluate(
      (address) => (window as unknown as { gangway: Gangway }).gangway.getWalletProvider('eip155').request({ method: 'personal_sign', params: ['0x68656c6c6f2066726f6d20776320', address] }),
      wcAddress,
    )
    expect(await verifyMessage({ address: wcAddress, message: 'hello from wc ', signature: signature as Hex })).toBe(true)

    // Nothing secret in the log: no pairing URI, no symmetric key.
    const exported = await (await gangway(page)).evaluate((g) => g.exportLog())
    expect(exported).not.toContain('symKey')
    expect(exported).not.toContain(uri.slice(3, 67) + '@2?')
    expect(secretsIn(exported)).toEqual([])
    expect(exported).toContain('"walletconnect/pairing-created"')

    // Reload: the session is restored from the worker's IndexedDB without a prompt.
    await page.reload()
    await expect.poll(() => page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.getAccount().address ?? null), { timeout: E2E_WAIT_MS }).toBe(wcAddress)

    // The page disconnects: the wallet's session ends too.
    await page.evaluate(() => (window as unknown as { gangway: Gangway }).gangway.disconnect())
    await expect.poll(() => wcWallet<unknown[]>('/sessions').then((s) => s.length), { timeout: E2E_WAIT_MS }).toBe(0)
    // The wallet can see the delete before the page's engine has recorded its own disconnect.
    await expect.poll(() => isConnected(page), { timeout: E2E_WAIT_MS }).toBe(false)

    // Closing the modal during a pairing ends it with 'Modal closed' (docs/behaviour.md §8).
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await connectSettled(page)
    await page.click('[data-wallet-row=walletConnect]')
    await pairingUri(page)
    await page.click('[data-testid=gw-close]')
    await expect.poll(async () => (await (await gangway(page)).evaluate((g) => g.exportLog())).includes('"message":"Modal closed"'), { timeout: E2E_WAIT_MS }).toBe(true)

    // A second pairing, which the wallet rejects: the view says so; Try again pairs anew and the wallet approves.
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    await connectSettled(page)
    await page.click('[data-wallet-row=walletConnect]')
    await waitForView(page, 'ConnectingWalletConnect')
    const rejected = await pairingUri(page)
    await wcWallet('/pair', { uri: rejected })
    await wcWallet('/reject', await wcProposal(rejected))
    await waitForText(page, '[data-testid=gw-connect-error]', 'Connection rejected')
    expect(await isConnected(page)).toBe(false)
    await page.click('[data-testid=gw-retry]')
    const retried = await pairingUri(page)
    expect(retried).not.toBe(rejected)
    await wcWallet('/pair', { uri: retried })
    await wcWallet('/approve', await wcProposal(retried))
    await waitForView(page, 'Account')

    // The wallet deletes the session: the page is disconnected.
    await wcWallet('/disconnect', {})
    await expect.poll(() => isConnected(page), { timeout: E2E_WAIT_MS }).toBe(false)
    await context.close()
  })

  it("the wallet's control service answers the demo page with its token, and no other page", async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/`)
    // The demo page's card sends the token from window.__LOCALNET__ (CORS preflight included).
    await page.click('#wc-disconnect')
    await waitForText(page, '#wc-status', 'disconnect: done')
    // The same page without the token is refused.
    const bare = await page.evaluate(async (url) => (await fetch(`${url}/disconnect`, { method: 'POST', body: '{}' })).status, wcWalletUrl)
    expect(bare).toBe(403)
    // Another origin is refused even with the token: the browser may not read the answer, which is a 403 anyway.
    await page.goto(`${inject('walletConfigUrl')}/`)
    const foreign = await page.evaluate(
      ([url, token]) => fetch(`${url}/sessions`, { headers: { authorization: `Bearer ${token}` } }).then((r) => `${r.status}`, (e: Error) => e.name),
      [wcWalletUrl, wcWalletToken] as const,
    )
    expect(foreign).toBe('TypeError')
    await context.close()
  })
})
