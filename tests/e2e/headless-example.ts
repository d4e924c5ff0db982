/**
 * The session the headless example apps (examples/vue-composable, examples/svelte-store) share:
 * the same page in each framework, over `modal.headless()` with `views: false`, served under the
 * demo's strict CSP (`?csp=strict`: no eval, no inline script or style). The page's own Connect
 * button mounts its own wallet list and network buttons (their subscriptions are the reach); the
 * Localnet Wallet's row connects `account`, a network button switches the wallet to eip155:31338,
 * and the account line (`modal.subscribeAccount`) names the wallet's dev account on that chain.
 * No Gangway view file is fetched before "Open Gangway", which then loads the views and shows the
 * same account; no CSP violation, no page error.
 */
import { expect, inject } from 'vitest'
import type { Browser } from 'playwright-core'
import { getAddress } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { LISTEN, type Violation } from './csp-watch.js'
import { waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const approve = '[data-testid=localnet-wallet-approve]'
const LOCALNET_WALLET = '#wallets [data-wallet-id="dev.gangway.localnet"]'
const SECOND_CHAIN = '#networks [data-network="eip155:31338"]'

/** Gangway's view entries among the requests: ui.js or React's react-views.js (every view and view chunk loads through one of them). */
const viewFiles = (urls: string[]) => urls.filter((u) => /\/gangway\/(ui|react-views)\.js/.test(u))

/** Runs the session on examples/`name` with the Localnet Wallet's dev account `account`. */
export async function headlessExampleSession(browser: Browser, name: string, account: number): Promise<void> {
  const context = await localContext(browser)
  // Every request of the context, its pages' and their workers'.
  const urls: string[] = []
  context.on('request', (r) => urls.push(r.url()))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.addInitScript(LISTEN)
  await page.goto(`${webUrl}/examples/${name}/?csp=strict`)
  await page.evaluate((i) => (window as unknown as { __localnetWallet: { selectAccount(i: number): Promise<void> } }).__localnetWallet.selectAccount(i), account)
  const address = getAddress((await rpc<string[]>(rpcUrl, 'eth_accounts', []))[account]!)
  await waitForText(page, '#account', 'Not connected')

  // The site's Connect button mounts its own list; the Localnet Wallet's row connects it.
  await page.click('#connect')
  await page.locator(LOCALNET_WALLET).waitFor()
  await page.click(LOCALNET_WALLET)
  await page.click(approve)
  await waitForText(page, '#address', address)
  expect(await page.textContent('#chain')).toBe('31337')

  // Its network button switches through the wallet, which answers on the other chain.
  await page.click(SECOND_CHAIN)
  await page.click(approve)
  await page.locator(`${SECOND_CHAIN}[aria-pressed=true]`).waitFor()
  await waitForText(page, '#chain', '31338')
  expect(await page.textContent('#address')).toBe(address)
  expect(viewFiles(urls)).toEqual([])
  expect(await page.locator('gangway-modal').count()).toBe(0)

  // "Open Gangway": the views load now and show the account the site's UI connected.
  await page.click('#open-gangway')
  await waitForView(page, 'Account')
  expect(viewFiles(urls).length).toBeGreaterThan(0)
  expect(await page.locator('[data-testid=gw-modal]').textContent()).toContain(address.slice(0, 6))

  expect(await page.textContent('#error')).toBe('')
  expect(await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)).toEqual([])
  expect(errors).toEqual([])
  await context.close()
}
