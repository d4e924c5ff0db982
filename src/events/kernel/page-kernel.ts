/**
 * The page-safe kernel: constants and a CAIP split that both the engine and the page use, with no
 * import of their own, so the page (src/ui, which may not import the engine's modules) takes them
 * from here instead of keeping copies. events/entities.ts and chains/rpc-safety.ts re-export them.
 */

/**
 * The auth connector's id (docs/behaviour.md §3 Connector type AUTH: email and social login).
 * Its accounts are taken as it reports them, never merged (docs/behaviour.md §5).
 */
export const AUTH_CONNECTOR_ID = 'AUTH'
/**
 * The passkey connector's id (docs/behaviour.md §2 Passkey): a Safe owned by a WebAuthn passkey. The
 * engine answers its calls itself (worker/passkey/); the page runs only its ceremonies, the
 * bridge calls PASSKEY_CALLS.
 */
export const PASSKEY_CONNECTOR_ID = 'PASSKEY'

/** How a Wallet Standard Bitcoin wallet's connector id begins (`wallet-standard-bitcoin:<name>`): its bip122 connection, beside the same wallet's Solana one. */
export const BITCOIN_STANDARD_CONNECTOR_PREFIX = 'wallet-standard-bitcoin:'
/** The passkey ceremonies the engine asks the page for (ui/bridge/passkey/); the prefix keeps them from the site (worker/provider-request.ts). */
export const PASSKEY_CALLS = { create: 'gangway_passkey_create', get: 'gangway_passkey_get' } as const
/** The pseudo-connector the engine calls the site's `siwx` option through (ui/bridge/siwx-source.ts). */
export const SIWX_CONNECTOR_ID = 'SIWX'

/** docs/behaviour.md §8 / §5 message of a blocked call (the restricted path, or a method the secure site does not serve). */
export const RPC_CALL_NOT_ALLOWED = 'Requested RPC call is not allowed'

/**
 * The CAIP-2 network id `namespace:reference` of a CAIP-10 account id `namespace:reference:address`
 * (its first two parts, unchecked: chains/caip.ts reads and checks ids).
 * @example
 * ```ts
 * caipNetworkIdOf('eip155:1:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // 'eip155:1'
 * ```
 */
export function caipNetworkIdOf(caipAddress: string): string {
  return caipAddress.split(':').slice(0, 2).join(':')
}
