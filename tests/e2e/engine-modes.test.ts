/**
 * The same engine behind the same interface, in a Worker or on the main thread: where a page has
 * no Worker, or its CSP forbids one, the modal still connects and reads the chain.
 */
import { describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { connectLocalnetWallet, flooredBalance, useBrowser, waitForText } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')

const browser = useBrowser()

const engineMode = (page: Page) => page.evaluate(() => (window as unknown as { gangway: { getState(): { engine?: string } } }).gangway.getState().engine)

async function connectAndReadBalance(page: Page, path = '/'): Promise<void> {
  const [account0] = await rpc<string[]>(rpcUrl, 'eth_accounts')
  await connectLocalnetWallet(page, webUrl, 0, path)
  await waitForText(page, '[data-testid=gw-balance]', `${await flooredBalance(rpcUrl, account0!)} ETH`)
}

describe('engine modes', () => {
  it('runs the engine in a Worker by default', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectAndReadBalance(page)
    expect(await engineMode(page)).toBe('worker')
    expect(page.workers().map((w) => new URL(w.url()).pathname)).toEqual(['/gangway/worker.js'])
    await context.close()
  })

  it('runs on the main thread where the browser has no Worker', async () => {
    const context = await localContext(browser())
    await context.addInitScript(() => {
      Object.defineProperty(window, 'Worker', { value: undefined, configurable: true })
    })
    const page = await context.newPage()
    await connectAndReadBalance(page)
    expect(await engineMode(page)).toBe('main')
    expect(page.workers()).toEqual([])
    await context.close()
  })

  it('falls back to the main thread under a CSP that forbids workers', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectAndReadBalance(page, '/?csp=no-worker')
    expect(await engineMode(page)).toBe('main')
    await context.close()
  })
})
