/**
 * The engine as the worker exposes it through comlink (entry.ts): the same methods, except that
 * nothing the page hands over is a live object. `start` takes the page port (a
 * MessagePort, transferred) instead of a bridge object, and subscriptions take a key the page chose
 * instead of a callback: their values go back over the same port, those one event changed in one message
 * (page-port.ts `SubscriptionValues`, posted before the effects see the event: EngineDeps `beforeEffects`). So the
 * worker, and any third-party code in it, holds no comlink proxy of anything in the page.
 */
import { GangwayError } from '../events/kernel/errors.js'
import type { Engine, WorkerEngine } from '../contract.js'
import type { EngineDeps } from './engine.js'
import { createPagePort, type PagePort } from './page-port.js'

/**
 * The engine `create` makes, wrapped for exposure in a Worker; `create` passes `beforeEffects` on
 * to createEngine's EngineDeps.
 * @example expose(workerEngine((hooks) => createEngine({ mode: 'worker', ...hooks })))
 */
export function workerEngine(create: (hooks: Required<Pick<EngineDeps, 'beforeEffects'>>) => Engine): WorkerEngine {
  let page: PagePort | undefined
  const engine = create({ beforeEffects: () => page?.flush() })
  const port = () => {
    if (!page) throw new GangwayError('Engine not started')
    return page
  }
  return {
    async start(config, messagePort) {
      if (typeof MessagePort !== 'function' || !(messagePort instanceof MessagePort)) throw new GangwayError('The page port must be a MessagePort')
      const opened = createPagePort(messagePort)
      try {
        const started = await engine.start(config, opened)
        page = opened
        return started
      } catch (error) {
        opened.close()
        throw error
      }
    },
    async subscribe(name, subscription) {
      const p = port()
      return engine.subscribe(name, (value) => p.deliver(subscription, value))
    },
    async subscribePairing(subscription) {
      const p = port()
      return engine.subscribePairing((value) => p.deliver(subscription, value))
    },
    async subscribeAnalytics(subscription) {
      const p = port()
      return engine.subscribeAnalytics((value) => p.deliver(subscription, value))
    },
    async subscribeEvents(subscription) {
      const p = port()
      return engine.subscribeEvents((value) => p.deliver(subscription, value))
    },
    dispatch: (intent) => engine.dispatch(intent),
    unsubscribe: (id) => engine.unsubscribe(id),
    walletRequest: (connectorId, args, options) => engine.walletRequest(connectorId, args, options),
    exportLog: (options) => engine.exportLog(options),
    listEvents: () => engine.listEvents(),
    travel: (seq) => engine.travel(seq),
    getState: () => engine.getState(),
    flush: () => engine.flush(),
    async stop() {
      await engine.stop()
      page?.close()
    },
  }
}
