import { describe, expect, it } from 'vitest'
import { GangwayError } from '../events/kernel/errors.js'
import { meldDestinationCurrency, meldUrl, mockOnrampQuote, ONRAMP_PROVIDERS, onrampAmountProblem, onrampClient, SAMPLE_ONRAMP_OPTIONS, type OnrampOptions } from './onramp.js'
import { createServiceFetch } from './service-fetch.js'

interface Sent {
  method: string
  path: string
  params: Record<string, string>
  body?: unknown
}

/** An on-ramp client over a stubbed fetch answering `answer` (a body and a status, or a thrown error); every request recorded. */
function stubbed(answer: (sent: Sent) => { status?: number; body?: unknown } | Error) {
  const sent: Sent[] = []
  const api = createServiceFetch({
    services: { blockchain: 'https://bc.example' },
    projectId: 'p1',
    fetch: async (input, init) => {
      const u = new URL(String(input))
      const s: Sent = { method: init?.method ?? 'GET', path: u.pathname, params: Object.fromEntries(u.searchParams), ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) }
      sent.push(s)
      const a = answer(s)
      if (a instanceof Error) throw a
      return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status ?? 200 })
    },
  })
  return { client: onrampClient(api), sent }
}

/** The GangwayError a call rejects with. */
async function failure(p: Promise<unknown>): Promise<GangwayError> {
  const error = await p.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(GangwayError)
  return error as GangwayError
}

const common = { projectId: 'p1', st: 'gangway', sv: 'html-universal-0.1.0' }
const reasons = (description: unknown) => ({ reasons: [{ description }] })
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

