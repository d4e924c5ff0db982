/**
 * The wallet calls of each namespace, so connect, restore and disconnect stay namespace-agnostic:
 * - eip155 (EIP-1193): eth_requestAccounts / eth_accounts (silent), eth_chainId, wallet_revokePermissions;
 * - solana (Wallet Standard): standard:connect (silent for restore), standard:disconnect. A Solana
 *   wallet does not report its cluster: the account is on the site's active (or first) Solana network.
 * - bip122 (Wallet Standard, the `bitcoin:` features): bitcoin:connect for the account of the
 *   namespace's preferred type (docs/behaviour.md §6: purpose `payment`, the default, or `ordinals`
 *   for ordinal; silent for restore), standard:disconnect. The account is on the site's active (or
 *   first) Bitcoin network, as on Solana.
 */
import { caipAddressOf } from '../chains/eip155/accounts.js'
import { isBitcoinAddress, isSolanaAddress } from '../events/address-rules.js'
import type { CaipAddress, Namespace } from '../events/entities.js'
import { preferredAccountType } from '../projections/select/preferred-account-type.js'
import type { State } from '../projections/state.js'
import type { Bridge } from '../contract.js'
import { GangwayError } from '../events/kernel/errors.js'
import { NetworkNotFoundError } from '../events/engine-errors.js'

/** What walletAccounts throws for an answer that is not a list. */
export const INVALID_WALLET_ACCOUNTS = 'Invalid accounts from the wallet'

/** The most entries of a wallet's account list looked at: a wallet is untrusted, and no wallet exposes more. */
export const MAX_REPORTED_ACCOUNTS = 1000

/**
 * The wallet's accounts as it reports them (strings only, at most MAX_REPORTED_ACCOUNTS, in its
 * order; the caller checks each address); `silent` never prompts (restore); `waitMs` (ms) is how
 * long to wait for the wallet to be discovered. A Bitcoin wallet is asked for the account of the
 * namespace's preferred type in `state` (`ordinal`: its ordinals account; otherwise its payment account).
 * @throws GangwayError 'Invalid accounts from the wallet' (DATA_PARSING_ERROR) when the answer is not a list;
 *   the wallet's own error as the bridge gives it.
 */
export async function walletAccounts(bridge: Bridge, connectorId: string, namespace: Namespace, silent: boolean, state: State, waitMs = 0): Promise<string[]> {
  const args =
    namespace === 'solana'
      ? { method: 'standard:connect', params: [{ silent }] }
      : namespace === 'bip122'
        ? { method: 'bitcoin:connect', params: [{ purposes: [preferredAccountType(state.accountTypes, 'bip122') === 'ordinal' ? 'ordinals' : 'payment'], silent }] }
        : { method: silent ? 'eth_accounts' : 'eth_requestAccounts' }
  const answer: unknown = await bridge.request(connectorId, args, { waitMs })
  if (!Array.isArray(answer)) throw new GangwayError(INVALID_WALLET_ACCOUNTS, { category: 'DATA_PARSING_ERROR', details: `${args.method} answered ${answer === null ? 'null' : typeof answer}` })
  return answer.slice(0, MAX_REPORTED_ACCOUNTS).filter((a): a is string => typeof a === 'string')
}

/** What a Solana or Bitcoin wallet's address is checked with, and what a bad one is called. */
const CHECKS = {
  solana: { valid: isSolanaAddress, invalid: 'Invalid Solana address from the wallet' },
  bip122: { valid: isBitcoinAddress, invalid: 'Invalid Bitcoin address from the wallet' },
} as const

/**
 * The CAIP-10 id of `address` on the wallet's current network.
 * @throws NetworkNotFoundError 'Network not found' for a Solana (Bitcoin) wallet when the site has no
 *   Solana (Bitcoin) network; GangwayError 'Invalid Solana address from the wallet' ('Invalid Bitcoin
 *   address from the wallet'); viem's InvalidAddressError for a bad EVM address.
 */
export async function walletCaipAddress(bridge: Bridge, connectorId: string, namespace: Namespace, address: string, state: State): Promise<CaipAddress> {
  if (namespace === 'solana' || namespace === 'bip122') {
    const check = CHECKS[namespace]
    if (!check.valid(address)) throw new GangwayError(check.invalid, { category: 'API_ERROR', details: address.slice(0, 128) })
    const network = state.networks.active[namespace] ?? state.config.networks.find((n) => n.chainNamespace === namespace)?.caipNetworkId
    if (!network) throw new NetworkNotFoundError(namespace)
    return `${network}:${address}` as CaipAddress
  }
  return caipAddressOf((await bridge.request(connectorId, { method: 'eth_chainId' })) as string, address)
}

/** Asks the wallet to forget the site (best effort; a wallet without it still disconnects locally). */
export async function walletRevoke(bridge: Bridge, connectorId: string, namespace: Namespace): Promise<void> {
  const args = namespace === 'solana' || namespace === 'bip122' ? { method: 'standard:disconnect' } : { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }
  await bridge.request(connectorId, args)
}
