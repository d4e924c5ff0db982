/**
 * The blockchain service emulator (docs/behaviour.md §7) for the localnet, answering from the local chains:
 * - GET /v1/supported-chains: the EVM chains its RPC endpoint serves;
 * - GET /v1/account/{address}/balance (currency=usd, chainId, forceUpdate): native and token
 *   holdings found by indexing Transfer logs, balances read from the chain, prices from PRICES;
 * - POST /v1/fungible/price (currency, addresses): prices of CAIP-10 token addresses: with `amm`, a
 *   token the pools join to the stablecoin (the native token through WETH) at the pools' mid price
 *   (convert.ts `usdPrice`; the stablecoin at 1), else PRICES by symbol. The balance and history
 *   answers (the Tokens tab) keep PRICES: the pools drift as tests trade on the shared chains;
 * - GET /v1/account/{address}/history (cursor, chainId): transactions from the chains' blocks and
 *   logs, newest first, HISTORY_PAGE_SIZE a page, with `next`;
 * - the NFT service a site may add (`services.nfts`, Gangway's own contract: the hosted blockchain
 *   service has no NFT route), under the base URL NFT_SERVICE_PREFIX: GET
 *   `/localnet-nfts/v1/account/{address}/nfts` (chainId), the ERC721 tokens held, with their metadata;
 * - GET /v1/identity/{address} (sender): the newest name registered for the address (names.ts),
 *   else the name from IDENTITIES, with the avatar from IDENTITIES;
 * - GET /v1/profile/account/{name}, /v1/profile/reverse/{address}, /v1/profile/suggestions/{label}
 *   and POST /v1/profile/account: the name service, an in-memory registry (names.ts);
 * - GET /v1/sessions/{id} and POST /v1/sessions/{id}/revoke: smart sessions per account, in memory,
 *   a revocation's signature verified on the account's chain (sessions.ts); `POST /localnet/sessions`
 *   adds one, `DELETE /localnet/sessions` forgets all;
 * - GET /v1/convert/tokens, quotes, gas-price, allowance, build-approve and POST
 *   /v1/convert/build-transaction: the swap service over the localnet's Uniswap V2 pools, with `amm`
 *   (convert.ts);
 * - POST /v1/?chainId&projectId: the wallet-provider RPC endpoint, proxied to the right node.
 * Every call must carry projectId, st and sv (the RPC endpoint: projectId), else 400. A path the
 * hosted service has no route for answers as it does (axum's default): 404, an empty body, no CORS
 * header, so a page's fetch fails as a network error.
 * Faults on demand: a request with the header `x-localnet-fault: <status>` or the query
 * `localnetFault=<status>` gets that status; `POST /localnet/faults {path, status, count?}` makes
 * the next `count` (default: all) requests whose path contains `path` fail; DELETE clears them.
 * `GET /localnet/requests` lists the service calls so far (tests count them).
 * Hostile mode (issue 13; hostile.ts): under the base URL `/hostile/<case>` (the demo's
 * `?hostile=<case>`) these paths answer bad data, the others stay honest:
 * - `endless-cursor`: history pages whose `next` is always a fresh cursor; after the honest first
 *   page they go round fresh transactions, the previous page's transactions again, no transactions;
 * - `endless-fresh`: history pages of fresh transactions, each with a fresh `next`, forever;
 * - `oversized`: a history page of HOSTILE_HISTORY_SIZE transactions with token names of 400
 *   characters and a cursor of 1000 (under 2 MB in all), a balance answer over 2 MB, an identity name of 6000
 *   characters.
 * Demo and test tooling only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createPublicClient, encodeFunctionData, erc20Abi, erc721Abi, decodeFunctionResult, formatEther, formatUnits, http, type Hex } from 'viem'
import { rpc } from '../anvil.js'
import { readBody } from '../http.js'
import { createEvmIndex, type EvmIndex, type IndexedTx } from './evm-index.js'
import { collectionArt, tokenIcon, avatarArt } from './art.js'
import { hostileCase, OLD_WIRE } from './hostile.js'
import { createConvertService, type SwapAmm } from './convert.js'
import { createNameRegistry } from './names.js'
import { createSessionStore } from './sessions.js'

/** Transactions per history page. */
export const HISTORY_PAGE_SIZE = 5
/** Transactions in the `oversized` hostile history page. */
export const HOSTILE_HISTORY_SIZE = 2000
/** Holdings in the `oversized` hostile balance answer (over 2 MB). */
export const HOSTILE_BALANCES_SIZE = 5000

