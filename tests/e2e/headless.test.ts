/**
 * Headless (docs/api.md, Headless): a site's own wallet UI on Gangway's engine, with Gangway's views
 * left out (`views: false`), on localnet/demo/headless.html (its own list, network buttons and send
 * form over `modal.headless()`).
 * - Before the site's first reach: no view file fetched, no `<gangway-modal>`, no service asked.
 * - Its own list connects the Localnet Wallet; its network buttons switch the wallet's chain; its
 *   send form sends through Gangway's send path and shows the previewed change; each outcome is read
 *   back from the chain. Still no view file; then `modal.open()` fetches the views and shows the
 *   same account.
 * - On a phone: the prefetched pairing URI is ready before the tap, the tap on a registry wallet
 *   opens its deep link inside the click with that URI, and the Localnet WalletConnect wallet pairs
 *   with it.
 */
import { describe, expect, inject, it } from 'vitest'
import { devices, type BrowserContext, type Page } from 'playwright-core'
import { getAddress, keccak256, toHex } from 'viem'
import { UNIVERSAL_LINK_WALLET, walletRegistry } from '../../localnet/services/wallet-config.js'
import { localContext } from './browser.js'
import { recordServiceRequests, useBrowser, waitForEngine, waitForView, wcProposal, wcWallet } from './helpers.js'
import { instrumentOpen, opens } from './open-instrument.js'
import { rpc } from '../../localnet/anvil.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const rpcUrl2 = inject('rpcUrl2')
const SERVICES = { walletConfig: inject('walletConfigUrl'), blockchain: inject('blockchainUrl'), analytics: inject('analyticsUrl') }
const browser = useBrowser()

/** The Localnet Wallet's dev account this file sends from. */
const ACCOUNT = 1
const fresh = (label: string) => getAddress(`0x${keccak256(toHex(`gangway-headless-${label}-${Date.now()}`)).slice(26)}`)

/** Gangway's view entries among the requests: ui.js or React's react-views.js (every view and view chunk loads through one of them). */
const viewFiles = (urls: string[]) => urls.filter((u) => /\/gangway\/(ui|react-views)\.js/.test(u))

/** Records the URL of every request of `context` (its pages' and their workers'). */
function recordRequests(context: BrowserContext): string[] {
  const urls: string[] = []
  context.on('request', (r) => urls.push(r.url()))
  return urls
}

/** Waits until the page's account line names `address` (in any case). */
async function shownAccount(page: Page, address: string): Promise<void> {
  await page.waitForFunction((a) => document.querySelector('[data-testid=account]')?.getAttribute('data-address')?.toLowerCase() === a, address.toLowerCase())
}

/**
 * Disconnects the page, and waits until the Localnet WalletConnect wallet (shared by the lane's
 * files) holds no session any more: walletconnect.test.ts counts its sessions.
 */
async function endWalletSession(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { gangway: { disconnect(): Promise<void> } }).gangway.disconnect())
  await expect.poll(() => wcWallet<unknown[]>('/sessions').then((s) => s.length), { timeout: E2E_WAIT_MS }).toBe(0)
}

/** Clicks the page's Connect button and waits until its own list shows `walletId`. */
async function showWallets(page: Page, walletId: string): Promise<void> {
  await page.click('[data-testid=open-modal]')
  await page.locator(`[data-testid=wallets] [data-wallet-id="${walletId}"]`).waitFor()
}

