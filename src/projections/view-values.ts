/**
 * The last pass over what a selector hands the views (docs/security.md): every image URL
 * goes through the one URL validator (src/events/kernel/urls.ts `imageUrl`) before it can reach an
 * `<img src>`, whatever slice or stored event it came from; a reference to a wallet/config service
 * image (events/service-images.ts) becomes that image's URL first; and a selector that
 * throws on a state it cannot read keeps its last value instead of stopping the modal. Pure.
 */
import { imageUrl } from '../events/kernel/urls.js'
import { isForbiddenKey } from '../events/kernel/safe-json.js'
import { parseServiceImageRef, type ServiceImageKind } from '../events/service-images.js'

/** Builds the URL of a wallet/config service image (api/image-urls.ts `serviceImageUrls`); undefined when there is no such service. */
export type ServiceImageUrl = (kind: ServiceImageKind, id: string) => string | undefined

/** An image key's string with a service image reference replaced by its URL (undefined: none can be built). */
const resolved = (v: string, serviceImage: ServiceImageUrl | undefined): string | undefined => {
  const ref = parseServiceImageRef(v)
  return ref ? serviceImage?.(ref.kind, ref.id) : v
}

/** The keys a view value holds image URLs under (view models, wallet refs, registry listings). */
export const IMAGE_KEYS: ReadonlySet<string> = new Set(['imageUrl', 'iconUrl', 'icon', 'profileImage', 'image_url', 'avatar'])

/**
 * `value` with every string under an IMAGE_KEYS key checked by `imageUrl(…, allowedOrigins, base)`:
 * kept as normalised, or the key removed when refused; a service image reference
 * (`service-image:{kind}/{id}`, events/service-images.ts) is replaced by `serviceImage(kind, id)`
 * first, and removed when that gives undefined; `__proto__`, `constructor` and `prototype` keys are
 * left out. Arrays and plain objects are copied only where something changed; other values are
 * returned as they are.
 * @param allowedOrigins the configured services' origins and the host page's ('http://127.0.0.1:5175').
 * @param base the host page's origin, for image paths its own options name.
 * @param serviceImage the wallet/config service's image URLs; without it every reference is removed.
 */
export function withCheckedImages<T>(value: T, allowedOrigins: readonly string[], base?: string, serviceImage?: ServiceImageUrl): T {
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((v) => {
      const c = withCheckedImages(v, allowedOrigins, base, serviceImage)
      if (c !== v) changed = true
      return c
    })
    return (changed ? out : value) as T
  }
  if (!value || typeof value !== 'object') return value
  let out: Record<string, unknown> | undefined
  for (const [k, v] of Object.entries(value)) {
    let next: unknown = v
    if (isForbiddenKey(k)) next = undefined
    else if (IMAGE_KEYS.has(k) && typeof v === 'string') next = imageUrl(resolved(v, serviceImage), allowedOrigins, base)
    else if (v && typeof v === 'object') next = withCheckedImages(v, allowedOrigins, base, serviceImage)
    if (next === v) continue
    out ??= { ...(value as Record<string, unknown>) }
    if (next === undefined) delete out[k]
    else out[k] = next // k is not a forbidden key: those were removed above
  }
  return (out ?? value) as T
}

/**
 * Runs `select(state)`; should it throw (a stored state it cannot read), reports the error through
 * `report` and returns `last` (the value it gave before).
 */
export function selectOrKeep<S, V>(select: (s: S) => V, state: S, last: V, report: (error: unknown) => void): V {
  try {
    return select(state)
  } catch (error) {
    report(error)
    return last
  }
}
