/**
 * The docs/behaviour.md §5 rules for what the blockchain service returns, and the Account tabs' display rows.
 * Pure: no I/O, no clock.
 */
import type { Nft, TokenBalance, Transaction, TransactionTransfer } from '../../events/entities.js'
import { floorDecimal, floorUsd } from '../format.js'

/** docs/behaviour.md §5: holdings whose quantity decimals are "0" are dropped. */
export function visibleTokenBalances(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((b) => b.quantity.decimals !== '0')
}

const isSpam = (t: TransactionTransfer) => t.nft_info?.flags?.is_spam === true

/**
 * docs/behaviour.md §5: a transaction whose every transfer is flagged as spam is dropped, and only transactions
 * on the connected chain (`caipNetworkId`, CAIP-2) are kept.
 */
export function visibleTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter((t) => t.metadata.chain === caipNetworkId && !(t.transfers.length > 0 && t.transfers.every(isSpam)))
}

/** The NFTs tab: not spam, on the connected chain. */
export function visibleNfts(nfts: readonly Nft[], caipNetworkId: string): Nft[] {
  return nfts.filter((n) => !n.spam && n.chain === caipNetworkId)
}

/** A Tokens tab row: amount floored to 3 decimals, USD worth to 2 (docs/behaviour.md §9). */
export interface TokenRow {
  key: string
  name: string
  symbol: string
  amount: string
  usd?: string
  iconUrl?: string
}

export function tokenRow(b: TokenBalance): TokenRow {
  return {
    key: b.address ?? `${b.chainId}:native`,
    name: b.name,
    symbol: b.symbol,
    amount: floorDecimal(b.quantity.numeric, 3),
    ...(b.value !== undefined ? { usd: floorUsd(b.value) } : {}),
    ...(b.iconUrl ? { iconUrl: b.iconUrl } : {}),
  }
}

/** The network balance in USD (docs/behaviour.md §3 Send state networkBalanceInUSD): the sum of the holdings' worth, floored to 2 decimals. */
export function networkBalanceUsd(balances: readonly TokenBalance[]): string {
  return floorUsd(balances.reduce((sum, b) => sum + (b.value ?? 0), 0))
}

/** An Activity tab row. `minedAt`: ISO 8601, formatted by the view in the visitor's locale. */
export interface ActivityRow {
  id: string
  title: string
  description: string
  minedAt: string
  direction?: 'in' | 'out' | 'self'
  status?: string
  hash?: string
  imageUrl?: string
}

const TITLES: Record<string, string> = { send: 'Sent', receive: 'Received', mint: 'Minted', execute: 'Executed', approve: 'Approved', trade: 'Swapped', deposit: 'Deposited', withdraw: 'Withdrawn', burn: 'Burned' }

const describeTransfer = (t: TransactionTransfer): string => {
  if (t.nft_info) return t.nft_info.name ?? t.nft_info.collection?.name ?? 'NFT'
  const sign = t.direction === 'in' ? '+' : t.direction === 'out' ? '-' : ''
  const amount = t.quantity?.numeric !== undefined ? floorDecimal(t.quantity.numeric, 3) : ''
  return `${sign}${amount} ${t.fungible_info?.symbol ?? ''}`.trim()
}

export function activityRow(t: Transaction): ActivityRow {
  const shown = t.transfers.filter((x) => !isSpam(x))
  const op = t.metadata.operationType ?? 'execute'
  const first = shown[0]
  const image = first?.nft_info?.content?.preview?.url ?? first?.fungible_info?.icon?.url
  return {
    id: t.id,
    title: TITLES[op] ?? op.charAt(0).toUpperCase() + op.slice(1),
    description: shown.slice(0, 2).map(describeTransfer).join(' · ') || 'Contract call',
    minedAt: t.metadata.minedAt,
    ...(first?.direction ? { direction: first.direction } : {}),
    ...(t.metadata.status ? { status: t.metadata.status } : {}),
    ...(t.metadata.hash ? { hash: t.metadata.hash } : {}),
    ...(image ? { imageUrl: image } : {}),
  }
}
