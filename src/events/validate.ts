/**
 * Checks what `dispatch` receives before it enters the log: bad input throws a GangwayError with a
 * clear message and nothing is appended.
 */
import { isNamespace, parseCaipAddress, parseCaipNetworkId } from '../chains/caip.js'
import { isAddressOf, isEvmAddress, isSolanaAddress } from './address-rules.js'
import { ACCOUNT_TABS, VIEWS } from './entities.js'
import { GangwayError } from './errors.js'
import { storedImageUrl, walletLink } from './urls.js'
import { ANALYTICS_MAX_PENDING, PORTFOLIO_REFRESH_MAX } from './limits.js'
import { MAX_ADDRESS_LABEL, SOCIAL_PROVIDERS } from './host-options.js'
import type { Intent } from './types.js'
import { definitionOf, DISPATCHABLE, keptPayload } from './catalogue/index.js'

const invalid = (message: string, details?: string) => new GangwayError(message, details ? { details } : {})

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0

/** A wallet-reported address: a non-empty string with no colon (it becomes the last part of a CAIP-10 id). */
const isPlainAddress = (v: unknown): v is string => isString(v) && !v.includes(':') && v.length <= 128

/** A bounded string: non-empty, at most `max` characters. */
const isBounded = (v: unknown, max: number): v is string => isString(v) && v.length <= max

/**
 * A picked wallet: id and name, rdns, and links and image that pass the URL validator
 * (src/events/urls.ts: links https or a custom wallet scheme, the image https, http or data:image/).
 */
export const isWalletRef = (v: unknown): boolean => {
  const w = v as Record<string, unknown>
  if (!w || typeof w !== 'object' || Array.isArray(w) || !isBounded(w.id, 256) || !isBounded(w.name, 256)) return false
  if (w.rdns !== undefined && !isBounded(w.rdns, 256)) return false
  if (w.imageUrl !== undefined && storedImageUrl(w.imageUrl) === undefined) return false
  return ['mobileLink', 'desktopLink', 'webappLink'].every((k) => w[k] === undefined || walletLink(w[k]) !== undefined)
}

/** A discovered wallet (EIP-6963 announced, injected, Wallet Standard): id, name and type, bounded strings. */
const isConnector = (v: unknown): boolean => {
  const c = v as Record<string, unknown>
  return !!c && typeof c === 'object' && isBounded(c.id, 256) && isBounded(c.name, 256) && isBounded(c.type, 64) && (c.rdns === undefined || isBounded(c.rdns, 256))
}

/** A wallet's own icon is its to choose: one the URL validator refuses is dropped, the wallet stays. */
const withCheckedIcon = (c: Record<string, unknown>): Record<string, unknown> => {
  if (c.imageUrl === undefined) return c
  const imageUrl = storedImageUrl(c.imageUrl)
  const { imageUrl: _i, ...rest } = c
  return imageUrl ? { ...rest, imageUrl } : rest
}

/** The longest email address (RFC 5321's path limit). */
export const MAX_EMAIL = 254
/** Email login: an email the Connect view's field or `auth/email-submitted` refuses. */
export const INVALID_EMAIL = 'Invalid email'
/** An email address as the login field takes it: one '@', a dot in the domain, no spaces, at most 254 characters. */
export const isEmail = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_EMAIL && /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(v)

/** A swap token: bounded name and symbol, an eip155 CAIP-10 address, whole decimals 0–36, a logo the URL validator keeps (else none). */
const swapTokenOf = (v: unknown): Record<string, unknown> | undefined => {
  if (!v || typeof v !== 'object') return undefined
  const t = v as Record<string, unknown>
  if (!isBounded(t.name, 64) || !isBounded(t.symbol, 20) || !isBounded(t.address, 128) || !Number.isSafeInteger(t.decimals) || (t.decimals as number) < 0 || (t.decimals as number) > 36) return undefined
  const parsed = (() => {
    try {
      return parseCaipAddress(t.address as string)
    } catch {
      return undefined
    }
  })()
  if (parsed?.namespace !== 'eip155' || !isEvmAddress(parsed.address)) return undefined
  const logoUri = storedImageUrl(t.logoUri)
  return { name: t.name, symbol: t.symbol, address: t.address, decimals: t.decimals, ...(logoUri ? { logoUri } : {}) }
}

