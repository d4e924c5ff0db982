/**
 * Wallet list rules of docs/behaviour.md §5 and §9, pure: recent wallets, pairing expiry, search text, and the
 * filtering of the All Wallets, featured and recommended lists.
 */
import { walletLink } from '../../events/kernel/urls.js'

/** A recent wallet (docs/behaviour.md §3 browser-stored items): id, rdns, name. */
export interface RecentWallet {
  id: string
  rdns?: string
  name: string
}

/** docs/behaviour.md §5: the recent wallets list holds at most 2 entries. */
export const RECENT_WALLETS_MAX = 2
/** docs/behaviour.md §9: a pairing lives 4 minutes. */
export const PAIRING_LIFETIME_S = 4 * 60
/** docs/behaviour.md §5: a pairing counts as expired when 10 s or less remain. */
export const PAIRING_EXPIRY_MARGIN_S = 10

/** docs/behaviour.md §5: adds a wallet to the recent list: newest first, no duplicates by id, at most 2. */
export function addRecentWallet<T extends RecentWallet>(list: readonly T[], wallet: T): T[] {
  return [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}

/**
 * docs/behaviour.md §4: on Telegram's in-app browser and on iOS Safari the WalletConnect pairing is
 * reused until it expires: the modal's close keeps it (the visitor may be in the wallet's app), so
 * the next tap finds its URI ready inside the gesture and a late approval still connects.
 * @param platform where the page runs (page/platform-detected), undefined when it never said.
 */
export function reusesPairing(platform: { telegram: boolean; iosSafari: boolean } | undefined): boolean {
  return !!platform && (platform.telegram || platform.iosSafari)
}

/** docs/behaviour.md §5: a pairing whose expiry (s since the epoch) leaves 10 s or less at `nowMs` counts as expired. */
export function isPairingExpired(expirySeconds: number, nowMs: number): boolean {
  return expirySeconds - nowMs / 1000 <= PAIRING_EXPIRY_MARGIN_S
}

/** docs/behaviour.md §5: wallet search text is trimmed. */
export function searchText(input: string): string {
  return input.trim()
}

/**
 * docs/behaviour.md §9: the wallets already loaded whose name holds the search text (trimmed, as
 * searchText does; compared case-insensitively), each once (by id, the first kept), in their order:
 * what All Wallets shows at once while the registry's own answer is on its way. An empty text
 * matches every wallet.
 * @example loadedMatches([{ id: '1', name: 'Rainbow' }, { id: '2', name: 'Trust' }], ' RAIN ') // [{ id: '1', name: 'Rainbow' }]
 */
export function loadedMatches<T extends { id: string; name: string }>(loaded: readonly T[], input: string): T[] {
  const text = searchText(input).toLowerCase()
  const ids = new Set<string>()
  return loaded.filter((w) => !ids.has(w.id) && ids.add(w.id) && w.name.toLowerCase().includes(text))
}

/** A wallet listing (docs/behaviour.md §3): the fields the rules read. */
export interface Listing {
  id: string
  name: string
  rdns?: string | null
}

/** What the page already shows (announced, injected, recent), by id and rdns. */
export interface Shown {
  ids: readonly string[]
  rdns: readonly string[]
}

/**
 * docs/behaviour.md §5: excluded wallets (by rdns, or by name compared case-insensitively) are hidden.
 * `exclude` holds wallet ids, rdns or names.
 */
export function withoutExcluded<T extends Listing>(listings: readonly T[], exclude: readonly string[]): T[] {
  const lower = exclude.map((e) => e.toLowerCase())
  return listings.filter((w) => !exclude.includes(w.id) && !(w.rdns && exclude.includes(w.rdns)) && !lower.includes(w.name.toLowerCase()))
}

/** docs/behaviour.md §5: wallets already shown as announced, injected or recent leave the recommended and featured lists. */
export function withoutShown<T extends Listing>(listings: readonly T[], shown: Shown): T[] {
  return listings.filter((w) => !shown.ids.includes(w.id) && !(w.rdns && shown.rdns.includes(w.rdns)))
}

/**
 * docs/behaviour.md §5: the browser wallet entry is hidden on desktop; on mobile it is hidden when it has no
 * rdns and is not installed.
 */
export function showsBrowserWallet(isMobile: boolean, hasRdns: boolean, installed: boolean): boolean {
  if (!isMobile) return false
  return hasRdns || installed
}

/**
 * The link that opens a wallet with a pairing URI (docs/behaviour.md §3 deep link): a custom scheme gets
 * `wc?uri=`, a universal (https) link gets `/wc?uri=`. The registry's link passes the URL validator
 * (src/events/kernel/urls.ts) first and the result again, so a `javascript:`, `data:`, `HTTP:` or other
 * refused link gives undefined: nothing to open.
 */
export function walletDeepLink(link: string, uri: string): string | undefined {
  const checked = walletLink(link)
  if (!checked) return undefined
  const encoded = encodeURIComponent(uri)
  if (checked.startsWith('https:')) return walletLink(`${checked.replace(/\/+$/, '')}/wc?uri=${encoded}`)
  const base = checked.includes('://') ? checked : `${checked.replace(/[:/]+$/, '')}://`
  return walletLink(`${base}wc?uri=${encoded}`)
}
