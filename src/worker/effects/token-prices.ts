/**
 * USD prices of tokens for the swap form (issue 21; docs/behaviour.md §7 fungible price, §9 token
 * price cache 15 s): `POST /v1/fungible/price` for the tokens' CAIP-10 addresses, kept in the
 * `tokenPrice` cache under the comma-joined addresses. What the cache gives back is checked again
 * (its storage is untrusted).
 */
import { blockchainClient, toTokenPrice, type TokenPrice } from '../../api/blockchain.js'
import { cacheKeys } from '../cache/lifetimes.js'
import type { EffectContext } from './context.js'

/** A token to price: its CAIP-10 address and its symbol (the service may answer by symbol only). */
export interface PricedToken {
  address: string
  symbol: string
}

const checked = (v: unknown): TokenPrice[] | undefined => (Array.isArray(v) ? v.slice(0, 100).map(toTokenPrice).filter((p): p is TokenPrice => p !== undefined) : undefined)

/**
 * The USD price of each of `tokens` the service knows, by CAIP-10 address (a price matched by the
 * answer's `address` when it gives one, else by symbol). Never throws: a failed call gives `{}`.
 */
export async function tokenPrices(ctx: EffectContext, tokens: readonly PricedToken[]): Promise<Record<string, number>> {
  const addresses = [...new Set(tokens.map((t) => t.address))]
  const key = cacheKeys.tokenPrice(addresses)
  let list: TokenPrice[] | undefined
  try {
    list = checked((await ctx.caches.tokenPrice.get(key))?.value)
    if (!list) {
      list = await blockchainClient(ctx.api).getTokenPrices(addresses)
      await ctx.caches.tokenPrice.set(key, list)
    }
  } catch {
    return {}
  }
  const prices: Record<string, number> = {}
  for (const t of tokens) {
    const p = list.find((x) => x.address?.toLowerCase() === t.address.toLowerCase()) ?? list.find((x) => x.address === undefined && x.symbol === t.symbol)
    if (p) prices[t.address] = p.price
  }
  return prices
}
