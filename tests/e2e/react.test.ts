/**
 * The React exports on a React host page, on React 19 (/react.html) and React 18 (/react18.html):
 * GangwayProvider, useModal, useAccount, useNetwork, useDisconnect, and the views rendered with the
 * host's React (react-views.js, split off by the site's bundler), not with ui.js.
 */
import { describe, expect, inject, it } from 'vitest'
import { getAddress } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { flooredBalance, waitForText, waitForView, useBrowser } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')

const browser = useBrowser()

describe.each([
  ['19', '/react.html'],
  ['18', '/react18.html'],
])('gangway/react on React %s', (major, path) => {
  it('opens, connects and disconnects through the hooks, which follow the engine; the views are the host React’s', async () => {
    const [account0] = (await rpc<string[]>(rpcUrl, 'eth_accounts')).map((a) => getAddress(a))
    const context = await localContext(browser())
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const scripts: string[] = []
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)))
    await page.goto(`${webUrl}${path}`)
    await waitForText(page, '[data-testid=react-version]', new RegExp(`^${major}\\.`))
    await waitForText(page, '[data-testid=react-account]', 'not connected')
    await waitForText(page, '[data-testid=react-network]', 'Localnet')

    await page.click('[data-testid=react-open]')
    await waitForView(page, 'Connect')
    await waitForText(page, '[data-testid=react-is-open]', 'true')
    // The views came with the host's React: its bundler's chunk, never ui.js (Preact's views, and
    // the only way to Preact's chunks).
    expect(scripts.filter((p) => /\/dist\/react-views-[^/]+\.js$/.test(p))).toHaveLength(1)
    expect(scripts).not.toContain('/gangway/ui.js')
    await page.click('[data-wallet-row="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=react-account]', `${account0} · ${await flooredBalance(rpcUrl, account0!)} ETH`)

    // The overlay covers the page while open (as it should); host code calls close() itself.
    await page.locator('[data-testid=react-close]').dispatchEvent('click')
    await waitForText(page, '[data-testid=react-is-open]', 'false')
    // A view of a later chunk (lazy-views.tsx) loads and shows on the host's React too.
    await page.click('[data-testid=react-networks]')
    await waitForView(page, 'SwitchNetwork')
    await page.locator('[data-testid=gw-modal][data-open] [data-testid=gw-networks]').waitFor()
    await page.locator('[data-testid=react-close]').dispatchEvent('click')
    await waitForText(page, '[data-testid=react-is-open]', 'false')
    await page.click('[data-testid=react-disconnect]')
    await waitForText(page, '[data-testid=react-account]', 'not connected')
    expect(errors).toEqual([])
    await context.close()
  })

  it('connects from the site’s own list through the headless hooks (useWallets, useNetworks), which the modal then shows', async () => {
    const account = getAddress((await rpc<string[]>(rpcUrl, 'eth_accounts'))[0]!)
    const context = await localContext(browser())
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${webUrl}${path}`)
    await waitForText(page, '[data-testid=react-version]', new RegExp(`^${major}\\.`))
    await page.click('[data-testid=react-own-list]')
    await page.locator('[data-testid=react-own][data-ready] [data-network="eip155:31337"][aria-pressed=true]').waitFor()
    await page.click('[data-testid=react-own] [data-wallet-id="dev.gangway.localnet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForText(page, '[data-testid=react-account]', new RegExp(`^${account} · `))
    await page.click('[data-testid=react-open]')
    await waitForView(page, 'Account')
    expect(errors).toEqual([])
    await context.close()
  })
})
