/**
 * CacheStorage on IndexedDB (docs/behaviour.md §3 caches): database `gangway-cache:<projectId>`,
 * store `entries`, through idb, the library the event log is kept with (events/log/persistence.ts),
 * so the engine loads one IndexedDB library, not two. A database written by earlier builds (through
 * idb-keyval: version 1, the same store) opens as it is.
 */
import { openDB, type IDBPDatabase } from 'idb'
import type { CacheEntry, CacheStorage } from './two-level-cache.js'

/**
 * The cache's IndexedDB storage for `projectId`, opened at its first use.
 * @example const storage = idbCacheStorage('abc123'); await storage.set('balance:0x…', entry)
 */
export function idbCacheStorage(projectId: string): CacheStorage {
  let opened: Promise<IDBPDatabase> | undefined
  const db = () => (opened ??= openDB(`gangway-cache:${projectId}`, 1, { upgrade: (d) => void d.createObjectStore('entries') }))
  return {
    get: async (key) => (await (await db()).get('entries', key)) as CacheEntry<unknown> | undefined,
    set: async (key, entry) => void (await (await db()).put('entries', entry, key)),
    del: async (key) => (await db()).delete('entries', key),
  }
}