/** A made-up transaction received by `address` on `chain`, its hash derived from `n`; `pad` lengthens its token name. */
function madeUpTransaction(chain: string, address: string, n: number, pad = ''): unknown {
  const hash = `0x${n.toString(16).padStart(64, '0')}`
  return {
    id: `${chain}:${hash}`,
    metadata: { operationType: 'receive', hash, minedAt: new Date(Date.UTC(2020, 0, 1) - n * 60_000).toISOString(), sentFrom: `0x${'1'.repeat(40)}`, sentTo: address, status: 'confirmed', nonce: n, chain },
    transfers: [{ fungible_info: { name: `Ether${pad}`, symbol: 'ETH' }, direction: 'in', quantity: { numeric: '0.001' } }],
  }
}

/**
 * A hostile history page (see the module comment), or undefined for a case with no bad history.
 * Cursors look like `endless-<n>-<nonce>`: page n of an endless case, fresh every time.
 */
function hostileHistory(mode: string, chain: string, address: string, cursor: string | null, honest: () => Promise<{ data: unknown[]; next: string | null }>): Promise<unknown> | undefined {
  const n = Number(/^endless-(\d+)-/.exec(cursor ?? '')?.[1] ?? 0)
  const next = `endless-${n + 1}-${Math.random().toString(36).slice(2)}`
  const fresh = (page: number) => Array.from({ length: HISTORY_PAGE_SIZE }, (_, i) => madeUpTransaction(chain, address, 1000 + page * HISTORY_PAGE_SIZE + i))
  if (mode === 'endless-fresh') return Promise.resolve({ data: fresh(n), next })
  if (mode === 'endless-cursor') {
    if (n === 0) return honest().then((h) => ({ data: h.data, next }))
    return Promise.resolve({ data: n % 3 === 1 ? fresh(n) : n % 3 === 2 ? fresh(n - 1) : [], next })
  }
  if (mode === 'oversized') {
    const pad = '~'.repeat(400)
    return Promise.resolve({ data: Array.from({ length: HOSTILE_HISTORY_SIZE }, (_, i) => madeUpTransaction(chain, address, 5000 + i, pad)), next: `c${'0'.repeat(999)}` })
  }
  return undefined
}

/** The `oversized` balance answer: HOSTILE_BALANCES_SIZE holdings with long names, over 2 MB. */
function oversizedBalances(chain: string): unknown {
  const pad = '~'.repeat(500)
  return { balances: Array.from({ length: HOSTILE_BALANCES_SIZE }, (_, i) => ({ name: `Token ${i} ${pad}`, symbol: `T${i}`, chainId: chain, value: 1, price: 1, quantity: { decimals: '18', numeric: '1' } })) }
}

/** USD prices by symbol. */
export const PRICES: Record<string, number> = { ETH: 3120.55, HBD: 1, TIDE: 0.4217, KELP: 12.5, PRL: 2, SOL: 142.3, HUSD: 1 }

/** Names and avatars by lowercase address: anvil dev accounts 0 and 3. */
export const IDENTITIES: Record<string, { name: string; avatar: string }> = {
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266': { name: 'harbourmaster.eth', avatar: 'harbourmaster' },
  '0x90f79bf6eb2c4f870365e785982e1f101e93b906': { name: 'deckhand.eth', avatar: 'deckhand' },
}

/** The address standing for a chain's native currency in CAIP-10 token ids. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

export interface BlockchainServiceOptions {
  port: number
  chains: { chainId: number; rpcUrl: string }[]
  /** Symbols of the ERC721 collections flagged as spam. */
  spamCollections?: string[]
  solana?: { caipNetworkId: string; rpcUrl: string; mints: Record<string, { name: string; symbol: string }> }
  /** The AMM on the chains (amm.ts `LocalnetAmm`): without it, no `/v1/convert/` path is served and prices are PRICES'. */
  amm?: SwapAmm
  /** The on-ramp service emulator's base URL (onramp.ts): `/v1/onramp/*` and `/v1/generators/onrampurl` are forwarded there, as the hosted blockchain service serves them. */
  onrampUrl?: string
}

