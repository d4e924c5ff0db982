/**
 * Plain data: what may cross a boundary as data, with nothing live in it and within
 * bounds. Used on stored and imported events and snapshots (validate-stored.ts) and on the
 * arguments the worker sends the page (ui/bridge/page-port-server.ts). Pure and small.
 */
import { FORBIDDEN_KEYS } from './safe-json.js'
import { DATA_IMAGE_MAX } from './urls.js'

/** True for an object whose prototype is Object's or null (what JSON, IndexedDB and postMessage give). */
export function isPlainObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null) return false
  const proto: unknown = Object.getPrototypeOf(x)
  return proto === Object.prototype || proto === null
}

/** Bounds of stored data: nesting depth, array length, string length (a data: image is the longest string kept). */
export const STORED_LIMITS = { depth: 24, array: 20_000, string: DATA_IMAGE_MAX } as const

/**
 * Why `value` is not plain JSON data within STORED_LIMITS, or undefined when it is: only null,
 * booleans, finite numbers, bounded strings, arrays and objects whose prototype is Object's or null,
 * with no FORBIDDEN_KEYS.
 */
export function plainDataProblem(value: unknown, path = '', depth = 0): string | undefined {
  if (value === null || value === undefined || typeof value === 'boolean') return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path || 'value'}: a number that is not finite`
  if (typeof value === 'string') return value.length <= STORED_LIMITS.string ? undefined : `${path || 'value'}: a string over ${STORED_LIMITS.string} characters`
  if (typeof value !== 'object') return `${path || 'value'}: not JSON data`
  if (depth >= STORED_LIMITS.depth) return `${path}: nested deeper than ${STORED_LIMITS.depth}`
  if (Array.isArray(value)) {
    if (value.length > STORED_LIMITS.array) return `${path}: an array over ${STORED_LIMITS.array} items`
    for (let i = 0; i < value.length; i++) {
      const problem = plainDataProblem(value[i], `${path}[${i}]`, depth + 1)
      if (problem) return problem
    }
    return undefined
  }
  if (!isPlainObject(value)) return `${path || 'value'}: not a plain object`
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return `${path}.${key}: a forbidden key`
    const problem = plainDataProblem((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1)
    if (problem) return problem
  }
  return undefined
}
