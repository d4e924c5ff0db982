/**
 * The checks of `npm run verify:hosted` (docs/services.md, "Checking the hosted services"): each
 * call Gangway makes to the hosted services, made once through Gangway's own clients (`src/api`) as
 * a page at the site's origin makes it (the `Origin` header), and judged compatible or not, with why:
 * the status, the CORS header a page needs, the fields Gangway reads that are missing or of another
 * type, ids it does not know. Only read calls, and calls the service refuses before any effect (a
 * name registration with a signature that cannot verify): it never registers a name, revokes a
 * session or posts analytics, and says so (`SKIPPED`). Per network it also reports whether the RPC
 * proxy answers `eth_simulateV1` (docs/behaviour.md §4's transaction preview), which is not a
 * compatibility matter: a node without it gives 'Not simulated'.
 */
import { getAddress } from 'viem'
import { blockchainClient, toTokenBalance, toTransaction } from '../../src/api/blockchain.js'
import { convertClient, SWAP_NATIVE_TOKEN_ADDRESS, toSwapToken } from '../../src/api/convert.js'
import { serviceImageUrl } from '../../src/api/image-urls.js'
import { nameClient, nameCoinType, nameRegistrationMessage } from '../../src/api/names.js'
import { onrampClient } from '../../src/api/onramp.js'
import { createServiceFetch, type ServiceFetch } from '../../src/api/service-fetch.js'
import { sessionsClient, toSmartSession } from '../../src/api/sessions.js'
import { HOSTED_FEATURE_IDS, remoteFeaturesOf, walletConfigClient } from '../../src/api/wallet-config.js'
import { isOriginAllowed } from '../../src/events/allowed-origins.js'
import type { Network } from '../../src/events/entities.js'
import { NETWORK_IMAGE_IDS } from '../../src/events/network-image-ids.js'
import { rpcEndpoint } from '../../src/worker/rpc/routing.js'
import type { HostedTarget } from './target.js'

/** One call's verdict. */
export interface CallResult {
  /** 'wallet/config', 'blockchain' or 'nfts'. */
  service: string
  /** Method and path as docs/services.md names it (`GET /getWallets`). */
  call: string
  compatible: boolean
  /** What was seen: the answer's gist when compatible, the difference when not. */
  why: string
}

/** Whether a network's RPC proxy answers eth_simulateV1. */
export interface SimulateResult {
  chain: string
  answers: boolean
  why: string
}

export interface HostedReport {
  calls: CallResult[]
  simulate: SimulateResult[]
  /** What was not asked, and why: calls with an effect (SKIPPED), and checks this target gave nothing to ask with. */
  skipped: string[]
}

/** What is never asked, whatever the target: calls with an effect, and what a page does not fetch. */
export const SKIPPED = [
  'POST /batch, POST /e (analytics): never posts analytics',
  'POST /v1/profile/account with a valid signature: never registers a name (the registered record it answers is held by tests/contract)',
  'POST /v1/sessions/{account}/revoke: never revokes a session',
  "the meld page: it opens in the visitor's browser, not through a service call",
] as const

/** A response as the page would have seen it. */
interface Seen {
  url: string
  status: number
  /** The answer carries `access-control-allow-origin` for the origin (or `*`): a page can read it. */
  cors: boolean
  contentType: string
  text: string
}

/** A check's finding that the call is not compatible; its message is the why. */
class Incompatible extends Error {}
/** A check that cannot be made for this target (no token to quote, a network not served); its message is why. */
class NotAsked extends Error {}

interface Context {
  target: HostedTarget
  api: ServiceFetch
  /** The responses of the current check, in order. */
  seen: Seen[]
  /** What earlier checks learned (a wallet's image id, the served chains, a token to swap to). */
  learned: { imageId?: string; providerChains?: string[]; swapToken?: string; gasPrice?: string; onramp?: { network: string; currency: string } }
}

interface Check {
  service: string
  call: string
  /** The answer may lack CORS (a route the service does not have, whose failure Gangway expects). */
  corsOptional?: boolean
  /** Resolves with the compatible answer's gist; throws Incompatible (or the client's error). */
  run(c: Context): Promise<string>
}

