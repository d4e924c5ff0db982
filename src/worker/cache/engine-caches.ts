/** The engine's caches, one a spec §3 cache, each with its spec §9 lifetime, over one storage. */
import type { CacheName } from '../../events/entities.js'
import { CACHE_LIFETIMES_MS } from './lifetimes.js'
import { createCache, type Cache, type CacheStorage } from './two-level-cache.js'

/** A cached native balance: `value` in the smallest unit (wei), with the currency's decimals and symbol. */
export interface CachedNativeBalance {
  value: string
  decimals: number
  symbol: string
}

/** One cache per spec §3 cache; those no feature reads yet hold unknown values. */
export type EngineCaches = { [K in Exclude<CacheName, 'nativeBalance'>]: Cache<unknown> } & { nativeBalance: Cache<CachedNativeBalance> }

export function createEngineCaches(storage: CacheStorage | undefined, clock: () => number): EngineCaches {
  const make = (name: CacheName) => createCache<never>({ name, ttlMs: CACHE_LIFETIMES_MS[name], clock, ...(storage ? { storage } : {}) })
  return {
    portfolio: make('portfolio'),
    nativeBalance: make('nativeBalance'),
    name: make('name'),
    identity: make('identity'),
    transactions: make('transactions'),
    tokenPrice: make('tokenPrice'),
  }
}
