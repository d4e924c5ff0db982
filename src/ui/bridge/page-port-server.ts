/**
 * The page's end of the page port (protocol in src/worker/page-port.ts): in
 * worker mode this is all the worker can reach of the page. It serves exactly two named calls,
 * `request(connectorId, { method, params? }, { waitMs? }?)` and `watch(connectorIds)`, on the
 * bridge; each argument is checked to be plain data of the expected shape (strings, arrays of
 * strings, plain objects; `params` plain JSON data at every depth, events/kernel/plain-data.ts) and rebuilt before the bridge sees it, and anything else (another name, a
 * property path such as `request.constructor`, a wrong shape) is answered with an error and never
 * reaches the bridge. Answers are plain data: `{ id, result }` or `{ id, error }`, `error` an ErrorWire
 * (events/kernel/error-wire.ts), so the bridge's typed errors reach the worker as the same classes.
 * It also hands the subscription values the worker posts (`{ values: [{ subscription, value }, …] }`)
 * to the callbacks registered with `listen`, all of one message in one go, in their order.
 */
import { GangwayError, PROVIDER_ERROR_CODES, ProviderRequestError } from '../../events/kernel/errors.js'
import { toWire } from '../../events/kernel/error-wire.js'
import { isPlainObject, plainDataProblem } from '../../events/kernel/plain-data.js'
import type { Bridge, PageCall, PageReply, ProviderRequest } from '../../contract.js'

/** JSON-RPC 2.0 "Method not found": the worker asked for a call the page does not serve. */
export const UNKNOWN_CALL = PROVIDER_ERROR_CODES.MethodNotFoundRpcError
/** JSON-RPC 2.0 "Invalid params": a call's arguments are not the plain data it takes. */
export const INVALID_ARGUMENTS = PROVIDER_ERROR_CODES.InvalidParamsRpcError
/** What the worker gets when the bridge's answer cannot be posted (a function, a live object). */
export const ANSWER_NOT_PLAIN_DATA = 'The wallet’s answer is not plain data'
/** The longest a request may wait for its connector to be discovered, in ms. */
export const MAX_WAIT_MS = 60_000
const MAX_ID_LENGTH = 256
const MAX_WATCHED = 64

/** What `servePagePort` returns. */
export interface PagePortServer {
  /** Registers `callback` for the subscription values the worker posts under the returned key. */
  listen(callback: (value: unknown) => void): number
  /** Stops serving and closes the port. */
  close(): void
}

const refusal = (code: number, message: string) => new ProviderRequestError(message, { code })

const isId = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= MAX_ID_LENGTH

/** `request`'s arguments, checked and rebuilt; throws a ProviderRequestError. */
function requestArgs(args: unknown[]): Parameters<Bridge['request']> {
  const invalid = () => refusal(INVALID_ARGUMENTS, 'Invalid arguments for bridge call: request')
  const [connectorId, request, options] = args
  if (args.length < 2 || args.length > 3 || !isId(connectorId) || !isPlainObject(request)) throw invalid()
  const { method, params } = request
  if (typeof method !== 'string' || method.length === 0 || method.length > MAX_ID_LENGTH) throw invalid()
  // Plain data all the way down: no Date, Map, Blob or port inside params reaches a wallet.
  if (params !== undefined && ((!Array.isArray(params) && !isPlainObject(params)) || plainDataProblem(params) !== undefined)) throw invalid()
  const rebuilt: ProviderRequest = params === undefined ? { method } : { method, params }
  if (options === undefined) return [connectorId, rebuilt]
  if (!isPlainObject(options)) throw invalid()
  const { waitMs } = options
  if (waitMs === undefined) return [connectorId, rebuilt, {}]
  if (typeof waitMs !== 'number' || !Number.isFinite(waitMs) || waitMs < 0 || waitMs > MAX_WAIT_MS) throw invalid()
  return [connectorId, rebuilt, { waitMs }]
}

/** `watch`'s argument, checked and copied; throws a ProviderRequestError. */
function watchArgs(args: unknown[]): string[] {
  const [ids] = args
  if (args.length !== 1 || !Array.isArray(ids) || ids.length > MAX_WATCHED || !ids.every(isId)) throw refusal(INVALID_ARGUMENTS, 'Invalid arguments for bridge call: watch')
  return [...ids]
}

/** Runs one call on the bridge; throws a ProviderRequestError for an unknown call or bad arguments. */
function run(bridge: Bridge, call: unknown, args: unknown): Promise<unknown> | unknown {
  if (!Array.isArray(args)) throw refusal(INVALID_ARGUMENTS, 'Bridge call arguments must be an array')
  switch (call) {
    case 'request':
      return bridge.request(...requestArgs(args))
    case 'watch':
      return bridge.watch(watchArgs(args))
    default:
      throw refusal(UNKNOWN_CALL, `Unknown bridge call: ${typeof call === 'string' ? call.slice(0, 64) : typeof call}`)
  }
}

/**
 * Serves `bridge` on `port` (the page's end; the other end goes to the worker). Bridge errors reach
 * the worker as ErrorWire (`toWire`: a GangwayError with its class, category, code, details and
 * plain `data`; anything else as asGangwayError makes it). A refused call answers
 * ProviderRequestError -32601 'Unknown bridge call: {name}', -32602 'Bridge call arguments must be
 * an array' or -32602 'Invalid arguments for bridge call: request' | '… watch'; an answer that
 * cannot be cloned, GangwayError 'The wallet’s answer is not plain data'.
 * Messages with neither a numeric `id` nor a `values` array are ignored, as are values without a numeric `subscription`.
 */
export function servePagePort(port: MessagePort, bridge: Bridge): PagePortServer {
  const listeners = new Map<number, (value: unknown) => void>()
  let nextKey = 1
  const reply = (message: PageReply) => {
    try {
      port.postMessage(message)
    } catch {
      port.postMessage({ id: message.id, error: toWire(new GangwayError(ANSWER_NOT_PLAIN_DATA)) } satisfies PageReply)
    }
  }
  port.onmessage = ({ data }: MessageEvent<unknown>) => {
    if (!isPlainObject(data)) return
    if (Array.isArray(data.values)) {
      for (const v of data.values as unknown[]) {
        if (!isPlainObject(v) || typeof v.subscription !== 'number') continue
        try {
          listeners.get(v.subscription)?.(v.value)
        } catch (error) {
          // One callback's failure leaves the rest of the batch applied; it still surfaces.
          queueMicrotask(() => {
            throw error
          })
        }
      }
      return
    }
    const { id, call, args } = data as Partial<Record<keyof PageCall, unknown>>
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return
    new Promise((resolve) => resolve(run(bridge, call, args))).then(
      (result) => reply({ id, result }),
      (error: unknown) => reply({ id, error: toWire(error) }),
    )
  }
  return {
    listen(callback) {
      const key = nextKey++
      listeners.set(key, callback)
      return key
    },
    close() {
      port.onmessage = null
      port.close()
      listeners.clear()
    },
  }
}
