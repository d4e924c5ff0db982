/**
 * Client of the on-ramp service (docs/behaviour.md §7 on the blockchain service): the
 * options (what can be paid with and bought), a quote, and the provider URL a visitor is sent to;
 * through the shared service fetch (projectId, st, sv, the 10 s timeout, an AbortSignal). On-ramp
 * serves EVM and Solana accounts (docs/behaviour.md §9). Also the pure pieces: the built-in sample
 * options and the mocked quote of docs/behaviour.md §8's fallbacks, the check of an amount against a
 * currency's limits, and meld's URL (docs/behaviour.md §4).
 *
 * What the service answers (as AppKit reads it; the hosted service's own spellings are read too):
 * - options: `{ paymentCurrencies: [{ id, payment_method_limits | limits: [{ id, min, max }] }],
 *   purchaseCurrencies: [{ id, name, symbol, networks: [{ name, display_name | displayName,
 *   chain_id | chainId, contract_address | contractAddress }] }] }`;
 * - quote: `{ purchaseAmount, networkFee, paymentSubtotal | paymentSubTotal, paymentTotal: { amount |
 *   value, currency }, quoteId }`;
 * - URL: `{ url }`.
 *
 * Answers are remote data: lists are cut (ONRAMP_CURRENCIES_MAX currencies of each kind,
 * ONRAMP_LIMITS_MAX limits, ONRAMP_NETWORKS_MAX networks) before malformed entries are dropped;
 * ids and payment methods are codes (letters, digits, `_.-`, at most 64), names cut to MAX_REMOTE_NAME
 * and symbols to 20 characters; amounts and limits are decimal strings (never floats), a limit's min
 * at most its max; a contract address is '' (the native coin), a 0x address or a Solana address; the
 * provider's URL must pass the URL validator's navigation check as https (urls.ts `navigationFor`,
 * at most URL_MAX characters).
 *
 * Errors (docs/behaviour.md §8), GangwayErrors of category API_ERROR unless said otherwise:
 * - a request that is not well formed is not sent: the call's message with details 'Invalid
 *   request: {field}', category INTERNAL_SDK_ERROR;
 * - an error status whose JSON body gives `{ reasons: [{ description }] }`: that first description
 *   (names.ts `firstReason`);
 * - anything else: 'Error fetching on-ramp options', 'Error fetching on-ramp quote', 'Error
 *   generating on-ramp URL' (a refused URL included: details 'Refused URL');
 * - the caller's abort passes through as the signal's AbortError. `getOptionsOrSample` and
 *   `getQuoteOrMock` apply §8's fallbacks instead of throwing API errors.
 */
import { HttpRequestError } from 'viem'
import { isEvmAddress, isSolanaAddress } from '../events/address-rules.js'
import type { OnrampLimit, OnrampNetwork, OnrampOptions, OnrampPaymentCurrency, OnrampPurchaseCurrency } from '../events/entities.js'
import { compareDecimals, ONRAMP_CODE as CODE, ONRAMP_DECIMAL as DECIMAL, SAMPLE_ONRAMP_OPTIONS } from '../events/onramp-rules.js'
import { ERROR_FETCHING_ONRAMP_OPTIONS, ERROR_FETCHING_ONRAMP_QUOTE, ERROR_GENERATING_ONRAMP_URL, errorMessage, GangwayError, INVALID_ONRAMP_URL } from '../events/kernel/errors.js'
import { MAX_REMOTE_NAME, MAX_REMOTE_STRING } from '../events/kernel/limits.js'
import { navigationFor, providerPageUrl, URL_MAX } from '../events/kernel/urls.js'
import { firstReason } from './names.js'
import { errorResponseBody, type ServiceFetch } from './service-fetch.js'

export type { OnrampLimit, OnrampNetwork, OnrampOptions, OnrampPaymentCurrency, OnrampPurchaseCurrency }
export { onrampAmountProblem, ONRAMP_AMOUNT_INVALID, SAMPLE_ONRAMP_OPTIONS } from '../events/onramp-rules.js'

