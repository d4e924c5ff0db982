/**
 * The bridge the effects use: WalletConnect's and the passkey's calls stay in the engine (their
 * connectors), every other connector's go to the page.
 */
import { WALLETCONNECT_CONNECTOR_ID } from '../../events/entities.js'
import { PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import type { Bridge } from '../../contract.js'
import type { PasskeyConnector } from '../passkey/passkey-connector.js'
import type { WalletConnectConnector } from './connector.js'

export function routedBridge(page: Bridge, walletConnect: WalletConnectConnector, passkey?: PasskeyConnector): Bridge {
  const inEngine = (id: string) => id === WALLETCONNECT_CONNECTOR_ID || (passkey !== undefined && id === PASSKEY_CONNECTOR_ID)
  return {
    request: (connectorId, args, options) =>
      connectorId === WALLETCONNECT_CONNECTOR_ID ? walletConnect.request(args) : passkey && connectorId === PASSKEY_CONNECTOR_ID ? passkey.request(args) : page.request(connectorId, args, options),
    watch: (connectorIds) => page.watch(connectorIds.filter((id) => !inEngine(id))),
  }
}
