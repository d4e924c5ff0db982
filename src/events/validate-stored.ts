/**
 * Stored and imported events and snapshots are untrusted (docs/security.md): another
 * tab, an older build, or a script on the site's origin may have written them, and shared ones
 * drive this tab's effects. Each event read back (IndexedDB start-up, another tab's appends, an
 * exported file) is checked like an intent before anything folds it: plain JSON data within size
 * bounds, no `__proto__`/`constructor`/`prototype` keys, finite numbers, then its type's fields
 * (intents through `validateIntent`, outcomes through the table below). An event that fails keeps
 * its place in the gap-free log as `log/event-refused`, which no projection or effect reads.
 */
import { isNamespace, parseCaipAddress, parseCaipNetworkId } from '../chains/caip.js'
import { isAddressOf, isEvmAddress, isSolanaAddress } from './address-rules.js'
import { storedImageUrl, walletLink } from './urls.js'
import { plainDataProblem } from './plain-data.js'
import { featureOptionsProblem, SOCIAL_PROVIDERS, TIME_ZONE } from './host-options.js'
import { CALL_DATA_MAX, CALLS_BATCH_MAX, SWAP_CHANGES_MAX, SWAP_DATA_MAX_CHARS, SWAP_PLAN_MAX, HISTORY_PAGE_MAX, MAX_CONNECTION_ACCOUNTS, NAME_SUGGESTIONS_MAX, SEARCH_ENTRIES, SWAP_TOKENS_LOGGED, TX_PREVIEW_APPROVALS_MAX, TX_PREVIEW_CHANGES_MAX, TX_PREVIEW_SYMBOL_MAX, WALLETS_PAGE_SIZE } from './limits.js'
import { TX_PREVIEW_KINDS, type EventType, type GangwayEvent } from './types.js'
import { definitionOf, DISPATCHABLE } from './catalogue/index.js'
import { isWalletRef, validateIntent } from './validate.js'

type Payload = Record<string, unknown>
const str = (v: unknown, max = 256): v is string => typeof v === 'string' && v.length > 0 && v.length <= max
const opt = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v)
/** An unsigned integer of at most 256 bits as a decimal string (base units). */
const uint = (v: unknown) => typeof v === 'string' && /^(0|[1-9]\d{0,77})$/.test(v)
/** A personal string as an export redacts it (events/redact.ts redactedHash). */
const REDACTED = /^redacted:[0-9a-f]{12}$/
const oneOf = (v: unknown, values: readonly string[]) => typeof v === 'string' && values.includes(v)
const whole = (v: unknown, max = Number.MAX_SAFE_INTEGER) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max
/** An EVM address (0x and 40 hex digits). */
const evm = (v: unknown) => typeof v === 'string' && isEvmAddress(v)
/** An EIP-5792 batch id: 0x-prefixed hex, at most 4096 characters (ERC-5792). */
const batchId = (v: unknown) => typeof v === 'string' && v.length <= 4096 && /^0x[0-9a-fA-F]+$/.test(v)
/** A USD price: a finite number, not negative. */
const price = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0
const digits = (v: unknown) => typeof v === 'string' && /^\d{1,80}$/.test(v)
/** A call of a batch or a preview: an optional target, even-length 0x hex data of at most CALL_DATA_MAX characters, a value in wei. */
const batchCall = (c: Payload | undefined) => !!c && opt(c.to, evm) && opt(c.data, (d) => typeof d === 'string' && d.length <= CALL_DATA_MAX && /^0x([0-9a-fA-F]{2})*$/.test(d)) && uint(c.valueWei)
/** An id of a waiting approval (random hex) or of a preview ('send'). */
const previewId = (v: unknown) => typeof v === 'string' && /^[0-9a-zA-Z_-]{1,64}$/.test(v)
/** A token as a preview names it: an address, with a bounded symbol and decimals. */
const previewToken = (t: unknown) => !!t && evm((t as Payload).address) && opt((t as Payload).symbol, (s) => str(s, TX_PREVIEW_SYMBOL_MAX)) && opt((t as Payload).decimals, (d) => whole(d, 36))
/** A decoded call of a preview (events/types.ts TxPreviewCall). */
const previewCall = (c: Payload | undefined) =>
  !!c &&
  oneOf(c.kind, TX_PREVIEW_KINDS) &&
  opt(c.to, evm) &&
  uint(c.value) &&
  [c.token, c.swapFrom, c.swapTo].every((t) => opt(t, previewToken)) &&
  [c.spender, c.owner, c.recipient].every((a) => opt(a, evm)) &&
  [c.amount, c.tokenId, c.minOut].every((x) => opt(x, uint)) &&
  opt(c.approved, (b) => typeof b === 'boolean') &&
  opt(c.selector, (x) => typeof x === 'string' && /^0x[0-9a-f]{8}$/.test(x))
