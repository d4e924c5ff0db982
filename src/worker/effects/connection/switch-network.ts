/**
 * Switching the active network (docs/behaviour.md §4). With a wallet connected on the namespace, the wallet
 * switches (wallet_switchEthereumChain; on 4902, wallet_addEthereumChain first, then switch again);
 * without one, the switch is immediate. A refusal or error becomes network/switch-failed, which
 * takes the modal back one view.
 */
import { catchError, from, map, of, switchMap } from 'rxjs'
import { toHex } from 'viem'
import { parseCaipNetworkId } from '../../../chains/caip.js'
import type { Network } from '../../../events/entities.js'
import { event, type NewEvent } from '../../../events/types.js'
import type { Bridge } from '../../../contract.js'
import { errorCode, errorMessage, withCode } from '../../../events/kernel/errors.js'
import { ofType, type Effect } from '../context.js'

/** EIP-3085 parameters for wallet_addEthereumChain. */
export function addChainParams(n: Network) {
  return {
    chainId: toHex(Number(n.id)),
    chainName: n.name,
    nativeCurrency: n.nativeCurrency,
    // The public URL when the site gave one: the default may carry an API key, which a wallet should not get.
    rpcUrls: n.rpcUrls.chainDefault?.http.length ? n.rpcUrls.chainDefault.http : n.rpcUrls.default.http,
    ...(n.assets?.imageUrl ? { iconUrls: [n.assets.imageUrl] } : {}),
  }
}

async function switchInWallet(bridge: Bridge, connectorId: string, network: Network): Promise<void> {
  const chainId = toHex(Number(network.id))
  try {
    await bridge.request(connectorId, { method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  } catch (error) {
    if (errorCode(error) !== 4902) throw error
    await bridge.request(connectorId, { method: 'wallet_addEthereumChain', params: [addChainParams(network)] })
    await bridge.request(connectorId, { method: 'wallet_switchEthereumChain', params: [{ chainId }] })
  }
}

export const switchNetworkEffect: Effect = ({ events$, state, bridge, networks }) =>
  events$.pipe(
    ofType('network/switch-requested'),
    switchMap(({ payload: { caipNetworkId } }) => {
      const namespace = parseCaipNetworkId(caipNetworkId).namespace as 'eip155'
      const connectorId = state().connection.connectorIds[namespace]
      const network = networks().find((n) => n.caipNetworkId === caipNetworkId)
      if (!connectorId || namespace !== 'eip155' || !network) return of<NewEvent>(event('network/switched', { caipNetworkId }))
      return from(switchInWallet(bridge, connectorId, network)).pipe(
        map((): NewEvent => event('network/switched', { caipNetworkId })),
        catchError((error: unknown) => of<NewEvent>(event('network/switch-failed', { caipNetworkId, message: errorMessage(error), ...withCode(error) }))),
      )
    }),
  )
