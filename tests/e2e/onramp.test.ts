/**
 * Buying through the modal on the localnet (issue 21; docs/behaviour.md §4 on-ramp, §8 fallbacks,
 * §9 limits): the Localnet Wallet's account 6 buys 100 USD of Harbour USD through meld's popup (the
 * on-ramp emulator's provider page, with §4's meld fields), and the modal sees the HUSD arrive on
 * anvil; an amount under the card's minimum is refused before any quote is asked; a quote failure
 * shows §8's mocked quote, marked as an estimate; an options failure shows the sample options.
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, getAddress, http, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { localContext } from './browser.js'
import { connectLocalnetWallet, recordServiceRequests, useBrowser, waitForText, waitForView, connectSettled } from './helpers.js'
import { E2E_WAIT_MS } from './wait.js'

const webUrl = inject('webUrl')
const rpcUrl = inject('rpcUrl')
const onrampUrl = inject('onrampUrl')
const blockchainUrl = inject('blockchainUrl')
const husd = inject('amm').stablecoin.address as Hex
const solanaUrl = inject('solanaUrl')
const solanaCaip2 = inject('solanaCaip2')
const solanaWallet = inject('solanaWallet')
const browser = useBrowser()
const client = createPublicClient({ transport: http(rpcUrl) })

/** Anvil's seventh dev account (the Localnet Wallet's account 6). */
const ACCOUNT = getAddress('0x976EA74026E726554dB657fA54763abd0C3a0aa9')
const husdOf = () => client.readContract({ address: husd, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT] })

