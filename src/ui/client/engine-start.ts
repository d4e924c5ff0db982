/**
 * The engine's start for the page: in a module Worker through comlink, or on the main thread where
 * no Worker can start (no support, a CSP that refuses it, no answer in time).
 *
 * In worker mode nothing live of the page goes to the worker: the bridge is served on a MessagePort
 * (bridge/page-port-server.ts: two named calls, plain data), and the subscriptions' values come back
 * on that port under keys this side chose, so the worker holds no comlink proxy of any page object
 * or callback.
 */
import { transfer, transferHandlers, wrap } from 'comlink'
import type { Bridge, Engine, EngineConfig, ViewSelectorName, WorkerEngine } from '../../contract.js'
import { installErrorWire } from '../../events/kernel/error-wire.js'
import { servePagePort } from '../bridge/page-port-server.js'
import { GangwayError } from '../../events/kernel/errors.js'

/** How long a Worker gets to answer before the engine falls back to the main thread, in ms. */
export const WORKER_START_TIMEOUT_MS = 10_000

/** What the client uses of the engine, in either mode. */
export type ClientEngine = Pick<Engine, 'dispatch' | 'subscribe' | 'subscribePairing' | 'subscribeAnalytics' | 'subscribeEvents' | 'unsubscribe' | 'walletRequest' | 'exportLog' | 'listEvents' | 'travel' | 'getState' | 'flush'>

/** A started engine: what the client uses of it, and the names of the selectors the views follow (Engine.start's `views`). */
export interface StartedEngine {
  engine: ClientEngine
  views: ViewSelectorName[]
}

/**
 * Starts the engine in a Worker with `bridge` served on the page port; rejects if the Worker cannot
 * start (no support, CSP) or never answers. Subscription callbacks stay here: the worker posts their
 * values on the port under the key `listen` gave. What the worker throws arrives as the same typed
 * error (class, category, code, details: events/kernel/error-wire.ts, installed on both ends).
 * Resolves to the client's engine and the names the views follow, as the worker's `start` gave them.
 * @throws GangwayError 'Worker failed to start: {message}' or 'Worker did not answer' (after WORKER_START_TIMEOUT_MS), and the engine's start errors.
 */
async function startInWorker(config: EngineConfig, bridge: Bridge): Promise<StartedEngine> {
  installErrorWire(transferHandlers)
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'gangway-engine' })
  const remote = wrap<WorkerEngine>(worker)
  const { port1, port2 } = new MessageChannel()
  const page = servePagePort(port1, bridge)
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new GangwayError(`Worker failed to start: ${e.message || 'error'}`)), { once: true })
    setTimeout(() => reject(new GangwayError('Worker did not answer')), WORKER_START_TIMEOUT_MS)
  })
  let views: ViewSelectorName[]
  try {
    ;({ views } = await Promise.race([remote.start(config, transfer(port2, [port2])), failed]))
  } catch (error) {
    worker.terminate()
    page.close()
    throw error
  }
  const engine: ClientEngine = {
    dispatch: (intent) => remote.dispatch(intent),
    subscribe: (name, callback) => remote.subscribe(name, page.listen(callback as (value: unknown) => void)),
    subscribePairing: (callback) => remote.subscribePairing(page.listen(callback as (value: unknown) => void)),
    subscribeAnalytics: (callback) => remote.subscribeAnalytics(page.listen(callback as (value: unknown) => void)),
    subscribeEvents: (callback) => remote.subscribeEvents(page.listen(callback as (value: unknown) => void)),
    unsubscribe: (id) => remote.unsubscribe(id),
    walletRequest: (connectorId, args, options) => remote.walletRequest(connectorId, args, options),
    exportLog: (options) => remote.exportLog(options),
    listEvents: () => remote.listEvents(),
    travel: (seq) => remote.travel(seq),
    getState: () => remote.getState(),
    flush: () => remote.flush(),
  }
  return { engine, views }
}

/**
 * Starts the engine with `config` and the page's `bridge`: in a Worker unless `where` is 'main' or
 * the page has none, else (or when the Worker fails: a warning on the console) on the main thread,
 * whose engine loads here only, with a dynamic import. Resolves to `{ engine, mode, views }`
 * (StartedEngine, and where the engine runs).
 * @throws the engine's start errors ('projectId is required', 'Invalid CAIP-2 network id', …).
 */
export async function startEngine(config: EngineConfig, bridge: Bridge, where: 'auto' | 'main' = 'auto'): Promise<StartedEngine & { mode: 'worker' | 'main' }> {
  if (where !== 'main' && typeof Worker === 'function') {
    try {
      return { ...(await startInWorker(config, bridge)), mode: 'worker' }
    } catch (error) {
      console.warn('[gangway] no Worker; the engine runs on the main thread', error)
    }
  }
  const { createMainThreadEngine } = await import('../../worker/main-thread.js')
  const engine = createMainThreadEngine()
  // Same realm: the bridge object and the callbacks go to the engine as they are (main-thread.ts says why).
  const { views } = await engine.start(config, bridge)
  return { engine, mode: 'main', views }
}
