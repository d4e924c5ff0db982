/**
 * What the Account tabs need fetched from the blockchain service now (docs/behaviour.md §2 Account tabs, §7),
 * while the modal's Account view or the site's own UI shows them (select/showing.ts).
 * A domain selector: state → fact; `effects/account-data/account-tabs.ts` turns each new need into a
 * portfolio, identity, nfts or history `fetch-requested` event. Pure.
 */
import type { CaipAddress, Namespace } from '../../events/entities.js'
import type { State } from '../state.js'
import { activeAccount } from './active-account.js'
import { resolvedFeatures } from './features.js'
import { shows } from './showing.js'

/** docs/behaviour.md §9 chain support: balances (the holdings the Tokens tab shows) on EVM and Solana. */
export const BALANCE_NAMESPACES: readonly Namespace[] = ['eip155', 'solana']

/** What the Account tabs need from the blockchain service now; nothing while none is on show. */
export interface AccountNeeds {
  /** The account whose holdings to fetch (CAIP-10), while the holdings show. */
  portfolio?: CaipAddress
  /** An EVM address whose name and avatar to fetch, while the modal's Account view shows (docs/behaviour.md §9 Names: EVM). */
  identity?: string
  /** The account whose NFTs to fetch, while the NFTs tab shows or the visitor reached for it (EVM). */
  nfts?: CaipAddress
  /** The account whose history to fetch, while the Activity tab shows or the visitor reached for it (EVM). */
  history?: CaipAddress
}

/**
 * The Account tabs' needs for the active account while a blockchain service is configured
 * (docs/behaviour.md §2 Account tabs): its holdings while `shows(s, 'tokens')` (the modal's Account
 * view whatever the tab, or the site's UI showing tokens), its EVM identity while the modal shows
 * Account (its header), its NFTs while `shows(s, 'nfts')` (EVM, with an NFT service) and its history
 * while `shows(s, 'activity')` (EVM, while the activity feature is on); the NFTs or the history
 * also while the modal shows Account and the visitor reached for that tab without picking it yet
 * (`account/tab-approached`), so it shows when picked. Otherwise `{}`.
 * @example
 * accountNeeds(state) // { portfolio: 'eip155:1:0x…', identity: '0x…' } while the modal shows Account on Tokens
 */
export function accountNeeds(s: State): AccountNeeds {
  const tokens = shows(s, 'tokens')
  const nftsShown = shows(s, 'nfts')
  const activityShown = shows(s, 'activity')
  // A tab reached for counts only on the modal's Account view, where `tokens` holds too.
  const a = activeAccount(s)
  // A Bitcoin account's history comes from the site's Esplora, not the blockchain service (docs/behaviour.md §5 Bitcoin).
  const bitcoin = a?.namespace === 'bip122'
  if (!(tokens || nftsShown || activityShown) || !a || !(s.config.blockchainService || bitcoin)) return {}
  const onAccount = s.modal.open && s.modal.view === 'Account'
  const approached = onAccount ? a.approachedTab : undefined
  const nfts = nftsShown || approached === 'NFTs'
  const activity = activityShown || approached === 'Activity'
  const evm = a.namespace === 'eip155'
  return {
    ...(tokens && !bitcoin ? { portfolio: a.caipAddress } : {}),
    ...(evm && onAccount ? { identity: a.address } : {}),
    ...(evm && nfts && s.config.nftService ? { nfts: a.caipAddress } : {}),
    // The Activity tab exists only while the activity feature is on (docs/behaviour.md §9).
    ...((evm || bitcoin) && activity && resolvedFeatures(s).activity ? { history: a.caipAddress } : {}),
  }
}
