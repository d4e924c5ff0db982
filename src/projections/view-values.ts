/**
 * The last pass over what a selector hands the views (issue 13, docs/security.md): every image URL
 * goes through the one URL validator (src/events/urls.ts `imageUrl`) before it can reach an
 * `<img src>`, whatever slice or stored event it came from; and a selector that throws on a state
 * it cannot read keeps its last value instead of stopping the modal. Pure.
 */
import { imageUrl } from '../events/urls.js'

/** The keys a view value holds image URLs under (view models, wallet refs, registry listings). */
export const IMAGE_KEYS: ReadonlySet<string> = new Set(['imageUrl', 'iconUrl', 'profileImage', 'image_url', 'avatar'])

/**
 * `value` with every string under an IMAGE_KEYS key checked by `imageUrl(…, allowedOrigins)`: kept
 * as normalised, or the key removed when refused. Arrays and plain objects are copied only where
 * something changed; other values are returned as they are.
 * @param allowedOrigins the configured services' origins ('http://127.0.0.1:5175').
 */
export function withCheckedImages<T>(value: T, allowedOrigins: readonly string[]): T {
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((v) => {
      const c = withCheckedImages(v, allowedOrigins)
      if (c !== v) changed = true
      return c
    })
    return (changed ? out : value) as T
  }
  if (!value || typeof value !== 'object') return value
  let out: Record<string, unknown> | undefined
  for (const [k, v] of Object.entries(value)) {
    let next: unknown = v
    if (IMAGE_KEYS.has(k) && typeof v === 'string') next = imageUrl(v, allowedOrigins)
    else if (v && typeof v === 'object') next = withCheckedImages(v, allowedOrigins)
    if (next === v) continue
    out ??= { ...(value as Record<string, unknown>) }
    if (next === undefined) delete out[k]
    else out[k] = next
  }
  return (out ?? value) as T
}

/**
 * Runs `select(state)`; should it throw (a stored state it cannot read), reports the error once
 * through `report` and returns `last` (the value it gave before, or `fallback` the first time).
 */
export function selectOrKeep<S, V>(select: (s: S) => V, state: S, last: V, report: (error: unknown) => void): V {
  try {
    return select(state)
  } catch (error) {
    report(error)
    return last
  }
}