describe('headless: a site’s own UI with views: false', () => {
  it('connects, switches network and sends from its own UI with no view fetched; the modal opened afterwards shows the same account', async () => {
    const context = await localContext(browser())
    const urls = recordRequests(context)
    const services = recordServiceRequests(context, SERVICES)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${webUrl}/headless.html`)
    await page.evaluate((i) => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(i), ACCOUNT)
    const address = getAddress((await rpc<string[]>(rpcUrl, 'eth_accounts', []))[ACCOUNT]!)

    // The core started after load (the engine answers), and nothing else: no views, no modal element, no service.
    await waitForEngine(page)
    expect(viewFiles(urls)).toEqual([])
    expect(await page.locator('gangway-modal').count()).toBe(0)
    expect(services).toEqual([])

    // The site's Connect button is the reach: its list comes from the engine, the Localnet Wallet in it.
    await showWallets(page, 'dev.gangway.localnet')
    await expect.poll(() => services.length).toBeGreaterThan(0)
    await page.click('[data-testid=wallets] [data-wallet-id="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await shownAccount(page, address)

    // A network switch goes through the wallet: it answers on the other chain.
    await page.click('[data-testid=networks] [data-network="eip155:31338"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await page.locator('[data-testid=networks] [data-network="eip155:31338"][aria-pressed=true]').waitFor()
    const chainId = await page.evaluate(() => (window as unknown as { gangway: { getWalletProvider(): { request(a: { method: string }): Promise<unknown> } } }).gangway.getWalletProvider().request({ method: 'eth_chainId' }))
    expect(chainId).toBe(toHex(31338))

    // A send from the site's form: Gangway's send path, its preview's change returned, the value on chain.
    const to = fresh('send')
    await page.fill('[data-testid=send-to]', to)
    await page.fill('[data-testid=send-amount]', '0.01')
    await page.click('[data-testid=send-submit]')
    await page.click('[data-testid=localnet-wallet-approve]')
    const sent = page.locator('[data-testid=send-result][data-hash]')
    await sent.waitFor()
    const hash = await sent.getAttribute('data-hash')
    expect(await sent.textContent()).toContain('(-0.01 ETH)')
    expect(BigInt(await rpc<string>(rpcUrl2, 'eth_getBalance', [to, 'latest']))).toBe(10_000_000_000_000_000n)
    const receipt = await rpc<{ status: string; from: string }>(rpcUrl2, 'eth_getTransactionReceipt', [hash])
    expect({ status: receipt.status, from: getAddress(receipt.from) }).toEqual({ status: '0x1', from: address })
    expect(viewFiles(urls)).toEqual([])

    // The modal, opened now, fetches its views and shows the account the site's UI connected.
    await page.click('[data-testid=open-gangway]')
    await waitForView(page, 'Account')
    expect(viewFiles(urls).length).toBeGreaterThan(0)
    expect(await page.locator('[data-testid=gw-modal]').textContent()).toContain(address.slice(0, 6))
    expect(errors).toEqual([])
    await context.close()
  })

  it('a modal the engine opens by itself (the wallet on a network the site did not list) loads the views and shows them', async () => {
    const context = await localContext(browser())
    const urls = recordRequests(context)
    const page = await context.newPage()
    await page.goto(`${webUrl}/headless.html?only=31337`)
    await waitForEngine(page)
    await showWallets(page, 'dev.gangway.localnet')
    await page.click('[data-testid=wallets] [data-wallet-id="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await page.waitForFunction(() => document.querySelector('[data-testid=account]')?.getAttribute('data-address'))
    expect(viewFiles(urls)).toEqual([])
    // The wallet moves to the chain the site left out, as a visitor would in the wallet itself.
    const switched = page.evaluate(() => (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }))
    await page.click('[data-testid=localnet-wallet-approve]')
    await switched
    await waitForView(page, 'UnsupportedChain')
    expect(viewFiles(urls).length).toBeGreaterThan(0)
    await context.close()
  })

  it('on a desktop, a wallet that scans the prefetched pairing URI (the site’s own QR code) connects with no pick', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await page.goto(`${webUrl}/headless.html`)
    await waitForEngine(page)
    await showWallets(page, 'dev.gangway.localnet')
    await page.locator('[data-testid=wc-state][data-ready=true]').waitFor({ timeout: E2E_WAIT_MS })
    const uri = await page.evaluate(() => (window as unknown as { headless: { getWalletConnectUri(): { wcUri?: string } } }).headless.getWalletConnectUri().wcUri)
    await wcWallet('/pair', { uri })
    await wcWallet('/approve', await wcProposal(uri!))
    await shownAccount(page, getAddress(inject('wcWalletAddress')))
    await endWalletSession(page)
    await context.close()
  })

  it('on a phone, the prefetched pairing URI is ready before the tap, the tap opens the wallet’s deep link with it, and the wallet pairs', async () => {
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7']
    const context = await localContext(browser(), { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })
    await context.addInitScript(instrumentOpen)
    const page = await context.newPage()
    await page.goto(`${webUrl}/headless.html`)
    await waitForEngine(page)
    const universalId = walletRegistry('').find((w) => w.name === UNIVERSAL_LINK_WALLET.name)!.id
    await page.tap('[data-testid=open-modal]')
    await page.locator(`[data-testid=wallets] [data-wallet-id="${universalId}"]`).waitFor()
    // The site asked for a pairing when it showed its list: the URI is ready before any tap.
    await page.locator('[data-testid=wc-state][data-ready=true]').waitFor({ timeout: E2E_WAIT_MS })
    const uri = await page.evaluate(() => (window as unknown as { headless: { getWalletConnectUri(): { wcUri?: string } } }).headless.getWalletConnectUri().wcUri)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(await opens(page)).toEqual([])

    await page.tap(`[data-testid=wallets] [data-wallet-id="${universalId}"]`)
    expect(await opens(page)).toEqual([{ url: `${UNIVERSAL_LINK_WALLET.mobileLink}/wc?uri=${encodeURIComponent(uri!)}`, target: '_blank', features: 'noreferrer,noopener', inDispatch: true, inListener: true }])

    // The phone's wallet gets that URI and approves: the site's UI shows its account.
    await wcWallet('/pair', { uri })
    await wcWallet('/approve', await wcProposal(uri!))
    await shownAccount(page, getAddress(inject('wcWalletAddress')))
    await endWalletSession(page)
    await context.close()
  })
})
