/**
 * The wallet calls of each namespace, so connect, restore and disconnect stay namespace-agnostic:
 * - eip155 (EIP-1193): eth_requestAccounts / eth_accounts (silent), eth_chainId, wallet_revokePermissions;
 * - solana (Wallet Standard): standard:connect (silent for restore), standard:disconnect. A Solana
 *   wallet does not report its cluster: the account is on the site's active (or first) Solana network.
 */
import { caipAddressOf } from '../chains/eip155/accounts.js'
import { isSolanaAddress } from '../events/address-rules.js'
import type { CaipAddress, Namespace } from '../events/entities.js'
import type { State } from '../projections/state.js'
import type { Bridge } from '../contract.js'

/** The wallet's accounts; `silent` never prompts (restore). */
export async function walletAccounts(bridge: Bridge, connectorId: string, namespace: Namespace, silent: boolean, waitMs = 0): Promise<string[]> {
  if (namespace === 'solana') return (await bridge.request(connectorId, { method: 'standard:connect', params: [{ silent }] }, { waitMs })) as string[]
  return (await bridge.request(connectorId, { method: silent ? 'eth_accounts' : 'eth_requestAccounts' }, { waitMs })) as string[]
}

/**
 * The CAIP-10 id of `address` on the wallet's current network.
 * @throws Error 'Network not found' for a Solana wallet when the site has no Solana network;
 *   'Invalid Solana address from the wallet'; viem's InvalidAddressError for a bad EVM address.
 */
export async function walletCaipAddress(bridge: Bridge, connectorId: string, namespace: Namespace, address: string, state: State): Promise<CaipAddress> {
  if (namespace === 'solana') {
    if (!isSolanaAddress(address)) throw new Error('Invalid Solana address from the wallet')
    const network = state.networks.active.solana ?? state.config.networks.find((n) => n.chainNamespace === 'solana')?.caipNetworkId
    if (!network) throw new Error('Network not found')
    return `${network}:${address}` as CaipAddress
  }
  return caipAddressOf((await bridge.request(connectorId, { method: 'eth_chainId' })) as string, address)
}

/** Asks the wallet to forget the site (best effort; a wallet without it still disconnects locally). */
export async function walletRevoke(bridge: Bridge, connectorId: string, namespace: Namespace): Promise<void> {
  const args = namespace === 'solana' ? { method: 'standard:disconnect' } : { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }
  await bridge.request(connectorId, args)
}
