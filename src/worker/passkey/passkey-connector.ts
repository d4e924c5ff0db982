/**
 * The passkey connector (docs/behaviour.md §2 Passkey): a Safe owned by a WebAuthn passkey, whose
 * wallet the engine is itself. Its calls never reach the page as calls: the engine answers the
 * account and network from the state here, and the rest (signatures through passkey ceremonies the
 * page runs, `gangway_passkey_create` and `gangway_passkey_get` to the page's PASSKEY source; sends
 * through the network's ERC-4337 bundler, a transaction or an EIP-5792 batch as one user operation)
 * in its code, passkey-code.js (permissionless, viem's account abstraction, passkey-requests.ts),
 * loaded on the first such call: the engine starts without it.
 */
import { isHex } from 'viem'
import { caipNetworkIdOf, chainIdHexOf } from '../../chains/eip155/accounts.js'
import type { Bridge, ProviderRequest } from '../../contract.js'
import type { CaipNetworkId } from '../../events/entities.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { ProviderRequestError, unsupportedMethod } from '../../events/kernel/errors.js'
import type { PasskeyOptions } from '../../events/kernel/host-options.js'
import { passkeyNetworks } from '../../projections/select/features.js'
import type { State } from '../../projections/state.js'
import type { ChainAccess } from '../chain-access.js'
import type { PasskeyAccount } from './passkey-code.js'
import type { PasskeyRequests } from './passkey-requests.js'
import { connectedPasskey, passkeyNetwork } from './passkey-session.js'

/** A passkey connected: its credential, its account's address, and the network it connected on. */
export interface PasskeyConnected extends PasskeyAccount {
  caipNetworkId: CaipNetworkId
}

export interface PasskeyConnector {
  /** A new passkey and its account, on the active eip155 network where it has a bundler (else the site's first such). @throws the ceremony's errors. */
  create(): Promise<PasskeyConnected>
  /** A passkey the visitor picks among the site's, and its account. @throws GangwayError 'This passkey does not own the account' when its key cannot be recovered; the ceremony's errors. */
  use(): Promise<PasskeyConnected>
  /** A new passkey added to the connected passkey's account as another owner. @throws as PasskeyRequests' `add`. */
  add(): ReturnType<PasskeyRequests['add']>
  /** An EIP-1193 request to the connected passkey account (see `answer` for the methods). */
  request(args: ProviderRequest): Promise<unknown>
}

/** What the connector reads of the engine. */
export interface PasskeyConnectorDeps {
  /** The page's bridge itself, never the routed one (the ceremonies are the page's). */
  page: Bridge
  state: () => State
  chains: () => ChainAccess
  /** The site's `passkeys` option (URLs: never logged). */
  options: () => PasskeyOptions | undefined
  /** The page's origin and the site's name (metadata.name): the relying party and what the visitor's passkey list shows. */
  site: () => { origin?: string; name?: string }
  /** Loads passkey-code.ts (a test's stand-in). */
  load?: () => Promise<Pick<typeof import('./passkey-code.js'), 'requestsOver'>>
}

/** The methods the code answers (passkey-requests.ts); any other the state answers, or it is refused with 4200. */
const PASSKEY_CODE_METHODS: readonly string[] = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_getCallsStatus']

/**
 * The passkey connector over `deps`.
 * @example const passkey = createPasskeyConnector({ page: bridge, state, chains: () => ctx.chains, options: () => config.passkeys, site: () => ({ origin: config.hostOrigin, name: config.metadata?.name }) })
 */
export function createPasskeyConnector(deps: PasskeyConnectorDeps): PasskeyConnector {
  let requests: Promise<PasskeyRequests> | undefined
  const loaded = () =>
    (requests ??= (deps.load ?? (() => import('./passkey-code.js')))()
      .then((code) => code.requestsOver(deps))
      .catch((error: unknown) => ((requests = undefined), Promise.reject(error))))

  /** The request answered: accounts and network from the state, signatures and calls through the code. */
  async function answer(args: ProviderRequest): Promise<unknown> {
    switch (args.method) {
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        const c = connectedPasskey(deps.state())
        return c ? [c.address] : []
      }
      case 'eth_chainId':
        return chainIdHexOf(passkeyNetwork(deps.state()))
      case 'wallet_switchEthereumChain': {
        const chainId = (Array.isArray(args.params) ? (args.params[0] as { chainId?: unknown } | undefined) : undefined)?.chainId
        // Only a hex chain id names a network (EIP-3326).
        const id = typeof chainId === 'string' && isHex(chainId) ? caipNetworkIdOf(chainId) : undefined
        if (!id || !passkeyNetworks(deps.state()).includes(id)) throw new ProviderRequestError(ERRORS.smartAccountNotAllowed.message, { code: 4901, details: id ?? String(chainId).slice(0, 64) })
        return null
      }
      case 'wallet_revokePermissions':
        return null
      case 'wallet_getCapabilities':
        return Object.fromEntries(passkeyNetworks(deps.state()).map((id) => [chainIdHexOf(id), { atomic: { status: 'supported' } }]))
      default:
        if (!PASSKEY_CODE_METHODS.includes(args.method)) throw unsupportedMethod(args.method)
        return (await loaded()).request(args)
    }
  }

  return {
    create: async () => (await loaded()).create(),
    use: async () => (await loaded()).use(),
    add: async () => (await loaded()).add(),
    request: answer,
  }
}
