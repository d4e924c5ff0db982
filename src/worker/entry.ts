/**
 * The worker bundle's entry: the engine in a dedicated module Worker, exposed through comlink, with
 * its log persisted to IndexedDB.
 */
import { expose } from 'comlink'
import { idbLogStorage } from '../events/persistence.js'
import { idbCacheStorage } from './cache/idb-storage.js'
import { createEngine } from './engine.js'

expose(createEngine({ mode: 'worker', storage: idbLogStorage, cacheStorage: idbCacheStorage }))
