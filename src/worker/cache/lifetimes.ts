/** Cache lifetimes of docs/behaviour.md §9 and the keys of docs/behaviour.md §3, in ms. */
import type { CacheName } from '../../events/entities.js'

export const CACHE_LIFETIMES_MS: Record<CacheName, number> = {
  /** Portfolio balance, keyed by CAIP-10 address. */
  portfolio: 30_000,
  /** Native balance, keyed by CAIP-10 address. */
  nativeBalance: 30_000,
  /** Name (ENS-like), keyed by address. */
  name: 5 * 60_000,
  /** Identity (name, avatar), keyed by address. */
  identity: 5 * 60_000,
  /** Transaction history, keyed by address and chain. */
  transactions: 15_000,
  /** Token prices, keyed by the comma-joined token addresses. */
  tokenPrice: 15_000,
  /** The NFTs tab's list, keyed by CAIP-10 address (not a docs/behaviour.md §3 cache: it lives as long as the portfolio). */
  nfts: 30_000,
}

/** docs/behaviour.md §9: a balance retry is blocked for 30 s after a failure. */
export const BALANCE_RETRY_BLOCK_MS = 30_000

/** Cache keys of docs/behaviour.md §3. */
export const cacheKeys = {
  /** docs/behaviour.md §3: transactions are kept per address and chain (CAIP-2). */
  transactions: (address: string, caipNetworkId: string) => `${address}:${caipNetworkId}`,
  tokenPrice: (addresses: readonly string[]) => addresses.join(','),
}

/** True while an entry written at `timestamp` (ms) is younger than `ttlMs` at `now` (ms). An expired entry is never served. */
export function isFresh(timestamp: number, now: number, ttlMs: number): boolean {
  return now >= timestamp && now - timestamp < ttlMs
}
