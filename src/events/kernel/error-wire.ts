/**
 * Gangway's errors across the worker boundary (docs/behaviour.md §8): a thrown value leaves its realm as
 * plain data, `{ name, category, message, code?, details?, data? }` (an `ErrorWire`), and comes back
 * as the same class, rebuilt by name. It is used on both ways across: comlink's answers from the
 * worker to the page (`installErrorWire`, set up by src/worker/entry.ts and src/ui/client/engine-start.ts) and the
 * page port's error replies from the page to the worker (src/ui/bridge/page-port-server.ts,
 * src/worker/page-port.ts).
 *
 * The other side is not trusted: `fromWire` builds a fresh error from checked fields only. A name
 * it does not know gives a GangwayError, a category outside the four gives INTERNAL_SDK_ERROR, a
 * code must be a safe integer, strings are cut (MAX_ERROR_MESSAGE, MAX_ERROR_DETAILS), and `data`
 * is kept only as plain data (events/kernel/plain-data.ts: no prototype keys) of at most MAX_ERROR_DATA
 * characters of JSON. The `cause` and the stack stay behind. Pure and small (the page bundles it).
 */
import { ERROR_CATEGORIES, GangwayError, InvalidOptionError, LogFormatError, ProviderRequestError, UNKNOWN_ERROR, UserRejectedError, asGangwayError, type ErrorCategory, type GangwayErrorOptions } from './errors.js'
import { isPlainObject, plainDataProblem } from './plain-data.js'
import { parseJson } from './safe-json.js'

/** An error as plain data, as it crosses. */
export interface ErrorWire {
  /** The class: 'GangwayError', 'InvalidOptionError', 'LogFormatError', 'ProviderRequestError' or 'UserRejectedError'. */
  name: string
  category: ErrorCategory
  message: string
  code?: number
  details?: string
  /** A ProviderRequestError's `data`, when plain data. */
  data?: unknown
}

/** The longest message kept, in characters: a longer one is cut. */
export const MAX_ERROR_MESSAGE = 1024
/** The longest details kept, in characters: longer ones are cut. */
export const MAX_ERROR_DETAILS = 4096
/** The most characters of JSON a ProviderRequestError's `data` may take; larger data is left out. */
export const MAX_ERROR_DATA = 65_536

type Fields = { message: string; options: GangwayErrorOptions; data?: unknown }

/** A provider error class rebuilt from fields: none without a code (the caller falls back to GangwayError). */
const provider =
  (Class: typeof ProviderRequestError) =>
  ({ message, options, data }: Fields) =>
    options.code === undefined ? undefined : new Class(message, { ...options, code: options.code, ...(data !== undefined ? { data } : {}) })

/** The classes rebuilt by name (a Map: no inherited keys such as `constructor`). */
const CLASSES = new Map<string, (f: Fields) => GangwayError | undefined>([
  ['GangwayError', (f) => new GangwayError(f.message, f.options)],
  ['LogFormatError', (f) => new LogFormatError(f.message, f.options.details)],
  ['InvalidOptionError', (f) => new InvalidOptionError(f.message, f.options)],
  ['ProviderRequestError', provider(ProviderRequestError)],
  ['UserRejectedError', provider(UserRejectedError)],
])

const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s)

/** A copy of `data` when it is plain data within MAX_ERROR_DATA characters of JSON, else undefined. */
function boundedData(data: unknown): unknown {
  if (data === undefined) return undefined
  try {
    // A Proxy's traps may throw, or answer the check one thing and JSON another: a throw leaves the data out.
    if (plainDataProblem(data) !== undefined) return undefined
    const json = JSON.stringify(data)
    // A fresh copy, never the object itself: nothing live or shared crosses.
    return json !== undefined && json.length <= MAX_ERROR_DATA ? parseJson(json) : undefined
  } catch {
    return undefined
  }
}

/** Any thrown value as an ErrorWire (through asGangwayError: a wallet's `{ code, message }` becomes a ProviderRequestError's). */
export function toWire(error: unknown): ErrorWire {
  const e = asGangwayError(error)
  const data = e instanceof ProviderRequestError ? boundedData(e.data) : undefined
  return {
    name: e.name,
    category: e.category,
    message: cut(String(e.message), MAX_ERROR_MESSAGE),
    ...(Number.isSafeInteger(e.code) ? { code: e.code } : {}),
    ...(typeof e.details === 'string' ? { details: cut(e.details, MAX_ERROR_DETAILS) } : {}),
    ...(data !== undefined ? { data } : {}),
  }
}

/**
 * The error an ErrorWire describes, rebuilt from its checked fields (see the module comment); any
 * other value gives GangwayError 'Unknown error'. Never throws.
 */
export function fromWire(wire: unknown): GangwayError {
  if (!isPlainObject(wire)) return new GangwayError(UNKNOWN_ERROR)
  const { name, category, message, code, details, data } = wire
  const options: GangwayErrorOptions = {
    category: ERROR_CATEGORIES.includes(category as ErrorCategory) ? (category as ErrorCategory) : 'INTERNAL_SDK_ERROR',
    ...(typeof code === 'number' && Number.isSafeInteger(code) ? { code } : {}),
    ...(typeof details === 'string' ? { details: cut(details, MAX_ERROR_DETAILS) } : {}),
  }
  const bounded = boundedData(data)
  const fields: Fields = { message: typeof message === 'string' ? cut(message, MAX_ERROR_MESSAGE) : UNKNOWN_ERROR, options, ...(bounded !== undefined ? { data: bounded } : {}) }
  return (typeof name === 'string' ? CLASSES.get(name)?.(fields) : undefined) ?? new GangwayError(fields.message, options)
}

/** The part of a comlink transfer handler installErrorWire uses (comlink's `TransferHandler`, structurally). */
export interface ThrowHandler {
  canHandle(value: unknown): boolean
  serialize(value: never): [unknown, Transferable[]]
  deserialize(value: never): unknown
}

const INSTALLED = Symbol('gangway.errorWire')

/**
 * Replaces comlink's built-in 'throw' transfer handler in `handlers` (comlink's `transferHandlers`)
 * with one that sends thrown values as ErrorWire and throws `fromWire` of what arrives; it keeps the
 * built-in's `canHandle` (comlink marks thrown values with a private symbol). Call it on both ends
 * (the worker's entry and the page's core). Idempotent; does nothing if there is no 'throw' handler.
 */
export function installErrorWire(handlers: Map<string, ThrowHandler>): void {
  const builtin = handlers.get('throw')
  if (!builtin || INSTALLED in builtin) return
  const handler: ThrowHandler & { [INSTALLED]: true } = {
    [INSTALLED]: true,
    canHandle: (value) => builtin.canHandle(value),
    serialize: ({ value }: { value: unknown }) => [toWire(value), []],
    deserialize: (wire: unknown) => {
      throw fromWire(wire)
    },
  }
  handlers.set('throw', handler)
}