describe('SAMPLE_ONRAMP_OPTIONS and the providers (docs/behaviour.md §8, §9)', () => {
  it('USD then EUR, each by card 10.00 to 7500.00 and by bank account 10.00 to 25000.00', () => {
    expect(SAMPLE_ONRAMP_OPTIONS.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    for (const c of SAMPLE_ONRAMP_OPTIONS.paymentCurrencies) {
      expect(c.limits).toEqual([
        { paymentMethod: 'card', min: '10.00', max: '7500.00' },
        { paymentMethod: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ])
    }
    expect(SAMPLE_ONRAMP_OPTIONS.purchaseCurrencies.map((c) => c.symbol)).toEqual(['USDC', 'ETH'])
  })
  it('meld, 1-2 %, on EVM and Solana', () => {
    expect(ONRAMP_PROVIDERS).toEqual([{ name: 'meld', label: 'Meld.io', feeRange: '1-2%', url: 'https://meldcrypto.com', namespaces: ['eip155', 'solana'] }])
  })
})

describe('onrampAmountProblem', () => {
  it('accepts amounts within the method’s limits, both ends included, compared exactly', () => {
    for (const amount of ['10', '10.00', '10.000001', '7500', '7499.99', '7500.000']) expect(onrampAmountProblem(amount, 'USD', 'card', SAMPLE_ONRAMP_OPTIONS), amount).toBeUndefined()
    expect(onrampAmountProblem('25000.00', 'EUR', 'ach_bank_account', SAMPLE_ONRAMP_OPTIONS)).toBeUndefined()
  })
  it('names the minimum and the maximum of the method', () => {
    expect(onrampAmountProblem('9.999999', 'USD', 'card', SAMPLE_ONRAMP_OPTIONS)).toBe('The minimum is 10.00 USD')
    expect(onrampAmountProblem('7500.01', 'USD', 'card', SAMPLE_ONRAMP_OPTIONS)).toBe('The maximum is 7500.00 USD')
    expect(onrampAmountProblem('7500.01', 'USD', 'ach_bank_account', SAMPLE_ONRAMP_OPTIONS)).toBeUndefined()
    expect(onrampAmountProblem('25000.001', 'EUR', 'ach_bank_account', SAMPLE_ONRAMP_OPTIONS)).toBe('The maximum is 25000.00 EUR')
    // Without a method: the currency's first limit (card).
    expect(onrampAmountProblem('8000', 'USD', undefined, SAMPLE_ONRAMP_OPTIONS)).toBe('The maximum is 7500.00 USD')
  })
  it('refuses what is no decimal amount, an unknown currency or method; a limit without a method serves every method', () => {
    for (const amount of ['', 'ten', '1e3', '-10', '10,00', '.5', '12.']) expect(onrampAmountProblem(amount, 'USD', 'card', SAMPLE_ONRAMP_OPTIONS), amount).toBe('Enter an amount, like 10.00')
    expect(onrampAmountProblem('20', 'GBP', 'card', SAMPLE_ONRAMP_OPTIONS)).toBe('Unsupported currency: GBP')
    expect(onrampAmountProblem('20', 'USD', 'paypal', SAMPLE_ONRAMP_OPTIONS)).toBe('Unsupported payment method: paypal')
    const any: OnrampOptions = { ...SAMPLE_ONRAMP_OPTIONS, paymentCurrencies: [{ id: 'GBP', limits: [{ min: '5', max: '50' }] }] }
    expect(onrampAmountProblem('20', 'GBP', 'paypal', any)).toBeUndefined()
    expect(onrampAmountProblem('4.99', 'GBP', 'card', any)).toBe('The minimum is 5 GBP')
  })
})

describe('meldUrl', () => {
  const fields = { publicKey: 'pk:abc/1+2', destinationCurrencyCode: meldDestinationCurrency('eip155'), walletAddress: ALICE, externalCustomerId: 'p1' }
  it('adds publicKey, destinationCurrencyCode, walletAddress and externalCustomerId to the provider URL, encoded', () => {
    const url = new URL(meldUrl('https://meldcrypto.com', fields))
    expect(url.origin).toBe('https://meldcrypto.com')
    expect(Object.fromEntries(url.searchParams)).toEqual({ publicKey: 'pk:abc/1+2', destinationCurrencyCode: 'USDC', walletAddress: ALICE, externalCustomerId: 'p1' })
    expect(url.search).toContain('publicKey=pk%3Aabc%2F1%2B2')
  })
  it("'SOL' on solana, 'USDC' elsewhere; the base's other fields kept and its same-named ones replaced", () => {
    expect(meldDestinationCurrency('solana')).toBe('SOL')
    expect(meldDestinationCurrency('eip155')).toBe('USDC')
    const url = new URL(meldUrl('https://meldcrypto.com/buy?theme=dark&walletAddress=0xevil', { ...fields, destinationCurrencyCode: meldDestinationCurrency('solana'), walletAddress: SOL_WALLET }))
    expect(url.pathname).toBe('/buy')
    expect(url.searchParams.get('theme')).toBe('dark')
    expect(url.searchParams.getAll('walletAddress')).toEqual([SOL_WALLET])
    expect(url.searchParams.get('destinationCurrencyCode')).toBe('SOL')
  })
  it("throws 'Invalid on-ramp URL' for a base that is not https and for empty, long or control-character fields", () => {
    for (const base of ['http://meldcrypto.com', 'javascript:alert(1)', 'meld://buy', 'not a url']) expect(() => meldUrl(base, fields), base).toThrow('Invalid on-ramp URL')
    for (const change of [{ walletAddress: '' }, { publicKey: 'x'.repeat(257) }, { externalCustomerId: 'p1\nx' }, { publicKey: undefined }]) {
      expect(() => meldUrl('https://meldcrypto.com', { ...fields, ...change } as never)).toThrow(GangwayError)
    }
    expect(() => meldUrl(`https://meldcrypto.com/?pad=${'x'.repeat(1900)}`, fields)).toThrow('Invalid on-ramp URL')
  })
})

describe('getOptions and the sample fallback', () => {
  const answer = {
    paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '20.00', max: '500.00' }] }],
    purchaseCurrencies: [{ id: 'c0ffee-1', name: 'USD Coin', symbol: 'USDC', networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }] }],
  }
  it('asks GET /v1/onramp/options and reads AppKit’s spelling and the hosted service’s', async () => {
    const { client, sent } = stubbed(() => ({ body: answer }))
    expect(await client.getOptions()).toEqual({
      paymentCurrencies: [{ id: 'USD', limits: [{ paymentMethod: 'card', min: '20.00', max: '500.00' }] }],
      purchaseCurrencies: [{ id: 'c0ffee-1', name: 'USD Coin', symbol: 'USDC', networks: [{ name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }] }],
    })
    expect(sent).toEqual([{ method: 'GET', path: '/v1/onramp/options', params: common }])
    const hosted = {
      paymentCurrencies: [{ id: 'EUR', limits: [{ id: 'card', min: '15', max: '600' }] }],
      purchaseCurrencies: [{ id: 'sol', name: 'Solana', symbol: 'SOL', networks: [{ name: 'solana', displayName: 'Solana', chainId: '', contractAddress: '' }] }],
    }
    expect(await stubbed(() => ({ body: hosted })).client.getOptions()).toEqual({
      paymentCurrencies: [{ id: 'EUR', limits: [{ paymentMethod: 'card', min: '15', max: '600' }] }],
      purchaseCurrencies: [{ id: 'sol', name: 'Solana', symbol: 'SOL', networks: [{ name: 'solana', display_name: 'Solana', chain_id: '', contract_address: '' }] }],
    })
  })
  it('drops malformed entries: float or inverted limits, bad contract addresses, currencies left empty; bounds the lists', async () => {
    const body = {
      paymentCurrencies: [
        { id: 'USD', payment_method_limits: [{ id: 'card', min: 10, max: '20' }, { id: 'card', min: '30', max: '20' }, { id: 'bank', min: '1', max: '2' }] },
        { id: 'XXX', payment_method_limits: [{ id: 'card', min: '1e3', max: '2' }] },
        { id: 'bad id!', payment_method_limits: [{ id: 'card', min: '1', max: '2' }] },
        ...Array.from({ length: 500 }, (_, i) => ({ id: `C${i}`, payment_method_limits: Array.from({ length: 50 }, () => ({ id: 'card', min: '1', max: '2' })) })),
      ],
      purchaseCurrencies: [
        { id: 'x', name: 'X', symbol: 'X', networks: [{ name: 'eth', display_name: 'E', chain_id: '1', contract_address: '0x1234' }, { name: 'eth', display_name: 'E\u0000vil', chain_id: 1, contract_address: `0x${'a'.repeat(40)}` }] },
        { id: 'y', name: 'Y', symbol: 'Y', networks: [{ name: 'eth', display_name: 'E', chain_id: '1', contract_address: 'javascript:' }] },
      ],
    }
    const options = await stubbed(() => ({ body })).client.getOptions()
    expect(options.paymentCurrencies[0]).toEqual({ id: 'USD', limits: [{ paymentMethod: 'bank', min: '1', max: '2' }] })
    expect(options.paymentCurrencies).toHaveLength(100 - 2)
    expect(options.paymentCurrencies[1]!.limits).toHaveLength(10)
    expect(options.purchaseCurrencies).toEqual([{ id: 'x', name: 'X', symbol: 'X', networks: [{ name: 'eth', display_name: 'E vil', chain_id: '1', contract_address: `0x${'a'.repeat(40)}` }] }])
  })
  it("'Error fetching on-ramp options', or the first reason; getOptionsOrSample falls back to the sample options", async () => {
    expect((await failure(stubbed(() => ({ status: 403, body: reasons('Onramp not enabled') })).client.getOptions())).message).toBe('Onramp not enabled')
    for (const answerOf of [() => ({ status: 500 }), () => new TypeError('fetch failed'), () => ({ body: { paymentCurrencies: [], purchaseCurrencies: answer.purchaseCurrencies } }), () => ({ body: { paymentCurrencies: answer.paymentCurrencies } })]) {
      const { client } = stubbed(answerOf)
      expect(await failure(client.getOptions())).toMatchObject({ message: 'Error fetching on-ramp options', category: 'API_ERROR' })
      const got = await client.getOptionsOrSample()
      expect(got).toMatchObject({ options: SAMPLE_ONRAMP_OPTIONS, sample: true, error: { message: 'Error fetching on-ramp options' } })
    }
    expect(await stubbed(() => ({ body: answer })).client.getOptionsOrSample()).toMatchObject({ sample: false, options: { paymentCurrencies: [{ id: 'USD' }] } })
  })
  it("getOptionsOrSample passes the caller's abort through", async () => {
    const controller = new AbortController()
    const { client } = stubbed(() => {
      controller.abort(new DOMException('view closed', 'AbortError'))
      return new DOMException('aborted', 'AbortError')
    })
    await expect(client.getOptionsOrSample(controller.signal)).rejects.toMatchObject({ name: 'AbortError', message: 'view closed' })
  })
})

