/**
 * The on-ramp service emulator (issue 21; docs/behaviour.md §7's on-ramp paths as src/api/onramp.ts
 * reads them, §4's meld fields, §9's limits and provider fee): its own HTTP server on 127.0.0.1,
 * answering from the localnet, with a provider page that funds the wallet on the localnet's chains.
 * Service paths (CORS open, for the demo; each must carry projectId, st and sv, else 400):
 * - GET /v1/onramp/options: `{ paymentCurrencies, purchaseCurrencies }`: USD and EUR, each with
 *   ONRAMP_LIMITS (card 10.00–7500.00, ach_bank_account 10.00–25000.00) as `payment_method_limits`;
 *   HUSD on every EVM chain (`localnet-<chainId>`, its contract address) and SOL on the Solana
 *   localnet (`solana-localnet`, chain_id its CAIP-2 reference, the native coin);
 * - POST /v1/onramp/quote `{ purchaseCurrency, paymentCurrency, amount, network }`: onrampQuote's
 *   quote (the provider fee ONRAMP_FEE_PERCENT and a network fee deducted, priced at 1 USD =
 *   1.08 EUR and the blockchain emulator's PRICES), `amount` at most 2 decimals within 10.00 and
 *   25000.00 (the widest limit: a quote names no payment method);
 * - POST /v1/generators/onrampurl `{ destinationWallets, defaultNetwork, partnerUserId,
 *   defaultExperience, presetCryptoAmount, presetFiatAmount }`: `{ url }`, the provider page with
 *   those fields in its query (destinationWallets as JSON), at most 2048 characters.
 * A refusal is a 400 (413 for a body over BODY_MAX) with `{ reasons: [{ description }] }`, which
 * the client shows as the error's message.
 * The URL's scheme: the client takes only an https URL (src/events/kernel/urls.ts `navigationFor` refuses
 * http, localhost included), so the generator names the page `https://127.0.0.1:<port>/provider?…`
 * (`providerUrl`), a stand-in like the wallet registry's `https://127.0.0.1/harborwallet`: this
 * server speaks http only, and `servedUrl` gives where the page is served. A browser test maps the
 * https origin onto the http one (Playwright's `route`); a person opens `servedUrl`'s address.
 * The provider page, `GET /provider?…` (HTML, no framework, strict CSP): meld's fields (publicKey,
 * destinationCurrencyCode, walletAddress, externalCustomerId; src/api/onramp.ts `meldUrl`) or the
 * generator's (destinationWallets, defaultNetwork, presetCryptoAmount, presetFiatAmount,
 * partnerUserId, defaultExperience), shown as escaped text, with an amount, a payment currency and
 * "Complete purchase" (data-testid=onramp-complete), which posts `POST /provider/complete {
 * walletAddress, network, purchaseCurrency, paymentCurrency, amount }` (the card limits apply); the
 * emulator quotes it again and funds the wallet with the quote's purchaseAmount: HUSD minted by its
 * deployer (dev account 8, amm.ts) on the named EVM chain, or SOL airdropped on the Solana localnet;
 * the page then shows "Purchase complete" (data-testid=onramp-done). meld's destinationCurrencyCode
 * USDC (what Gangway sends on EVM) buys HUSD, the localnet's dollar stablecoin. Every field is
 * checked (known names only, each at most once, addresses by format, amounts bounded); anything
 * else is a 400 (a text page for GET /provider).
 * Faults on demand: the query `localnetFault=<status>` or the header `x-localnet-fault: <status>`
 * gets that status; `POST /localnet/onramp/faults {path, status, count?}` makes the next `count`
 * (default: all) service requests whose path contains `path` fail with `status` (400–599), `GET`
 * lists them and `DELETE` clears them. `GET /localnet/onramp/purchases` lists the purchases funded.
 * Demo and test tooling only.
 */
