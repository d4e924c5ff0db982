/**
 * The same engine on the main thread, for pages where no Worker can start (no Worker support, or a
 * CSP that forbids it). Same interface; loaded only when needed.
 *
 * Here the engine gets the page's bridge object and subscription callbacks directly, not the page
 * port of worker mode (page-port.ts): engine and page share one realm, so everything in the engine,
 * the WalletConnect sign client included, can already reach every page object (`window`, `Function`)
 * without going through the bridge; a narrow port would protect nothing and only cost a copy per call.
 * The checks that matter in both modes stay in the engine (the restricted provider,
 * provider-request.ts) and in the bridge's own code.
 */
import { idbLogStorage } from '../events/log/persistence.js'
import { idbCacheStorage } from './cache/idb-storage.js'
import type { Engine } from '../contract.js'
import { createEngine } from './engine.js'

/** A main-thread engine persisting to IndexedDB. */
export function createMainThreadEngine(): Engine {
  return createEngine({ mode: 'main', storage: idbLogStorage, cacheStorage: idbCacheStorage })
}
