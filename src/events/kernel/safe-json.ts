/**
 * Keys that are never followed: `__proto__`, `constructor` and `prototype`. Data from
 * outside (an exported log, a stored snapshot, a service's answer) may carry them as own keys, as
 * JSON.parse and structured clones make them; assigning such a key (`out[key] = v`) would set an
 * object's prototype, so a state could hold values its JSON does not show. The rule: they are
 * dropped where untrusted JSON is parsed (`parseJson`), where stored or cloned data is read
 * (`dropForbiddenKeys`), and never written when an object is built keyed by remote data
 * (`withKey`, `fromSafeEntries`). So the state never holds one, and a state or event survives
 * JSON (an export, a snapshot) unchanged.
 */

/** The keys never followed, parsed, stored or written. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** True for `__proto__`, `constructor` and `prototype`. */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key)
}

/**
 * Removes every own forbidden key, at any depth (objects and arrays), in place, and returns `value`.
 * For freshly parsed or cloned data (IndexedDB reads, `response.json()`, postMessage); cycles are
 * walked once.
 */
export function dropForbiddenKeys<T>(value: T): T {
  const seen = new Set<object>()
  const stack: unknown[] = [value]
  while (stack.length) {
    const v = stack.pop()
    if (!v || typeof v !== 'object' || seen.has(v)) continue
    seen.add(v)
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x)
      continue
    }
    const o = v as Record<string, unknown>
    for (const k of Object.keys(o)) {
      if (isForbiddenKey(k)) delete o[k]
      else stack.push(o[k])
    }
  }
  return value
}

/** Only an escape (`\uXXXX`) can spell a forbidden key without its letters in the text. */
const MAY_HOLD_FORBIDDEN = /__proto__|constructor|prototype|\\u/

/**
 * JSON.parse for untrusted text: the same value without any forbidden key at any depth.
 * @throws SyntaxError as JSON.parse, for text that is not JSON.
 */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text)
  return MAY_HOLD_FORBIDDEN.test(text) ? dropForbiddenKeys(value) : value
}

/**
 * A copy of `map` with `key` set to `value`, or `map` itself when the key is forbidden (it is never
 * written). For objects keyed by remote data (namespaces, addresses). Never changes `map`.
 */
export function withKey<M extends object, K extends keyof M & string>(map: M, key: K, value: M[K]): M {
  return isForbiddenKey(key) ? map : ({ ...map, [key]: value } as M)
}

/** Object.fromEntries without the entries whose key is forbidden. */
export function fromSafeEntries<V>(entries: Iterable<readonly [string, V]>): Record<string, V> {
  const out: Record<string, V> = {}
  for (const [k, v] of entries) if (!isForbiddenKey(k)) out[k] = v
  return out
}