/** The most payment currencies, and the most purchase currencies, kept of one answer. */
export const ONRAMP_CURRENCIES_MAX = 100
/** The most limits kept of one payment currency. */
export const ONRAMP_LIMITS_MAX = 10
/** The most networks kept of one purchase currency. */
export const ONRAMP_NETWORKS_MAX = 50
/** The most destination wallets sent for one URL, and the most blockchains and assets of each. */
export const ONRAMP_WALLETS_MAX = 10
/** The quote id of the mocked quote (docs/behaviour.md §8). */
export const MOCKED_ONRAMP_QUOTE_ID = 'mocked-quote-id'


/** An amount of a currency: a decimal string in whole units ('99.50'), the currency's code. */
export interface OnrampAmount {
  amount: string
  currency: string
}

/** A quote: what the visitor gets (`purchaseAmount`), the fees and what they pay. */
export interface OnrampQuote {
  purchaseAmount: OnrampAmount
  networkFee: OnrampAmount
  paymentSubtotal: OnrampAmount
  paymentTotal: OnrampAmount
  quoteId: string
}

/** What getQuote asks: `amount` (a decimal string) of `paymentCurrency` ('USD') into `purchaseCurrency` ('USDC') on `network` ('ethereum-mainnet'). */
export interface OnrampQuoteRequest {
  purchaseCurrency: string
  paymentCurrency: string
  amount: string
  network: string
}

/** A wallet the bought currency may go to: its address, the networks ('ethereum', 'solana') and assets ('USDC') it takes. */
export interface OnrampDestinationWallet {
  address: string
  blockchains?: string[]
  assets?: string[]
}

/** What getOnrampUrl asks (the provider's buy page, `defaultExperience: 'buy'`); preset amounts in whole units, ≥ 0. */
export interface OnrampUrlRequest {
  destinationWallets: OnrampDestinationWallet[]
  /** The visitor's id at the provider, 1 to 64 letters and digits (AppKit sends the address). */
  partnerUserId: string
  defaultNetwork?: string
  presetCryptoAmount?: number
  presetFiatAmount?: number
}

/** An on-ramp provider Gangway offers (docs/behaviour.md §9: on-ramp on EVM and Solana, provider fee 1-2 %). */
export interface OnrampProvider {
  name: 'meld'
  label: string
  /** The provider's fee, as shown. */
  feeRange: string
  /** The provider's page; meld's gets meldUrl's fields. */
  url: string
  namespaces: readonly string[]
}

/** docs/behaviour.md §4, §9: the providers, meld only. */
export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = [{ name: 'meld', label: 'Meld.io', feeRange: '1-2%', url: 'https://meldcrypto.com', namespaces: ['eip155', 'solana'] }]


type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const list = (v: unknown, max: number): unknown[] => (Array.isArray(v) ? v.slice(0, max) : [])
const code = (v: unknown): string | undefined => (typeof v === 'string' && CODE.test(v) ? v : undefined)
const decimal = (v: unknown): string | undefined => (typeof v === 'string' && DECIMAL.test(v) ? v : undefined)
/** Text for a view: control characters as spaces, trimmed, cut to `max`; undefined when empty. */
const text = (v: unknown, max: number): string | undefined => {
  const t = typeof v === 'string' ? v.slice(0, max * 4).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim().slice(0, max) : ''
  return t || undefined
}
/** The first of `keys` that `o` has (the service's two spellings of a field). */
const either = (o: Json, ...keys: string[]): unknown => o[keys.find((k) => o[k] !== undefined) ?? keys[0]!]


function toLimit(v: unknown): OnrampLimit | undefined {
  const l = obj(v)
  const min = decimal(l?.min)
  const max = decimal(l?.max)
  if (!l || min === undefined || max === undefined || compareDecimals(min, max) > 0) return undefined
  const paymentMethod = code(l.id ?? l.paymentMethod)
  return paymentMethod ? { paymentMethod, min, max } : { min, max }
}

