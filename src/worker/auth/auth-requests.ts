/**
 * The auth connector's call policy (issue 19; docs/behaviour.md §5, §6), in one place for the
 * engine's own sends and the site's `getWalletProvider()` alike: the bridge the effects and
 * `walletRequest` use, wrapped. For the AUTH connector (its connection calls and the engine's own
 * `gangway_` steps aside, which go through as they are):
 * - a safe method (chains/rpc-safety.ts) goes to the secure site as it comes;
 * - a signing or sending one is answered only after the visitor approves it in the secure site's
 *   own UI: `auth/approval-requested` before (the modal shows ApproveTransaction), then
 *   `auth/approval-settled` with the outcome;
 * - anything else is refused here and never reaches the secure site: `auth/rpc-refused`, and the
 *   caller gets ProviderRequestError 4100 'Requested RPC call is not allowed'.
 */
import { rpcMethodClass, RPC_CALL_NOT_ALLOWED } from '../../chains/rpc-safety.js'
import { AUTH_CONNECTOR_ID } from '../../events/entities.js'
import { isUserRejection, PROVIDER_ERROR_CODES, ProviderRequestError } from '../../events/errors.js'
import { event, type NewEvent } from '../../events/types.js'
import { sameConnector } from '../../projections/connections.js'
import type { Bridge } from '../../contract.js'
import { ENGINE_CALL_PREFIX } from '../provider-request.js'

/** The calls connect, restore, switch and disconnect make of any wallet: the connection's own, not the site's RPC. */
const CONNECTION_CALLS: ReadonlySet<string> = new Set(['eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain', 'wallet_revokePermissions'])

/**
 * `inner` with the policy above for the AUTH connector; `append` records the events.
 * @throws ProviderRequestError 4100 'Requested RPC call is not allowed' for a refused method
 *   (details '{method} is not served by the secure site'); else whatever `inner` throws.
 */
export function authPolicyBridge(inner: Bridge, append: (e: NewEvent) => void): Bridge {
  return {
    async request(connectorId, args, options) {
      const { method } = args
      if (!sameConnector(connectorId, AUTH_CONNECTOR_ID) || method.startsWith(ENGINE_CALL_PREFIX) || CONNECTION_CALLS.has(method)) return inner.request(connectorId, args, options)
      const name = method.slice(0, 64)
      const kind = rpcMethodClass(method)
      if (kind === 'safe') return inner.request(connectorId, args, options)
      if (kind === 'refused') {
        append(event('auth/rpc-refused', { method: name }))
        throw new ProviderRequestError(RPC_CALL_NOT_ALLOWED, { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError, details: `${name} is not served by the secure site` })
      }
      append(event('auth/approval-requested', { method: name }))
      try {
        const answer = await inner.request(connectorId, args, options)
        append(event('auth/approval-settled', { method: name, outcome: 'approved' }))
        return answer
      } catch (error) {
        append(event('auth/approval-settled', { method: name, outcome: isUserRejection(error) ? 'rejected' : 'failed' }))
        throw error
      }
    },
    watch: (connectorIds) => inner.watch(connectorIds),
  }
}
