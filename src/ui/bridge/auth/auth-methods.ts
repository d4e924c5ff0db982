/**
 * The auth connector's calls from the engine (docs/behaviour.md §4; worker/effects/auth/auth-*.ts make
 * them), each one adapter step:
 * - the engine's own steps: `gangway_auth_connectEmail { email }` → connectEmail → `{ action }`;
 *   `gangway_auth_awaitDevice` → connectDevice; `gangway_auth_getUser { caipNetworkId,
 *   preferredAccountType }` → getUser → the user's non-secret fields; `gangway_auth_updateEmail`,
 *   `gangway_auth_setPreferredAccount`, `gangway_auth_reload`;
 * - EIP-1193 as the connect, restore, switch and disconnect effects ask any wallet: `eth_accounts`
 *   (isConnected first: [] without a session), `eth_requestAccounts` (getUser: the preferred type's
 *   address first), `eth_chainId` (getChainId), `wallet_switchEthereumChain` (switchNetwork),
 *   `wallet_revokePermissions` (signOut, at most 3 s);
 * - the site's calls, which the engine's policy (worker/auth/auth-requests.ts) sends as
 *   `gangway_auth_rpc` or `gangway_auth_approve` → request on the current network.
 */
import type { ProviderRequest } from '../../../contract.js'
import type { AuthCall, AuthUserRequest } from '../../../contract.js'
import { GangwayError, ProviderRequestError } from '../../../events/kernel/errors.js'
import { RPC_CALL_NOT_ALLOWED } from '../../../events/kernel/page-kernel.js'
import type { AuthSession } from './auth-session.js'

/** How long a sign-out may hold up a disconnect, in ms (AppKit's cap). */
export const SIGN_OUT_TIMEOUT_MS = 3000
/** How long a call the visitor need not approve (a read) may wait for its answer, in ms. */
const CALL_TIMEOUT_MS = 120_000

/** The fields of the secure site's user the engine reads (it checks them again). */
const USER_FIELDS = ['email', 'userName', 'socialProvider', 'address', 'chainId', 'accounts', 'preferredAccountType', 'smartAccountDeployed'] as const

const firstParam = (params: ProviderRequest['params']): Record<string, unknown> => {
  const p = Array.isArray(params) ? params[0] : params
  return p && typeof p === 'object' ? (p as Record<string, unknown>) : {}
}

/** The user's addresses, the preferred type's first. */
function addressesOf(user: Record<string, unknown>): string[] {
  const accounts = Array.isArray(user.accounts) ? (user.accounts as { address?: unknown; type?: unknown }[]) : []
  const preferred = accounts.filter((a) => a?.type === user.preferredAccountType)
  const list = [...preferred.map((a) => a?.address), user.address, ...accounts.map((a) => a?.address)].filter((a): a is string => typeof a === 'string')
  return [...new Set(list)]
}

/** What the calls hand to the other parts of the auth source. */
export interface AuthMethodParts {
  /** A site's call the visitor approves in the secure site's UI (auth-approvals.ts). */
  approve(call: AuthCall): Promise<unknown>
  /** The email change's first step asked for (auth-otp.ts). */
  updateAsked(action: unknown): void
  /** The secure site reloads: the Farcaster link goes (auth-farcaster.ts). */
  farcasterReset(): void
}

/**
 * The request function of the auth connector over `s` (see the module's comment); it awaits the
 * adapter's start first.
 * @throws ProviderRequestError 4100 'Requested RPC call is not allowed' for any other method;
 *   GangwayError 'Invalid chain id from the secure site'; the adapter's errors.
 */
