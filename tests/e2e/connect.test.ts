/**
 * The main job end to end, in Debian's Chromium against anvil: discover wallets, connect the
 * Localnet Wallet, see the address, avatar, network and balance read from the chain, follow an
 * out-of-band transfer, restore on reload without a prompt, close/back per docs/behaviour.md §2, disconnect.
 */
import { describe, expect, inject, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { getAddress } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { replayLog } from '../../src/projections/replay.js'
import { localContext } from './browser.js'
import { E2E_WAIT_MS } from './wait.js'
import { currentView, flooredBalance, pageLog, transfer, waitForText, waitForView, useBrowser, waitForEngine, connectSettled } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')

const browser = useBrowser()

/** A legacy injected wallet (window.ethereum only, no EIP-6963), installed before the page's scripts. */
const legacyWallet = () => {
  ;(window as unknown as { ethereum: unknown }).ethereum = {
    request: async () => Promise.reject({ code: 4001, message: 'locked' }),
  }
}

async function newPage(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  return page
}

describe('connect on the localnet', () => {
  it('connects, shows the chain balance, follows it, restores on reload and disconnects', async () => {
    const [account0, account1] = (await rpc<string[]>(rpcUrl, 'eth_accounts')).map((a) => getAddress(a))
    const context = await localContext(browser())
    await context.addInitScript(legacyWallet)
    const errors: string[] = []
    const page = await newPage(context, errors)

    // Before the load event the page fetches the loader and nothing else of Gangway.
    const gangwayRequests: { url: string; beforeLoad: boolean }[] = []
    let loaded = false
    page.on('load', () => (loaded = true))
    page.on('request', (r) => {
      if (r.url().includes('/gangway/')) gangwayRequests.push({ url: new URL(r.url()).pathname, beforeLoad: !loaded })
    })
    await page.goto(`${webUrl}/`)
    expect(gangwayRequests.filter((r) => r.beforeLoad).map((r) => r.url)).toEqual(['/gangway/loader.js'])
    await waitForText(page, 'gangway-button button', 'Connect Wallet')

    // Connect view (docs/behaviour.md §2 group order): WalletConnect; the announced wallets (EIP-6963, and the same
    // wallet's Solana side through the Wallet Standard); the legacy injected one is the Browser Wallet
    // entry, hidden on desktop (docs/behaviour.md §5); then 4 recommended wallets from the registry.
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    const rows = page.locator('[data-testid=gw-modal] [data-wallet-row]')
    await rows.nth(6).waitFor()
    expect(await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-wallet-row'), e.getAttribute('data-connector-type'), e.getAttribute('data-group')]))).toEqual([
      ['walletConnect', 'WALLET_CONNECT', 'walletConnect'],
      ['dev.gangway.localnet', 'ANNOUNCED', 'injected'],
      ['wallet-standard:Localnet Wallet', 'ANNOUNCED', 'injected'],
      ...Array.from({ length: 4 }, () => [expect.any(String), 'WALLET_CONNECT', 'recommended']),
    ])
    expect(await rows.nth(1).textContent()).toBe('Localnet WalletInstalled')

    // Choose the Localnet Wallet; it asks once; the modal moves to Account.
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await waitForView(page, 'ConnectingExternal')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    expect(await page.locator('[data-testid=gw-address]').textContent()).toBe(`${account0!.slice(0, 6)}…${account0!.slice(-4)}`)
    // Account 0 has a name and an avatar on the blockchain service: the image replaces the address colours.
    await waitForText(page, '[data-testid=gw-profile-name]', 'harbourmaster.eth')
    expect(await page.locator('img[data-testid=gw-avatar]').getAttribute('src')).toMatch(/\/localnet\/images\/avatar\/harbourmaster\.svg$/)
    expect(await page.locator('[data-testid=gw-network]').textContent()).toBe('Localnet')
    await waitForText(page, '[data-testid=gw-balance]', `${await flooredBalance(rpcUrl, account0!)} ETH`)

    // ETH arrives out of band; the open Account view shows the new balance after the refresh.
    await transfer(rpcUrl, account1!, account0!, 1_234_567_000_000_000_000n)
    const after = await flooredBalance(rpcUrl, account0!)
    await waitForText(page, '[data-testid=gw-balance]', `${after} ETH`)

    // The wallet switches account (EIP-1193 accountsChanged): the view follows with that account's balance.
    const [, , account2] = (await rpc<string[]>(rpcUrl, 'eth_accounts')).map((a) => getAddress(a))
    await page.evaluate(() => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(2))
    await waitForText(page, '[data-testid=gw-address]', `${account2!.slice(0, 6)}…${account2!.slice(-4)}`)
    await waitForText(page, '[data-testid=gw-balance]', `${await flooredBalance(rpcUrl, account2!)} ETH`)
    // Account 2 has no identity: its avatar takes its colours from the first 6 hex digits of the address (docs/behaviour.md §9).
    expect(await page.locator('[data-testid=gw-avatar]').getAttribute('data-color')).toBe(`#${account2!.slice(2, 8).toLowerCase()}`)
    expect(await page.locator('[data-testid=gw-profile-name]').count()).toBe(0)
    await page.evaluate(() => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(0))
    await waitForText(page, '[data-testid=gw-address]', `${account0!.slice(0, 6)}…${account0!.slice(-4)}`)

    // docs/behaviour.md §2 Closing: closing resets to Connect.
    await page.click('[data-testid=gw-close]')
    await page.locator('[data-testid=gw-modal]').waitFor({ state: 'hidden' })
    expect(await currentView(page)).toBeNull()
    expect(await page.evaluate(() => (window as unknown as { gangway: { getState(): { view: string; engine?: string } } }).gangway.getState())).toMatchObject({ view: 'Connect', engine: 'worker' })

    // Reload: the session comes back with no wallet prompt.
    await page.reload()
    await waitForText(page, 'gangway-button button', new RegExp(`^${account0!.slice(0, 6)}…${account0!.slice(-4)} · ${after.replace('.', '\\.')} ETH$`))
    expect(await page.evaluate(() => (window as unknown as { __localnetWallet: { prompts: number } }).__localnetWallet.prompts)).toBe(0)
    expect(await page.locator('localnet-wallet-prompt').count()).toBe(0)
    // The restored connection is followed: the wallet's account change reaches the chip. (The chip
    // shows the stored account before the restore has asked the wallet: wait for the restore, or a
    // change made before the page watches the wallet would only be seen through the restore's answer.)
    await expect
      .poll(async () => (await pageLog(page)).events.filter((e) => e.type === 'connect/succeeded').length)
      .toBe(2)
    await page.evaluate(() => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(1))
    await waitForText(page, 'gangway-button button', new RegExp(`^${account1!.slice(0, 6)}…${account1!.slice(-4)}`))
    await page.evaluate(() => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(0))
    await waitForText(page, 'gangway-button button', new RegExp(`^${account0!.slice(0, 6)}…${account0!.slice(-4)}`))

    // Opening with a connected address shows Account; Back with an empty history closes.
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    expect(await page.locator('[data-testid=gw-back]').count()).toBe(0)
    // Escape closes; opening again shows Account.
    await page.keyboard.press('Escape')
    await page.locator('[data-testid=gw-modal]').waitFor({ state: 'hidden' })
    await page.click('gangway-button')
    await waitForView(page, 'Account')

    // Disconnect returns to Connect, and a reload stays disconnected.
    await page.click('[data-testid=gw-disconnect]')
    await waitForView(page, 'Connect')
    await waitForText(page, 'gangway-button button', 'Connect Wallet')
    await page.reload()
    await waitForEngine(page)
    expect(await page.locator('gangway-button button').textContent()).toBe('Connect Wallet')
    // The exported log, replayed in Node, says the same: disconnected by the visitor, nothing to restore.
    const file = await pageLog(page)
    const events = file.events
    const replayed = replayLog(file)
    expect(replayed.connection).toMatchObject({ status: 'disconnected', connectedNamespaces: [], disconnectedConnectorIds: { eip155: ['dev.gangway.localnet'] } })
    expect(events.filter((e) => e.type === 'connect/succeeded').map((e) => (e.payload as { via: string }).via)).toEqual(['prompt', 'restore'])
    expect(events.filter((e) => e.type === 'engine/started')).toHaveLength(3)

    expect(errors).toEqual([])
    await context.close()
  })

  it('with WalletConnect off (walletConnect: false), Connect lists the page’s wallets only, and one connects', async () => {
    const context = await localContext(browser())
    const errors: string[] = []
    const page = await newPage(context, errors)
    await page.goto(`${webUrl}/?no-walletconnect`)
    await page.click('gangway-button')
    await waitForView(page, 'Connect')
    // The registry has answered (its count and recommended wallets are in the log): none of it shows.
    await expect.poll(async () => (await pageLog(page)).events.some((e) => e.type === 'wallets/lists-fetched'), { timeout: E2E_WAIT_MS }).toBe(true)
    await page.locator('[data-wallet-row="dev.gangway.localnet"]').waitFor()
    expect(await page.locator('[data-testid=gw-wallets] [data-wallet-row]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-group')))).not.toContain('recommended')
    expect(await page.locator('[data-wallet-row=walletConnect], [data-testid=gw-all-wallets]').count()).toBe(0)
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    expect(errors).toEqual([])
    await context.close()
  })

  it("shows 'Connection rejected' when the wallet refuses, and connects on Try again", async () => {
    const context = await localContext(browser())
    const errors: string[] = []
    const page = await newPage(context, errors)
    await page.goto(`${webUrl}/`)
    await page.click('gangway-button')
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-reject]')
    await waitForText(page, '[data-testid=gw-connect-error]', 'Connection rejected')
    expect(await currentView(page)).toBe('ConnectingExternal')

    // Back goes to Connect (no address yet); choosing again and approving connects.
    await page.click('[data-testid=gw-back]')
    await waitForView(page, 'Connect')
    await connectSettled(page)
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-reject]')
    await page.click('[data-testid=gw-retry]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    expect(await page.evaluate(() => (window as unknown as { __localnetWallet: { prompts: number } }).__localnetWallet.prompts)).toBe(3)
    expect(errors).toEqual([])
    await context.close()
  })

  it("a wallet whose revoke fails shows 'Failed to disconnect' and keeps the connection; the next disconnect goes through", async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(webUrl)
    await page.evaluate(() => (window as unknown as { __localnetWallet: { failRevoke(on: boolean): void } }).__localnetWallet.failRevoke(true))
    await page.click('gangway-button')
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    // The button with the address and the balance, once both are in.
    const chip = await waitForText(page, 'gangway-button button', / ETH$/)

    await page.click('[data-testid=gw-disconnect]')
    await waitForText(page, '[data-testid=gw-snackbar]', 'Failed to disconnect')
    // Nothing half-removed: the view, the button and the engine's connection are as they were.
    expect(await currentView(page)).toBe('Account')
    expect(await page.locator('gangway-button button').textContent()).toBe(chip)
    const log = await pageLog(page)
    expect(log.events.filter((e) => e.type === 'disconnect/failed').map((e) => e.payload)).toEqual([
      { connectorId: 'dev.gangway.localnet', namespace: 'eip155', message: 'Failed to disconnect', errorId: 'failedToDisconnect', cause: 'Internal error: the wallet could not revoke the permission', code: -32603 },
    ])
    expect(replayLog(log).connection).toMatchObject({ status: 'connected', connectorIds: { eip155: 'dev.gangway.localnet' } })

    await page.evaluate(() => (window as unknown as { __localnetWallet: { failRevoke(on: boolean): void } }).__localnetWallet.failRevoke(false))
    await page.click('[data-testid=gw-disconnect]')
    await waitForView(page, 'Connect')
    await waitForText(page, 'gangway-button button', 'Connect Wallet')
    await context.close()
  })
})
