/**
 * The auth connector's call policy (docs/behaviour.md §5, §6), in one place for the
 * engine's own sends and the site's `getWalletProvider()` alike: the bridge the effects and
 * `walletRequest` use, wrapped. For the AUTH connector (the engine's own `gangway_` steps and the
 * connection's calls aside, which go through as they are):
 * - a safe method (chains/rpc-safety.ts) goes to the secure site as `gangway_auth_rpc`;
 * - a signing or sending one as `gangway_auth_approve`, answered only after the visitor approves it
 *   in the secure site's own UI: `auth/approval-requested` before (the modal shows
 *   ApproveTransaction), then `auth/approval-settled` with the outcome, both under one random id;
 *   an `eth_sendTransaction` is also logged as `tx-preview/requested` under that id, so Gangway
 *   previews what it sends (worker/tx-preview/) beside the secure site's panel;
 * - anything else is refused here and never reaches the secure site: `auth/rpc-refused`, and the
 *   caller gets ProviderRequestError 4100 'Requested RPC call is not allowed'.
 * Both carry the EVM connection's network, so the secure site acts on the chain the visitor sees.
 * The connection's calls are the engine's: for the site (`site: true`) only the account and chain
 * reads pass as they are; its network switch and revoke go through the policy like any call.
 */
import { rpcMethodClass, RPC_CALL_NOT_ALLOWED } from '../../chains/rpc-safety.js'
import { AUTH_CONNECTOR_ID, type CaipNetworkId } from '../../events/entities.js'
import { isUserRejection, PROVIDER_ERROR_CODES, ProviderRequestError } from '../../events/kernel/errors.js'
import { event, type NewEvent } from '../../events/types.js'
import { sameConnector } from '../../projections/select/connections.js'
import type { Bridge } from '../../contract.js'
import { ENGINE_CALL_PREFIX } from '../provider-request.js'
import { transactionRequest } from '../tx-preview/transaction-request.js'

/** The calls connect, restore, switch and disconnect make of any wallet: the connection's own, not the site's RPC. */
const CONNECTION_CALLS: ReadonlySet<string> = new Set(['eth_accounts', 'eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain', 'wallet_revokePermissions'])
/** The connection calls a site may make as they are: reads. */
const SITE_CONNECTION_CALLS: ReadonlySet<string> = new Set(['eth_accounts', 'eth_requestAccounts', 'eth_chainId'])

/** The page's auth bridge calls that carry a site's RPC (ui/bridge/auth/auth-source.ts serves them). */
export const AUTH_RPC_CALLS = { rpc: 'gangway_auth_rpc', approve: 'gangway_auth_approve' } as const

/** 16 random bytes as hex: an approval's id. */
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

/** The options of authPolicyBridge. */
export interface AuthPolicyOptions {
  /** The site's provider: only the account and chain reads are connection calls. */
  site?: boolean
  /** The EVM account (an address), the sender of a transaction whose params name none. */
  account?: () => string | undefined
  /** A new approval id (default 16 random bytes as hex). */
  newId?: () => string
}

/**
 * `inner` with the policy above for the AUTH connector; `append` records the events; `network` is
 * the EVM connection's network (CAIP-2).
 * @throws ProviderRequestError 4100 'Requested RPC call is not allowed' for a refused method
 *   (details '{method} is not served by the secure site'); else whatever `inner` throws.
 * @example
 * const bridge = authPolicyBridge(routed, append, () => 'eip155:1', { account: () => '0x…' })
 * await bridge.request('AUTH', { method: 'eth_sendTransaction', params: [{ to, value: '0x1' }] }) // after Approve in the secure site
 */
export function authPolicyBridge(inner: Bridge, append: (e: NewEvent) => void, network: () => CaipNetworkId | undefined, { site = false, account = () => undefined, newId = randomId }: AuthPolicyOptions = {}): Bridge {
  const own = site ? SITE_CONNECTION_CALLS : CONNECTION_CALLS
  return {
    async request(connectorId, args, options) {
      const { method } = args
      if (!sameConnector(connectorId, AUTH_CONNECTOR_ID) || (!site && method.startsWith(ENGINE_CALL_PREFIX)) || own.has(method)) return inner.request(connectorId, args, options)
      const name = method.slice(0, 64)
      const kind = rpcMethodClass(method)
      const forward = (call: string) => inner.request(connectorId, { method: call, params: [{ method, params: args.params ?? [], ...(network() ? { caipNetworkId: network() } : {}) }] }, options)
      if (kind === 'safe') return forward(AUTH_RPC_CALLS.rpc)
      if (kind === 'refused') {
        append(event('auth/rpc-refused', { method: name }))
        throw new ProviderRequestError(RPC_CALL_NOT_ALLOWED, { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError, details: `${name} is not served by the secure site` })
      }
      const id = newId()
      // A transaction is previewed by Gangway too (worker/tx-preview/): what it sends, logged before the approval shows.
      const tx = method === 'eth_sendTransaction' ? transactionRequest(args.params) : undefined
      const from = tx?.from ?? account()
      const caipNetworkId = network()
      if (tx && from && caipNetworkId) append(event('tx-preview/requested', { id, caipNetworkId, from, call: tx.call }))
      append(event('auth/approval-requested', { method: name, id }))
      try {
        const answer = await forward(AUTH_RPC_CALLS.approve)
        append(event('auth/approval-settled', { method: name, outcome: 'approved', id }))
        return answer
      } catch (error) {
        append(event('auth/approval-settled', { method: name, outcome: isUserRejection(error) ? 'rejected' : 'failed', id }))
        throw error
      }
    },
    watch: (connectorIds) => inner.watch(connectorIds),
  }
}
