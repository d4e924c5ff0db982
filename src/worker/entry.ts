/**
 * The worker bundle's entry: the engine in a dedicated module Worker, exposed through comlink as a
 * `WorkerEngine` (worker-engine.ts: the page reaches it with plain data and one MessagePort, and the
 * worker holds no proxy of anything in the page), with its log persisted to IndexedDB. What the
 * engine throws crosses to the page as a typed error (class, category, code, details, message:
 * events/kernel/error-wire.ts; the page's ui/client/engine-start.ts installs the same handler).
 */
import { expose, transferHandlers } from 'comlink'
import { installErrorWire } from '../events/kernel/error-wire.js'
import { idbLogStorage } from '../events/log/persistence.js'
import { idbCacheStorage } from './cache/idb-storage.js'
import { createEngine } from './engine.js'
import { workerEngine } from './worker-engine.js'

installErrorWire(transferHandlers)
expose(workerEngine((hooks) => createEngine({ mode: 'worker', storage: idbLogStorage, cacheStorage: idbCacheStorage, ...hooks })))