const last = (c: Context): Seen => {
  const s = c.seen.at(-1)
  if (!s) throw new Incompatible('no answer')
  return s
}
const bodyOf = (s: Seen): unknown => {
  try {
    return JSON.parse(s.text)
  } catch {
    return undefined
  }
}
const snippet = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text)
const expectStatus = (c: Context, status: number): unknown => {
  const s = last(c)
  if (s.status !== status) throw new Incompatible(`status ${s.status}, expected ${status}: ${snippet(s.text) || 'empty body'}`)
  return bodyOf(s)
}
/** The first eip155 network checked, and its chain id. */
const evmChain = (t: HostedTarget) => {
  const caip2 = t.chains.find((c) => c.startsWith('eip155:'))!
  return { caip2, chainId: Number(caip2.split(':')[1]) }
}
const accountOf = (t: HostedTarget) => `${evmChain(t).caip2}:${getAddress(t.address)}`
const nativeOf = (t: HostedTarget) => `${evmChain(t).caip2}:${SWAP_NATIVE_TOKEN_ADDRESS}`
/** How many of `list` the client's reader drops (`read` gives undefined). */
const dropped = (list: unknown[], read: (v: unknown) => unknown) => list.filter((v) => read(v) === undefined).length
const listAt = (body: unknown, key: string): unknown[] => {
  const v = (body as Record<string, unknown> | null | undefined)?.[key]
  if (!Array.isArray(v)) throw new Incompatible(`no \`${key}\` list in the answer`)
  return v
}
const noneDropped = (list: unknown[], read: (v: unknown) => unknown, what: string) => {
  const n = dropped(list, read)
  if (n) throw new Incompatible(`${n} of ${list.length} ${what} have fields Gangway cannot read`)
}
const randomLabel = () => `gangway-verify-${Math.random().toString(36).slice(2, 12)}`