export interface ServiceRequest {
  method: string
  path: string
  query: Record<string, string>
}

export interface BlockchainService {
  url: string
  /** Base URL the seeded collections' token URIs start with: `{nftBaseUrl}{symbol}/{tokenId}`. */
  nftBaseUrl: string
  requests: ServiceRequest[]
  stop(): Promise<void>
}

interface Fault {
  path: string
  status: number
  count?: number
}

const ZERO = '0x0000000000000000000000000000000000000000'
const same = (a: string | null | undefined, b: string) => Boolean(a) && a!.toLowerCase() === b.toLowerCase()

export async function startBlockchainService(o: BlockchainServiceOptions): Promise<BlockchainService> {
  const url = `http://127.0.0.1:${o.port}`
  const nftBaseUrl = `${url}/localnet/nft/`
  const indexes = new Map<string, EvmIndex>(o.chains.map((c) => [`eip155:${c.chainId}`, createEvmIndex(c.rpcUrl, c.chainId)]))
  const spam = new Set(o.spamCollections ?? [])
  const requests: ServiceRequest[] = []
  const faults: Fault[] = []
  const names = createNameRegistry({ chains: o.chains.map((c) => ({ chainId: c.chainId, client: createPublicClient({ transport: http(c.rpcUrl) }) })) })
  const sessions = createSessionStore({ chains: o.chains.map((c) => ({ chainId: c.chainId, client: createPublicClient({ transport: http(c.rpcUrl) }) })) })

  const iconUrl = (symbol: string) => `${url}/localnet/images/token/${encodeURIComponent(symbol)}.svg`
  const convert = o.amm ? createConvertService({ chains: o.chains.map((c) => ({ chainId: c.chainId, client: createPublicClient({ transport: http(c.rpcUrl) }) })), amm: o.amm, iconUrl }) : undefined
  const pickIndexes = (chainId: string | undefined) => (chainId ? (indexes.has(chainId) ? [[chainId, indexes.get(chainId)!] as const] : []) : [...indexes.entries()])

  const nftMeta = async (index: EvmIndex, contract: Hex, tokenId: bigint) => {
    const r = await index.call(contract, encodeFunctionData({ abi: erc721Abi, functionName: 'tokenURI', args: [tokenId] }))
    const uri = r ? decodeFunctionResult({ abi: erc721Abi, functionName: 'tokenURI', data: r }) : undefined
    const local = uri?.startsWith(nftBaseUrl) ? uri.slice(nftBaseUrl.length).split('/') : undefined
    return local ? nftMetadata(local[0]!, local[1]!) : { name: `#${tokenId}`, image: undefined as string | undefined }
  }
  const nftMetadata = (symbol: string, id: string) => ({ name: `${symbol} #${id}`, description: `Seeded on the Gangway localnet`, image: `${url}/localnet/images/nft/${encodeURIComponent(symbol)}/${encodeURIComponent(id)}.svg` })

  async function balances(address: string, chainId: string | undefined) {
    const out: unknown[] = []
    for (const [caip2, index] of pickIndexes(chainId)) {
      await index.sync()
      const wei = await rpc<Hex>(index.rpcUrl, 'eth_getBalance', [address, 'latest'])
      const eth = formatUnits(BigInt(wei), 18)
      out.push({ name: 'Ether', symbol: 'ETH', chainId: caip2, value: Number(eth) * PRICES.ETH!, price: PRICES.ETH, quantity: { decimals: '18', numeric: eth }, iconUrl: iconUrl('ETH') })
      for (const { contract, kind } of index.contractsOf(address)) {
        const meta = await index.tokenMeta(contract)
        const r = await index.call(contract, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] }))
        const held = r ? BigInt(r) : 0n
        if (held === 0n) continue
        const decimals = kind === 'erc721' ? 0 : meta.decimals
        const numeric = formatUnits(held, decimals)
        const price = PRICES[meta.symbol] ?? 0
        out.push({ name: meta.name, symbol: meta.symbol, chainId: caip2, address: `${caip2}:${contract}`, value: kind === 'erc721' ? 0 : Number(numeric) * price, price: kind === 'erc721' ? 0 : price, quantity: { decimals: String(decimals), numeric }, iconUrl: iconUrl(meta.symbol) })
      }
    }
    if (o.solana && (!chainId || chainId === o.solana.caipNetworkId)) out.push(...(await solanaBalances(address, o.solana)))
    return out
  }

  async function solanaBalances(address: string, s: NonNullable<BlockchainServiceOptions['solana']>) {
    if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return []
    const lamports = (await rpc<{ value: number }>(s.rpcUrl, 'getBalance', [address])).value
    const sol = formatUnits(BigInt(lamports), 9)
    const out: unknown[] = [{ name: 'Solana', symbol: 'SOL', chainId: s.caipNetworkId, value: Number(sol) * PRICES.SOL!, price: PRICES.SOL, quantity: { decimals: '9', numeric: sol }, iconUrl: iconUrl('SOL') }]
    const accounts = await rpc<{ value: { account: { data: { parsed: { info: { mint: string; tokenAmount: { amount: string; decimals: number } } } } } }[] }>(s.rpcUrl, 'getTokenAccountsByOwner', [
      address,
      { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
      { encoding: 'jsonParsed' },
    ])
    for (const a of accounts.value) {
      const { mint, tokenAmount } = a.account.data.parsed.info
      const meta = s.mints[mint] ?? { name: 'Unknown token', symbol: '???' }
      const numeric = formatUnits(BigInt(tokenAmount.amount), tokenAmount.decimals)
      const price = PRICES[meta.symbol] ?? 0
      out.push({ ...meta, chainId: s.caipNetworkId, address: `${s.caipNetworkId}:${mint}`, value: Number(numeric) * price, price, quantity: { decimals: String(tokenAmount.decimals), numeric }, iconUrl: iconUrl(meta.symbol) })
    }
    return out
  }

  async function transaction(caip2: string, index: EvmIndex, address: string, tx: IndexedTx) {
    const transfers = []
    for (const x of tx.transfers) {
      if (!same(x.from, address) && !same(x.to, address)) continue
      const direction = same(x.from, address) && same(x.to, address) ? 'self' : same(x.to, address) ? 'in' : 'out'
      if (x.kind === 'native') {
        const numeric = formatUnits(x.amount, 18)
        transfers.push({ fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: iconUrl('ETH') } }, direction, quantity: { numeric }, value: Number(numeric) * PRICES.ETH!, price: PRICES.ETH })
      } else if (x.kind === 'erc20') {
        const meta = await index.tokenMeta(x.contract!)
        const numeric = formatUnits(x.amount, meta.decimals)
        const price = PRICES[meta.symbol] ?? 0
        transfers.push({ fungible_info: { name: meta.name, symbol: meta.symbol, icon: { url: iconUrl(meta.symbol) } }, direction, quantity: { numeric }, value: Number(numeric) * price, price })
      } else {
        const meta = await index.tokenMeta(x.contract!)
        const nft = await nftMeta(index, x.contract!, x.tokenId!)
        // The hosted nft_info has no collection (reown-com/blockchain-api src/handlers/history.rs): the name says it.
        transfers.push({ nft_info: { name: nft.name, content: { preview: { url: nft.image } }, flags: { is_spam: spam.has(meta.symbol) } }, direction, quantity: { numeric: '1' } })
      }
    }
    const mint = tx.transfers.some((x) => same(x.to, address) && x.from === ZERO)
    const directions = new Set(transfers.map((t) => t.direction))
    const operationType = mint ? 'mint' : directions.size === 1 && directions.has('in') ? 'receive' : directions.size === 1 && directions.has('out') ? 'send' : 'execute'
    return {
      id: `${caip2}:${tx.hash}`,
      metadata: { operationType, hash: tx.hash, minedAt: new Date(tx.timestamp * 1000).toISOString(), sentFrom: tx.from, sentTo: tx.to, status: tx.status, nonce: tx.nonce, chain: caip2 },
      transfers,
    }
  }

  async function history(address: string, chainId: string | undefined, cursor: number) {
    const all: { caip2: string; index: EvmIndex; tx: IndexedTx }[] = []
    for (const [caip2, index] of pickIndexes(chainId)) {
      await index.sync()
      for (const tx of index.transactionsOf(address)) all.push({ caip2, index, tx })
    }
    all.sort((a, b) => b.tx.timestamp - a.tx.timestamp || b.tx.blockNumber - a.tx.blockNumber)
    const page = all.slice(cursor, cursor + HISTORY_PAGE_SIZE)
    const data = await Promise.all(page.map((p) => transaction(p.caip2, p.index, address, p.tx)))
    return { data, next: cursor + HISTORY_PAGE_SIZE < all.length ? String(cursor + HISTORY_PAGE_SIZE) : null }
  }

  async function nfts(address: string, chainId: string | undefined) {
    const data = []
    for (const [caip2, index] of pickIndexes(chainId)) {
      await index.sync()
      for (const { contract, kind } of index.contractsOf(address)) {
        if (kind !== 'erc721') continue
        const meta = await index.tokenMeta(contract)
        const ids = new Set<bigint>()
        for (const tx of [...index.transactionsOf(address)].reverse()) {
          for (const x of tx.transfers) {
            if (x.kind !== 'erc721' || !same(x.contract, contract)) continue
            if (same(x.to, address)) ids.add(x.tokenId!)
            else if (same(x.from, address)) ids.delete(x.tokenId!)
          }
        }
        for (const id of ids) {
          const nft = await nftMeta(index, contract, id)
          data.push({ chain: caip2, contract: `${caip2}:${contract}`, tokenId: String(id), name: nft.name, collection: { name: meta.name, symbol: meta.symbol }, imageUrl: nft.image, flags: { is_spam: spam.has(meta.symbol) } })
        }
      }
    }
    return { data }
  }

  /**
   * The hosted answer (reown-com/blockchain-api `src/handlers/fungible_price.rs`): the first address
   * only, the rest ignored; `{ fungibles: [{ address, name, symbol, iconUrl, price, decimals }] }`.
   * Undefined for an empty list (the hosted service: 400 InvalidAddress).
   */
  async function prices(addresses: string[]) {
    const [first] = addresses
    if (first === undefined) return undefined
    const [ns, ref, contract] = first.split(':')
    const index = indexes.get(`${ns}:${ref}`)
    if (!index || !contract) return { fungibles: [] }
    const native = same(contract, NATIVE_TOKEN_ADDRESS)
    const meta = native ? { name: 'Ether', symbol: 'ETH', decimals: 18 } : await index.tokenMeta(contract as Hex)
    const pooled = await convert?.usdPrice(index.chainId, contract)
    return { fungibles: [{ address: first, name: meta.name, symbol: meta.symbol, iconUrl: iconUrl(meta.symbol), price: pooled ?? PRICES[meta.symbol] ?? 0, decimals: meta.decimals }] }
  }

  const faultFor = (req: IncomingMessage, u: URL): number | undefined => {
    const asked = Number(req.headers['x-localnet-fault'] ?? u.searchParams.get('localnetFault'))
    if (asked >= 400) return asked
    const f = faults.find((x) => u.pathname.includes(x.path))
    if (!f) return undefined
    if (f.count !== undefined && --f.count <= 0) faults.splice(faults.indexOf(f), 1)
    return f.status
  }

  const route = async (req: IncomingMessage, res: ServerResponse, u: URL): Promise<unknown> => {
    const params = u.searchParams
    const json = (status: number, body: unknown) => void res.writeHead(status, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end(JSON.stringify(body))
    const svg = (body: string) => void res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' }).end(body)
    // Localnet tooling: metadata, images, faults, the request list.
    let m: RegExpExecArray | null
    if ((m = /^\/localnet\/nft\/([^/]+)\/(\d+)$/.exec(u.pathname))) return json(200, nftMetadata(decodeURIComponent(m[1]!), m[2]!))
    if ((m = /^\/localnet\/images\/token\/([^/]+)\.svg$/.exec(u.pathname))) return svg(tokenIcon(decodeURIComponent(m[1]!)))
    if ((m = /^\/localnet\/images\/nft\/([^/]+)\/(\d+)\.svg$/.exec(u.pathname))) return svg(collectionArt(decodeURIComponent(m[1]!), Number(m[2])))
    if ((m = /^\/localnet\/images\/avatar\/([^/]+)\.svg$/.exec(u.pathname))) return svg(avatarArt(decodeURIComponent(m[1]!)))
    if (u.pathname === '/localnet/requests') return json(200, requests)
    // The demo networks' block explorer (their `blockExplorers`, issue 18): an account's page, in plain text.
    if ((m = /^\/localnet\/explorer\/(eip155:\d+)\/address\/(0x[0-9a-fA-F]{40})$/.exec(u.pathname))) {
      const index = indexes.get(m[1]!)
      if (!index) return json(404, { error: 'unknown chain' })
      const wei = BigInt(await rpc<Hex>(index.rpcUrl, 'eth_getBalance', [m[2]!, 'latest']))
      const page = `Localnet explorer\n\nChain: ${m[1]}\nAddress: ${m[2]}\nBalance: ${formatEther(wei)} ETH\nTransactions indexed: ${[...index.transactionsOf(m[2] as Hex)].length}\n`
      return void res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end(page)
    }
    if (u.pathname === '/localnet/faults') {
      if (req.method === 'DELETE') faults.length = 0
      else faults.push(JSON.parse(await readBody(req)) as Fault)
      return json(200, { faults })
    }
    if (u.pathname === '/localnet/sessions') {
      const added = await sessions.route(req.method ?? 'GET', u.pathname, () => readBody(req))
      return added ? json(added.status, added.body) : json(405, { error: 'POST or DELETE' })
    }

    requests.push({ method: req.method ?? 'GET', path: u.pathname, query: Object.fromEntries(params) })
    const fault = faultFor(req, u)
    if (fault !== undefined) return json(fault, { error: 'fault on request' })

    if (u.pathname === '/v1/' || u.pathname === '/v1') {
      const index = indexes.get(params.get('chainId') ?? '')
      if (!params.get('projectId')) return json(400, { error: 'projectId is required' })
      if (!index || req.method !== 'POST') return json(400, { error: 'unsupported chainId' })
      const upstream = await fetch(index.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: await readBody(req) })
      return void res.writeHead(upstream.status, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end(await upstream.text())
    }
    if (!params.get('projectId') || !params.get('st') || !params.get('sv')) return json(400, { error: 'projectId, st and sv are required' })
    if (u.pathname === '/v1/supported-chains') return json(200, { http: [...indexes.keys()], ws: [] })
    if (u.pathname === '/v1/fungible/price' && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as { addresses?: string[] }
      const answer = await prices(Array.isArray(body.addresses) ? body.addresses : [])
      return answer ? json(200, answer) : json(400, failed('address', 'The address provided is invalid'))
    }
    const named = await names.route(req.method ?? 'GET', u.pathname, params, () => readBody(req))
    if (named) return named.text !== undefined ? void res.writeHead(named.status, { 'access-control-allow-origin': '*', 'content-type': 'text/plain; charset=utf-8' }).end(named.text) : json(named.status, named.body)
    const session = await sessions.route(req.method ?? 'GET', u.pathname, () => readBody(req))
    if (session) return json(session.status, session.body)
    if (o.onrampUrl && (u.pathname.startsWith('/v1/onramp/') || u.pathname === '/v1/generators/onrampurl')) {
      const body = req.method === 'POST' ? await readBody(req) : undefined
      const fault = req.headers['x-localnet-fault']
      const answer = await fetch(`${o.onrampUrl}${u.pathname}${u.search}`, { method: req.method ?? 'GET', headers: { 'content-type': 'application/json', ...(typeof fault === 'string' ? { 'x-localnet-fault': fault } : {}) }, ...(body !== undefined ? { body } : {}) })
      return json(answer.status, await answer.json().catch(() => ({})))
    }
    const converted = await convert?.route(req.method ?? 'GET', u.pathname, params, () => readBody(req))
    if (converted) return json(converted.status, converted.body)
    const hostile = params.get('localnetHostile') ?? ''
    if ((m = /^\/v1\/identity\/([^/]+)$/.exec(u.pathname))) {
      if (hostile === 'oversized') return json(200, { name: `harbourmaster${'.eth'.repeat(1500)}`, avatar: null })
      const id = IDENTITIES[m[1]!.toLowerCase()]
      const name = names.nameOf(m[1]!) ?? id?.name
      return json(200, name ? { name, avatar: id ? `${url}/localnet/images/avatar/${id.avatar}.svg` : null } : { name: null, avatar: null })
    }
    if ((m = /^\/v1\/account\/([^/]+)\/(balance|history|nfts)$/.exec(u.pathname))) {
      const address = m[1]!
      const chainId = params.get('chainId') || undefined
      const chain = chainId ?? [...indexes.keys()][0]!
      if (m[2] === 'balance') {
        const forceUpdate = params.get('forceUpdate')
        // The old wire's boolean forceUpdate: a list does not deserialize (axum's plain-text 400).
        if (hostile === OLD_WIRE && forceUpdate !== null && forceUpdate !== 'true' && forceUpdate !== 'false') return void res.writeHead(400, { 'access-control-allow-origin': '*', 'content-type': 'text/plain; charset=utf-8' }).end('Failed to deserialize query string: forceUpdate: provided string was not `true` or `false`')
        const refused = hostile === OLD_WIRE ? undefined : forceUpdateRefusal(forceUpdate, chain)
        if (refused) return json(400, refused)
        return json(200, hostile === 'oversized' ? oversizedBalances(chain) : { balances: await balances(address, chainId) })
      }
      if (m[2] === 'nfts') return params.get('localnetNfts') ? json(200, await nfts(address, chainId)) : void res.writeHead(404).end()
      const honest = () => history(address, chainId, Math.max(0, Number(params.get('cursor') ?? 0) || 0))
      return json(200, await (hostileHistory(hostile, chain, address, params.get('cursor'), honest) ?? honest()))
    }
    return void res.writeHead(404).end()
  }

  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', url)
    // `/hostile/<case>/…`: this request gets that case's bad answer (hostile.ts); `mode` reaches route().
    const { mode, pathname } = hostileCase(u.pathname)
    u.pathname = pathname
    if (mode) u.searchParams.set('localnetHostile', mode)
    // `/localnet-nfts/…`: the NFT service's base URL (services.nfts).
    if (u.pathname.startsWith(`${NFT_SERVICE_PREFIX}/`)) {
      u.pathname = u.pathname.slice(NFT_SERVICE_PREFIX.length)
      u.searchParams.set('localnetNfts', '1')
    }
    if (req.method === 'OPTIONS') {
      return void res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS' }).end()
    }
    route(req, res, u).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end(JSON.stringify({ error: String((error as Error)?.message ?? error) }))
    })
  })
  await new Promise<void>((r) => server.listen(o.port, '127.0.0.1', () => r()))
  return {
    url,
    nftBaseUrl,
    requests,
    stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}