const FETCH_REASONS = ['connected', 'modal-opened', 'new-block', 'account-changed', 'manual']

/**
 * Returns the intent when it is well formed.
 * @throws GangwayError 'Unknown intent type: {type}' for a type `dispatch` does not take,
 *   'Invalid intent payload: {type}' for a payload of the wrong shape,
 *   'Invalid CAIP-2 network id' for a malformed chain id, 'Invalid CAIP-10 address' for a malformed
 *   account id (docs/behaviour.md §5).
 */
export function validateIntent(input: unknown): Intent {
  const i = input as { type?: unknown; payload?: unknown }
  if (!i || typeof i !== 'object' || !(DISPATCHABLE as readonly unknown[]).includes(i.type)) {
    throw invalid(`Unknown intent type: ${String(i?.type)}`)
  }
  const type = i.type as Intent['type']
  const p = (i.payload ?? {}) as Record<string, unknown>
  if (typeof p !== 'object' || Array.isArray(p)) throw invalid(`Invalid intent payload: ${type}`)
  const bad = () => invalid(`Invalid intent payload: ${type}`, JSON.stringify(p))
  const def = definitionOf(type)
  if (def) {
    if (!def.payload(p)) throw bad()
    return { type, payload: keptPayload(def, p) } as Intent
  }
  switch (type) {
    case 'modal/open-requested':
      if (p.view !== undefined && !(VIEWS as readonly unknown[]).includes(p.view)) throw bad()
      if (p.namespace !== undefined && !isNamespace(p.namespace)) throw bad()
      if (typeof p.isMobile !== 'boolean') throw bad()
      break
    case 'modal/navigate-requested':
      if (!(VIEWS as readonly unknown[]).includes(p.view)) throw bad()
      break
    case 'modal/trigger-approached':
      if (Object.keys(p).length > 0) throw bad()
      break
    case 'connect/requested':
      if (!isString(p.connectorId) || !isNamespace(p.namespace)) throw bad()
      if (p.wallet !== undefined && !isWalletRef(p.wallet)) throw bad()
      break
    case 'wallet/disconnected':
      if (!isString(p.connectorId) || !isNamespace(p.namespace)) throw bad()
      break
    case 'walletconnect/deep-link-opened':
      if (!isBounded(p.name, 256) || walletLink(p.href) === undefined) throw bad()
      break
    case 'wallets/page-requested':
      if (typeof p.page !== 'number' || !Number.isInteger(p.page) || p.page < 1) throw bad()
      break
    case 'wallets/search-requested':
      if (typeof p.query !== 'string' || p.query.length > 100) throw bad()
      // docs/behaviour.md §5: wallet search text is trimmed.
      return { type, payload: { query: p.query.trim() } } as Intent
    case 'wallet/accounts-changed':
      if (!isString(p.connectorId) || !isNamespace(p.namespace) || !Array.isArray(p.addresses) || !p.addresses.every(isPlainAddress)) throw bad()
      // Wallet-reported addresses must be addresses of their namespace.
      if (p.namespace === 'eip155' && !p.addresses.every((a) => isEvmAddress(a as string))) throw bad()
      if (p.namespace === 'solana' && !p.addresses.every((a) => isSolanaAddress(a as string))) throw bad()
      break
    case 'wallet/chain-changed':
      if (!isString(p.connectorId) || !isNamespace(p.namespace) || !isString(p.caipNetworkId)) throw bad()
      if (parseCaipNetworkId(p.caipNetworkId).namespace !== p.namespace) throw bad()
      break
    case 'network/switch-requested':
    case 'network/active-chain-switch-requested':
      if (!isString(p.caipNetworkId)) throw bad()
      parseCaipNetworkId(p.caipNetworkId)
      break
    case 'account-type/switch-requested':
      if (!isNamespace(p.namespace) || !['eoa', 'smartAccount', 'payment'].includes(String(p.accountType))) throw bad()
      break
    case 'tokens/fetch-requested':
      if (!isString(p.caipAddress)) throw bad()
      parseCaipAddress(p.caipAddress)
      break
    case 'account/tab-selected':
      if (!(ACCOUNT_TABS as readonly unknown[]).includes(p.tab)) throw bad()
      break
    case 'portfolio/fetch-requested':
      if (!isString(p.caipAddress) || (p.forceUpdate !== undefined && typeof p.forceUpdate !== 'boolean')) throw bad()
      if (p.tokens !== undefined && (!Array.isArray(p.tokens) || p.tokens.length > PORTFOLIO_REFRESH_MAX || !p.tokens.every((t) => isString(t) && t.length <= 200))) throw bad()
      parseCaipAddress(p.caipAddress)
      for (const t of (p.tokens ?? []) as string[]) parseCaipAddress(t)
      break
    case 'history/fetch-requested':
      if (!isString(p.caipAddress) || (p.cursor !== undefined && (typeof p.cursor !== 'string' || p.cursor.length > 512))) throw bad()
      parseCaipAddress(p.caipAddress)
      break
    case 'send/token-selected': {
      const t = p.token as Record<string, unknown> | undefined
      if (!t || !isString(t.caipNetworkId) || !isString(t.symbol) || typeof t.decimals !== 'number' || !Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 36) throw bad()
      if (t.address !== undefined && !isString(t.address)) throw bad()
      parseCaipNetworkId(t.caipNetworkId)
      break
    }
    case 'send/amount-changed':
      if (typeof p.amount !== 'string' || p.amount.length > 80) throw bad()
      break
    case 'send/receiver-changed':
      if (typeof p.receiver !== 'string' || p.receiver.length > 128) throw bad()
      break
    case 'disconnect/requested':
      if (p.namespace !== undefined && !isNamespace(p.namespace)) throw bad()
      if (p.connectorId !== undefined && (!isBounded(p.connectorId, 256) || p.namespace === undefined)) throw bad()
      if (p.all !== undefined && (typeof p.all !== 'boolean' || p.connectorId !== undefined)) throw bad()
      return { type, payload: { ...(p.namespace ? { namespace: p.namespace } : {}), ...(p.connectorId ? { connectorId: p.connectorId } : {}), ...(p.all ? { all: true } : {}) } } as Intent
    case 'address-label/set-requested':
      if (!isPlainAddress(p.address) || typeof p.label !== 'string' || p.label.length > MAX_ADDRESS_LABEL) throw bad()
      return { type, payload: { address: p.address, label: p.label } } as Intent
    case 'connection/switch-requested':
      if (!isNamespace(p.namespace) || !isBounded(p.connectorId, 256)) throw bad()
      if (p.address !== undefined && !isAddressOf(p.namespace, p.address)) throw bad()
      return { type, payload: { namespace: p.namespace, connectorId: p.connectorId, ...(p.address !== undefined ? { address: p.address } : {}) } } as Intent
    case 'balance/fetch-requested':
      if (!isString(p.caipAddress) || !FETCH_REASONS.includes(String(p.reason))) throw bad()
      parseCaipAddress(p.caipAddress)
      break
    case 'connectors/discovered':
      if (!Array.isArray(p.connectors) || p.connectors.length > 200 || !p.connectors.every(isConnector)) throw bad()
      return { type, payload: { ...p, connectors: p.connectors.map(withCheckedIcon) } } as unknown as Intent
    case 'analytics/beacon-sent':
      if (!Array.isArray(p.eventIds) || p.eventIds.length > ANALYTICS_MAX_PENDING || !p.eventIds.every((id) => isBounded(id, 64))) throw bad()
      return { type, payload: { eventIds: [...p.eventIds] } } as Intent
    case 'legal/acceptance-changed':
      if (typeof p.accepted !== 'boolean') throw bad()
      return { type, payload: { accepted: p.accepted } } as Intent
    case 'auth/frame-failed':
    case 'auth/otp-failed':
      if (!isBounded(p.message, 256)) throw bad()
      return { type, payload: { message: p.message } } as Intent
    case 'auth/farcaster-requested':
    case 'auth/otp-verified':
    case 'siwx/sign-requested':
    case 'siwx/cancel-requested':
    case 'data-capture/completed':
    case 'data-capture/skipped':
    case 'swap/requested':
      if (Object.keys(p).length > 0) throw bad()
      return { type, payload: {} } as Intent
    // Swap: a token of the list, and the amount as typed (the form's rules read it).
    case 'swap/token-selected': {
      const token = swapTokenOf(p.token)
      if ((p.side !== 'from' && p.side !== 'to') || !token) throw bad()
      return { type, payload: { side: p.side, token } } as unknown as Intent
    }
    case 'swap/token-list-requested':
      if ((p.side !== 'from' && p.side !== 'to') || Object.keys(p).length !== 1) throw bad()
      return { type, payload: { side: p.side } } as Intent
    case 'swap/amount-changed':
      if (typeof p.amount !== 'string' || p.amount.length > 80 || Object.keys(p).length !== 1) throw bad()
      return { type, payload: { amount: p.amount } } as Intent
    // RegisterAccountName: the label as typed, bounded; the rule is the guard's (a label being typed may break it).
    case 'name/suggestions-requested':
    case 'name/register-requested':
      if (typeof p.label !== 'string' || p.label.length > 64 || Object.keys(p).length !== 1) throw bad()
      return { type, payload: { label: p.label } } as Intent
    case 'auth/smart-account-networks-fetched':
      if (!Array.isArray(p.caipNetworkIds) || p.caipNetworkIds.length > 100 || !p.caipNetworkIds.every((id) => isBounded(id, 64))) throw bad()
      for (const id of p.caipNetworkIds) parseCaipNetworkId(id as string)
      return { type, payload: { caipNetworkIds: [...p.caipNetworkIds] } } as Intent
    case 'page/platform-detected': {
      const keys = ['telegram', 'ios', 'android', 'mac', 'iosSafari'] as const
      if (Object.keys(p).length !== keys.length || !keys.every((k) => typeof p[k] === 'boolean')) throw bad()
      return { type, payload: Object.fromEntries(keys.map((k) => [k, p[k]])) } as unknown as Intent
    }
    case 'auth/telegram-social-started':
    case 'auth/social-requested':
    case 'auth/social-result-received':
    case 'auth/social-connected':
      if (!(SOCIAL_PROVIDERS as readonly unknown[]).includes(p.provider) || Object.keys(p).length !== 1) throw bad()
      return { type, payload: { provider: p.provider } } as Intent
    case 'auth/social-failed':
      if (!(SOCIAL_PROVIDERS as readonly unknown[]).includes(p.provider) || !isBounded(p.message, 256)) throw bad()
      return { type, payload: { provider: p.provider, message: p.message } } as Intent
    case 'auth/social-return-refused':
      if (!['not-started', 'expired', 'mismatch'].includes(p.reason as string) || Object.keys(p).length !== 1) throw bad()
      return { type, payload: { reason: p.reason } } as Intent
    case 'auth/email-update-verified':
      if (Object.keys(p).length > 0) throw bad()
      return { type, payload: {} } as Intent
    case 'auth/email-update-failed':
      if (!isBounded(p.message, 256)) throw bad()
      return { type, payload: { message: p.message } } as Intent
    case 'auth/email-updated':
      if (!isNamespace(p.namespace) || !isEmail(p.email)) throw bad()
      return { type, payload: { namespace: p.namespace, email: p.email } } as Intent
    case 'auth/email-update-requested':
    case 'auth/email-submitted': {
      // Trimmed, as the view trims it; the secure site decides what it accepts beyond the shape.
      const email = typeof p.email === 'string' ? p.email.trim() : ''
      if (!isEmail(email)) throw invalid(INVALID_EMAIL)
      return { type, payload: { email } } as Intent
    }
    case 'debug/test-error-requested':
      if (!isBounded(p.message, 200)) throw bad()
      return { type, payload: { message: p.message } } as Intent
  }
  return { type, payload: p } as Intent
}