const WALLET_CONFIG: Check[] = [
  {
    service: 'wallet/config',
    call: 'GET /getWallets',
    async run(c) {
      const { data, count } = await walletConfigClient(c.api).getWallets({ page: 1, entries: 4 })
      expectStatus(c, 200)
      if (data.length === 0) throw new Incompatible('no listings')
      const unreadable = data.filter((w) => typeof w?.id !== 'string' || typeof w?.name !== 'string')
      if (unreadable.length) throw new Incompatible(`${unreadable.length} listings without a string id and name`)
      c.learned.imageId = data.find((w) => typeof w.image_id === 'string')?.image_id
      return `${data.length} listings of ${count}`
    },
  },
  ...(
    [
      ['GET /getWalletImage/{image_id}', (c: Context) => c.learned.imageId && serviceImageUrl(c.api, 'wallet', c.learned.imageId)],
      ['GET /public/getAssetImage/{id}', (c: Context) => NETWORK_IMAGE_IDS[evmChain(c.target).caip2] && serviceImageUrl(c.api, 'asset', NETWORK_IMAGE_IDS[evmChain(c.target).caip2]!)],
      ['GET /public/getTokenImage/{symbol}', (c: Context) => serviceImageUrl(c.api, 'token', 'ETH')],
      ['GET /public/getCurrencyImage/{code}', (c: Context) => serviceImageUrl(c.api, 'currency', 'USD')],
    ] as const
  ).map(
    ([call, url]): Check => ({
      service: 'wallet/config',
      call,
      async run(c) {
        const u = url(c)
        if (!u) throw new NotAsked('no image id for this target')
        await recordedFetch(c)(u)
        expectStatus(c, 200)
        if (!last(c).contentType.startsWith('image/')) throw new Incompatible(`content type ${last(c).contentType || 'none'}, expected an image`)
        return `an image (${last(c).contentType}), readable by a page (CORS: Gangway loads it with crossorigin)`
      },
    }),
  ),
  {
    service: 'wallet/config',
    call: 'GET /appkit/v1/config',
    async run(c) {
      const answer = await c.api.get('walletConfig', 'appkit/v1/config')
      const features = listAt(answer, 'features')
      const ids = features.map((f) => (f as { id?: unknown } | null)?.id)
      const unknown = ids.filter((id) => typeof id !== 'string' || !HOSTED_FEATURE_IDS.includes(id))
      if (unknown.length) throw new Incompatible(`ids the hosted configuration does not have: ${unknown.map(String).join(', ')}`)
      const read = remoteFeaturesOf(answer)
      if (Object.keys(read).length === 0) throw new Incompatible('a feature Gangway reads has an isEnabled or config of another type')
      return Object.entries(read)
        .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('+') : v ? 'on' : 'off'}`)
        .join(', ')
    },
  },
  {
    service: 'wallet/config',
    call: 'GET /projects/v1/origins',
    async run(c) {
      await walletConfigClient(c.api).getAllowedOrigins()
      const patterns = listAt(expectStatus(c, 200), 'allowedOrigins')
      if (!patterns.every((p) => typeof p === 'string')) throw new Incompatible('allowedOrigins has entries that are not strings')
      if (!isOriginAllowed(c.target.origin, patterns as string[])) throw new Incompatible(`${c.target.origin} is not on the project's allowlist (patterns: ${patterns.length}): add it to the project's domains`)
      return `${c.target.origin} is allowed (patterns: ${patterns.length})`
    },
  },
  {
    service: 'wallet/config',
    call: 'GET /getAnalyticsConfig',
    async run(c) {
      const answer = (await c.api.get('walletConfig', 'getAnalyticsConfig')) as { isAnalyticsEnabled?: unknown } | null
      if (typeof answer?.isAnalyticsEnabled !== 'boolean') throw new Incompatible('isAnalyticsEnabled is not a boolean')
      return `analytics ${answer.isAnalyticsEnabled ? 'on' : 'off'} for the project`
    },
  },
]

/** The blockchain service's checks; the first (the served networks) runs before the JSON-RPC checks, which need its list. */
const BLOCKCHAIN: Check[] = [
  {
    service: 'blockchain',
    call: 'GET /v1/supported-chains',
    async run(c) {
      const http = listAt(await c.api.get('blockchain', 'v1/supported-chains'), 'http').filter((x): x is string => typeof x === 'string')
      c.learned.providerChains = http
      const missing = c.target.chains.filter((x) => !http.includes(x))
      return `${http.length} networks over HTTP${missing.length ? `; not served: ${missing.join(', ')} (their RPC goes to the network's own URL)` : ''}`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/account/{address}/balance (forceUpdate: CAIP-10 list)',
    async run(c) {
      await blockchainClient(c.api).getBalances(c.target.address, { chainId: evmChain(c.target).caip2, forceUpdate: [nativeOf(c.target)] })
      const balances = listAt(expectStatus(c, 200), 'balances')
      noneDropped(balances, toTokenBalance, 'holdings')
      return `${balances.length} holdings; the refresh list was taken`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/account/{address}/history',
    async run(c) {
      await blockchainClient(c.api).getHistory(c.target.address, { chainId: evmChain(c.target).caip2 })
      const body = expectStatus(c, 200) as { next?: unknown }
      const data = listAt(body, 'data')
      noneDropped(data, (v) => toTransaction(v, evmChain(c.target).caip2), 'transactions')
      if (body.next !== null && body.next !== undefined && typeof body.next !== 'string') throw new Incompatible('next is neither a string nor null')
      return `${data.length} transactions${typeof body.next === 'string' ? ', and a next page' : ''}`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/identity/{address}',
    async run(c) {
      await blockchainClient(c.api).getIdentity(c.target.address)
      const body = expectStatus(c, 200) as { name?: unknown; avatar?: unknown } | null
      for (const k of ['name', 'avatar'] as const) if (body?.[k] !== null && body?.[k] !== undefined && typeof body?.[k] !== 'string') throw new Incompatible(`${k} is neither a string nor null`)
      return body?.name ? `named ${String(body.name)}` : 'no name'
    },
  },
  {
    service: 'blockchain',
    call: 'POST /v1/fungible/price (one address)',
    async run(c) {
      const prices = await blockchainClient(c.api).getTokenPrices([nativeOf(c.target)])
      const fungibles = listAt(expectStatus(c, 200), 'fungibles')
      if (fungibles.length !== 1 || prices.length !== 1) throw new Incompatible(`${fungibles.length} prices for one address, ${prices.length} readable`)
      return `${prices[0]!.symbol} at ${prices[0]!.price} USD`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/profile/account/{name} (an unknown name)',
    async run(c) {
      const name = `${randomLabel()}.reown.id`
      await nameClient(c.api)
        .lookupName(name)
        .then(() => Promise.reject(new Incompatible(`${name} resolved`)), (error: unknown) => (error instanceof Incompatible ? Promise.reject(error) : undefined))
      const body = expectStatus(c, 200)
      if (!Array.isArray(body) || body.length) throw new Incompatible(`expected [], got ${snippet(last(c).text)}`)
      return "200 [] (Gangway: 'Name not found')"
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/profile/suggestions/{label}',
    async run(c) {
      const suggestions = await nameClient(c.api).suggestNames('gangwayverify')
      listAt(expectStatus(c, 200), 'suggestions')
      return `${suggestions.length} suggestions`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/profile/reverse/{address}',
    async run(c) {
      const names = await nameClient(c.api).reverseLookup(c.target.address)
      if (!Array.isArray(expectStatus(c, 200))) throw new Incompatible('the answer is not a list of records')
      return names.length ? names.join(', ') : 'no names'
    },
  },
  {
    service: 'blockchain',
    call: 'POST /v1/profile/account (refused: a signature that cannot verify)',
    async run(c) {
      const { chainId } = evmChain(c.target)
      const registration = { coinType: nameCoinType(chainId), address: c.target.address, message: nameRegistrationMessage(randomLabel(), Math.floor(Date.now() / 1000)), signature: `0x${'ab'.repeat(65)}` }
      const outcome = await nameClient(c.api).registerName(registration).then(() => 'registered', (error: unknown) => (error as Error).message)
      const s = last(c)
      const reason = (bodyOf(s) as { reasons?: { description?: unknown }[] } | undefined)?.reasons?.[0]?.description
      if (outcome === 'registered' || s.status < 400 || s.status >= 500) throw new Incompatible(`status ${s.status}: ${snippet(s.text)}`)
      if (typeof reason !== 'string') throw new Incompatible(`status ${s.status} without the error body (status FAILED, reasons): ${snippet(s.text)}`)
      return `refused before any effect: ${s.status} '${reason}'`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/convert/tokens',
    async run(c) {
      const { caip2 } = evmChain(c.target)
      const tokens = await convertClient(c.api).getTokens(caip2)
      const listed = listAt(expectStatus(c, 200), 'tokens')
      noneDropped(listed, (v) => toSwapToken(v, caip2.split(':')[1]!), 'tokens')
      c.learned.swapToken = tokens.find((t) => !t.address.toLowerCase().endsWith(SWAP_NATIVE_TOKEN_ADDRESS.toLowerCase()))?.address
      return `${tokens.length} tokens`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/convert/gas-price',
    async run(c) {
      const gas = await convertClient(c.api).getGasPrice(evmChain(c.target).caip2)
      c.learned.gasPrice = gas.standard
      return `standard ${gas.standard} wei`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/convert/quotes',
    async run(c) {
      if (!c.learned.swapToken || !c.learned.gasPrice) throw new NotAsked('no token or gas price to quote with')
      const quote = await convertClient(c.api).getQuote({ amount: '1000000000000000', from: nativeOf(c.target), to: c.learned.swapToken, userAddress: accountOf(c.target), gasPrice: c.learned.gasPrice })
      return `0.001 of the native coin → ${quote.toAmount} base units`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/convert/build-approve',
    async run(c) {
      if (!c.learned.swapToken) throw new NotAsked('no token to approve')
      const tx = await convertClient(c.api).buildApproveTransaction({ userAddress: accountOf(c.target), from: c.learned.swapToken, to: nativeOf(c.target), amount: '1000000' })
      return `an approval to ${tx.to}`
    },
  },
  {
    service: 'blockchain',
    call: 'POST /v1/convert/build-transaction',
    async run(c) {
      if (!c.learned.swapToken) throw new NotAsked('no token to swap to')
      const tx = await convertClient(c.api).buildSwapTransaction({ amount: '1000000000000000', from: nativeOf(c.target), to: c.learned.swapToken, userAddress: accountOf(c.target) })
      return `a swap through ${tx.to}`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/sessions/{account}',
    async run(c) {
      await sessionsClient(c.api).getSessions(accountOf(c.target))
      const pcis = listAt(expectStatus(c, 200), 'pcis')
      noneDropped(pcis, toSmartSession, 'sessions')
      return `${pcis.length} smart sessions`
    },
  },
  {
    service: 'blockchain',
    call: 'GET /v1/onramp/options',
    corsOptional: true,
    async run(c) {
      const { options, sample } = await onrampClient(c.api).getOptionsOrSample()
      // What Buy would offer on the first eip155 network checked, as the views pick it: a currency listed on that chain id.
      const chainId = String(evmChain(c.target).chainId)
      const offered = options.purchaseCurrencies.flatMap((p) => p.networks.filter((n) => n.chain_id === chainId).map((n) => ({ network: n.name, currency: p.id })))[0]
      if (offered) c.learned.onramp = offered
      if (!sample) return `the options${offered ? `: ${offered.currency} on ${offered.network}` : ''}`
      if (last(c).status !== 404) throw new Incompatible(`status ${last(c).status}, expected 200 or the hosted service's 404: ${snippet(last(c).text)}`)
      return 'no such route (404): Gangway uses the sample options, as docs/behaviour.md §8 says'
    },
  },
  {
    service: 'blockchain',
    call: 'POST /v1/onramp/quote',
    corsOptional: true,
    async run(c) {
      if (!c.learned.onramp) throw new NotAsked('no currency offered on this network')
      const { mocked } = await onrampClient(c.api).getQuoteOrMock({ purchaseCurrency: c.learned.onramp.currency, paymentCurrency: 'USD', amount: '100', network: c.learned.onramp.network })
      if (!mocked) return 'a quote'
      if (last(c).status !== 404) throw new Incompatible(`status ${last(c).status}, expected 200 or the hosted service's 404: ${snippet(last(c).text)}`)
      return 'no such route (404): Gangway shows the mocked quote, marked as an estimate (docs/behaviour.md §8)'
    },
  },
  {
    service: 'blockchain',
    call: 'POST /v1/generators/onrampurl',
    async run(c) {
      if (!c.learned.onramp) throw new NotAsked('no currency offered on this network')
      const { network, currency } = c.learned.onramp
      const url = await onrampClient(c.api).getOnrampUrl({ destinationWallets: [{ address: c.target.address, blockchains: [network], assets: [currency] }], partnerUserId: c.target.address.slice(2), defaultNetwork: network, presetCryptoAmount: 10 })
      return `a URL on ${new URL(url).host}`
    },
  },
]