/** A signed amount in base units as a decimal string. */
const signedUint = (v: unknown) => typeof v === 'string' && /^-?(0|[1-9]\d{0,77})$/.test(v)
const throwsNot = (f: () => unknown) => {
  try {
    f()
    return true
  } catch {
    return false
  }
}
/** Whether `check` accepts `v`; one that throws does not. */
const passes = (check: (v: Payload) => boolean, v: unknown) => {
  try {
    return check(v as Payload)
  } catch {
    return false
  }
}
const caip2 = (v: unknown) => str(v, 128) && throwsNot(() => parseCaipNetworkId(v))
/** A CAIP-10 id whose address is one of its namespace's. */
const caip10 = (v: unknown): boolean => {
  if (!str(v, 200)) return false
  try {
    const { namespace, address } = parseCaipAddress(v)
    if (namespace === 'eip155') return isEvmAddress(address)
    if (namespace === 'solana') return isSolanaAddress(address)
    return isNamespace(namespace)
  } catch {
    return false
  }
}
const strings = (v: unknown, max = 1000) => Array.isArray(v) && v.length <= max && v.every((x) => str(x))
/** A registry listing: id, name, rdns and chains (its links and image were already made safe by SAFE_URLS). */
const listing = (v: unknown): boolean => {
  const w = v as Payload
  if (!w || typeof w !== 'object' || !str(w.id) || !str(w.name)) return false
  return opt(w.rdns, (r) => r === null || str(r)) && opt(w.chains, (c) => strings(c))
}
const listings = (v: unknown, max: number) => Array.isArray(v) && v.length <= max && v.every(listing)

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
const connectorAt = (p: Payload) => str(p.connectorId) && isNamespace(p.namespace)

