/**
 * Stored and imported events and snapshots are untrusted (docs/security.md): another
 * tab, an older build, or a script on the site's origin may have written them, and shared ones
 * drive this tab's effects. Each event read back (IndexedDB start-up, another tab's appends, an
 * exported file) is checked before anything folds it: plain JSON data within size bounds, no
 * `__proto__`/`constructor`/`prototype` keys, finite numbers, then its payload's schema in the event
 * catalogue (events/catalogue/; an intent as `validateIntent` checks it on entry). An event that
 * fails keeps its place in the gap-free log as `log/event-refused`, which no projection or effect reads.
 */
import { isNamespace } from '../../chains/caip.js'
import { storedImageUrl, walletLink } from '../kernel/urls.js'
import { plainDataProblem } from '../kernel/plain-data.js'
import type { EventType, GangwayEvent } from '../types.js'
import { definitionOf } from '../catalogue/index.js'
import { caip10, digits, link, walletRef } from '../catalogue/fields.js'
import { check, list, object, optional, text, whole } from '../schema.js'
import { validateIntent } from '../validate.js'
import { withErrorId } from './error-id.js'

type Payload = Record<string, unknown>
/** A personal string as an export redacts it (events/log/redact.ts redactedHash). */
const REDACTED = /^redacted:[0-9a-f]{12}$/
/** Whether `check` accepts `v`; one that throws does not. */
const passes = (check: (v: unknown) => boolean, v: unknown) => {
  try {
    return check(v)
  } catch {
    return false
  }
}

/** A wallet ref or listing without the links and image the URL validator refuses (older builds kept them unchecked). */
function withSafeUrls<T>(w: T, links: readonly string[], image: string): T {
  if (!w || typeof w !== 'object' || Array.isArray(w)) return w
  const out: Payload = { ...(w as Payload) }
  for (const k of links) if (out[k] !== undefined && out[k] !== null && walletLink(out[k]) === undefined) delete out[k]
  if (out[image] !== undefined && storedImageUrl(out[image]) === undefined) delete out[image]
  return out as T
}
const REF_LINKS = ['mobileLink', 'desktopLink', 'webappLink']
const LISTING_LINKS = ['mobile_link', 'desktop_link', 'webapp_link']
/** A wallet ref with only the URLs the validator accepts. */
export const safeWalletRef = <T>(w: T): T => withSafeUrls(w, REF_LINKS, 'imageUrl')
const safeListings = (v: unknown) => (Array.isArray(v) ? v.map((w) => withSafeUrls(w, LISTING_LINKS, 'image_url')) : v)

/**
 * Events whose wallet links and images older builds stored unchecked: the refused URLs are dropped
 * (the wallet, its listing and the connection stay), before the checks run.
 */
const SAFE_URLS: Partial<Record<EventType, (p: Payload) => Payload>> = {
  'connect/requested': (p) => (p.wallet ? { ...p, wallet: safeWalletRef(p.wallet) } : p),
  'connect/succeeded': (p) => (p.wallet ? { ...p, wallet: safeWalletRef(p.wallet) } : p),
  'wallets/page-fetched': (p) => ({ ...p, wallets: safeListings(p.wallets) }),
  'wallets/search-fetched': (p) => ({ ...p, wallets: safeListings(p.wallets) }),
  'wallets/lists-fetched': (p) => ({ ...p, featured: safeListings(p.featured), recommended: safeListings(p.recommended) }),
}
/**
 * Why a stored or imported event (already upcast) must not be folded, or undefined when it may.
 * The event may come back changed in two ways only: wallet links and images the URL validator
 * refuses dropped (SAFE_URLS), and an intent normalised as `validateIntent` does.
 */