describe('getQuote and the mocked fallback', () => {
  const request = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100.00', network: 'ethereum-mainnet' }
  const usd = (amount: string) => ({ amount, currency: 'USD' })
  it('POSTs /v1/onramp/quote and reads purchaseAmount.amount, the fees, the totals and the quote id', async () => {
    const body = { purchaseAmount: { amount: '98.12', currency: 'USDC' }, networkFee: usd('0.50'), paymentSubtotal: usd('98.50'), paymentTotal: usd('100.00'), quoteId: 'q-1' }
    const { client, sent } = stubbed(() => ({ body }))
    expect(await client.getQuote(request)).toEqual(body)
    expect(sent).toEqual([{ method: 'POST', path: '/v1/onramp/quote', params: common, body: request }])
    const hosted = { purchaseAmount: { value: '98.12', currency: 'USDC' }, networkFee: { value: '0.50', currency: 'USD' }, paymentSubTotal: { value: '98.50', currency: 'USD' }, paymentTotal: { value: '100.00', currency: 'USD' }, coinbaseFee: { value: '1', currency: 'USD' }, quoteId: 'q-2' }
    expect((await stubbed(() => ({ body: hosted })).client.getQuote(request)).paymentSubtotal).toEqual(usd('98.50'))
  })
  it("a malformed quote (a float, a missing part) is 'Error fetching on-ramp quote'; getQuoteOrMock answers the one-to-one mock", async () => {
    const good = { purchaseAmount: { amount: '98.12', currency: 'USDC' }, networkFee: usd('0.50'), paymentSubtotal: usd('98.50'), paymentTotal: usd('100.00'), quoteId: 'q-1' }
    for (const body of [{ ...good, purchaseAmount: { amount: 98.12, currency: 'USDC' } }, { ...good, quoteId: '' }, { ...good, networkFee: undefined }]) {
      const { client } = stubbed(() => ({ body }))
      expect(await failure(client.getQuote(request))).toMatchObject({ message: 'Error fetching on-ramp quote', details: 'Malformed answer' })
      expect(await client.getQuoteOrMock(request)).toMatchObject({ quote: mockOnrampQuote('100.00', 'USD'), mocked: true })
    }
    expect(mockOnrampQuote('100.00', 'USD')).toEqual({ purchaseAmount: usd('100.00'), networkFee: usd('100.00'), paymentSubtotal: usd('100.00'), paymentTotal: usd('100.00'), quoteId: 'mocked-quote-id' })
    expect((await failure(stubbed(() => ({ status: 400, body: reasons('Amount below minimum') })).client.getQuote(request))).message).toBe('Amount below minimum')
    expect(await stubbed(() => ({ body: good })).client.getQuoteOrMock(request)).toEqual({ quote: good, mocked: false })
  })
  it('sends nothing, and mocks nothing, for a request that is not well formed', async () => {
    const { client, sent } = stubbed(() => ({ body: {} }))
    for (const [change, field] of [[{ amount: '1e2' }, 'amount'], [{ purchaseCurrency: 'US DC' }, 'purchaseCurrency'], [{ network: '' }, 'network']] as const) {
      expect(await failure(client.getQuote({ ...request, ...change }))).toMatchObject({ message: 'Error fetching on-ramp quote', details: `Invalid request: ${field}`, category: 'INTERNAL_SDK_ERROR' })
      expect(await failure(client.getQuoteOrMock({ ...request, ...change }))).toMatchObject({ details: `Invalid request: ${field}` })
    }
    expect(sent).toEqual([])
  })
})

