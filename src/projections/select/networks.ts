/** The site's configured networks (docs/behaviour.md §3 Network, §4 placeholder): which one an id names, and whether an id is on a configured namespace but not configured. Pure. */
import { parseCaipNetworkId } from '../../chains/caip.js'
import type { Namespace, Network } from '../../events/entities.js'

/** The namespace of a CAIP-2 id (throws on a malformed one). */
export const networkNamespace = (id: string) => parseCaipNetworkId(id).namespace as Namespace

/** The configured network with this CAIP-2 id, if the site listed it. */
export function findNetwork(networks: readonly Network[], id: string | undefined): Network | undefined {
  return id ? networks.find((n) => n.caipNetworkId === id) : undefined
}

/** True when the id is on a namespace the site configured but is not one of its networks (docs/behaviour.md §4 placeholder). */
export function isUnsupported(networks: readonly Network[], id: string | undefined): boolean {
  if (!id) return false
  const ns = networkNamespace(id)
  return networks.some((n) => n.chainNamespace === ns) && !findNetwork(networks, id)
}
