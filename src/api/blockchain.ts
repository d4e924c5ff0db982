/**
 * Client of the blockchain service (docs/behaviour.md §7): holdings, history, NFTs, identity and token
 * prices, through the shared service fetch (projectId, st, sv, the 10 s timeout, an AbortSignal). Answers are remote
 * data: each entry is checked and reduced to the fields Gangway uses; malformed entries
 * are dropped; lists are cut (HISTORY_PAGE_MAX transactions a page, TRANSFERS_MAX transfers each,
 * HOLDINGS_MAX holdings or NFTs); strings are cut to MAX_REMOTE_STRING (256) characters and names
 * to MAX_REMOTE_NAME (64); image URLs must be http(s) or data:image and at most URL_MAX long, and a
 * cursor at most MAX_REMOTE_LINK (longer ones are dropped, never cut). Answers over 2 MB are
 * refused by the service fetch.
 */
import type { Nft, TokenBalance, Transaction, TransactionTransfer } from '../events/entities.js'
import { HISTORY_PAGE_MAX, HOLDINGS_MAX, MAX_REMOTE_LINK, MAX_REMOTE_NAME, MAX_REMOTE_STRING, TRANSFERS_MAX, PORTFOLIO_REFRESH_MAX } from '../events/kernel/limits.js'
import { defined } from '../events/defined.js'
import { storedImageUrl, URL_MAX } from '../events/kernel/urls.js'
import type { ServiceFetch } from './service-fetch.js'

type Json = Record<string, unknown>

const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const str = (v: unknown, max = MAX_REMOTE_STRING): string | undefined => (typeof v === 'string' && v.length > 0 ? v.slice(0, max) : undefined)
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined)
const decimalString = (v: unknown): string | undefined => {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v : undefined
  return s !== undefined && /^\d{1,60}(\.\d{1,60})?$/.test(s) ? s : undefined
}
/** An image URL the views may put in an <img src>: http(s) or a data:image URI (the URL validator's stored form), at most URL_MAX long. */
const imageUrl = (v: unknown): string | undefined => {
  const s = storedImageUrl(v)
  return s && s.length <= URL_MAX ? s : undefined
}
/** The first `max` entries of a remote list (none when it is not a list). */
const list = (v: unknown, max: number): unknown[] => (Array.isArray(v) ? v.slice(0, max) : [])
const NAME = MAX_REMOTE_NAME

/** One holding, or undefined when it lacks a name, a symbol, a chain or a quantity. */
export function toTokenBalance(v: unknown): TokenBalance | undefined {
  const b = obj(v)
  const q = obj(b?.quantity)
  const name = str(b?.name, NAME)
  const symbol = str(b?.symbol, 20)
  const chainId = str(b?.chainId, 100)
  const numeric = decimalString(q?.numeric)
  const decimals = decimalString(q?.decimals)
  if (!b || !name || !symbol || !chainId || numeric === undefined || decimals === undefined) return undefined
  return defined({ name, symbol, chainId, address: str(b.address, 200), value: num(b.value), price: num(b.price), quantity: { decimals, numeric }, iconUrl: imageUrl(b.iconUrl) })
}

function toTransfer(v: unknown): TransactionTransfer | undefined {
  const t = obj(v)
  if (!t) return undefined
  const f = obj(t.fungible_info)
  const n = obj(t.nft_info)
  const direction = (['in', 'out', 'self'] as const).find((d) => d === t.direction)
  return defined({
    fungible_info: f ? defined({ name: str(f.name, NAME), symbol: str(f.symbol, 20), icon: obj(f.icon) ? defined({ url: imageUrl(obj(f.icon)!.url) }) : undefined }) : undefined,
    nft_info: n
      ? defined({
          name: str(n.name, NAME),
          collection: obj(n.collection) ? defined({ name: str(obj(n.collection)!.name, NAME) }) : undefined,
          content: obj(obj(n.content)?.preview) ? { preview: defined({ url: imageUrl(obj(obj(n.content)!.preview)!.url) }) } : undefined,
          flags: { is_spam: obj(n.flags)?.is_spam === true },
        })
      : undefined,
    direction,
    quantity: obj(t.quantity) ? defined({ numeric: decimalString(obj(t.quantity)!.numeric) }) : undefined,
    value: num(t.value),
  })
}

