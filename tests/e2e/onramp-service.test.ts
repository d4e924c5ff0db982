/**
 * The on-ramp client (src/api/onramp.ts, issue 21) against the localnet's on-ramp service emulator
 * (localnet/services/onramp.ts) over HTTP: the options (USD and EUR with §9's limits; HUSD on both
 * anvil chains, SOL on the Solana localnet), quotes (the 1.5 % provider fee and the network fee
 * deducted, at the blockchain emulator's prices), the URL generator (an https URL the client's URL
 * validator takes), the faults that make §8's fallbacks apply, and purchases the provider page
 * completes: HUSD minted by dev account 8 on the named anvil chain and SOL on the Solana localnet,
 * exactly the quote's purchaseAmount. Node-side, besides one browser test of the page's button.
 */
import { afterEach, describe, expect, inject, it } from 'vitest'
import { Keypair } from '@solana/web3.js'
import { createPublicClient, erc20Abi, http, parseUnits, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../../localnet/anvil.js'
import { PRICES } from '../../localnet/services/blockchain.js'
import { ONRAMP_LIMITS } from '../../localnet/services/onramp.js'
import { meldDestinationCurrency, meldUrl, MOCKED_ONRAMP_QUOTE_ID, onrampAmountProblem, onrampClient, SAMPLE_ONRAMP_OPTIONS, type OnrampQuoteRequest } from '../../src/api/onramp.js'
import { createServiceFetch } from '../../src/api/service-fetch.js'
import { localContext } from './browser.js'
import { useBrowser, waitForText } from './helpers.js'

const onrampUrl = inject('onrampUrl')
const husd = inject('amm').stablecoin.address
const solanaUrl = inject('solanaUrl')
const onramp = onrampClient(createServiceFetch({ services: { blockchain: onrampUrl }, projectId: 'gangway-test' }))
/** The origin the generator names the provider page on (https; this emulator serves it over http). */
const pageOrigin = `https://${new URL(onrampUrl).host}`
/** Where a generated provider URL is served. */
const served = (href: string) => `${onrampUrl}${new URL(href).pathname}${new URL(href).search}`
const browser = useBrowser()

const freshEvm = () => privateKeyToAccount(generatePrivateKey()).address
const husdOf = (rpcUrl: string, address: Hex) => createPublicClient({ transport: http(rpcUrl) }).readContract({ address: husd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
const lamportsOf = async (address: string) => BigInt((await rpc<{ value: number }>(solanaUrl, 'getBalance', [address])).value)

/** Makes the next `count` requests whose path contains `path` fail with `status`. */
async function fault(path: string, status: number, count = 1): Promise<void> {
  const r = await fetch(`${onrampUrl}/localnet/onramp/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, status, count }) })
  expect(r.status).toBe(200)
}

/** The request the page's "Complete purchase" makes; resolves the status and the answer. */
async function complete(body: Record<string, unknown>): Promise<{ status: number; answer: { transaction: string; units: string; quote: { purchaseAmount: { amount: string } }; reasons?: { description: string }[] } }> {
  const r = await fetch(`${onrampUrl}/provider/complete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: r.status, answer: await r.json() }
}

afterEach(async () => {
  await fetch(`${onrampUrl}/localnet/onramp/faults`, { method: 'DELETE' })
})

describe('on-ramp service on the localnet', () => {
  it('options: USD and EUR with the per-method limits, HUSD on both anvil chains and SOL on the Solana localnet', async () => {
    const options = await onramp.getOptions()
    const limits = [
      { paymentMethod: 'card', min: '10.00', max: '7500.00' },
      { paymentMethod: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ]
    expect(options.paymentCurrencies).toEqual([
      { id: 'USD', limits },
      { id: 'EUR', limits },
    ])
    expect(options.purchaseCurrencies).toEqual([
      {
        id: 'HUSD',
        name: 'Harbour USD',
        symbol: 'HUSD',
        networks: [
          { name: 'localnet-31337', display_name: 'Localnet 31337', chain_id: '31337', contract_address: husd },
          { name: 'localnet-31338', display_name: 'Localnet 31338', chain_id: '31338', contract_address: husd },
        ],
      },
      { id: 'SOL', name: 'Solana', symbol: 'SOL', networks: [{ name: 'solana-localnet', display_name: 'Solana Localnet', chain_id: inject('solanaCaip2').split(':')[1], contract_address: '' }] },
    ])
    expect(onrampAmountProblem('9.99', 'EUR', 'card', options)).toBe('The minimum is 10.00 EUR')
    expect(onrampAmountProblem('7500.01', 'USD', 'card', options)).toBe('The maximum is 7500.00 USD')
    expect(onrampAmountProblem('25000', 'USD', 'ach_bank_account', options)).toBeUndefined()
  })

  it('a quote: the amount less the 1.5 % provider fee and the network fee, at 1 USD = 1 HUSD, 1 EUR = 1.08 USD and SOL at the emulator price', async () => {
    const husdQuote = await onramp.getQuote({ purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '100', network: 'localnet-31337' })
    expect(husdQuote).toEqual({ purchaseAmount: { amount: '98.4', currency: 'HUSD' }, networkFee: { amount: '0.10', currency: 'USD' }, paymentSubtotal: { amount: '98.40', currency: 'USD' }, paymentTotal: { amount: '100.00', currency: 'USD' }, quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    const eur = await onramp.getQuote({ purchaseCurrency: 'HUSD', paymentCurrency: 'EUR', amount: '250.00', network: 'localnet-31338' })
    // 250 EUR: fee 3.75, network fee 0.10 USD rounded up to 0.10 EUR, 246.15 EUR converted = 265.842 USD.
    expect([eur.paymentSubtotal.amount, eur.purchaseAmount.amount]).toEqual(['246.15', '265.842'])
    const sol = await onramp.getQuote({ purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '100', network: 'solana-localnet' })
    // 100 USD: fee 1.50, network fee 0.05, 98.45 USD at PRICES.SOL, rounded down to the lamport.
    const lamports = (9845n * 10n ** 18n) / (parseUnits(PRICES.SOL!.toFixed(9), 9) * 100n)
    expect(sol.networkFee).toEqual({ amount: '0.05', currency: 'USD' })
    expect(parseUnits(sol.purchaseAmount.amount, 9)).toBe(lamports)
    // The provider fee is what the subtotal leaves out besides the network fee: within §9's 1-2 %.
    const fee = Number(sol.paymentTotal.amount) - Number(sol.paymentSubtotal.amount) - Number(sol.networkFee.amount)
    expect(fee).toBeCloseTo(1.5, 9)
    expect(sol.quoteId).not.toBe(husdQuote.quoteId)
  })

  it("a quote the service refuses fails with its reason: under the minimum, a currency not offered on the network, a network it does not serve", async () => {
    const reason = (request: OnrampQuoteRequest) => onramp.getQuote(request).then(() => 'quoted', (e: Error) => e.message)
    expect(await reason({ purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '9.99', network: 'localnet-31337' })).toBe('The minimum is 10.00 USD')
    expect(await reason({ purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '25000.01', network: 'localnet-31337' })).toBe('The maximum is 25000.00 USD')
    expect(await reason({ purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '100', network: 'solana-localnet' })).toBe('HUSD is not offered on solana-localnet')
    expect(await reason({ purchaseCurrency: 'USDC', paymentCurrency: 'GBP', amount: '100', network: 'ethereum-mainnet' })).toBe('Unsupported network: ethereum-mainnet')
    expect(await reason({ purchaseCurrency: 'HUSD', paymentCurrency: 'GBP', amount: '100', network: 'localnet-31337' })).toBe('Unsupported currency: GBP')
    expect(await reason({ purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '10.001', network: 'localnet-31337' })).toBe('Invalid amount')
  })

  it('every service call needs projectId, st and sv', async () => {
    const r = await fetch(`${onrampUrl}/v1/onramp/options?projectId=p`)
    expect(r.status).toBe(400)
    expect(await r.json()).toEqual({ reasons: [{ description: 'projectId, st and sv are required' }] })
  })

  it('the URL generator answers the provider page as an https URL the client takes, with the fields in its query', async () => {
    const address = freshEvm()
    const solana = Keypair.generate().publicKey.toBase58()
    const url = await onramp.getOnrampUrl({
      destinationWallets: [
        { address, blockchains: ['localnet-31338'], assets: ['HUSD'] },
        { address: solana, blockchains: ['solana-localnet'], assets: ['SOL'] },
      ],
      partnerUserId: address.slice(2),
      defaultNetwork: 'localnet-31338',
      presetFiatAmount: 100,
      presetCryptoAmount: 2,
    })
    expect(url.startsWith(`${pageOrigin}/provider?`)).toBe(true)
    const q = new URL(url).searchParams
    expect(JSON.parse(q.get('destinationWallets')!)).toEqual([
      { address, blockchains: ['localnet-31338'], assets: ['HUSD'] },
      { address: solana, blockchains: ['solana-localnet'], assets: ['SOL'] },
    ])
    expect(Object.fromEntries([...q].filter(([k]) => k !== 'destinationWallets'))).toEqual({ partnerUserId: address.slice(2), defaultExperience: 'buy', defaultNetwork: 'localnet-31338', presetFiatAmount: '100.00', presetCryptoAmount: '2' })
    const page = await fetch(served(url))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/)
    const html = await page.text()
    expect(html).toContain(`data-wallet-address="${address}"`)
    expect(html).toContain('data-network="localnet-31338"')
    expect(html).toContain('value="100.00"')
    // A network the service does not serve, and a preset over the limits, are refused.
    const refused = (request: Parameters<typeof onramp.getOnrampUrl>[0]) => onramp.getOnrampUrl(request).then(() => 'url', (e: Error) => e.message)
    expect(await refused({ destinationWallets: [{ address }], partnerUserId: address.slice(2), defaultNetwork: 'base-mainnet' })).toBe('Unsupported network: base-mainnet')
    expect(await refused({ destinationWallets: [{ address }], partnerUserId: address.slice(2), presetFiatAmount: 30000 })).toBe('Invalid presetFiatAmount')
  })

  it("the provider page takes meld's fields (src/api/onramp.ts meldUrl), shows them escaped, and refuses anything else with 400", async () => {
    const walletAddress = Keypair.generate().publicKey.toBase58()
    const fields = { publicKey: 'pk_localnet<b>', destinationCurrencyCode: meldDestinationCurrency('solana'), walletAddress, externalCustomerId: '<script>alert(1)</script>' }
    const url = meldUrl(`${pageOrigin}/provider`, fields)
    const page = await fetch(served(url))
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<dd data-field="externalCustomerId">&#60;script&#62;alert(1)&#60;/script&#62;</dd>')
    expect(html).toContain('<dd data-field="publicKey">pk_localnet&#60;b&#62;</dd>')
    expect(html).not.toContain('<script>alert')
    expect(html).toContain('data-network="solana-localnet"')
    const evmMeld = await (await fetch(served(meldUrl(`${pageOrigin}/provider`, { ...fields, destinationCurrencyCode: meldDestinationCurrency('eip155'), walletAddress: freshEvm() })))).text()
    expect(evmMeld).toContain('data-network="localnet-31337" data-purchase-currency="HUSD"')

    const status = async (change: (q: URLSearchParams) => void) => {
      const u = new URL(served(url))
      change(u.searchParams)
      const r = await fetch(u)
      return `${r.status} ${(await r.text()).trim()}`
    }
    expect(await status((q) => q.set('walletAddress', freshEvm()))).toBe('400 Invalid walletAddress')
    expect(await status((q) => q.set('walletAddress', 'not-an-address'))).toBe('400 Invalid walletAddress')
    expect(await status((q) => q.set('destinationCurrencyCode', 'DOGE'))).toBe('400 Invalid destinationCurrencyCode')
    expect(await status((q) => q.set('publicKey', 'a\u0007b'))).toBe('400 Invalid publicKey')
    expect(await status((q) => q.delete('externalCustomerId'))).toBe('400 Missing externalCustomerId')
    expect(await status((q) => q.append('walletAddress', walletAddress))).toBe('400 Repeated field: walletAddress')
    expect(await status((q) => q.set('redirect', 'https://example.com'))).toBe('400 Unknown field: redirect')
    expect(await status((q) => q.set('presetFiatAmount', '1e9'))).toBe('400 Invalid presetFiatAmount')
    expect(await status((q) => q.set('presetFiatAmount', '25000.01'))).toBe('400 Invalid presetFiatAmount')
    expect(await status((q) => q.set('destinationWallets', '[]'))).toBe('400 Give walletAddress or destinationWallets, not both')
  })

  it('faults: options fall back to the sample options, a quote is mocked, the URL fails; the next call is served again', async () => {
    await fault('/v1/onramp/options', 500)
    const sample = await onramp.getOptionsOrSample()
    expect(sample).toMatchObject({ options: SAMPLE_ONRAMP_OPTIONS, sample: true })
    expect([sample.error?.message, sample.error?.details]).toEqual(['Error fetching on-ramp options', 'Status 500'])
    expect((await onramp.getOptionsOrSample()).sample).toBe(false)

    await fault('/v1/onramp/options', 404)
    expect((await onramp.getOptionsOrSample()).error?.details).toBe('Status 404')

    const request = { purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '100', network: 'localnet-31337' }
    await fault('/v1/onramp/quote', 404)
    const mocked = await onramp.getQuoteOrMock(request)
    expect(mocked).toMatchObject({ mocked: true, quote: { quoteId: MOCKED_ONRAMP_QUOTE_ID, purchaseAmount: { amount: '100', currency: 'USD' } } })
    expect(mocked.error?.message).toBe('Error fetching on-ramp quote')
    await fault('/v1/onramp/quote', 500)
    expect((await onramp.getQuoteOrMock(request)).mocked).toBe(true)
    expect(await onramp.getQuoteOrMock(request)).toMatchObject({ mocked: false, quote: { purchaseAmount: { amount: '98.4' } } })

    await fault('/v1/generators/onrampurl', 500)
    const failed = await onramp.getOnrampUrl({ destinationWallets: [{ address: freshEvm() }], partnerUserId: 'v'.repeat(32) }).catch((e: Error & { details?: string }) => [e.message, e.details])
    expect(failed).toEqual(['Error generating on-ramp URL', 'Status 500'])

    // The query form, for a page or a curl.
    const r = await fetch(`${onrampUrl}/v1/onramp/options?projectId=p&st=s&sv=v&localnetFault=404`)
    expect(r.status).toBe(404)
  })

  it("completing a purchase mints 100 USD of HUSD, the quote's amount, by dev account 8 on the named chain to a fresh address", async () => {
    const address = freshEvm()
    const quote = await onramp.getQuote({ purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '100', network: 'localnet-31338' })
    const { status, answer } = await complete({ walletAddress: address, network: 'localnet-31338', purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '100.00' })
    expect(status).toBe(200)
    expect(answer.quote.purchaseAmount.amount).toBe(quote.purchaseAmount.amount)
    expect(await husdOf(inject('rpcUrl2'), address)).toBe(parseUnits(quote.purchaseAmount.amount, 6))
    expect(await husdOf(inject('rpcUrl2'), address)).toBe(98_400_000n)
    expect(await husdOf(inject('rpcUrl'), address)).toBe(0n)
    const tx = await rpc<{ from: string; to: string }>(inject('rpcUrl2'), 'eth_getTransactionByHash', [answer.transaction])
    const accounts = await rpc<string[]>(inject('rpcUrl2'), 'eth_accounts')
    expect([tx.from.toLowerCase(), tx.to.toLowerCase()]).toEqual([accounts[8]!.toLowerCase(), husd.toLowerCase()])
  })

  it("completing a purchase airdrops the quote's SOL on the Solana localnet to a fresh address", async () => {
    const address = Keypair.generate().publicKey.toBase58()
    const quote = await onramp.getQuote({ purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '100', network: 'solana-localnet' })
    const { status, answer } = await complete({ walletAddress: address, network: 'solana-localnet', purchaseCurrency: 'SOL', paymentCurrency: 'USD', amount: '100' })
    expect(status).toBe(200)
    expect(await lamportsOf(address)).toBe(parseUnits(quote.purchaseAmount.amount, 9))
    expect(answer.units).toBe(String(parseUnits(quote.purchaseAmount.amount, 9)))
  })

  it('a purchase outside the card limits, to a wrong address or with an unknown field is refused and funds nothing', async () => {
    const address = freshEvm()
    const base = { walletAddress: address, network: 'localnet-31337', purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '100' }
    const reason = async (body: Record<string, unknown>) => {
      const { status, answer } = await complete(body)
      return `${status} ${answer.reasons?.[0]?.description}`
    }
    expect(await reason({ ...base, amount: '9.99' })).toBe(`400 The minimum is ${ONRAMP_LIMITS[0].min} USD`)
    expect(await reason({ ...base, amount: '7500.01' })).toBe(`400 The maximum is ${ONRAMP_LIMITS[0].max} USD`)
    expect(await reason({ ...base, amount: 100 })).toBe('400 Invalid amount')
    expect(await reason({ ...base, walletAddress: Keypair.generate().publicKey.toBase58() })).toBe('400 Invalid walletAddress')
    expect(await reason({ ...base, walletAddress: address.toLowerCase().replace('0x', '0X') })).toBe('400 Invalid walletAddress')
    expect(await reason({ ...base, purchaseCurrency: 'SOL' })).toBe('400 SOL is not offered on localnet-31337')
    expect(await reason({ ...base, to: '0x0' })).toBe('400 Unknown field: to')
    expect(await husdOf(inject('rpcUrl'), address)).toBe(0n)
  })

  it('the provider page at its generated https URL: Complete purchase funds the wallet and shows Purchase complete', async () => {
    const address = freshEvm()
    const url = await onramp.getOnrampUrl({ destinationWallets: [{ address, blockchains: ['localnet-31337'], assets: ['HUSD'] }], partnerUserId: address.slice(2), presetFiatAmount: 100 })
    const quote = await onramp.getQuote({ purchaseCurrency: 'HUSD', paymentCurrency: 'USD', amount: '100', network: 'localnet-31337' })
    const context = await localContext(browser())
    try {
      // The page's https origin is served by the emulator's http server.
      await context.route((u) => u.origin === pageOrigin, async (route) => route.fulfill({ response: await route.fetch({ url: served(route.request().url()) }) }))
      const page = await context.newPage()
      await page.goto(url)
      expect(await page.locator('[data-field=destinationWallets]').textContent()).toBe(`${address} localnet-31337 HUSD`)
      expect(await page.locator('[data-field=network]').textContent()).toBe('Localnet 31337')
      await page.locator('[data-testid=onramp-complete]').click()
      await page.locator('[data-testid=onramp-done]').waitFor({ state: 'visible' })
      expect(await page.locator('[data-testid=onramp-done]').textContent()).toBe('Purchase complete')
      await waitForText(page, '[data-testid=onramp-receipt]', new RegExp(`^98\\.4 HUSD sent to ${address} \\(0x[0-9a-f]{64}\\)$`))
      expect(await husdOf(inject('rpcUrl'), address)).toBe(parseUnits(quote.purchaseAmount.amount, 6))
    } finally {
      await context.close()
    }
  })
})