export function storedEventProblem(stored: GangwayEvent): { problem?: string; event: GangwayEvent } {
  const plain = plainDataProblem(stored.payload, 'payload')
  if (plain) return { problem: plain, event: stored }
  const safe = SAFE_URLS[stored.type]
  const e = safe ? ({ ...stored, payload: safe(stored.payload as Payload) } as GangwayEvent) : stored
  // An export redacts the email an email login asked a code for (redact.ts): still a well-formed event.
  if ((e.type === 'auth/email-submitted' || e.type === 'auth/email-update-requested') && REDACTED.test(String((e.payload as Payload).email)) && Object.keys(e.payload).length === 1) return { event: e }
  if (e.type === 'auth/email-updated' && REDACTED.test(String((e.payload as Payload).email)) && isNamespace((e.payload as Payload).namespace)) return { event: e }
  const def = definitionOf(e.type)
  if (def?.intent) {
    try {
      const intent = validateIntent({ type: e.type, payload: e.payload })
      return { event: { ...e, payload: intent.payload } as GangwayEvent }
    } catch (error) {
      return { problem: (error as Error).message, event: e }
    }
  }
  if (def && !passes(def.payload, e.payload)) return { problem: `Invalid payload: ${e.type}`, event: e }
  return { event: e }
}

/**
 * The event as the log keeps it: with its message's `errorId` (error-id.ts), itself when it passes
 * `storedEventProblem`, else, at the same seq, `log/event-refused` naming the refused type (at most
 * 64 characters) and the reason.
 * @param report called with the reason of a refusal.
 */
export function checkedStoredEvent(e: GangwayEvent, report: (message: string) => void = (m) => console.warn(m)): GangwayEvent {
  const { problem, event } = storedEventProblem(withErrorId(e))
  if (!problem) return event
  const refusedType = String(e.type).slice(0, 64)
  report(`[gangway] stored event seq ${e.seq} (${refusedType}) refused: ${problem}`)
  return { type: 'log/event-refused', seq: e.seq, at: e.at, v: e.v, tab: e.tab, payload: { refusedType, reason: problem.slice(0, 256) } }
}

/** A snapshot account's fields the selectors and effects compute with, each well formed when present. */
const ACCOUNT_FIELDS = { caipAddress: optional(caip10), balanceRaw: optional(digits), balanceDecimals: optional(whole(36)) }
/** A snapshot's active connector per namespace. */
const CONNECTOR_IDS = optional(check((c) => !!c && typeof c === 'object' && Object.entries(c as Payload).every(([ns, id]) => isNamespace(ns) && text()(id))))
/** A snapshot's recent wallets (their refused URLs already dropped). */
const RECENT_WALLETS = optional(list(walletRef, Infinity))
/** A snapshot's deep link choice: a wallet's name and a link the URL validator accepts. */
const DEEP_LINK = object({ name: text(), href: link })

/**
 * A snapshot's state made safe to start from, or why it is not: plain data within bounds, recent
 * wallets and the deep link choice with only the URLs the validator accepts, and the fields the
 * selectors and effects compute with well formed (accounts' addresses and balances, the connectors
 * per namespace).
 */
export function checkedSnapshotState(state: unknown): { problem: string } | { state: unknown } {
  const plain = plainDataProblem(state, 'state')
  if (plain) return { problem: plain }
  const s = state as Payload
  if (!s || typeof s !== 'object' || Array.isArray(s)) return { problem: 'state: not an object' }
  const accounts = (s.accounts ?? {}) as Record<string, Payload>
  for (const [ns, a] of Object.entries(accounts)) {
    if (!isNamespace(ns) || !a || typeof a !== 'object') return { problem: `state.accounts.${ns}: not an account` }
    if (!Object.entries(ACCOUNT_FIELDS).every(([field, valid]) => valid(a[field]))) return { problem: `state.accounts.${ns}: malformed` }
  }
  if (!CONNECTOR_IDS((s.connection as Payload | undefined)?.connectorIds)) return { problem: 'state.connection.connectorIds: malformed' }
  const wallets = s.wallets as Payload | undefined
  if (!wallets || typeof wallets !== 'object') return { state }
  const recent = Array.isArray(wallets.recent) ? wallets.recent.map(safeWalletRef) : wallets.recent
  if (!RECENT_WALLETS(recent)) return { problem: 'state.wallets.recent: malformed' }
  const { deepLink, ...rest } = wallets
  const keepLink = DEEP_LINK(deepLink)
  return { state: { ...s, wallets: { ...rest, ...(recent ? { recent } : {}), ...(keepLink ? { deepLink } : {}) } } }
}
