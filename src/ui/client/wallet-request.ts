/**
 * The host page's EIP-1193 requests to the wallet connected on a namespace (the modal's
 * `getWalletProvider(namespace).request`): read once here, checked and routed by the engine.
 */
import type { Signal } from '@preact/signals-core'
import type { ConnectionsModel, Namespace, ProviderRequest } from '../../contract.js'
import { ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND, PROVIDER_ERROR_CODES, ProviderRequestError } from '../../events/kernel/errors.js'
import type { ClientEngine } from './engine-start.js'

/** ProviderRequestError 4100 'Address or auth connector not found', for a namespace with no connection. */
export const noConnection = (namespace: string) => new ProviderRequestError(ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND, { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError, details: `no wallet connected on ${namespace}` })

/**
 * The request function over `engine` (read when called) for the connections `connections` shows:
 * `args.method` and `args.params` are read once each (a getter or Proxy answers once); the engine
 * checks that copy (the restricted path, docs/behaviour.md §5) and forwards a fresh request
 * (Engine.walletRequest): a WalletConnect session answers in the engine, a page wallet through the
 * bridge. `restricted` fails closed: any truthy value restricts.
 * @throws ProviderRequestError 4100 'Address or auth connector not found' with no connection on the
 *   namespace (default: the active one, else eip155); and the engine's errors (Client.walletRequest).
 */
export function walletRequester(engine: () => ClientEngine, connections: Signal<ConnectionsModel>) {
  return async (args: ProviderRequest, { namespace, restricted }: { namespace?: Namespace; restricted?: boolean }): Promise<unknown> => {
    const { method, params } = (args ?? {}) as Partial<ProviderRequest>
    const request = (params === undefined ? { method } : { method, params }) as ProviderRequest
    const { connectorIds, activeNamespace } = connections.value
    const connectorId = connectorIds[namespace ?? activeNamespace ?? 'eip155']
    if (!connectorId) throw noConnection(String(namespace ?? activeNamespace ?? 'eip155'))
    return engine().walletRequest(connectorId, request, { restricted: Boolean(restricted) })
  }
}