import { randomUUID, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { PublicKey } from '@solana/web3.js'
import { encodeFunctionData, formatUnits, isAddress, parseAbi, parseUnits, type Hex } from 'viem'
import { AMM_DEPLOYER_INDEX } from '../amm.js'
import { rpc, waitForReceipt } from '../anvil.js'
import { HUSD } from '../stablecoin.js'
import { PRICES, type ServiceRequest } from './blockchain.js'

/** The provider's fee, in percent of the payment (docs/behaviour.md §9: 1-2 %). */
export const ONRAMP_FEE_PERCENT = '1.5'
/** The network fee of a purchase, in USD (converted to the payment currency, rounded up to the cent). */
export const ONRAMP_NETWORK_FEE_USD = { HUSD: '0.10', SOL: '0.05' } as const
/** USD per unit of each payment currency. */
export const ONRAMP_FIAT_USD = { USD: '1', EUR: '1.08' } as const
/** The limits of every payment currency, by payment method (docs/behaviour.md §9), in its units. */
export const ONRAMP_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
] as const
/** The Solana localnet's network name in the options, quotes and URLs. */
export const SOLANA_ONRAMP_NETWORK = 'solana-localnet'
/** An EVM chain's network name in the options, quotes and URLs. */
export const evmOnrampNetwork = (chainId: number) => `localnet-${chainId}`

type PurchaseSymbol = keyof typeof ONRAMP_NETWORK_FEE_USD
type PaymentCode = keyof typeof ONRAMP_FIAT_USD

/** The largest request body read, in bytes. */
const BODY_MAX = 16 * 1024
/** The longest URL the generator answers (the client's URL_MAX). */
const URL_MAX = 2048
/** The most purchases, and service requests, kept for the test-control lists. */
const KEPT_MAX = 1000
/** Fixed point: amounts are computed in units of 10^-18. */
const WAD = 18
const CENT = 10n ** 16n

export interface OnrampServiceOptions {
  port: number
  /** The EVM chains HUSD is bought on. */
  chains: { chainId: number; rpcUrl: string }[]
  /** Harbour USD's address (amm.ts; the same on every chain), minted by dev account 8. */
  husd: Hex
  /** The Solana localnet SOL is bought on (airdropped through its RPC). */
  solana: { caipNetworkId: string; rpcUrl: string }
}

/** A purchase the provider page completed. */
export interface OnrampPurchase {
  walletAddress: string
  network: string
  purchaseCurrency: PurchaseSymbol
  /** The amount funded, in the currency's smallest unit (HUSD 6 decimals, lamports), as a decimal string. */
  units: string
  quote: OnrampQuoteAnswer
  /** The mint's transaction hash, or the airdrop's signature. */
  transaction: string
}

/** An amount of a currency as the service answers it. */
export interface OnrampAmountAnswer {
  amount: string
  currency: string
}

/** A quote as the service answers it (src/api/onramp.ts reads all but providerFee). */
export interface OnrampQuoteAnswer {
  quoteId: string
  /** What the wallet gets: (paymentTotal − providerFee − networkFee) at the prices, rounded down to the currency's decimals. */
  purchaseAmount: OnrampAmountAnswer
  /** ONRAMP_NETWORK_FEE_USD in the payment currency, rounded up to the cent. */
  networkFee: OnrampAmountAnswer
  /** ONRAMP_FEE_PERCENT of paymentTotal, rounded up to the cent. */
  providerFee: OnrampAmountAnswer
  /** paymentTotal less both fees: what is converted. */
  paymentSubtotal: OnrampAmountAnswer
  /** What the visitor pays: the amount asked. */
  paymentTotal: OnrampAmountAnswer
}

export interface OnrampService {
  /** The server's own base URL, `http://127.0.0.1:<port>` (the service paths, the page, the test control). */
  url: string
  /** The provider page as the generator names it: `https://127.0.0.1:<port>/provider` (see the module comment). */
  providerUrl: string
  /** Where a generated provider URL (`providerUrl?…`) is served: the same path and query on `url`; other URLs unchanged. */
  servedUrl(href: string): string
  /** The service calls so far (the newest KEPT_MAX). */
  requests: ServiceRequest[]
  /** The purchases funded so far (the newest KEPT_MAX). */
  purchases: OnrampPurchase[]
  stop(): Promise<void>
}

interface Fault {
  path: string
  status: number
  count?: number
}

