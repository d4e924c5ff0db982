import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { createStore, set as keyvalSet } from 'idb-keyval'
import { idbCacheStorage } from './idb-storage.js'
import { BALANCE_RETRY_BLOCK_MS, CACHE_LIFETIMES_MS, cacheKeys, isFresh } from './lifetimes.js'
import { createCache, type CacheStorage } from './two-level-cache.js'

describe('cache lifetimes (docs/behaviour.md §9)', () => {
  it('are 30 s, 30 s, 5 min, 5 min, 15 s, 15 s (and NFTs 30 s, like the portfolio), with a 30 s balance retry block', () => {
    expect(CACHE_LIFETIMES_MS).toEqual({ portfolio: 30_000, nativeBalance: 30_000, name: 300_000, identity: 300_000, transactions: 15_000, tokenPrice: 15_000, nfts: 30_000 })
    expect(BALANCE_RETRY_BLOCK_MS).toBe(30_000)
  })
  it('an entry is fresh strictly before its lifetime ends, never after, never from the future', () => {
    expect(isFresh(1000, 1000, 30_000)).toBe(true)
    expect(isFresh(1000, 30_999, 30_000)).toBe(true)
    expect(isFresh(1000, 31_000, 30_000)).toBe(false)
    expect(isFresh(2000, 1000, 30_000)).toBe(false)
  })
  it('keys: transactions by address and chain, token prices by the comma-joined addresses', () => {
    expect(cacheKeys.transactions('0xa', 'eip155:1')).toBe('0xa:eip155:1')
    expect(cacheKeys.tokenPrice(['0xa', '0xb'])).toBe('0xa,0xb')
  })
})

describe('two-level cache', () => {
  it('answers from memory, then from storage after a restart, and never serves an expired entry', async () => {
    let now = 1_000_000
    const storage = idbCacheStorage(`t-${Math.random()}`)
    const first = createCache<string>({ name: 'nativeBalance', ttlMs: 30_000, storage, clock: () => now })
    expect(await first.get('k')).toBeUndefined()
    await first.set('k', '42')
    now += 10_000
    expect(await first.get('k')).toEqual({ value: '42', level: 'memory', ageMs: 10_000 })

    const restarted = createCache<string>({ name: 'nativeBalance', ttlMs: 30_000, storage, clock: () => now })
    expect(await restarted.get('k')).toEqual({ value: '42', level: 'storage', ageMs: 10_000 })
    expect(await restarted.get('k')).toMatchObject({ level: 'memory' })

    now += 20_000
    expect(await restarted.get('k')).toBeUndefined()
    expect(await createCache<string>({ name: 'nativeBalance', ttlMs: 30_000, storage, clock: () => now }).get('k')).toBeUndefined()
    expect(await storage.get('nativeBalance:k')).toBeUndefined()
  })
  it('reads a cache database that earlier builds wrote through idb-keyval (the same database and store)', async () => {
    const projectId = `t-${Math.random()}`
    const entry = { value: '7', timestamp: 1_000 }
    await keyvalSet('nativeBalance:k', entry, createStore(`gangway-cache:${projectId}`, 'entries'))
    const storage = idbCacheStorage(projectId)
    expect(await storage.get('nativeBalance:k')).toEqual(entry)
    await storage.del('nativeBalance:k')
    expect(await storage.get('nativeBalance:k')).toBeUndefined()
  })
  it('keeps caches apart by name', async () => {
    const storage = idbCacheStorage(`t-${Math.random()}`)
    await createCache<string>({ name: 'name', ttlMs: 300_000, storage }).set('0xa', 'alice')
    expect(await createCache<string>({ name: 'identity', ttlMs: 300_000, storage }).get('0xa')).toBeUndefined()
  })
  it('logs a storage failure and acts as a miss, never throwing', async () => {
    const broken: CacheStorage = { get: () => Promise.reject(new Error('quota')), set: () => Promise.reject(new Error('quota')), del: () => Promise.reject(new Error('quota')) }
    const onStorageError = vi.fn()
    const cache = createCache<string>({ name: 'x', ttlMs: 1000, storage: broken, onStorageError })
    await expect(cache.set('k', 'v')).resolves.toBeUndefined()
    expect(await cache.get('k')).toMatchObject({ value: 'v', level: 'memory' })
    await cache.delete('k')
    expect(await cache.get('k')).toBeUndefined()
    expect(onStorageError).toHaveBeenCalledTimes(3)
  })
})
