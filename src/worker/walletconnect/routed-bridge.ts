/**
 * The bridge the effects use: WalletConnect calls stay in the engine (the connector), every other
 * connector's go to the page.
 */
import { WALLETCONNECT_CONNECTOR_ID } from '../../events/entities.js'
import type { Bridge } from '../../contract.js'
import type { WalletConnectConnector } from './connector.js'

export function routedBridge(page: Bridge, walletConnect: WalletConnectConnector): Bridge {
  return {
    request: (connectorId, args, options) => (connectorId === WALLETCONNECT_CONNECTOR_ID ? walletConnect.request(args) : page.request(connectorId, args, options)),
    watch: (connectorIds) => page.watch(connectorIds.filter((id) => id !== WALLETCONNECT_CONNECTOR_ID)),
  }
}
