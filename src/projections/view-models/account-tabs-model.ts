/**
 * The Account view's tabs (docs/behaviour.md §2): what they show. A view model. Pure.
 * - Tokens: the holdings on the active network (decimals "0" already dropped), amounts floored to
 *   3 decimals and USD to 2 (docs/behaviour.md §9), and the network balance in USD. Without a blockchain
 *   service: the native balance and the site's listed tokens, read from the chain.
 *   A token with no icon of its own gets the wallet/config service's image of its symbol.
 * - NFTs and Activity: EVM only (docs/behaviour.md §9 Activity: EVM; NFTs are ERC721), and
 *   Activity on Bitcoin, from the site's Esplora (docs/behaviour.md §5 Bitcoin), whose Tokens tab is
 *   its native balance; Activity only while the `activity` remote feature is on (docs/behaviour.md §9).
 * What the tabs need fetched is `select/account-needs.ts`.
 */
import type { AccountTab, CaipAddress } from '../../events/entities.js'
import { activityRow, networkBalanceUsd, tokenRow, visibleNfts, type ActivityRow, type TokenRow } from '../rules/asset-rules.js'
import { floorUnits } from '../format.js'
import { activeAccount } from '../select/active-account.js'
import { activeNamespace } from '../select/active-namespace.js'
import { sendTokens } from '../select/send-tokens.js'
import type { State } from '../state.js'
import { withTokenImage } from '../images.js'
import { resolvedFeatures } from '../select/features.js'

/** An NFT of the NFTs tab; `key` is `contract:tokenId`. */
export interface NftRow {
  key: string
  name: string
  collectionName?: string
  imageUrl?: string
}

/** The Account view's tabs: the tab on show, the tabs the namespace has, and each tab's rows and loading flags. */
export interface AccountTabsModel {
  tab: AccountTab
  /** The tabs this namespace has. */
  tabs: AccountTab[]
  caipAddress?: CaipAddress
  /** The network balance in USD, floored to 2 decimals. */
  networkBalanceUsd?: string
  tokens: TokenRow[]
  tokensLoading: boolean
  nfts: NftRow[]
  nftsLoading: boolean
  activity: ActivityRow[]
  activityLoading: boolean
  activityLoadingMore: boolean
  /** The next Activity page's cursor (the view asks for it on scroll). */
  next?: string
  /** Transactions sent on this network and not yet settled, oldest first. */
  pending?: { hash: string; kind: 'send' | 'swap' | 'approval' }[]
  /** docs/behaviour.md §9: how many pending transactions were pushed out of the 99 followed (no longer polled). */
  unfollowed?: number
}

/** The Account tabs model of the active account (empty lists while none is connected). */
export function accountTabsModel(s: State): AccountTabsModel {
  const a = activeAccount(s)
  const namespace = activeNamespace(s)
  const evm = namespace === 'eip155'
  const bitcoin = namespace === 'bip122'
  const activityTab = resolvedFeatures(s).activity ? (['Activity'] as const) : []
  // NFTs where the site has an NFT service (services.nfts; the hosted blockchain service lists none).
  const tabs: AccountTab[] = evm ? ['Tokens', ...(s.config.nftService ? (['NFTs'] as const) : []), ...activityTab] : bitcoin ? ['Tokens', ...activityTab] : ['Tokens']
  const tab = a?.currentTab && tabs.includes(a.currentTab) ? a.currentTab : 'Tokens'
  const base = { tab, tabs, tokens: [], tokensLoading: false, nfts: [], nftsLoading: false, activity: [], activityLoading: false, activityLoadingMore: false }
  if (!a) return base
  const { caipAddress, caipNetworkId: chain } = a

  let tokens: TokenRow[]
  let usd: string | undefined
  const portfolio = s.accountData.portfolio[caipAddress]
  // Bitcoin's holdings are its native balance, read from the site's Esplora.
  if (s.config.blockchainService && !bitcoin) {
    const held = (portfolio?.balances ?? []).filter((b) => b.chainId === chain)
    tokens = held.map(tokenRow).map(withTokenImage)
    usd = portfolio?.balances ? networkBalanceUsd(held) : undefined
  } else {
    tokens = sendTokens(s).map(withTokenImage).map((t) => ({ key: t.address ?? `${chain}:native`, name: t.name, symbol: t.symbol, amount: t.balance !== undefined ? floorUnits(t.balance, t.decimals, 3) : '—', ...(t.iconUrl ? { iconUrl: t.iconUrl } : {}) }))
  }
  const nfts = s.accountData.nfts[caipAddress]
  const history = s.accountData.history[caipAddress]
  return {
    ...base,
    caipAddress,
    ...(usd !== undefined ? { networkBalanceUsd: usd } : {}),
    tokens,
    tokensLoading: portfolio?.loading ?? false,
    nfts: visibleNfts(nfts?.items ?? [], chain).map((n) => ({ key: `${n.contract}:${n.tokenId}`, name: n.name, ...(n.collectionName ? { collectionName: n.collectionName } : {}), ...(n.imageUrl ? { imageUrl: n.imageUrl } : {}) })),
    nftsLoading: nfts?.loading ?? false,
    activity: (history?.transactions ?? []).map(activityRow),
    ...pendingOf(s, chain),
    activityLoading: history?.loading ?? false,
    activityLoadingMore: history?.loadingMore ?? false,
    ...(history?.next ? { next: history.next } : {}),
  }
}

/** The pending transactions on `chain`, and the count no longer followed, when there are any. */
function pendingOf(s: State, chain: string): Pick<AccountTabsModel, 'pending' | 'unfollowed'> {
  const list = s.pending.list.filter((t) => t.caipNetworkId === chain).map(({ hash, kind }) => ({ hash, kind }))
  return { ...(list.length ? { pending: list } : {}), ...(s.pending.dropped ? { unfollowed: s.pending.dropped } : {}) }
}