const NFTS: Check = {
  service: 'nfts',
  call: 'GET /v1/account/{address}/nfts',
  async run(c) {
    const nfts = await blockchainClient(c.api).getNfts(c.target.address, { chainId: evmChain(c.target).caip2 })
    listAt(expectStatus(c, 200), 'data')
    return `${nfts.length} NFTs`
  },
}

/** `c`'s fetch, recording what a page at the target's origin would see. */
function recordedFetch(c: Pick<Context, 'target' | 'seen'>, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('origin', c.target.origin)
    const response = await base(input, { ...init, headers })
    const acao = response.headers.get('access-control-allow-origin')
    c.seen.push({ url: String(input), status: response.status, cors: acao === '*' || acao === c.target.origin, contentType: response.headers.get('content-type') ?? '', text: await response.clone().text() })
    return response
  }
}

/** What an error a check ended with says, with the last answer seen. */
function whyOf(error: unknown, c: Context): string {
  if (error instanceof Incompatible) return error.message
  const s = c.seen.at(-1)
  const message = (error as { shortMessage?: string; message?: string })?.shortMessage ?? String((error as Error)?.message ?? error)
  return s ? `${message} (status ${s.status}: ${snippet(s.text) || 'empty body'})` : `${message} (no answer: ${String((error as { details?: string })?.details ?? '')})`
}

