/**
 * A two-level cache: memory first, then persistent storage (IndexedDB through idb-keyval in the
 * browser). An expired entry is never served, from either level. A storage failure is logged and
 * never thrown (docs/behaviour.md §8): the cache then acts as a miss.
 */
import { isFresh } from './lifetimes.js'

/** What a cache stores per key: the value and when it was written (ms since the epoch). */
export interface CacheEntry<T> {
  value: T
  timestamp: number
}

/** Persistent storage under the memory level. Keys are strings. */
export interface CacheStorage {
  get(key: string): Promise<CacheEntry<unknown> | undefined>
  set(key: string, entry: CacheEntry<unknown>): Promise<void>
  del(key: string): Promise<void>
}

/** A hit says which level answered, and how old the entry is (ms). */
export interface CacheHit<T> {
  value: T
  level: 'memory' | 'storage'
  ageMs: number
}

export interface Cache<T> {
  /** The fresh entry for `key`, or undefined (a miss). Never throws. */
  get(key: string): Promise<CacheHit<T> | undefined>
  /** Writes both levels. Never throws. */
  set(key: string, value: T): Promise<void>
  /** Removes `key` from both levels. Never throws. */
  delete(key: string): Promise<void>
}

export interface CacheOptions {
  /** Prefix of the storage keys, e.g. 'nativeBalance'. */
  name: string
  ttlMs: number
  storage?: CacheStorage
  /** ms since the epoch; default Date.now. */
  clock?: () => number
  onStorageError?: (error: unknown) => void
}

export function createCache<T>(options: CacheOptions): Cache<T> {
  const memory = new Map<string, CacheEntry<T>>()
  const clock = options.clock ?? Date.now
  const report = options.onStorageError ?? ((error) => console.warn(`[gangway] cache ${options.name}: storage failed`, error))
  const storageKey = (key: string) => `${options.name}:${key}`
  const quietly = async <R>(f: () => Promise<R>): Promise<R | undefined> => {
    try {
      return await f()
    } catch (error) {
      report(error)
      return undefined
    }
  }

  return {
    async get(key) {
      const now = clock()
      const hot = memory.get(key)
      if (hot) {
        if (isFresh(hot.timestamp, now, options.ttlMs)) return { value: hot.value, level: 'memory', ageMs: now - hot.timestamp }
        memory.delete(key)
      }
      const storage = options.storage
      if (!storage) return undefined
      const cold = (await quietly(() => storage.get(storageKey(key)))) as CacheEntry<T> | undefined
      if (!cold) return undefined
      if (!isFresh(cold.timestamp, clock(), options.ttlMs)) {
        await quietly(() => storage.del(storageKey(key)))
        return undefined
      }
      memory.set(key, cold)
      return { value: cold.value, level: 'storage', ageMs: clock() - cold.timestamp }
    },
    async set(key, value) {
      const entry = { value, timestamp: clock() }
      memory.set(key, entry)
      const storage = options.storage
      if (storage) await quietly(() => storage.set(storageKey(key), entry))
    },
    async delete(key) {
      memory.delete(key)
      const storage = options.storage
      if (storage) await quietly(() => storage.del(storageKey(key)))
    },
  }
}
