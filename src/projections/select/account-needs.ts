/**
 * What the Account view needs fetched from the blockchain service now (docs/behaviour.md §2 Account tabs, §7).
 * A domain selector: state → fact; `effects/account-data/account-tabs.ts` turns each new need into a
 * portfolio, identity, nfts or history `fetch-requested` event. Pure.
 */
import type { CaipAddress, Namespace } from '../../events/entities.js'
import type { State } from '../state.js'
import { activeAccount } from './active-account.js'
import { resolvedFeatures } from './features.js'

/** docs/behaviour.md §9 chain support: balances (the holdings the Tokens tab shows) on EVM and Solana. */
export const BALANCE_NAMESPACES: readonly Namespace[] = ['eip155', 'solana']

/** What the Account view needs from the blockchain service now; nothing while it is not on show. */
export interface AccountNeeds {
  /** The account whose holdings to fetch (CAIP-10). */
  portfolio?: CaipAddress
  /** An EVM address whose name and avatar to fetch (docs/behaviour.md §9 Names: EVM). */
  identity?: string
  /** The account whose NFTs to fetch, while the NFTs tab is picked (EVM). */
  nfts?: CaipAddress
  /** The account whose history to fetch, while the Activity tab is picked (EVM). */
  history?: CaipAddress
}

/**
 * The Account view's needs: while the modal shows Account for the active account and a blockchain
 * service is configured, its holdings, its EVM identity, and the picked tab's NFTs or history
 * (EVM only; history while the activity feature is on). Otherwise `{}`.
 */
export function accountNeeds(s: State): AccountNeeds {
  if (!s.modal.open || s.modal.view !== 'Account' || !s.config.blockchainService) return {}
  const a = activeAccount(s)
  if (!a) return {}
  const tab = a.currentTab ?? 'Tokens'
  const evm = a.namespace === 'eip155'
  return {
    portfolio: a.caipAddress,
    ...(evm ? { identity: a.address } : {}),
    ...(evm && tab === 'NFTs' && s.config.nftService ? { nfts: a.caipAddress } : {}),
    // The Activity tab exists only while the activity feature is on (docs/behaviour.md §9).
    ...(evm && tab === 'Activity' && resolvedFeatures(s).activity ? { history: a.caipAddress } : {}),
  }
}
