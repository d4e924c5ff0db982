/** CacheStorage on IndexedDB through idb-keyval: database `gangway-cache:<projectId>`, store `entries`. */
import { createStore, del, get, set, type UseStore } from 'idb-keyval'
import type { CacheEntry, CacheStorage } from './two-level-cache.js'

export function idbCacheStorage(projectId: string): CacheStorage {
  let store: UseStore | undefined
  const db = () => (store ??= createStore(`gangway-cache:${projectId}`, 'entries'))
  return {
    get: (key) => get<CacheEntry<unknown>>(key, db()),
    set: (key, entry) => set(key, entry, db()),
    del: (key) => del(key, db()),
  }
}