/** An on-ramp network of the localnet. */
interface Network {
  name: string
  display_name: string
  chain_id: string
  namespace: 'eip155' | 'solana'
  rpcUrl: string
  currency: PurchaseSymbol
  contract_address: string
}

/** A refusal: its status and the reason the answer gives. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const CODE = /^[A-Za-z0-9_.-]{1,64}$/
/** A fiat amount: at most 9 digits, at most 2 decimals. */
const FIAT = /^\d{1,9}(?:\.\d{1,2})?$/
/** A crypto amount: at most 16 digits (1e15), at most 18 decimals. */
const CRYPTO = /^\d{1,16}(?:\.\d{1,18})?$/
/** A number from 0 to 1e15 in plain decimal notation ('0.0000001', never '1e-7'). */
const plainNumber = (v: number) => (/e/i.test(String(v)) ? v.toFixed(18).replace(/\.?0+$/, '') : String(v))
/** Free text of meld's fields: 1 to 256 characters, no control characters. */
const TEXT = /^[^\u0000-\u001f\u007f-\u009f]{1,256}$/

const isEvm = (v: unknown): v is Hex => typeof v === 'string' && isAddress(v)
function isSolana(v: unknown): v is string {
  if (typeof v !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(v)) return false
  try {
    return new PublicKey(v).toBase58() === v
  } catch {
    return false
  }
}
const addressFits = (network: Network, address: unknown) => (network.namespace === 'eip155' ? isEvm(address) : isSolana(address))
/** `value` in cents as a decimal string with two decimals ('1.50'). */
const cents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`
/** A WAD amount rounded up to the cent, in cents. */
const ceilCents = (wad: bigint) => (wad + CENT - 1n) / CENT
const fiatLimit = (method: (typeof ONRAMP_LIMITS)[number]['id']) => ONRAMP_LIMITS.find((l) => l.id === method)!

/**
 * The quote of paying `amount` of `paymentCurrency` for `purchaseCurrency` (see OnrampQuoteAnswer):
 * fees rounded up to the cent, the purchase rounded down to the currency's decimals (HUSD 6, SOL 9).
 * 100 USD of HUSD: fee 1.50, network fee 0.10, 98.40 converted, 98.4 HUSD.
 * @param amount a FIAT decimal string, already within the limits.
 * @returns the quote and the purchase in the currency's smallest unit.
 * @throws Refusal 'The amount does not cover the fees' when nothing is left to convert.
 */
export function onrampQuote(amount: string, paymentCurrency: PaymentCode, purchaseCurrency: PurchaseSymbol, quoteId: string = randomUUID()): { quote: OnrampQuoteAnswer; units: bigint } {
  const paid = parseUnits(amount, WAD)
  const usdPerUnit = parseUnits(ONRAMP_FIAT_USD[paymentCurrency], WAD)
  const providerFee = ceilCents((paid * parseUnits(ONRAMP_FEE_PERCENT, WAD)) / parseUnits('100', WAD))
  const networkFee = ceilCents((parseUnits(ONRAMP_NETWORK_FEE_USD[purchaseCurrency], WAD) * 10n ** BigInt(WAD)) / usdPerUnit)
  const subtotal = paid / CENT - providerFee - networkFee
  if (subtotal <= 0n) throw new Refusal('The amount does not cover the fees')
  const decimals = purchaseCurrency === 'HUSD' ? HUSD.decimals : 9
  const price = parseUnits(PRICES[purchaseCurrency]!.toFixed(9), WAD)
  const units = (subtotal * CENT * usdPerUnit * 10n ** BigInt(decimals)) / (price * 10n ** BigInt(WAD))
  const fiat = (value: bigint) => ({ amount: cents(value), currency: paymentCurrency })
  return {
    quote: { quoteId, purchaseAmount: { amount: formatUnits(units, decimals), currency: purchaseCurrency }, networkFee: fiat(networkFee), providerFee: fiat(providerFee), paymentSubtotal: fiat(subtotal), paymentTotal: fiat(paid / CENT) },
    units,
  }
}

/** `value` escaped for HTML text and attribute values. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The request's body as JSON, at most BODY_MAX bytes. @throws Refusal 'Request body too large' (413), 'Request body must be a JSON object'. */
async function jsonBody(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > BODY_MAX) throw new Refusal('Request body too large', 413)
    chunks.push(chunk)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new Refusal('Request body must be a JSON object')
  }
  const body = obj(parsed)
  if (!body) throw new Refusal('Request body must be a JSON object')
  return body
}

/** Refuses a body or query with a field outside `known`. */
function onlyKnown(keys: Iterable<string>, known: readonly string[]): void {
  for (const key of keys) if (!known.includes(key)) throw new Refusal(`Unknown field: ${key.slice(0, 64)}`)
}

/**
 * Starts the emulator on 127.0.0.1:`o.port` (see the module comment for what it answers).
 * @returns the running service; `stop()` closes it and its connections.
 */
export async function startOnrampService(o: OnrampServiceOptions): Promise<OnrampService> {
  const url = `http://127.0.0.1:${o.port}`
  const providerUrl = `https://127.0.0.1:${o.port}/provider`
  const requests: ServiceRequest[] = []
  const purchases: OnrampPurchase[] = []
  const faults: Fault[] = []
  const networks: Network[] = [
    ...o.chains.map((c) => ({ name: evmOnrampNetwork(c.chainId), display_name: `Localnet ${c.chainId}`, chain_id: String(c.chainId), namespace: 'eip155' as const, rpcUrl: c.rpcUrl, currency: 'HUSD' as const, contract_address: o.husd })),
    { name: SOLANA_ONRAMP_NETWORK, display_name: 'Solana Localnet', chain_id: o.solana.caipNetworkId.split(':')[1]!, namespace: 'solana', rpcUrl: o.solana.rpcUrl, currency: 'SOL', contract_address: '' },
  ]
  const networkNamed = (name: unknown) => networks.find((n) => n.name === name)
  const keep = <T>(list: T[], item: T) => void (list.push(item), list.length > KEPT_MAX && list.shift())
  /** Fundings one at a time, so dev account 8's transactions never race. */
  let funding: Promise<unknown> = Promise.resolve()

  const options = () => ({
    paymentCurrencies: Object.keys(ONRAMP_FIAT_USD).map((id) => ({ id, payment_method_limits: ONRAMP_LIMITS.map((l) => ({ ...l })) })),
    purchaseCurrencies: [
      { id: 'HUSD', name: HUSD.name, symbol: HUSD.symbol, networks: networks.filter((n) => n.currency === 'HUSD').map(({ name, display_name, chain_id, contract_address }) => ({ name, display_name, chain_id, contract_address })) },
      { id: 'SOL', name: 'Solana', symbol: 'SOL', networks: networks.filter((n) => n.currency === 'SOL').map(({ name, display_name, chain_id, contract_address }) => ({ name, display_name, chain_id, contract_address })) },
    ],
  })

  /** The network and currency of a purchase, checked. @throws Refusal 'Unsupported network: {n}', '{currency} is not offered on {network}'. */
  const offer = (purchaseCurrency: unknown, network: unknown): { network: Network; currency: PurchaseSymbol } => {
    const n = networkNamed(network)
    if (!n) throw new Refusal(`Unsupported network: ${String(network).slice(0, 64)}`)
    if (purchaseCurrency !== n.currency) throw new Refusal(`${String(purchaseCurrency).slice(0, 64)} is not offered on ${n.name}`)
    return { network: n, currency: n.currency }
  }

  /** A payment currency and amount, checked against `min` and `max`. @throws Refusal 'Unsupported currency: {c}', 'Invalid amount', 'The minimum is {min} {c}', 'The maximum is {max} {c}'. */
  const payment = (paymentCurrency: unknown, amount: unknown, limit: { min: string; max: string }): { paymentCurrency: PaymentCode; amount: string } => {
    if (paymentCurrency !== 'USD' && paymentCurrency !== 'EUR') throw new Refusal(`Unsupported currency: ${String(paymentCurrency).slice(0, 64)}`)
    if (typeof amount !== 'string' || !FIAT.test(amount)) throw new Refusal('Invalid amount')
    const value = parseUnits(amount, 2)
    if (value < parseUnits(limit.min, 2)) throw new Refusal(`The minimum is ${limit.min} ${paymentCurrency}`)
    if (value > parseUnits(limit.max, 2)) throw new Refusal(`The maximum is ${limit.max} ${paymentCurrency}`)
    return { paymentCurrency, amount }
  }

  const quote = (body: Json) => {
    onlyKnown(Object.keys(body), ['purchaseCurrency', 'paymentCurrency', 'amount', 'network'])
    const { currency } = offer(body.purchaseCurrency, body.network)
    const paid = payment(body.paymentCurrency, body.amount, { min: fiatLimit('card').min, max: fiatLimit('ach_bank_account').max })
    return onrampQuote(paid.amount, paid.paymentCurrency, currency).quote
  }

  /** The generator's fields as query values, checked as the client checks them (src/api/onramp.ts). */
  const generatorFields = (body: Json): Record<string, string> => {
    onlyKnown(Object.keys(body), ['destinationWallets', 'defaultNetwork', 'partnerUserId', 'defaultExperience', 'presetCryptoAmount', 'presetFiatAmount'])
    const wallets = destinationWallets(body.destinationWallets)
    // The hosted generator's rule (reown-com/blockchain-api src/handlers/generators/onrampurl.rs: 32 to 50 characters).
    if (typeof body.partnerUserId !== 'string' || !/^[A-Za-z0-9]{32,50}$/.test(body.partnerUserId)) throw new Refusal('Invalid partnerUserId')
    if (body.defaultExperience !== undefined && body.defaultExperience !== 'buy') throw new Refusal('Invalid defaultExperience')
    if (body.defaultNetwork !== undefined && !networkNamed(body.defaultNetwork)) throw new Refusal(`Unsupported network: ${String(body.defaultNetwork).slice(0, 64)}`)
    const fields: Record<string, string> = { destinationWallets: JSON.stringify(wallets), partnerUserId: body.partnerUserId, defaultExperience: 'buy' }
    if (body.defaultNetwork !== undefined) fields.defaultNetwork = body.defaultNetwork as string
    for (const key of ['presetCryptoAmount', 'presetFiatAmount'] as const) {
      const v = body[key]
      // Optional there (Option<usize>): null is absent.
      if (v === undefined || v === null) continue
      // The hosted generator reads the preset amounts as unsigned integers (usize): a fraction is refused.
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new Refusal(`Invalid ${key}`)
      if (key === 'presetFiatAmount' && v > Number(fiatLimit('ach_bank_account').max)) throw new Refusal(`Invalid ${key}`)
      fields[key] = key === 'presetFiatAmount' ? v.toFixed(2) : plainNumber(v)
    }
    return fields
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy()
      const refusal = error instanceof Refusal ? error : undefined
      const message = refusal?.message ?? String((error as Error)?.message ?? error).slice(0, 300)
      if (new URL(req.url ?? '/', url).pathname === '/provider') return void res.writeHead(refusal?.status ?? 500, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end(`${message}\n`)
      res.writeHead(refusal?.status ?? 500, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify({ reasons: [{ description: message }] }))
    })
  })

  const json = (res: ServerResponse, status: number, body: unknown, cors = true) => void res.writeHead(status, { ...(cors ? CORS : {}), 'content-type': 'application/json' }).end(JSON.stringify(body))

  const faultFor = (req: IncomingMessage, u: URL): number | undefined => {
    const asked = Number(req.headers['x-localnet-fault'] ?? u.searchParams.get('localnetFault'))
    if (Number.isInteger(asked) && asked >= 400 && asked <= 599) return asked
    const f = faults.find((x) => u.pathname.includes(x.path))
    if (!f) return undefined
    if (f.count !== undefined && --f.count <= 0) faults.splice(faults.indexOf(f), 1)
    return f.status
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', url)
    const method = req.method ?? 'GET'
    if (method === 'OPTIONS') return void res.writeHead(204, { ...CORS, 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS' }).end()
    // Test control.
    if (u.pathname === '/localnet/onramp/faults') {
      if (method === 'DELETE') faults.length = 0
      else if (method === 'POST') faults.push(fault(await jsonBody(req)))
      return json(res, 200, { faults })
    }
    if (u.pathname === '/localnet/onramp/purchases') return json(res, 200, purchases)
    // The provider page and its purchase.
    if (u.pathname === '/provider' && method === 'GET') return providerPage(res, u.searchParams)
    if (u.pathname === '/provider/complete' && method === 'POST') return json(res, 200, await complete(await jsonBody(req)), false)

    keep(requests, { method, path: u.pathname, query: Object.fromEntries(u.searchParams) })
    const status = faultFor(req, u)
    if (status !== undefined) return json(res, status, { error: 'fault on request' })
    const call = `${method} ${u.pathname}`
    if (!['GET /v1/onramp/options', 'POST /v1/onramp/quote', 'POST /v1/generators/onrampurl'].includes(call)) return json(res, 404, { reasons: [{ description: 'Not found' }] })
    if (!u.searchParams.get('projectId') || !u.searchParams.get('st') || !u.searchParams.get('sv')) throw new Refusal('projectId, st and sv are required')
    if (call === 'GET /v1/onramp/options') return json(res, 200, options())
    if (call === 'POST /v1/onramp/quote') return json(res, 200, quote(await jsonBody(req)))
    const target = `${providerUrl}?${new URLSearchParams(generatorFields(await jsonBody(req)))}`
    if (target.length > URL_MAX) throw new Refusal('The URL would be too long')
    return json(res, 200, { url: target })
  }

  /** A fault to add, checked. @throws Refusal 'A fault is {path, status, count?}'. */
  function fault(body: Json): Fault {
    const { path, status, count } = body
    const ok = typeof path === 'string' && path.length > 0 && path.length <= 200 && Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599 && (count === undefined || (Number.isInteger(count) && (count as number) > 0))
    if (!ok) throw new Refusal('A fault is {path, status, count?}')
    return { path, status: status as number, ...(count === undefined ? {} : { count: count as number }) }
  }

  /**
   * The purchase a provider URL's query asks for, checked (see the module comment).
   * @throws Refusal naming the first field that is wrong.
   */
  function order(q: URLSearchParams): { shown: [string, string][]; walletAddress: string; network: Network; amount: string } {
    const known = ['publicKey', 'destinationCurrencyCode', 'walletAddress', 'externalCustomerId', 'destinationWallets', 'defaultNetwork', 'presetCryptoAmount', 'presetFiatAmount', 'partnerUserId', 'defaultExperience']
    onlyKnown(q.keys(), known)
    for (const key of new Set(q.keys())) if (q.getAll(key).length > 1) throw new Refusal(`Repeated field: ${key}`)
    const get = (key: string) => q.get(key) ?? undefined
    const shown: [string, string][] = []
    const text = (key: string, pattern: RegExp) => {
      const v = get(key)
      if (v === undefined) return undefined
      if (!pattern.test(v)) throw new Refusal(`Invalid ${key}`)
      shown.push([key, v])
      return v
    }
    const publicKey = text('publicKey', TEXT)
    const code = text('destinationCurrencyCode', /^(?:USDC|HUSD|SOL)$/)
    const address = text('walletAddress', /^[0-9A-Za-z]{32,44}$/)
    const customer = text('externalCustomerId', TEXT)
    text('partnerUserId', /^[A-Za-z0-9]{1,64}$/)
    text('defaultExperience', /^buy$/)
    const defaultNetwork = get('defaultNetwork') === undefined ? undefined : networkNamed(get('defaultNetwork'))
    if (get('defaultNetwork') !== undefined && !defaultNetwork) throw new Refusal('Invalid defaultNetwork')
    const raw = get('destinationWallets')
    let walletAddress: string
    let network: Network
    if (address !== undefined || code !== undefined || publicKey !== undefined || customer !== undefined) {
      // meld's fields (src/api/onramp.ts meldUrl): all four.
      if (raw !== undefined) throw new Refusal('Give walletAddress or destinationWallets, not both')
      const missing = (['publicKey', 'destinationCurrencyCode', 'walletAddress', 'externalCustomerId'] as const).find((key) => get(key) === undefined)
      if (missing) throw new Refusal(`Missing ${missing}`)
      walletAddress = address!
      const fit = networks.filter((n) => n.currency === (code === 'SOL' ? 'SOL' : 'HUSD'))
      network = defaultNetwork && fit.includes(defaultNetwork) ? defaultNetwork : fit[0]!
    } else {
      if (raw === undefined) throw new Refusal('Missing walletAddress or destinationWallets')
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        throw new Refusal('Invalid destinationWallets')
      }
      const wallets = destinationWallets(parsed)
      shown.push(['destinationWallets', wallets.map((w) => [w.address, ...(w.blockchains ?? []), ...(w.assets ?? [])].join(' ')).join('; ')])
      // The network: defaultNetwork, else a wallet's first blockchain the localnet serves, else by the first address.
      network = defaultNetwork ?? wallets.flatMap((w) => w.blockchains ?? []).map(networkNamed).find((n) => n !== undefined) ?? networks.find((n) => addressFits(n, wallets[0]!.address))!
      const wallet = wallets.find((w) => addressFits(network, w.address))
      if (!wallet) throw new Refusal(`No destination wallet for ${network.name}`)
      walletAddress = wallet.address
    }
    if (!addressFits(network, walletAddress)) throw new Refusal('Invalid walletAddress')
    if (defaultNetwork) shown.push(['defaultNetwork', defaultNetwork.name])
    text('presetCryptoAmount', CRYPTO)
    const preset = text('presetFiatAmount', FIAT)
    if (preset !== undefined && parseUnits(preset, 2) > parseUnits(fiatLimit('ach_bank_account').max, 2)) throw new Refusal('Invalid presetFiatAmount')
    return { shown, walletAddress, network, amount: preset ?? '100.00' }
  }

  function providerPage(res: ServerResponse, q: URLSearchParams): void {
    const { shown, walletAddress, network, amount } = order(q)
    const nonce = randomBytes(16).toString('base64')
    const rows = [...shown, ['network', network.display_name], ['purchaseCurrency', network.currency]].map(([k, v]) => `<dt>${escapeHtml(k!)}</dt><dd data-field="${escapeHtml(k!)}">${escapeHtml(v!)}</dd>`).join('')
    const card = fiatLimit('card')
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Localnet on-ramp</title>
<style nonce="${nonce}">body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}dt{font-weight:600;margin-top:.5rem}dd{margin:0;overflow-wrap:anywhere}label{display:block;margin-top:1rem}button{margin-top:1rem;padding:.5rem 1rem}[role=alert]{color:#b00020}</style></head>
<body><main><h1>Localnet on-ramp</h1><p>A stand-in for the on-ramp provider: nothing is charged, the localnet funds the wallet.</p>
<dl>${rows}</dl>
<form id="order" data-wallet-address="${escapeHtml(walletAddress)}" data-network="${escapeHtml(network.name)}" data-purchase-currency="${network.currency}">
<label>Amount (card, ${card.min} to ${card.max}) <input name="amount" data-testid="onramp-amount" inputmode="decimal" required value="${escapeHtml(amount)}"></label>
<label>Pay with <select name="paymentCurrency" data-testid="onramp-payment-currency">${Object.keys(ONRAMP_FIAT_USD).map((c) => `<option>${c}</option>`).join('')}</select></label>
<button type="submit" data-testid="onramp-complete">Complete purchase</button></form>
<p data-testid="onramp-done" hidden>Purchase complete</p><p data-testid="onramp-receipt"></p><p role="alert" data-testid="onramp-error"></p></main>
<script nonce="${nonce}">
const form = document.getElementById('order')
const shown = (id) => document.querySelector('[data-testid=' + id + ']')
form.addEventListener('submit', async (event) => {
  event.preventDefault()
  const button = shown('onramp-complete')
  button.disabled = true
  shown('onramp-error').textContent = ''
  const body = { walletAddress: form.dataset.walletAddress, network: form.dataset.network, purchaseCurrency: form.dataset.purchaseCurrency, paymentCurrency: form.elements.paymentCurrency.value, amount: form.elements.amount.value.trim() }
  try {
    const r = await fetch('/provider/complete', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const answer = await r.json()
    if (!r.ok) throw new Error(answer.reasons && answer.reasons[0] ? answer.reasons[0].description : 'Status ' + r.status)
    shown('onramp-receipt').textContent = answer.quote.purchaseAmount.amount + ' ' + answer.quote.purchaseAmount.currency + ' sent to ' + answer.walletAddress + ' (' + answer.transaction + ')'
    shown('onramp-done').hidden = false
    form.hidden = true
  } catch (error) {
    shown('onramp-error').textContent = String(error.message || error)
    button.disabled = false
  }
})
</script></body></html>`
    const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'`
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' }).end(html)
  }

  /** Funds a purchase the page asks for: the quote again, then the mint or the airdrop. */
  async function complete(body: Json): Promise<OnrampPurchase> {
    onlyKnown(Object.keys(body), ['walletAddress', 'network', 'purchaseCurrency', 'paymentCurrency', 'amount'])
    const { network, currency } = offer(body.purchaseCurrency, body.network)
    if (!addressFits(network, body.walletAddress)) throw new Refusal('Invalid walletAddress')
    const walletAddress = body.walletAddress as string
    const paid = payment(body.paymentCurrency, body.amount, fiatLimit('card'))
    const { quote, units } = onrampQuote(paid.amount, paid.paymentCurrency, currency)
    const fund = async () => {
      if (network.namespace === 'solana') return rpc<string>(network.rpcUrl, 'requestAirdrop', [walletAddress, Number(units)])
      const minter = (await rpc<Hex[]>(network.rpcUrl, 'eth_accounts'))[AMM_DEPLOYER_INDEX]!
      const data = encodeFunctionData({ abi: parseAbi(['function mint(address to, uint256 value)']), functionName: 'mint', args: [walletAddress as Hex, units] })
      const hash = await rpc<Hex>(network.rpcUrl, 'eth_sendTransaction', [{ from: minter, to: o.husd, data }])
      const receipt = await waitForReceipt<{ status: string }>(network.rpcUrl, hash)
      if (receipt.status !== '0x1') throw new Error(`The mint of ${quote.purchaseAmount.amount} HUSD failed`)
      return hash
    }
    const done = funding.then(fund, fund)
    funding = done.catch(() => undefined)
    const purchase: OnrampPurchase = { walletAddress, network: network.name, purchaseCurrency: currency, units: String(units), quote, transaction: await done }
    keep(purchases, purchase)
    return purchase
  }

  await new Promise<void>((resolve) => server.listen(o.port, '127.0.0.1', () => resolve()))
  return {
    url,
    providerUrl,
    servedUrl: (href) => (href.startsWith(`${providerUrl}?`) || href === providerUrl ? `${url}${href.slice(providerUrl.length - '/provider'.length)}` : href),
    requests,
    purchases,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

const CORS = { 'access-control-allow-origin': '*' }

/** The generator's destination wallets, checked as the client checks them: 1 to 10, EVM or Solana addresses, blockchains and assets codes (at most 10 each). @throws Refusal 'Invalid destinationWallets'. */
function destinationWallets(value: unknown): { address: string; blockchains?: string[]; assets?: string[] }[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 10) throw new Refusal('Invalid destinationWallets')
  return value.map((w) => {
    const o = obj(w)
    if (!o || !(isEvm(o.address) || isSolana(o.address))) throw new Refusal('Invalid destinationWallets')
    onlyKnown(Object.keys(o), ['address', 'blockchains', 'assets'])
    const names = (v: unknown) => {
      if (v === undefined) return undefined
      if (!Array.isArray(v) || v.length > 10 || !v.every((x) => typeof x === 'string' && CODE.test(x))) throw new Refusal('Invalid destinationWallets')
      return v as string[]
    }
    const blockchains = names(o.blockchains)
    const assets = names(o.assets)
    return { address: o.address as string, ...(blockchains ? { blockchains } : {}), ...(assets ? { assets } : {}) }
  })
}
