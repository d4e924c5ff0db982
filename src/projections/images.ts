/**
 * Which image a view model names for networks and tokens (docs/behaviour.md §3): the entity's own image URL
 * when it has one, else a reference to the wallet/config service's image of it
 * (events/service-images.ts), which the engine turns into the service's URL (or drops, without the
 * service) on its last pass over view values (view-values.ts). Pure.
 */
import type { Network } from '../events/entities.js'
import { serviceImageRef } from '../events/service-images.js'
import { NETWORK_IMAGE_IDS } from '../events/network-image-ids.js'

/**
 * A network's image: its `assets.imageUrl`, else the service's asset image of its `assets.imageId`
 * or, without one, of the id the hosted service knows it by (NETWORK_IMAGE_IDS; GET
 * /public/getAssetImage/{imageId}), else undefined (the view draws a generated icon).
 */
export function networkImage(n: Pick<Network, 'assets'> & { caipNetworkId?: string }): string | undefined {
  if (n.assets?.imageUrl) return n.assets.imageUrl
  const id = n.assets?.imageId ?? (n.caipNetworkId !== undefined && Object.hasOwn(NETWORK_IMAGE_IDS, n.caipNetworkId) ? NETWORK_IMAGE_IDS[n.caipNetworkId] : undefined)
  return id ? serviceImageRef('asset', id) : undefined
}

/**
 * `t` as it is when it has an `iconUrl` (the blockchain service's or the site's), else with the
 * service's token image of its symbol (GET /public/getTokenImage/{symbol}) as `iconUrl`.
 */
export function withTokenImage<T extends { symbol: string; iconUrl?: string }>(t: T): T {
  return t.iconUrl || !t.symbol ? t : { ...t, iconUrl: serviceImageRef('token', t.symbol) }
}