/** The RPC proxy's URL for `chain` (a network it serves), as Gangway's routing makes it. */
function proxyRpcUrl(target: HostedTarget, chain: string, providerChains: readonly string[]): string {
  const network: Network = { id: Number(chain.split(':')[1]), caipNetworkId: chain as Network['caipNetworkId'], chainNamespace: 'eip155', name: chain, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } }
  return rpcEndpoint(network, { projectId: target.projectId, providerUrl: target.services.blockchain, providerChains })
}

/** Whether the RPC proxy answers `eth_simulateV1` on `chain` (a 0-value self-transfer of the target's account). */
async function simulate(target: HostedTarget, chain: string, providerChains: readonly string[], base: typeof fetch): Promise<SimulateResult> {
  if (!chain.startsWith('eip155:')) return { chain, answers: false, why: 'not an eip155 network' }
  if (!providerChains.includes(chain)) return { chain, answers: false, why: 'the RPC proxy does not serve it' }
  const url = proxyRpcUrl(target, chain, providerChains)
  const call = { from: getAddress(target.address), to: getAddress(target.address), value: '0x0' }
  try {
    const r = await base(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: target.origin }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_simulateV1', params: [{ blockStateCalls: [{ calls: [call] }] }, 'latest'] }) })
    const body = (await r.json().catch(() => undefined)) as { result?: unknown; error?: { code?: number; message?: string } } | undefined
    if (Array.isArray(body?.result)) return { chain, answers: true, why: 'eth_simulateV1 answers: transactions are previewed' }
    return { chain, answers: false, why: body?.error ? `${body.error.code ?? ''} ${body.error.message ?? ''}`.trim() : `status ${r.status}` }
  } catch (error) {
    return { chain, answers: false, why: String((error as Error)?.message ?? error) }
  }
}

