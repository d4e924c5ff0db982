/**
 * What the passkey connector reads of the state (docs/behaviour.md §2 Passkey): the network its
 * account is on and the connected passkey. Pure; shared by the connector the engine starts with
 * (passkey-connector.ts) and the calls its code answers (passkey-requests.ts).
 */
import type { Hex } from 'viem'
import type { CaipNetworkId } from '../../events/entities.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { GangwayError } from '../../events/kernel/errors.js'
import { PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import { liveConnections } from '../../projections/select/connections.js'
import { passkeyNetworks } from '../../projections/select/features.js'
import type { State } from '../../projections/state.js'
import type { PasskeyCredential } from '../../chains/eip155/passkey/passkey-account.js'

/**
 * The network a passkey's account is on: the active eip155 network where it has a bundler, else the
 * site's first such.
 * @throws GangwayError 'Smart account not available on this network' when no network has a bundler.
 * @example chainIdHexOf(passkeyNetwork(state)) // '0x7a69'
 */
export function passkeyNetwork(s: State): CaipNetworkId {
  const offered = passkeyNetworks(s)
  const active = s.networks.active.eip155
  const picked = active && offered.includes(active) ? active : offered[0]
  if (!picked) throw new GangwayError(ERRORS.smartAccountNotAllowed.message)
  return picked
}

/**
 * The connected passkey: the live PASSKEY connection's account (0x address) and the known credential
 * of that address (with `addedOwner` when it was added to the account through its own signer
 * contract); undefined without one.
 * @example connectedPasskey(state)?.address // '0x2222…'
 */
export function connectedPasskey(s: State): { address: string; credential: PasskeyCredential } | undefined {
  const address = liveConnections(s, 'eip155').find((c) => c.connectorId === PASSKEY_CONNECTOR_ID)?.accounts[0]?.address
  const credential = address ? s.passkeys.credentials.find((c) => c.address.toLowerCase() === address.toLowerCase()) : undefined
  if (!address || !credential) return undefined
  const { id, publicKey, signer } = credential
  return { address, credential: { id, publicKey: publicKey as Hex, ...(signer ? { addedOwner: { account: credential.address as Hex, signer: signer as Hex } } : {}) } }
}
