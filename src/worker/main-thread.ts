/**
 * The same engine on the main thread, for pages where no Worker can start (no Worker support, or a
 * CSP that forbids it). Same interface; loaded only when needed.
 */
import { idbLogStorage } from '../events/persistence.js'
import { idbCacheStorage } from './cache/idb-storage.js'
import { createEngine, type Engine } from './engine.js'

/** A main-thread engine persisting to IndexedDB. */
export function createMainThreadEngine(): Engine {
  return createEngine({ mode: 'main', storage: idbLogStorage, cacheStorage: idbCacheStorage })
}
