/**
 * examples/ethers-page (issue 22), as `npm run examples` built it from the packed tarball, on the
 * localnet: the page connects the Localnet Wallet (account 5) through the modal, then through
 * ethers v6 over `modal.getWalletProvider('eip155')` reads the balance, signs a message (verified
 * with viem), sends ETH (landed on anvil), and revokes its permission, which the modal follows.
 */
import { describe, expect, inject, it } from 'vitest'
import { createPublicClient, getAddress, http, parseEther, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { localContext } from './browser.js'
import { connectLocalnetWallet, useBrowser, waitForText } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const client = createPublicClient({ transport: http(inject('rpcUrl')) })
const browser = useBrowser()
/** Anvil's sixth dev account (the Localnet Wallet's account 5). */
const ACCOUNT = getAddress('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc')
const approve = '[data-testid=localnet-wallet-approve]'

describe('examples/ethers-page', () => {
  it('connects through the modal; ethers reads the balance, signs, sends, and its revoke disconnects the modal', async () => {
    const page = await (await localContext(browser())).newPage()
    await connectLocalnetWallet(page, webUrl, 5, '/examples/ethers-page/')
    await page.click('[data-testid=gw-close]')
    await page.locator('[data-testid=gw-modal]').waitFor({ state: 'hidden' })
    await waitForText(page, '#address', ACCOUNT)

    await page.click('#balance')
    const shown = await waitForText(page, '#balance-out', / ETH$/)
    expect(parseEther(shown.replace(' ETH', ''))).toBe(await client.getBalance({ address: ACCOUNT }))

    await page.click('#sign')
    await page.click(approve)
    const signature = (await waitForText(page, '#signature', /^0x[0-9a-f]{130}$/)) as Hex
    expect(await verifyMessage({ address: ACCOUNT, message: 'Hello from ethers', signature })).toBe(true)

    const to = privateKeyToAddress(generatePrivateKey())
    await page.fill('#to', to)
    await page.fill('#amount', '0.0123')
    await page.click('#send')
    await page.click(approve)
    // ethers' wait() asks for the receipt once, then again at each new block its poller sees (every
    // 4 s). anvil mines a transaction as it arrives and no block otherwise: when ethers looked before
    // the transaction's block was mined and its poller started after it, no block ever follows.
    // A live chain makes blocks; here the test makes one at each look until the page has the receipt.
    await expect
      .poll(
        async () => {
          const text = await page.locator('#tx').textContent()
          if (!text?.startsWith('landed')) await client.request({ method: 'evm_mine' as never })
          return text
        },
        { timeout: E2E_WAIT_MS, interval: 1000 },
      )
      .toMatch(/^landed 0x[0-9a-f]{64} in block \d+$/)
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.0123'))

    // ethers' own call (EIP-2255 wallet_revokePermissions): the wallet forgets the site, the modal follows.
    await page.click('#disconnect')
    await page.locator('#wallet').waitFor({ state: 'hidden' })
    await waitForText(page, 'gangway-button button', 'Connect Wallet')
    expect(await page.evaluate(() => (document.querySelector('#error') as HTMLOutputElement).textContent)).toBe('')
  })
})