describe('getOnrampUrl', () => {
  const request = { destinationWallets: [{ address: ALICE, blockchains: ['ethereum', 'base'], assets: ['USDC'] }], partnerUserId: ALICE.slice(2), defaultNetwork: 'base', presetFiatAmount: 100 }
  it('POSTs /v1/generators/onrampurl with defaultExperience buy and answers the https URL, normalised by the URL validator', async () => {
    const { client, sent } = stubbed(() => ({ body: { url: 'HTTPS://pay.example/buy?appId=1&x=a b' } }))
    expect(await client.getOnrampUrl(request)).toBe('https://pay.example/buy?appId=1&x=a%20b')
    expect(sent).toEqual([{ method: 'POST', path: '/v1/generators/onrampurl', params: common, body: { ...request, defaultExperience: 'buy' } }])
  })
  it("refuses a URL the validator does not open in a new tab: 'Error generating on-ramp URL', details 'Refused URL'", async () => {
    for (const url of ['javascript:alert(1)', 'http://pay.example/', 'data:text/html,<script>1</script>', 'evil://x', `https://pay.example/${'x'.repeat(2100)}`]) {
      expect(await failure(stubbed(() => ({ body: { url } })).client.getOnrampUrl(request)), url).toMatchObject({ message: 'Error generating on-ramp URL', details: 'Refused URL', category: 'API_ERROR' })
    }
  })
  it('the first reason, else the fallback', async () => {
    expect((await failure(stubbed(() => ({ status: 400, body: reasons('partnerUserId too short') })).client.getOnrampUrl(request))).message).toBe('partnerUserId too short')
    for (const answer of [() => ({ status: 500 }), () => ({ body: {} }), () => ({ body: { url: 7 } })]) expect((await failure(stubbed(answer).client.getOnrampUrl(request))).message).toBe('Error generating on-ramp URL')
  })
  it('sends nothing for a request that is not well formed', async () => {
    const { client, sent } = stubbed(() => ({ body: { url: 'https://pay.example/' } }))
    const bad: [Record<string, unknown>, string][] = [
      [{ destinationWallets: [] }, 'destinationWallets'],
      [{ destinationWallets: [{ address: 'alice.eth' }] }, 'destinationWallets'],
      [{ destinationWallets: [{ address: SOL_WALLET, assets: ['USDC', 'a b'] }] }, 'destinationWallets'],
      [{ partnerUserId: '' }, 'partnerUserId'],
      [{ partnerUserId: 'x'.repeat(51) }, 'partnerUserId'],
      [{ partnerUserId: 'x'.repeat(31) }, 'partnerUserId'],
      // The hosted generator takes whole preset amounts only.
      [{ presetFiatAmount: 99.5 }, 'presetFiatAmount'],
      [{ presetCryptoAmount: 0.0000001 }, 'presetCryptoAmount'],
      [{ defaultNetwork: 'base\n' }, 'defaultNetwork'],
      [{ presetFiatAmount: -1 }, 'presetFiatAmount'],
      [{ presetCryptoAmount: Number.NaN }, 'presetCryptoAmount'],
    ]
    for (const [change, field] of bad) expect(await failure(client.getOnrampUrl({ ...request, ...change } as never))).toMatchObject({ message: 'Error generating on-ramp URL', details: `Invalid request: ${field}`, category: 'INTERNAL_SDK_ERROR' })
    expect(sent).toEqual([])
  })
})
