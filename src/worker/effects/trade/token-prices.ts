/**
 * USD prices of tokens for the swap form (docs/behaviour.md §7 fungible price, §9 token
 * price cache 15 s): `POST /v1/fungible/price` for each token's CAIP-10 address, one address a
 * request (the hosted service prices only the first address it is sent; docs/services.md), the
 * requests side by side, each answer kept in the `tokenPrice` cache under its address. What the
 * cache gives back is checked again (its storage is untrusted).
 */
import { blockchainClient, toTokenPrice, type TokenPrice } from '../../../api/blockchain.js'
import { cacheKeys } from '../../cache/lifetimes.js'
import type { EffectContext } from '../context.js'

/** A token to price: its CAIP-10 address and its symbol (the service may answer by symbol only). */
export interface PricedToken {
  address: string
  symbol: string
}

const checked = (v: unknown): TokenPrice[] | undefined => (Array.isArray(v) ? v.slice(0, 100).map(toTokenPrice).filter((p): p is TokenPrice => p !== undefined) : undefined)

/** The service's answer for one CAIP-10 address, cached; [] when it fails. */
async function priceOf(ctx: EffectContext, address: string): Promise<TokenPrice[]> {
  const key = cacheKeys.tokenPrice([address])
  try {
    const cached = checked((await ctx.caches.tokenPrice.get(key))?.value)
    if (cached) return cached
    const list = await blockchainClient(ctx.api).getTokenPrices([address])
    await ctx.caches.tokenPrice.set(key, list)
    return list
  } catch {
    return []
  }
}

/**
 * The USD price of each of `tokens` the service knows, by CAIP-10 address: one request an address
 * (the answer's price matched by its `address` when it gives one, else by symbol). Never throws: a
 * failed request leaves its token unpriced, the others priced.
 */
export async function tokenPrices(ctx: EffectContext, tokens: readonly PricedToken[]): Promise<Record<string, number>> {
  const addresses = [...new Set(tokens.map((t) => t.address))]
  const answers = new Map(await Promise.all(addresses.map(async (a) => [a, await priceOf(ctx, a)] as const)))
  const prices: Record<string, number> = {}
  for (const t of tokens) {
    const list = answers.get(t.address) ?? []
    const p = list.find((x) => x.address?.toLowerCase() === t.address.toLowerCase()) ?? list.find((x) => x.address === undefined && x.symbol === t.symbol)
    if (p) prices[t.address] = p.price
  }
  return prices
}