/** The base path of the NFT service a site may add (`services.nfts`: `${blockchainUrl}${NFT_SERVICE_PREFIX}`). */
export const NFT_SERVICE_PREFIX = '/localnet-nfts'

/** The hosted service's error body (reown-com/blockchain-api `src/error.rs`, docs/services.md): `{ status: 'FAILED', reasons: [{ field, description }] }`. */
export function failed(field: string, description: string): { status: 'FAILED'; reasons: { field: string; description: string }[] } {
  return { status: 'FAILED', reasons: [{ field, description }] }
}

/**
 * Why the balance route refuses `forceUpdate` (reown-com/blockchain-api
 * `src/handlers/balance.rs`): a list of CAIP-10 token ids, comma-separated, on an EVM chain; any
 * other namespace, or a part that is not `namespace:reference:address` (`true`, say), answers 400.
 * Undefined when absent or acceptable.
 */
export function forceUpdateRefusal(forceUpdate: string | null, chain: string): ReturnType<typeof failed> | undefined {
  if (forceUpdate === null) return undefined
  if (!chain.startsWith('eip155:')) return failed('chainId', 'Unsupported namespace')
  const caip10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/
  return forceUpdate.split(',').every((part) => caip10.test(part)) ? undefined : failed('address', 'The address provided is invalid')
}