/** The JSON-RPC check of `chain`: the proxy answers `eth_chainId` with the chain's id. */
function rpcCheck(chain: string): Check {
  return {
    service: 'blockchain',
    call: `POST /v1?chainId=${chain} (JSON-RPC)`,
    async run(c) {
      if (!chain.startsWith('eip155:')) throw new NotAsked('not an eip155 network')
      if (!c.learned.providerChains?.includes(chain)) throw new NotAsked("not served (the network's own RPC URL is used)")
      await recordedFetch(c)(proxyRpcUrl(c.target, chain, c.learned.providerChains), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
      const body = expectStatus(c, 200) as { result?: unknown } | undefined
      if (typeof body?.result !== 'string' || BigInt(body.result) !== BigInt(chain.split(':')[1]!)) throw new Incompatible(`eth_chainId answered ${snippet(last(c).text)}`)
      return `eth_chainId ${body.result}`
    },
  }
}

/**
 * Makes every check once against `target`, in order, and the eth_simulateV1 probe of each network.
 * Never throws for a service's answer: each call gets its verdict.
 * @param o.fetch the fetch the calls go through (default the global one).
 * @example
 * const report = await verifyHosted(targetOf(['--project-id', id, '--origin', 'https://site.example']))
 * report.calls.filter((r) => !r.compatible) // the calls whose wire differs
 */
export async function verifyHosted(target: HostedTarget, o: { fetch?: typeof fetch } = {}): Promise<HostedReport> {
  const learned: Context['learned'] = {}
  const checks = [...WALLET_CONFIG, BLOCKCHAIN[0]!, ...target.chains.map(rpcCheck), ...BLOCKCHAIN.slice(1), ...(target.services.nfts ? [NFTS] : [])]
  const calls: CallResult[] = []
  const notAsked: string[] = []
  for (const check of checks) {
    const seen: Seen[] = []
    const c: Context = { target, seen, learned, api: createServiceFetch({ services: target.services, projectId: target.projectId, fetch: recordedFetch({ target, seen }, o.fetch) }) }
    let verdict: Omit<CallResult, 'service' | 'call'>
    try {
      const gist = await check.run(c)
      const blind = c.seen.find((s) => !s.cors)
      verdict = blind && !check.corsOptional ? { compatible: false, why: `no access-control-allow-origin for ${target.origin} on ${new URL(blind.url).pathname}: a page cannot read the answer` } : { compatible: true, why: gist }
    } catch (error) {
      if (error instanceof NotAsked) {
        notAsked.push(`${check.call}: ${error.message}`)
        continue
      }
      verdict = { compatible: false, why: whyOf(error, c) }
    }
    calls.push({ service: check.service, call: check.call, ...verdict })
  }
  const probes = await Promise.all(target.chains.map((chain) => simulate(target, chain, learned.providerChains ?? [], o.fetch ?? fetch)))
  return { calls, simulate: probes, skipped: [...SKIPPED, ...notAsked, ...(target.services.nfts ? [] : ['GET /v1/account/{address}/nfts: no --nfts (the hosted services have no NFT route; a site names its own)'])] }
}