function toPaymentCurrency(v: unknown): OnrampPaymentCurrency | undefined {
  const c = obj(v)
  const id = code(c?.id)
  if (!c || !id) return undefined
  const limits = list(either(c, 'payment_method_limits', 'limits'), ONRAMP_LIMITS_MAX).map(toLimit).filter((l): l is OnrampLimit => l !== undefined)
  return limits.length ? { id, limits } : undefined
}

function toNetwork(v: unknown): OnrampNetwork | undefined {
  const n = obj(v)
  const name = code(n?.name)
  if (!n || !name) return undefined
  const given = either(n, 'chain_id', 'chainId')
  const chainId = typeof given === 'number' && Number.isSafeInteger(given) && given >= 0 ? String(given) : given
  const contract = either(n, 'contract_address', 'contractAddress') ?? ''
  if (typeof chainId !== 'string' || (chainId !== '' && !CODE.test(chainId))) return undefined
  if (typeof contract !== 'string' || (contract !== '' && !(contract.startsWith('0x') ? isEvmAddress(contract) : isSolanaAddress(contract)))) return undefined
  return { name, display_name: text(either(n, 'display_name', 'displayName'), MAX_REMOTE_NAME) ?? name, chain_id: chainId, contract_address: contract }
}

function toPurchaseCurrency(v: unknown): OnrampPurchaseCurrency | undefined {
  const c = obj(v)
  const id = code(c?.id)
  const symbol = text(c?.symbol, 20)
  if (!c || !id || !symbol) return undefined
  const networks = list(c.networks, ONRAMP_NETWORKS_MAX).map(toNetwork).filter((n): n is OnrampNetwork => n !== undefined)
  return networks.length ? { id, name: text(c.name, MAX_REMOTE_NAME) ?? symbol, symbol, networks } : undefined
}

/** An options answer checked (see the module comment), or undefined when either list has no usable entry. */
export function toOnrampOptions(v: unknown): OnrampOptions | undefined {
  const r = obj(v)
  const paymentCurrencies = list(r?.paymentCurrencies, ONRAMP_CURRENCIES_MAX).map(toPaymentCurrency).filter((c): c is OnrampPaymentCurrency => c !== undefined)
  const purchaseCurrencies = list(r?.purchaseCurrencies, ONRAMP_CURRENCIES_MAX).map(toPurchaseCurrency).filter((c): c is OnrampPurchaseCurrency => c !== undefined)
  return paymentCurrencies.length && purchaseCurrencies.length ? { paymentCurrencies, purchaseCurrencies } : undefined
}

function toAmount(v: unknown): OnrampAmount | undefined {
  const a = obj(v)
  const amount = a ? decimal(either(a, 'amount', 'value')) : undefined
  const currency = code(a?.currency)
  return amount !== undefined && currency ? { amount, currency } : undefined
}

/** A quote answer checked (every amount a decimal string with a currency code, a quote id of at most MAX_REMOTE_STRING characters), or undefined. */
export function toOnrampQuote(v: unknown): OnrampQuote | undefined {
  const q = obj(v)
  if (!q) return undefined
  const purchaseAmount = toAmount(q.purchaseAmount)
  const networkFee = toAmount(q.networkFee)
  const paymentSubtotal = toAmount(either(q, 'paymentSubtotal', 'paymentSubTotal'))
  const paymentTotal = toAmount(q.paymentTotal)
  const quoteId = typeof q.quoteId === 'string' && q.quoteId.length > 0 && q.quoteId.length <= MAX_REMOTE_STRING ? q.quoteId : undefined
  return purchaseAmount && networkFee && paymentSubtotal && paymentTotal && quoteId ? { purchaseAmount, networkFee, paymentSubtotal, paymentTotal, quoteId } : undefined
}

/**
 * The mocked quote of docs/behaviour.md §8 (a quote failure returns it): one to one, every amount
 * `amount` of `paymentCurrency`, quote id MOCKED_ONRAMP_QUOTE_ID.
 */
