/**
 * The wallet/config service's image URLs (docs/behaviour.md §7: GET /getWalletImage/{id},
 * /public/getAssetImage/{id}, /public/getTokenImage/{id}, /public/getCurrencyImage/{id}), built in
 * one place: the service's base URL, the path of the kind, the id URL-encoded, and the query params
 * projectId, st and sv of every service call (service-fetch.ts). The views load them through
 * src/ui/images (preload with the 2 s timeout, a generated icon when one fails).
 */
import type { ServiceImageKind } from '../events/service-images.js'
import type { ServiceFetch } from './service-fetch.js'

/** The path of each kind of image, below the wallet/config service's base URL. */
export const SERVICE_IMAGE_PATHS: Readonly<Record<ServiceImageKind, string>> = {
  wallet: 'getWalletImage',
  asset: 'public/getAssetImage',
  token: 'public/getTokenImage',
  currency: 'public/getCurrencyImage',
}

/**
 * The URL of the wallet/config service's `kind` image of `id`, e.g.
 * `{walletConfig}/public/getAssetImage/eip155%3A31337?projectId=…&st=…&sv=…`.
 * @throws ServiceNotConfiguredError 'Service not configured: walletConfig' when the service has no base URL.
 */
export function serviceImageUrl(api: Pick<ServiceFetch, 'url'>, kind: ServiceImageKind, id: string): string {
  return api.url('walletConfig', `${SERVICE_IMAGE_PATHS[kind]}/${encodeURIComponent(id)}`)
}

/**
 * `serviceImageUrl` for a site that may have no wallet/config service: undefined (the views then
 * show a generated icon) when `walletConfig` is not configured, instead of throwing.
 */
export function serviceImageUrls(api: Pick<ServiceFetch, 'url'>, walletConfig: string | undefined): (kind: ServiceImageKind, id: string) => string | undefined {
  return (kind, id) => (walletConfig ? serviceImageUrl(api, kind, id) : undefined)
}
