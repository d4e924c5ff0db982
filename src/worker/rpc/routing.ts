/**
 * Where a chain's JSON-RPC goes (docs/behaviour.md §7): an RPC URL the host site configured for the network
 * always wins; else a chain on the wallet provider's supported list goes to the provider endpoint
 * `<blockchain service>/v1/?chainId=<CAIP-2>&projectId=<id>`; else the network's own URL.
 */
import type { Network } from '../../events/entities.js'
import { NetworkNotFoundError } from '../../events/engine-errors.js'

export interface RoutingOptions {
  projectId: string
  /** RPC URLs per CAIP-2 id from the host site. */
  rpcUrls?: Record<string, string[]>
  /** Base URL of the blockchain service, whose /v1/ is the wallet-provider RPC endpoint. */
  providerUrl?: string
  /** CAIP-2 ids the provider endpoint serves (GET v1/supported-chains, `http`). */
  providerChains?: readonly string[]
}

/**
 * The URL for `network`'s JSON-RPC.
 * @throws NetworkNotFoundError 'Network not found' when the network has no URL at all.
 */
export function rpcEndpoint(network: Network, o: RoutingOptions): string {
  const configured = o.rpcUrls?.[network.caipNetworkId]?.[0]
  if (configured) return configured
  if (o.providerUrl && o.providerChains?.includes(network.caipNetworkId)) {
    const u = new URL('v1/', o.providerUrl.endsWith('/') ? o.providerUrl : `${o.providerUrl}/`)
    u.searchParams.set('chainId', network.caipNetworkId)
    u.searchParams.set('projectId', o.projectId)
    return u.toString()
  }
  const own = network.rpcUrls.default.http[0] ?? network.rpcUrls.chainDefault?.http[0]
  if (!own) throw new NetworkNotFoundError(network.caipNetworkId)
  return own
}