/**
 * One transaction, or undefined without an id, a mined time or a chain. `asked`: the CAIP-2 id the
 * history was asked for, taken when `metadata.chain` is null or absent (the hosted service's
 * `chain` is optional: reown-com/blockchain-api `src/handlers/history.rs`, docs/services.md).
 */
export function toTransaction(v: unknown, asked?: string): Transaction | undefined {
  const t = obj(v)
  const m = obj(t?.metadata)
  const id = str(t?.id, 200)
  const minedAt = str(m?.minedAt, 40)
  const chain = m?.chain === null || m?.chain === undefined ? asked : str(m.chain, 100)
  if (!t || !m || !id || !minedAt || !chain || Number.isNaN(Date.parse(minedAt))) return undefined
  return {
    id,
    metadata: defined({ operationType: str(m.operationType, 40), hash: str(m.hash, 100), minedAt, sentFrom: str(m.sentFrom, 100), sentTo: str(m.sentTo, 100), status: str(m.status, 40), chain }),
    transfers: list(t.transfers, TRANSFERS_MAX).map(toTransfer).filter((x): x is TransactionTransfer => x !== undefined),
  }
}

function toNft(v: unknown): Nft | undefined {
  const n = obj(v)
  const chain = str(n?.chain, 100)
  const contract = str(n?.contract, 200)
  const tokenId = str(n?.tokenId, 80)
  if (!n || !chain || !contract || !tokenId) return undefined
  return defined({ chain, contract, tokenId, name: str(n.name, NAME) ?? `#${tokenId}`, collectionName: str(obj(n.collection)?.name, NAME), imageUrl: imageUrl(n.imageUrl), spam: obj(n.flags)?.is_spam === true })
}

/** The most token prices asked for, and kept, in one call. The hosted service prices only the first address it is sent (`/v1/fungible/price` reads `addresses[0]`), the localnet emulator each. */
export const TOKEN_PRICES_MAX = 20

/** A token's price (POST /v1/fungible/price): `price` in the currency asked for (USD), per whole token; ≥ 0 and finite. */
export interface TokenPrice {
  /** The token's CAIP-10 address as the service gives it (the hosted service does; the emulator does not), at most 200 characters. */
  address?: string
  name?: string
  symbol: string
  iconUrl?: string
  price: number
}

/** One entry of a price answer, or undefined without a symbol or a finite price ≥ 0. */
export function toTokenPrice(v: unknown): TokenPrice | undefined {
  const f = obj(v)
  const symbol = str(f?.symbol, 20)
  const price = typeof f?.price === 'number' && Number.isFinite(f.price) && f.price >= 0 ? f.price : undefined
  if (!f || !symbol || price === undefined) return undefined
  const address = typeof f.address === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/.test(f.address) ? f.address : undefined
  return defined({ address, name: str(f.name, NAME), symbol, iconUrl: imageUrl(f.iconUrl), price })
}

/**
 * The project id the service fetch puts on every call (the query's `projectId`), for the bodies that
 * carry it too (docs/behaviour.md §7: `/v1/fungible/price`, `/v1/convert/build-transaction`).
 * @throws ServiceNotConfiguredError 'Service not configured: blockchain' when the blockchain service has no base URL.
 */
export function projectIdOf(api: ServiceFetch): string {
  return new URL(api.url('blockchain', 'v1')).searchParams.get('projectId') ?? ''
}

