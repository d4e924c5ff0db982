/** The React exports on a React host page: GangwayProvider, useModal, useAccount, useNetwork, useDisconnect. */
import { describe, expect, inject, it } from 'vitest'
import { getAddress } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { flooredBalance, waitForText, waitForView, useBrowser } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')

const browser = useBrowser()

describe('gangway/react', () => {
  it('opens, connects and disconnects through the hooks, which follow the engine', async () => {
    const [account0] = (await rpc<string[]>(rpcUrl, 'eth_accounts')).map((a) => getAddress(a))
    const context = await localContext(browser())
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${webUrl}/react.html`)
    await waitForText(page, '[data-testid=react-account]', 'not connected')
    await waitForText(page, '[data-testid=react-network]', 'Localnet')

    await page.click('[data-testid=react-open]')
    await waitForView(page, 'Connect')
    await waitForText(page, '[data-testid=react-is-open]', 'true')
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=react-account]', `${account0} · ${await flooredBalance(rpcUrl, account0!)} ETH`)

    // The overlay covers the page while open (as it should); host code calls close() itself.
    await page.locator('[data-testid=react-close]').dispatchEvent('click')
    await waitForText(page, '[data-testid=react-is-open]', 'false')
    await page.click('[data-testid=react-disconnect]')
    await waitForText(page, '[data-testid=react-account]', 'not connected')
    expect(errors).toEqual([])
    await context.close()
  })
})
