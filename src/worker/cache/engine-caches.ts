/** The engine's caches, one a docs/behaviour.md §3 cache, each with its docs/behaviour.md §9 lifetime, over one storage. */
import type { CacheName, Nft, TokenBalance, Transaction } from '../../events/entities.js'
import { CACHE_LIFETIMES_MS } from './lifetimes.js'
import { createCache, type Cache, type CacheStorage } from './two-level-cache.js'

/** A cached native balance: `value` in the smallest unit (wei), with the currency's decimals and symbol. */
export interface CachedNativeBalance {
  value: string
  decimals: number
  symbol: string
}

/** A cached first page of history: the transactions as the service sent them and the next cursor. */
export interface CachedHistory {
  transactions: Transaction[]
  next?: string
}

/** A cached identity (docs/behaviour.md §3: name and avatar of an address). */
export interface CachedIdentity {
  name?: string
  avatar?: string
}

/** One cache per docs/behaviour.md §3 cache (and `nfts`); those no feature reads yet hold unknown values. */
export interface EngineCaches {
  nativeBalance: Cache<CachedNativeBalance>
  portfolio: Cache<TokenBalance[]>
  transactions: Cache<CachedHistory>
  identity: Cache<CachedIdentity>
  nfts: Cache<Nft[]>
  name: Cache<unknown>
  tokenPrice: Cache<unknown>
}

export function createEngineCaches(storage: CacheStorage | undefined, clock: () => number): EngineCaches {
  const make = (name: CacheName) => createCache<never>({ name, ttlMs: CACHE_LIFETIMES_MS[name], clock, ...(storage ? { storage } : {}) })
  return {
    portfolio: make('portfolio'),
    nativeBalance: make('nativeBalance'),
    name: make('name'),
    identity: make('identity'),
    transactions: make('transactions'),
    tokenPrice: make('tokenPrice'),
    nfts: make('nfts'),
  }
}