/** Field checks of the outcome events (intents go through validateIntent). Types not listed carry only strings and numbers the plain-data check bounds. */
const OUTCOMES: Partial<Record<EventType, (p: Payload) => boolean>> = {
  'engine/configured': (p) =>
    str(p.projectId) &&
    Array.isArray(p.networks) &&
    p.networks.every((n: Payload) => n && caip2(n.caipNetworkId) && isNamespace(n.chainNamespace) && str(n.name)) &&
    opt(p.defaultNetworkId, caip2) &&
    opt(p.siwx, (x) => !!x && typeof (x as Payload).signOutOnDisconnect === 'boolean' && opt((x as Payload).emailCapture, (c) => typeof c === 'boolean')) &&
    featureOptionsProblem({ features: p.features as never, remoteFeatures: p.remoteFeatures as never, addressLabels: p.addressLabels as never, onrampRestrictedTimeZones: p.onrampRestrictedTimeZones as never, swap: p.swap as never, onramp: p.onramp as never }) === undefined &&
    opt(p.timeZone, (z) => typeof z === 'string' && TIME_ZONE.test(z)) &&
    opt(p.walletConnect, (w) => w === false),
  'engine/started': (p) => oneOf(p.mode, ['worker', 'main']),
  'rpc/supported-chains-fetched': (p) => strings(p.http) && strings(p.ws),
  'connect/succeeded': (p) =>
    connectorAt(p) &&
    caip10(p.caipAddress) &&
    oneOf(p.via, ['prompt', 'restore']) &&
    opt(p.wallet, isWalletRef) &&
    opt(p.mode, (m) => oneOf(m, ['add', 'replace'])) &&
    opt(p.accounts, (a) => Array.isArray(a) && a.length <= MAX_CONNECTION_ACCOUNTS && a.every((x) => isAddressOf(p.namespace as string, x))),
  'connection/switched': (p) => connectorAt(p) && caip10(p.caipAddress) && parseCaipAddress(p.caipAddress as string).namespace === p.namespace && typeof p.wallet === 'boolean',
  'connection/switch-failed': (p) => connectorAt(p) && typeof p.message === 'string',
  'connect/failed': (p) => connectorAt(p) && typeof p.message === 'string',
  'disconnect/succeeded': (p) => connectorAt(p) && oneOf(p.reason, ['user', 'wallet', 'restore-failed']),
  'disconnect/failed': (p) => connectorAt(p) && str(p.message) && typeof p.cause === 'string' && p.cause.length <= 256 && opt(p.code, Number.isSafeInteger),
  'network/switched': (p) => caip2(p.caipNetworkId),
  'network/switch-failed': (p) => caip2(p.caipNetworkId) && typeof p.message === 'string',
  'balance/fetched': (p) => caip10(p.caipAddress) && whole(p.decimals, 36) && str(p.symbol, 64) && (digits(p.valueWei) !== digits(p.valueLamports)),
  'balance/failed': (p) => caip10(p.caipAddress) && typeof p.message === 'string',
  'balance/fetch-skipped': (p) => caip10(p.caipAddress) && whole(p.retryInMs),
  'tokens/fetched': (p) => caip10(p.caipAddress) && Array.isArray(p.balances) && p.balances.every((b: Payload) => b && str(b.address) && digits(b.value)),
  'portfolio/fetched': (p) => caip10(p.caipAddress) && Array.isArray(p.balances),
  'nfts/fetched': (p) => caip10(p.caipAddress) && Array.isArray(p.nfts),
  'history/fetched': (p) => caip10(p.caipAddress) && Array.isArray(p.transactions) && p.transactions.length <= HISTORY_PAGE_MAX && opt(p.cursor, (c) => str(c, 512)) && opt(p.next, (c) => str(c, 512)),
  'send/submitted': (p) => caip2(p.caipNetworkId) && str(p.hash, 128),
  'send/succeeded': (p) => caip2(p.caipNetworkId) && str(p.hash, 128),
  'walletconnect/pairing-created': (p) => str(p.pairingTopic, 128) && whole(p.expiresAt),
  'wallets/page-fetched': (p) => whole(p.page) && whole(p.count) && listings(p.wallets, WALLETS_PAGE_SIZE) && opt(p.received, (r) => whole(r, WALLETS_PAGE_SIZE)),
  'wallets/search-fetched': (p) => typeof p.query === 'string' && whole(p.count) && listings(p.wallets, SEARCH_ENTRIES),
  'wallets/lists-fetched': (p) => listings(p.featured, SEARCH_ENTRIES) && listings(p.recommended, SEARCH_ENTRIES) && whole(p.count),
  'origins/fetched': (p) => strings(p.allowedOrigins) && typeof p.originAllowed === 'boolean',
  'auth/email-accepted': (p) => oneOf(p.action, ['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT']),
  'auth/email-failed': (p) => str(p.message, 256),
  'auth/user-received': (p) =>
    isNamespace(p.namespace) &&
    caip2(p.caipNetworkId) &&
    opt(p.email, (e) => str(e, 254)) &&
    opt(p.username, (u) => str(u, 256)) &&
    opt(p.socialProvider, (x) => oneOf(x, SOCIAL_PROVIDERS)) &&
    Array.isArray(p.accounts) &&
    p.accounts.length <= 10 &&
    p.accounts.every((a: Payload) => a && isAddressOf(p.namespace as string, a.address) && oneOf(a.type, ['eoa', 'smartAccount'])) &&
    oneOf(p.preferredAccountType, ['eoa', 'smartAccount']) &&
    typeof p.smartAccountDeployed === 'boolean',
  'siwx/session-verified': (p) => caip10(p.caipAddress) && oneOf(p.via, ['stored', 'signature']) && opt(p.expiresAt, whole),
  'siwx/sign-in-needed': (p) => caip10(p.caipAddress),
  'siwx/sign-failed': (p) => caip10(p.caipAddress) && str(p.message, 256),
  'siwx/failed': (p) => caip10(p.caipAddress) && str(p.message, 256),
  'siwx/sign-in-declined': (p) => caip10(p.caipAddress),
  'siwx/sign-in-moot': (p) => caip10(p.caipAddress),
  'siwx/signed-out': (p) => caip10(p.caipAddress),
  'swap/tokens-fetched': (p) => caip2(p.caipNetworkId) && Array.isArray(p.tokens) && p.tokens.length <= SWAP_TOKENS_LOGGED && p.tokens.every((t: Payload) => t && str(t.name, 64) && str(t.symbol, 20) && str(t.address, 128) && whole(t.decimals, 36) && opt(t.logoUri, (u) => storedImageUrl(u) === u)),
  'swap/tokens-failed': (p) => opt(p.caipNetworkId, caip2) && str(p.message, 256),
  'swap/checked': (p) =>
    str(p.from, 128) &&
    str(p.to, 128) &&
    [p.typedAmount, p.fromAmount, p.minimum].every(uint) &&
    Array.isArray(p.transactions) &&
    p.transactions.length > 0 &&
    p.transactions.length <= SWAP_PLAN_MAX &&
    (p.transactions as Payload[]).every((t) => t && oneOf(t.kind, ['approve', 'reset', 'swap']) && evm(t.to) && typeof t.data === 'string' && t.data.length <= SWAP_DATA_MAX_CHARS && /^0x([0-9a-fA-F]{2})*$/.test(t.data) && uint(t.value) && opt(t.gas, uint)) &&
    Array.isArray(p.tokens) &&
    p.tokens.length <= 2 &&
    (p.tokens as Payload[]).every((t) => t && str(t.address, 128) && str(t.symbol, 20) && whole(t.decimals, 36)) &&
    typeof p.simulated === 'boolean' &&
    opt(p.changes, (c) => Array.isArray(c) && c.length <= SWAP_CHANGES_MAX && (c as Payload[]).every((x) => x && str(x.token, 128) && typeof x.diff === 'string' && /^-?(0|[1-9]\d{0,77})$/.test(x.diff) && opt(x.symbol, (y) => str(y, 20)) && opt(x.decimals, (d) => whole(d, 36)))),
  'swap/check-failed': (p) => str(p.from, 128) && str(p.to, 128) && uint(p.typedAmount) && str(p.message, 256) && opt(p.details, (d) => str(d, 512)),
  'swap/approval-submitted': (p) => caip2(p.caipNetworkId) && str(p.hash, 128),
  'swap/submitted': (p) => caip2(p.caipNetworkId) && str(p.hash, 128),
  'swap/succeeded': (p) => caip2(p.caipNetworkId) && str(p.hash, 128) && str(p.from, 128) && str(p.to, 128) && uint(p.fromAmount),
  'swap/failed': (p) => str(p.message, 256) && opt(p.code, Number.isSafeInteger),
  'calls/requested': (p) =>
    batchId(p.id) &&
    str(p.connectorId) &&
    caip2(p.caipNetworkId) &&
    evm(p.from) &&
    Array.isArray(p.calls) &&
    p.calls.length > 0 &&
    p.calls.length <= CALLS_BATCH_MAX &&
    (p.calls as Payload[]).every(batchCall),
  'calls/sent': (p) => batchId(p.id) && whole(p.index, CALLS_BATCH_MAX - 1) && typeof p.hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(p.hash),
  'calls/landed': (p) => batchId(p.id) && whole(p.index, CALLS_BATCH_MAX - 1) && typeof p.success === 'boolean',
  'calls/failed': (p) => batchId(p.id) && whole(p.index, CALLS_BATCH_MAX - 1) && str(p.message, 256) && opt(p.code, Number.isSafeInteger),
  'swap/quote-fetched': (p) => str(p.from, 128) && str(p.to, 128) && uint(p.fromAmount) && uint(p.toAmount) && [p.fromPrice, p.toPrice, p.nativePrice].every((x) => opt(x, price)) && [p.gasPrice, p.gas, p.fee].every((x) => opt(x, uint)),
  'swap/quote-failed': (p) => str(p.from, 128) && str(p.to, 128) && uint(p.fromAmount) && str(p.message, 256),
  'name/suggestions-fetched': (p) => typeof p.label === 'string' && Array.isArray(p.suggestions) && p.suggestions.length <= NAME_SUGGESTIONS_MAX && p.suggestions.every((x: Payload) => x && str(x.name, 64) && typeof x.registered === 'boolean'),
  'name/suggestions-failed': (p) => typeof p.label === 'string' && str(p.message, 256),
  'name/registered': (p) => typeof p.address === 'string' && isEvmAddress(p.address) && str(p.name, 64),
  'name/register-failed': (p) => typeof p.label === 'string' && str(p.message, 256),
  'name/resolved': (p) => str(p.name, 255) && caip2(p.caipNetworkId) && typeof p.address === 'string' && isEvmAddress(p.address) && opt(p.avatar, (a) => storedImageUrl(a) === a),
  'name/resolve-failed': (p) => str(p.name, 255) && str(p.message, 256),
  'auth/smart-account-deployed': (p) => isNamespace(p.namespace) && caip2(p.caipNetworkId),
  'auth/email-update-accepted': (p) => oneOf(p.action, ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']),
  'auth/rpc-refused': (p) => str(p.method, 64),
  'auth/approval-requested': (p) => str(p.method, 64) && opt(p.id, previewId),
  'auth/approval-settled': (p) => str(p.method, 64) && oneOf(p.outcome, ['approved', 'rejected', 'failed']) && opt(p.id, previewId),
  'tx-preview/requested': (p) => previewId(p.id) && caip2(p.caipNetworkId) && evm(p.from) && batchCall(p.call as Payload),
  'tx-preview/simulated': (p) =>
    previewId(p.id) &&
    caip2(p.caipNetworkId) &&
    evm(p.account) &&
    Array.isArray(p.calls) &&
    p.calls.length > 0 &&
    p.calls.length <= CALLS_BATCH_MAX &&
    (p.calls as Payload[]).every(previewCall) &&
    opt(p.batch, (b) => !!b && batchId((b as Payload).id) && whole((b as Payload).index, CALLS_BATCH_MAX - 1)) &&
    opt(p.send, (x) => !!x && opt((x as Payload).token, evm) && uint((x as Payload).amount) && evm((x as Payload).receiver)) &&
    typeof p.simulated === 'boolean' &&
    opt(p.failed, (i) => whole(i, CALLS_BATCH_MAX - 1)) &&
    Array.isArray(p.changes) &&
    p.changes.length <= TX_PREVIEW_CHANGES_MAX &&
    (p.changes as Payload[]).every((x) => x && evm(x.token) && signedUint(x.diff) && opt(x.symbol, (y) => str(y, TX_PREVIEW_SYMBOL_MAX)) && opt(x.decimals, (d) => whole(d, 36))) &&
    Array.isArray(p.approvals) &&
    p.approvals.length <= TX_PREVIEW_APPROVALS_MAX &&
    (p.approvals as Payload[]).every((x) => x && evm(x.token) && evm(x.spender) && oneOf(x.kind, ['approval', 'approval-for-all']) && opt(x.symbol, (y) => str(y, TX_PREVIEW_SYMBOL_MAX))),
  'auth/telegram-social-ended': (p) => oneOf(p.provider, SOCIAL_PROVIDERS) && oneOf(p.reason, ['returned', 'refused', 'expired']),
  'features/remote-config-fetched': (p) => !!p.features && featureOptionsProblem({ remoteFeatures: p.features as never }) === undefined,
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
  if ((DISPATCHABLE as readonly string[]).includes(e.type)) {
    try {
      const intent = validateIntent({ type: e.type, payload: e.payload })
      return { event: { ...e, payload: intent.payload } as GangwayEvent }
    } catch (error) {
      return { problem: (error as Error).message, event: e }
    }
  }
  const check = definitionOf(e.type)?.payload ?? OUTCOMES[e.type]
  if (check && !passes(check, e.payload)) return { problem: `Invalid payload: ${e.type}`, event: e }
  return { event: e }
}

/**
 * The event as the log keeps it: itself when it passes `storedEventProblem`, else, at the same
 * seq, `log/event-refused` naming the refused type (at most 64 characters) and the reason.
 * @param report called with the reason of a refusal.
 */
export function checkedStoredEvent(e: GangwayEvent, report: (message: string) => void = (m) => console.warn(m)): GangwayEvent {
  const { problem, event } = storedEventProblem(e)
  if (!problem) return event
  const refusedType = String(e.type).slice(0, 64)
  report(`[gangway] stored event seq ${e.seq} (${refusedType}) refused: ${problem}`)
  return { type: 'log/event-refused', seq: e.seq, at: e.at, v: e.v, tab: e.tab, payload: { refusedType, reason: problem.slice(0, 256) } }
}

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
    if (!opt(a.caipAddress, caip10) || !opt(a.balanceRaw, digits) || !opt(a.balanceDecimals, (d) => whole(d, 36))) return { problem: `state.accounts.${ns}: malformed` }
  }
  const connection = (s.connection ?? {}) as Payload
  if (!opt(connection.connectorIds, (c) => !!c && typeof c === 'object' && Object.entries(c as Payload).every(([ns, id]) => isNamespace(ns) && str(id)))) return { problem: 'state.connection.connectorIds: malformed' }
  const wallets = s.wallets as Payload | undefined
  if (!wallets || typeof wallets !== 'object') return { state }
  const recent = Array.isArray(wallets.recent) ? wallets.recent.map(safeWalletRef) : wallets.recent
  if (!opt(recent, (r) => Array.isArray(r) && r.every(isWalletRef))) return { problem: 'state.wallets.recent: malformed' }
  const { deepLink, ...rest } = wallets
  const keepLink = deepLink !== undefined && str((deepLink as Payload)?.name) && walletLink((deepLink as Payload)?.href) !== undefined
  return { state: { ...s, wallets: { ...rest, ...(recent ? { recent } : {}), ...(keepLink ? { deepLink } : {}) } } }
}
