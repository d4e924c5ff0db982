/**
 * Networks on the localnet (docs/behaviour.md §4): switch 31337 → 31338 through the wallet and see that chain's
 * balance; a refused switch goes back one view; the wallet moving to a chain the site does not list
 * opens UnsupportedChain, and picking a listed network there closes it.
 */
import { describe, expect, inject, it } from 'vitest'
import { getAddress, toHex } from 'viem'
import { rpc } from '../../localnet/anvil.js'
import { localContext } from './browser.js'
import { cardStill, connectLocalnetWallet, flooredBalance, useBrowser, waitForText, waitForView } from './helpers.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const rpcUrl2 = inject('rpcUrl2')
const solanaCaip2 = inject('solanaCaip2')
const browser = useBrowser()

describe('networks', () => {
  it('switches chains through the wallet, and shows UnsupportedChain for a chain the site does not list', async () => {
    const account = getAddress((await rpc<string[]>(rpcUrl2, 'eth_accounts'))[4]!)
    await rpc(rpcUrl2, 'anvil_setBalance', [account, toHex(1_234_567_890_000_000_000_000n)])
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl, 4)
    await waitForText(page, '[data-testid=gw-network]', 'Localnet')
    await waitForText(page, '[data-testid=gw-balance]', `${await flooredBalance(rpcUrl, account)} ETH`)

    // The list: both chains under EVM, the Solana localnet under Solana, the active one marked.
    await page.click('[data-testid=gw-network]')
    await waitForView(page, 'SwitchNetwork')
    expect(await page.locator('[data-network]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-network'), e.getAttribute('aria-current')]))).toEqual([
      ['eip155:31337', 'true'],
      ['eip155:31338', null],
      [solanaCaip2, null],
    ])
    expect(await page.locator('[data-testid=gw-networks] h3').allTextContents()).toEqual(['EVM', 'Solana'])

    // Refused in the wallet: back one view, still on 31337.
    await page.click('[data-network="eip155:31338"]')
    await page.click('[data-testid=localnet-wallet-reject]')
    await waitForView(page, 'Account')
    expect(await page.locator('[data-testid=gw-network]').textContent()).toBe('Localnet')

    // Approved: back to Account on 31338 with that chain's balance. The card stands still first:
    // the list leaving after the refusal would otherwise take the click.
    await cardStill(page)
    await page.click('[data-testid=gw-network]')
    await waitForView(page, 'SwitchNetwork')
    await cardStill(page)
    await page.click('[data-network="eip155:31338"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-network]', 'Localnet B')
    await waitForText(page, '[data-testid=gw-balance]', '1234.567 ETH')

    // The wallet moves to chain 1, which the site does not list: UnsupportedChain opens.
    await page.click('[data-testid=gw-close]')
    await page.evaluate((url) => {
      const w = (window as unknown as { __localnetWallet: { request(a: { method: string; params: unknown[] }): Promise<unknown> } }).__localnetWallet
      void w.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1', rpcUrls: [url] }] }).then(() => w.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))
    }, rpcUrl)
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'UnsupportedChain')
    expect(await page.evaluate(() => (window as unknown as { gangway: { getNetwork(): unknown } }).gangway.getNetwork())).toMatchObject({ caipNetworkId: 'eip155:1', name: 'Unknown network', unsupported: true })
    await page.click('[data-network="eip155:31337"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await page.locator('[data-testid=gw-modal]').waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => (window as unknown as { gangway: { getNetwork(): unknown } }).gangway.getNetwork())).toMatchObject({ caipNetworkId: 'eip155:31337', name: 'Localnet' })

    // The active network survives a reload (the log holds it as eip155:31337).
    await page.reload()
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await waitForText(page, '[data-testid=gw-network]', 'Localnet')
    await context.close()
  })
})
