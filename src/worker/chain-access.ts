/**
 * Chain reads the effects need, per CAIP-2 network, on top of the JSON-RPC path. One viem public
 * client per network, created on first use.
 */
import type { Client } from 'viem'
import { getBlockNumber } from 'viem/actions'
import { eip155Client } from '../chains/eip155/client.js'
import { getNativeBalance } from '../chains/eip155/get-native-balance.js'
import type { CaipNetworkId, Network } from '../events/entities.js'
import type { JsonRpc } from './rpc/pipeline.js'
import { rpcEndpoint, type RoutingOptions } from './rpc/routing.js'

export interface ChainAccess {
  /**
   * Native balance in the smallest unit, with the network's currency.
   * @throws Error 'Network not found' for a network the site did not configure.
   */
  nativeBalance(caipNetworkId: CaipNetworkId, address: string): Promise<{ value: string; decimals: number; symbol: string }>
  /** Latest block number, as a decimal string. */
  blockNumber(caipNetworkId: CaipNetworkId): Promise<string>
}

/** `networks` and `routing` are read on each call: the supported-chains answer can change the route. */
export function createChainAccess(networks: () => readonly Network[], rpc: JsonRpc, routing: () => RoutingOptions): ChainAccess {
  const clients = new Map<string, Client>()
  const lookup = (id: CaipNetworkId) => {
    const network = networks().find((n) => n.caipNetworkId === id)
    if (!network || network.chainNamespace !== 'eip155') throw new Error('Network not found')
    const url = rpcEndpoint(network, routing())
    let client = clients.get(url)
    if (!client) clients.set(url, (client = eip155Client(url, rpc)))
    return { network, client }
  }
  return {
    async nativeBalance(id, address) {
      const { network, client } = lookup(id)
      const value = await getNativeBalance(client, address)
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    async blockNumber(id) {
      const { client } = lookup(id)
      return (await getBlockNumber(client, { cacheTime: 0 })).toString()
    },
  }
}