export function mockOnrampQuote(amount: string, paymentCurrency: string): OnrampQuote {
  const a = { amount, currency: paymentCurrency }
  return { purchaseAmount: a, networkFee: { ...a }, paymentSubtotal: { ...a }, paymentTotal: { ...a }, quoteId: MOCKED_ONRAMP_QUOTE_ID }
}



/** meld's `destinationCurrencyCode` (docs/behaviour.md §4): 'SOL' on solana, 'USDC' elsewhere. */
export function meldDestinationCurrency(namespace: string): 'SOL' | 'USDC' {
  return namespace === 'solana' ? 'SOL' : 'USDC'
}

/** The query fields meld's URL gets (docs/behaviour.md §4): each 1 to 256 characters without control characters. */
export interface MeldUrlFields {
  publicKey: string
  /** meldDestinationCurrency of the active namespace. */
  destinationCurrencyCode: string
  walletAddress: string
  /** The project id. */
  externalCustomerId: string
}

/**
 * meld's URL (docs/behaviour.md §4 "The provider named meld gets a URL with extra query fields"):
 * `base` with the query fields publicKey, destinationCurrencyCode, walletAddress and
 * externalCustomerId set (replacing any of the same name; the base's other fields kept), as the URL
 * validator normalises it.
 * @param base an https URL (ONRAMP_PROVIDERS' meld url, 'https://meldcrypto.com'), or an http one
 *   on `allowedOrigins` (the site's `services.onramp`; urls.ts providerPageUrl).
 * @returns the URL, https, at most URL_MAX characters.
 * @throws GangwayError 'Invalid on-ramp URL' (details 'Not an https URL', 'Invalid {field}', 'Too
 *   long') for a base that is not https by navigationFor, a field that is empty, over 256
 *   characters or holds control characters, or a URL over URL_MAX.
 */
export function meldUrl(base: string, fields: MeldUrlFields, allowedOrigins: readonly string[] = []): string {
  const page = providerPageUrl(base, allowedOrigins)
  if (!page) throw new GangwayError(INVALID_ONRAMP_URL, { details: 'Not an https URL' })
  const url = new URL(page)
  for (const key of ['publicKey', 'destinationCurrencyCode', 'walletAddress', 'externalCustomerId'] as const) {
    const value = (obj(fields) ?? {})[key]
    if (typeof value !== 'string' || value.length === 0 || value.length > 256 || /[\u0000-\u001f\u007f-\u009f]/.test(value)) throw new GangwayError(INVALID_ONRAMP_URL, { details: `Invalid ${key}` })
    url.searchParams.set(key, value)
  }
  const href = providerPageUrl(url.href, allowedOrigins)
  if (!href || href.length > URL_MAX) throw new GangwayError(INVALID_ONRAMP_URL, { details: 'Too long' })
  return href
}

/** A 2xx answer that does not have the shape asked for. */
const malformed = (message: string, why = 'Malformed answer') => new GangwayError(message, { category: 'API_ERROR', details: why })

/** A failed call as the GangwayError of the module comment's rules; a GangwayError (this module's own) and the caller's abort pass as they are. */
function onrampError(error: unknown, fallback: string, signal: AbortSignal | undefined): unknown {
  if (error instanceof GangwayError || signal?.aborted) return error
  const status = error instanceof HttpRequestError ? error.status : undefined
  // An HttpRequestError of a 2xx answer (a body too large or not JSON) is no error status.
  const badStatus = status !== undefined && (status < 200 || status > 299)
  const options = { category: 'API_ERROR' as const, details: badStatus ? `Status ${status}` : errorMessage(error).slice(0, MAX_REMOTE_STRING), cause: error }
  return new GangwayError((badStatus ? firstReason(errorResponseBody(error)) : undefined) ?? fallback, options)
}

/** True for a short plain string list entry (a blockchain or asset name). */
const isName = (v: unknown): v is string => typeof v === 'string' && CODE.test(v)

