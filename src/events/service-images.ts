/**
 * References to the wallet/config service's images (docs/behaviour.md §7: GET /getWalletImage/{id},
 * /public/getAssetImage/{id}, /public/getTokenImage/{id}, /public/getCurrencyImage/{id}), for code
 * that cannot know the service's URL. The projections are pure and the log never holds the service
 * URLs, so a view model names such an image as a reference string under its image key
 * (`service-image:asset/eip155%3A31337`); the engine's last pass over view values
 * (projections/view-values.ts, called by worker/engine.ts) turns it into the service URL with
 * projectId, st and sv (api/image-urls.ts), or drops it when no wallet/config service is configured.
 * A reference never reaches a view or the log. Pure.
 */

/** The kinds of image the wallet/config service serves: a wallet's, a network's (asset), a token's, a fiat currency's. */
export type ServiceImageKind = 'wallet' | 'asset' | 'token' | 'currency'

const PREFIX = 'service-image:'
const REF = /^service-image:(wallet|asset|token|currency)\/(.+)$/

/**
 * The reference to the service's `kind` image of `id` (the network's `assets.imageId`, a token's
 * symbol, a currency's code): `service-image:{kind}/{encodeURIComponent(id)}`.
 */
export function serviceImageRef(kind: ServiceImageKind, id: string): string {
  return `${PREFIX}${kind}/${encodeURIComponent(id)}`
}

/** The kind and id a `serviceImageRef` names, or undefined for any other value (a URL, a malformed reference). */
export function parseServiceImageRef(value: unknown): { kind: ServiceImageKind; id: string } | undefined {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return undefined
  const m = REF.exec(value)
  if (!m) return undefined
  try {
    return { kind: m[1] as ServiceImageKind, id: decodeURIComponent(m[2]!) }
  } catch {
    return undefined
  }
}