/** Makes the on-ramp emulator answer `status` to the next `count` requests whose path holds `path`. */
async function fault(path: string, status: number, count?: number): Promise<void> {
  const r = await fetch(`${onrampUrl}/localnet/onramp/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, status, ...(count ? { count } : {}) }) })
  expect(r.ok).toBe(true)
}
afterEach(async () => void (await fetch(`${onrampUrl}/localnet/onramp/faults`, { method: 'DELETE' })))

/** OnRampProviders from Account, for account 6. */
async function buyView(page: Page): Promise<void> {
  await connectLocalnetWallet(page, webUrl, 6)
  await page.click('[data-testid=gw-open-buy]')
  await waitForView(page, 'OnRampProviders')
}

describe('buying through the modal', () => {
  it('100 USD of HUSD through meld’s popup arrives on anvil; under the card minimum, no quote is asked', async () => {
    const context = await localContext(browser())
    const seen = recordServiceRequests(context, { blockchain: blockchainUrl })
    const page = await context.newPage()
    await buyView(page)
    expect(await page.locator('[data-testid=gw-onramp-sample]').count()).toBe(0)
    expect(await page.textContent('[data-testid=gw-onramp-token]')).toContain('HUSD')

    // Under the minimum: the rule's message, the provider disabled, and no quote asked.
    await page.fill('[data-testid=gw-onramp-amount]', '5')
    await waitForText(page, '[data-testid=gw-onramp-problem]', 'The minimum is 10.00 USD')
    expect(await page.isDisabled('[data-testid=gw-onramp-providers] [data-provider=meld]')).toBe(true)
    expect(seen.filter((r) => r.path === '/v1/onramp/quote')).toEqual([])

    // 100 USD: the service's quote, not an estimate.
    await page.fill('[data-testid=gw-onramp-amount]', '100')
    const quote = page.locator('[data-testid=gw-onramp-quote]')
    await quote.waitFor()
    expect(await quote.getAttribute('data-mocked')).toBeNull()
    expect(seen.filter((r) => r.path === '/v1/onramp/quote').length).toBeGreaterThanOrEqual(1)

    // Meld: the popup opens inside the click and goes to the provider's page with §4's fields.
    const before = await husdOf()
    const popupOpened = context.waitForEvent('page')
    await page.click('[data-testid=gw-onramp-providers] [data-provider=meld]')
    const popup = await popupOpened
    await waitForView(page, 'BuyInProgress')
    await popup.waitForURL(/\/provider\?/)
    const fields = new URL(popup.url()).searchParams
    expect(Object.fromEntries(['publicKey', 'destinationCurrencyCode', 'walletAddress', 'externalCustomerId'].map((k) => [k, fields.get(k)]))).toEqual({ publicKey: 'gangway-localnet', destinationCurrencyCode: 'USDC', walletAddress: ACCOUNT, externalCustomerId: 'gangway-demo' })
    const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight])
    console.log(`on-ramp popup outer size ${size.join('x')}`)

    // The provider page funds the wallet; the modal sees it arrive.
    await popup.fill('[data-testid=onramp-amount]', '100.00')
    await popup.click('[data-testid=onramp-complete]')
    await popup.locator('[data-testid=onramp-done]').waitFor()
    await page.locator('[data-testid=gw-buy][data-status=succeeded]').waitFor({ timeout: E2E_WAIT_MS })
    const landed = (await husdOf()) - before
    expect(landed).toBeGreaterThan(parseUnits('95', 6))
    expect(landed).toBeLessThan(parseUnits('100', 6))
    expect(await page.textContent('[data-testid=gw-buy-received]')).toContain('HUSD')
    console.log(`on-ramp: 100.00 USD bought ${landed} HUSD base units, shown as "${await page.textContent('[data-testid=gw-buy-received]')}"`)
    // The holdings were asked afresh: Account's Tokens tab lists the HUSD.
    await page.click('[data-testid=gw-close]')
    await page.click('gangway-button')
    await waitForView(page, 'Account')
    await page.locator('[data-testid=gw-tokens] li', { hasText: 'HUSD' }).waitFor()

    // The USDT-style stablecoin (its transfer returns nothing) sends through the send form.
    const receiver = privateKeyToAddress(generatePrivateKey())
    await page.click('[data-testid=gw-open-send]')
    await page.click('[data-testid=gw-send-token]')
    await page.click('[data-testid=gw-send-tokens] button:has-text("HUSD")')
    await waitForView(page, 'WalletSend')
    await page.fill('[data-testid=gw-send-amount]', '10')
    await page.fill('[data-testid=gw-send-receiver]', receiver)
    await page.click('[data-testid=gw-send-review]')
    await page.click('[data-testid=gw-send-confirm]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account', 30_000)
    expect(await client.readContract({ address: husd, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(parseUnits('10', 6))
    await context.close()
  })

  it('SOL on the Solana localnet: meld asks for SOL, and the lamports arrive', async () => {
    const lamports = async () => BigInt(((await (await fetch(solanaUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [solanaWallet] }) })).json()) as { result: { value: number } }).result.value)
    const context = await localContext(browser())
    const page = await context.newPage()
    await connectLocalnetWallet(page, webUrl)
    await page.click('[data-testid=gw-network]')
    await page.click(`[data-network="${solanaCaip2}"]`)
    await page.click('[data-testid=gw-switch-active-chain-confirm]')
    await waitForView(page, 'Connect')
    await connectSettled(page)
    await page.click('[data-wallet-row="wallet-standard:Localnet Wallet"]')
    await page.click('[data-testid=localnet-wallet-approve]')
    await waitForView(page, 'Account')
    await page.click('[data-testid=gw-open-buy]')
    await waitForView(page, 'OnRampProviders')
    await waitForText(page, '[data-testid=gw-onramp-token]', /SOL/)
    await page.fill('[data-testid=gw-onramp-amount]', '100')
    await page.locator('[data-testid=gw-onramp-quote]').waitFor()
    const before = await lamports()
    const popupOpened = context.waitForEvent('page')
    await page.click('[data-testid=gw-onramp-providers] [data-provider=meld]')
    const popup = await popupOpened
    await popup.waitForURL(/\/provider\?/)
    const fields = new URL(popup.url()).searchParams
    expect([fields.get('destinationCurrencyCode'), fields.get('walletAddress')]).toEqual(['SOL', solanaWallet])
    await popup.click('[data-testid=onramp-complete]')
    await popup.locator('[data-testid=onramp-done]').waitFor()
    await page.locator('[data-testid=gw-buy][data-status=succeeded]').waitFor({ timeout: E2E_WAIT_MS })
    const landed = (await lamports()) - before
    expect(landed).toBeGreaterThan(0n)
    expect(await page.textContent('[data-testid=gw-buy-received]')).toContain('SOL')
    console.log(`on-ramp: 100.00 USD bought ${landed} lamports, shown as "${await page.textContent('[data-testid=gw-buy-received]')}"`)
    await context.close()
  })

  it('a quote failure shows the mocked quote marked as an estimate; an options failure, the sample options', async () => {
    const context = await localContext(browser())
    const page = await context.newPage()
    await fault('/v1/onramp/quote', 500)
    await buyView(page)
    await page.fill('[data-testid=gw-onramp-amount]', '50')
    const quote = page.locator('[data-testid=gw-onramp-quote][data-mocked]')
    await quote.waitFor()
    expect(await quote.textContent()).toContain('Estimate')
    await context.close()

    await fault('/v1/onramp/options', 500)
    const other = await localContext(browser())
    const second = await other.newPage()
    await buyView(second)
    await second.locator('[data-testid=gw-onramp-sample]').waitFor()
    await second.click('[data-testid=gw-onramp-fiat]')
    await waitForView(second, 'OnRampFiatSelect')
    expect(await second.locator('[data-testid=gw-onramp-fiats] [data-currency]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-currency')))).toEqual(['USD', 'EUR'])
    await other.close()
  })
})