/** The request's body, or the name of its first field that is not well formed. */
function urlBody(r: Json | undefined): Json | string {
  const wallets = r?.destinationWallets
  if (!Array.isArray(wallets) || wallets.length === 0 || wallets.length > ONRAMP_WALLETS_MAX) return 'destinationWallets'
  const destinationWallets = []
  for (const w of wallets) {
    const o = obj(w)
    const address = o?.address
    if (!o || typeof address !== 'string' || !(isEvmAddress(address) || isSolanaAddress(address))) return 'destinationWallets'
    for (const key of ['blockchains', 'assets'] as const) {
      const v = o[key]
      if (v !== undefined && (!Array.isArray(v) || v.length > ONRAMP_WALLETS_MAX || !v.every(isName))) return 'destinationWallets'
    }
    destinationWallets.push({ address, ...(o.blockchains ? { blockchains: o.blockchains } : {}), ...(o.assets ? { assets: o.assets } : {}) })
  }
  // The hosted generator's rules (reown-com/blockchain-api src/handlers/generators/onrampurl.rs; docs/services.md):
  // partnerUserId of 32 to 50 characters, preset amounts whole numbers (a fraction is refused with 400).
  if (typeof r!.partnerUserId !== 'string' || !/^[A-Za-z0-9]{32,50}$/.test(r!.partnerUserId)) return 'partnerUserId'
  if (r!.defaultNetwork !== undefined && !isName(r!.defaultNetwork)) return 'defaultNetwork'
  for (const key of ['presetCryptoAmount', 'presetFiatAmount'] as const) {
    const v = r![key]
    if (v !== undefined && (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)) return key
  }
  return { destinationWallets, defaultNetwork: r!.defaultNetwork, partnerUserId: r!.partnerUserId, defaultExperience: 'buy', presetCryptoAmount: r!.presetCryptoAmount, presetFiatAmount: r!.presetFiatAmount }
}