export function authMethods(s: AuthSession, parts: AuthMethodParts): (args: ProviderRequest) => Promise<unknown> {
  const { o, adapter, start, tell } = s
  /** The site's call for the provider: its method and params, on the EVM connection's network. */
  const call = (p: Record<string, unknown>): AuthCall => ({ method: String(p.method), params: p.params, caipNetworkId: typeof p.caipNetworkId === 'string' ? p.caipNetworkId : o.network() })
  /** The networks with smart accounts, asked once a user logs in or is restored (the account type switch reads them). */
  let smartAccountNetworks: Promise<void> | undefined
  const fetchSmartAccountNetworks = () =>
    (smartAccountNetworks ??= adapter.getSmartAccountEnabledNetworks().then(
      (answer) => {
        const ids = Array.isArray(answer) ? answer.filter((n): n is number => Number.isSafeInteger(n) && n > 0).slice(0, 100) : []
        return tell({ type: 'auth/smart-account-networks-fetched', payload: { caipNetworkIds: ids.map((n) => `eip155:${n}` as const) } })
      },
      () => void (smartAccountNetworks = undefined),
    ))

  /**
   * The user's known fields only (the engine checks them again), its `chainId` as CAIP-2: a secure
   * site names an eip155 chain by its number (Reown's client reads a number as eip155's).
   */
  const picked = (user: unknown): Record<string, unknown> => {
    const from = user && typeof user === 'object' ? (user as Record<string, unknown>) : {}
    const out: Record<string, unknown> = {}
    for (const k of USER_FIELDS) if (from[k] !== undefined) out[k] = from[k]
    if (typeof out.chainId === 'number' || (typeof out.chainId === 'string' && /^\d{1,18}$/.test(out.chainId))) out.chainId = `eip155:${out.chainId}`
    return out
  }
  /** The user (asked once the adapter started: `request` awaits it), and the smart account networks beside. */
  const getUser = async (request: AuthUserRequest): Promise<Record<string, unknown>> => {
    void fetchSmartAccountNetworks()
    return picked(await adapter.getUser(request))
  }

  return async ({ method, params }) => {
    await start()
    const p = firstParam(params)
    switch (method) {
      case 'gangway_auth_connectEmail':
        return { action: (await adapter.connectEmail(String(p.email))).action }
      case 'gangway_auth_awaitDevice':
        await adapter.connectDevice()
        return {}
      case 'gangway_auth_getUser':
        return getUser({ ...(typeof p.caipNetworkId === 'string' ? { caipNetworkId: p.caipNetworkId } : {}), ...(typeof p.preferredAccountType === 'string' ? { preferredAccountType: p.preferredAccountType } : {}) })
      case 'eth_accounts':
        return (await adapter.isConnected()) ? addressesOf(await getUser({})) : []
      case 'eth_requestAccounts':
        return addressesOf(await getUser({}))
      case 'eth_chainId': {
        const chainId = await adapter.getChainId()
        // CAIP-2 on eip155, or the chain id as a number or a decimal string.
        const reference = typeof chainId === 'number' ? chainId : typeof chainId === 'string' ? Number(/^(?:eip155:)?(\d{1,18})$/.exec(chainId)?.[1]) : NaN
        if (!Number.isSafeInteger(reference) || reference <= 0) throw new GangwayError('Invalid chain id from the secure site', { category: 'SECURE_SITE_ERROR' })
        return `0x${reference.toString(16)}`
      }
      case 'wallet_switchEthereumChain':
        await adapter.switchNetwork(`eip155:${Number(p.chainId)}`)
        return null
      case 'gangway_auth_updateEmail': {
        const { action } = await adapter.updateEmail(String(p.email))
        parts.updateAsked(action)
        return { action }
      }
      case 'gangway_auth_setPreferredAccount': {
        const answer = await adapter.setPreferredAccount(String(p.type))
        return { type: answer?.type, address: answer?.address }
      }
      case 'gangway_auth_reload':
        // Leaving ConnectingFarcaster unconnected: the link goes, the secure site starts afresh.
        parts.farcasterReset()
        await adapter.reload()
        return null
      case 'wallet_revokePermissions':
        // Best effort: a secure site that is down or slow never keeps the visitor connected here.
        await Promise.race([adapter.signOut(), new Promise((r) => setTimeout(r, SIGN_OUT_TIMEOUT_MS))]).catch(() => undefined)
        return null
      case 'gangway_auth_rpc':
        return adapter.request(call(p), CALL_TIMEOUT_MS)
      case 'gangway_auth_approve':
        return parts.approve(call(p))
      default:
        // The engine's policy sends the site's calls as gangway_auth_rpc or gangway_auth_approve (worker/auth/auth-requests.ts).
        throw new ProviderRequestError(RPC_CALL_NOT_ALLOWED, { code: 4100, details: `${method.slice(0, 64)} is not served by the secure site` })
    }
  }
}