export function blockchainClient(api: ServiceFetch) {
  const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})
  return {
    /**
     * GET /v1/account/{address}/balance (currency=usd, chainId, forceUpdate): the holdings on `chainId` (CAIP-2).
     * @param o.forceUpdate the CAIP-10 ids of tokens to read afresh (`eip155:1:0xA0b8…`, the native
     *   coin as `eip155:1:0xEeee…EEeE`): sent comma-separated, on an EVM chain only (the hosted service
     *   refuses another namespace, and a value that is not such a list, with 400), at most
     *   PORTFOLIO_REFRESH_MAX; an empty list sends nothing.
     * @throws the service fetch's errors ('HTTP request failed.', 'The request took too long to respond.').
     */
    async getBalances(address: string, o: { chainId: string; forceUpdate?: string[] }, signal?: AbortSignal): Promise<TokenBalance[]> {
      const refresh = o.chainId.startsWith('eip155:') ? (o.forceUpdate ?? []).filter((t) => t.startsWith(`${o.chainId}:`)).slice(0, PORTFOLIO_REFRESH_MAX) : []
      const r = obj(await api.get('blockchain', `v1/account/${encodeURIComponent(address)}/balance`, { params: { currency: 'usd', chainId: o.chainId, forceUpdate: refresh.length ? refresh.join(',') : undefined }, ...withSignal(signal) }))
      return list(r?.balances, HOLDINGS_MAX).map(toTokenBalance).filter((b): b is TokenBalance => b !== undefined)
    },
    /**
     * GET /v1/account/{address}/history (cursor, chainId): one page (at most HISTORY_PAGE_MAX
     * transactions) and the next page's cursor (none when the answer's is over MAX_REMOTE_LINK).
     * @throws as getBalances.
     */
    async getHistory(address: string, o: { chainId: string; cursor?: string }, signal?: AbortSignal): Promise<{ transactions: Transaction[]; next?: string }> {
      const r = obj(await api.get('blockchain', `v1/account/${encodeURIComponent(address)}/history`, { params: { chainId: o.chainId, cursor: o.cursor }, ...withSignal(signal) }))
      const next = typeof r?.next === 'string' && r.next.length <= MAX_REMOTE_LINK ? str(r.next) : undefined
      return { transactions: list(r?.data, HISTORY_PAGE_MAX).map((v) => toTransaction(v, o.chainId)).filter((t): t is Transaction => t !== undefined), ...(next ? { next } : {}) }
    },
    /**
     * GET /v1/account/{address}/nfts (chainId) on the site's NFT service (`services.nfts`; not the
     * blockchain service, which has no such route; docs/services.md): the ERC721 tokens held.
     * @throws as getBalances; ServiceNotConfiguredError 'Service not configured: nfts' without one.
     */
    async getNfts(address: string, o: { chainId: string }, signal?: AbortSignal): Promise<Nft[]> {
      const r = obj(await api.get('nfts', `v1/account/${encodeURIComponent(address)}/nfts`, { params: { chainId: o.chainId }, ...withSignal(signal) }))
      return list(r?.data, HOLDINGS_MAX).map(toNft).filter((n): n is Nft => n !== undefined)
    },
    /** GET /v1/identity/{address} (sender): the address's name and avatar, when it has them. @throws as getBalances. */
    async getIdentity(address: string, signal?: AbortSignal): Promise<{ name?: string; avatar?: string }> {
      const r = obj(await api.get('blockchain', `v1/identity/${encodeURIComponent(address)}`, { params: { sender: address }, ...withSignal(signal) }))
      return defined({ name: str(r?.name, NAME), avatar: imageUrl(r?.avatar) })
    },
    /**
     * POST /v1/fungible/price with body `{ currency: 'usd', addresses, projectId }`: the USD prices of
     * tokens named by CAIP-10 address (`eip155:1:0x…`; the native token as
     * `eip155:<chainId>:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`). The hosted service prices
     * only the first address: ask for one at a time where every price matters. An empty list asks nothing.
     * @param addresses at most TOKEN_PRICES_MAX are sent (the first ones).
     * @returns the answer's `fungibles` (at most TOKEN_PRICES_MAX), each checked (toTokenPrice), in the
     *   service's order; match them by `address` when given, else by `symbol`.
     * @throws as getBalances; ServiceNotConfiguredError 'Service not configured: blockchain'.
     */
    async getTokenPrices(addresses: string[], signal?: AbortSignal): Promise<TokenPrice[]> {
      const asked = (Array.isArray(addresses) ? addresses : []).filter((a) => typeof a === 'string' && a.length > 0 && a.length <= 200).slice(0, TOKEN_PRICES_MAX)
      if (asked.length === 0) return []
      const r = obj(await api.post('blockchain', 'v1/fungible/price', { currency: 'usd', addresses: asked, projectId: projectIdOf(api) }, withSignal(signal)))
      return list(r?.fungibles, TOKEN_PRICES_MAX).map(toTokenPrice).filter((p): p is TokenPrice => p !== undefined)
    },
  }
}

export type BlockchainClient = ReturnType<typeof blockchainClient>
