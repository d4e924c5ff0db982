/**
 * The Account view's tabs (spec §2): what they show, and what they need fetched. Pure.
 * - Tokens: the holdings on the active network (decimals "0" already dropped), amounts floored to
 *   3 decimals and USD to 2 (spec §9), and the network balance in USD. Without a blockchain
 *   service: the native balance and the site's listed tokens, read from the chain.
 * - NFTs and Activity: EVM only (spec §9 Activity: EVM; NFTs are ERC721).
 */
import type { AccountTab, CaipAddress, Namespace } from '../events/entities.js'
import { activityRow, networkBalanceUsd, tokenRow, visibleNfts, type ActivityRow, type TokenRow } from './asset-rules.js'
import { floorUnits } from './format.js'
import { activeNamespace } from './modal.js'
import { sendTokens } from './selectors.js'
import type { State } from './state.js'

/** Spec §9 chain support: balances on EVM and Solana. */
export const BALANCE_NAMESPACES: readonly Namespace[] = ['eip155', 'solana']

/** What the Account view needs from the blockchain service now; nothing while it is not on show. */
export interface AccountNeeds {
  portfolio?: CaipAddress
  /** An EVM address (spec §9 Names: EVM). */
  identity?: string
  nfts?: CaipAddress
  history?: CaipAddress
}

export function accountNeeds(s: State): AccountNeeds {
  if (!s.modal.open || s.modal.view !== 'Account' || !s.config.blockchainService) return {}
  const ns = activeNamespace(s)
  const a = ns ? s.accounts[ns] : undefined
  if (!a || a.status !== 'connected' || !a.caipAddress || !a.address) return {}
  const tab = a.currentTab ?? 'Tokens'
  const evm = ns === 'eip155'
  return {
    portfolio: a.caipAddress,
    ...(evm ? { identity: a.address } : {}),
    ...(evm && tab === 'NFTs' ? { nfts: a.caipAddress } : {}),
    ...(evm && tab === 'Activity' ? { history: a.caipAddress } : {}),
  }
}

export interface NftRow {
  key: string
  name: string
  collectionName?: string
  imageUrl?: string
}

export interface AccountTabsView {
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
}

export function accountTabsView(s: State): AccountTabsView {
  const ns = activeNamespace(s)
  const a = ns ? s.accounts[ns] : undefined
  const caipAddress = a?.status === 'connected' ? a.caipAddress : undefined
  const evm = ns === 'eip155'
  const tabs: AccountTab[] = evm ? ['Tokens', 'NFTs', 'Activity'] : ['Tokens']
  const tab = a?.currentTab && tabs.includes(a.currentTab) ? a.currentTab : 'Tokens'
  const base = { tab, tabs, tokens: [], tokensLoading: false, nfts: [], nftsLoading: false, activity: [], activityLoading: false, activityLoadingMore: false }
  if (!caipAddress || !a?.caipNetworkId) return base
  const chain = a.caipNetworkId

  let tokens: TokenRow[]
  let usd: string | undefined
  const portfolio = s.accountData.portfolio[caipAddress]
  if (s.config.blockchainService) {
    const held = (portfolio?.balances ?? []).filter((b) => b.chainId === chain)
    tokens = held.map(tokenRow)
    usd = portfolio?.balances ? networkBalanceUsd(held) : undefined
  } else {
    tokens = sendTokens(s).map((t) => ({ key: t.address ?? `${chain}:native`, name: t.name, symbol: t.symbol, amount: t.balance !== undefined ? floorUnits(t.balance, t.decimals, 3) : '—', ...(t.iconUrl ? { iconUrl: t.iconUrl } : {}) }))
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
    activityLoading: history?.loading ?? false,
    activityLoadingMore: history?.loadingMore ?? false,
    ...(history?.next ? { next: history.next } : {}),
  }
}