/** The three on-ramp calls over `api` (the shared service fetch), and the two with docs/behaviour.md §8's fallbacks; see the module comment for the answers' checks and the errors. */
export function onrampClient(api: ServiceFetch) {
  const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})
  const client = {
    /**
     * GET /v1/onramp/options: what can be paid with and bought.
     * @returns OnrampOptions, each list with at least one usable entry.
     * @throws GangwayError with the service's first reason, else 'Error fetching on-ramp options'
     *   (an answer without a usable payment or purchase currency included).
     */
    async getOptions(signal?: AbortSignal): Promise<OnrampOptions> {
      try {
        const options = toOnrampOptions(await api.get('blockchain', 'v1/onramp/options', withSignal(signal)))
        if (!options) throw malformed(ERROR_FETCHING_ONRAMP_OPTIONS)
        return options
      } catch (error) {
        throw onrampError(error, ERROR_FETCHING_ONRAMP_OPTIONS, signal)
      }
    },
    /**
     * getOptions, or SAMPLE_ONRAMP_OPTIONS when it fails (docs/behaviour.md §8).
     * @returns `{ options, sample }`, `sample` true for the fallback, with `error` the failure.
     * @throws only the caller's abort.
     */
    async getOptionsOrSample(signal?: AbortSignal): Promise<{ options: OnrampOptions; sample: boolean; error?: GangwayError }> {
      try {
        return { options: await client.getOptions(signal), sample: false }
      } catch (error) {
        if (signal?.aborted) throw error
        return { options: SAMPLE_ONRAMP_OPTIONS, sample: true, error: error as GangwayError }
      }
    },
    /**
     * POST /v1/onramp/quote with body `{ purchaseCurrency, paymentCurrency, amount, network }`.
     * @returns the OnrampQuote (every amount checked, `purchaseAmount.amount` what the visitor gets).
     * @throws GangwayError 'Error fetching on-ramp quote' with 'Invalid request: {purchaseCurrency|
     *   paymentCurrency|amount|network}' (INTERNAL_SDK_ERROR, no request) unless the currencies and
     *   network are codes and the amount a decimal string; else the service's first reason, or
     *   'Error fetching on-ramp quote'.
     */
    async getQuote(request: OnrampQuoteRequest, signal?: AbortSignal): Promise<OnrampQuote> {
      const r = obj(request)
      const wrong = (['purchaseCurrency', 'paymentCurrency', 'amount', 'network'] as const).find((k) => (k === 'amount' ? decimal(r?.[k]) : code(r?.[k])) === undefined)
      if (wrong) throw new GangwayError(ERROR_FETCHING_ONRAMP_QUOTE, { details: `Invalid request: ${wrong}` })
      try {
        const quote = toOnrampQuote(await api.post('blockchain', 'v1/onramp/quote', { purchaseCurrency: r!.purchaseCurrency, paymentCurrency: r!.paymentCurrency, amount: r!.amount, network: r!.network }, withSignal(signal)))
        if (!quote) throw malformed(ERROR_FETCHING_ONRAMP_QUOTE)
        return quote
      } catch (error) {
        throw onrampError(error, ERROR_FETCHING_ONRAMP_QUOTE, signal)
      }
    },
    /**
     * getQuote, or mockOnrampQuote(amount, paymentCurrency) when the service fails (docs/behaviour.md §8).
     * @returns `{ quote, mocked }`, `mocked` true for the fallback, with `error` the failure.
     * @throws getQuote's 'Invalid request' errors (nothing to mock) and the caller's abort.
     */
    async getQuoteOrMock(request: OnrampQuoteRequest, signal?: AbortSignal): Promise<{ quote: OnrampQuote; mocked: boolean; error?: GangwayError }> {
      try {
        return { quote: await client.getQuote(request, signal), mocked: false }
      } catch (error) {
        if (signal?.aborted || (error instanceof GangwayError && error.category === 'INTERNAL_SDK_ERROR')) throw error
        return { quote: mockOnrampQuote(request.amount, request.paymentCurrency), mocked: true, error: error as GangwayError }
      }
    },
    /**
     * POST /v1/generators/onrampurl with body `{ destinationWallets, defaultNetwork, partnerUserId,
     * defaultExperience: 'buy', presetCryptoAmount, presetFiatAmount }`: the provider's buy page.
     * @returns the answer's `url`, https by the URL validator (navigationFor), at most URL_MAX characters.
     * @throws GangwayError 'Error generating on-ramp URL' with 'Invalid request: {field}'
     *   (INTERNAL_SDK_ERROR, no request) unless 1 to ONRAMP_WALLETS_MAX wallets with EVM or Solana
     *   addresses (blockchains and assets codes, at most ONRAMP_WALLETS_MAX), a partnerUserId of 32 to
     *   50 letters and digits, a code as defaultNetwork and preset amounts that are whole numbers ≥ 0
     *   (the hosted generator's rules, docs/services.md); else the
     *   service's first reason, or 'Error generating on-ramp URL' (details 'Refused URL' for a URL
     *   that is not https or too long).
     */
    async getOnrampUrl(request: OnrampUrlRequest, signal?: AbortSignal): Promise<string> {
      const body = urlBody(obj(request))
      if (typeof body === 'string') throw new GangwayError(ERROR_GENERATING_ONRAMP_URL, { details: `Invalid request: ${body}` })
      try {
        const url = obj(await api.post('blockchain', 'v1/generators/onrampurl', body, withSignal(signal)))?.url
        if (typeof url !== 'string') throw malformed(ERROR_GENERATING_ONRAMP_URL)
        const nav = navigationFor(url)
        if (!nav || nav.target !== 'new-tab' || nav.href.length > URL_MAX) throw malformed(ERROR_GENERATING_ONRAMP_URL, 'Refused URL')
        return nav.href
      } catch (error) {
        throw onrampError(error, ERROR_GENERATING_ONRAMP_URL, signal)
      }
    },
  }
  return client
}

export type OnrampClient = ReturnType<typeof onrampClient>
