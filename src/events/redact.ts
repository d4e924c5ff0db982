/**
 * Export redaction (issue 7): emails and social usernames become stable hashes, so a log a visitor
 * sends with a bug report names nobody, yet the same person reads the same in every export of the
 * same site. Addresses stay: they are public, and replaying needs them.
 */
import { sha256, stringToBytes } from 'viem'
import { fromSafeEntries } from './safe-json.js'

/** Payload and state keys whose string values are personal: emails and social usernames. */
const PERSONAL_KEYS = /^(email|emailAddress|username|userName|socialUsername|handle|login)$/i
/** An email address inside any string. */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g

/** The stable stand-in for a personal string: 'redacted:' and 12 hex digits of sha256(salt ':' value). */
export function redactedHash(value: string, salt: string): string {
  return `redacted:${sha256(stringToBytes(`${salt}:${value}`)).slice(2, 14)}`
}

/**
 * Returns a deep copy of `value` (plain JSON) with every string under a personal key, and every email
 * inside any string, replaced by its stable hash. `salt` is the site's projectId, so hashes are
 * stable per site and differ between sites. Every other key is kept, but `__proto__`, `constructor`
 * and `prototype`, which are dropped as every log reader drops them (`safe-json.ts`): an export reads
 * as the log does, but for the redacted strings.
 */
export function redact<T>(value: T, salt: string): T {
  const walk = (v: unknown, personal: boolean): unknown => {
    if (typeof v === 'string') return personal ? redactedHash(v, salt) : v.replace(EMAIL, (m) => redactedHash(m.toLowerCase(), salt))
    if (Array.isArray(v)) return v.map((x) => walk(x, personal))
    if (v && typeof v === 'object') return fromSafeEntries(Object.entries(v).map(([k, x]) => [k, walk(x, personal || PERSONAL_KEYS.test(k))] as const))
    return v
  }
  return walk(value, false) as T
}

/** What `scrubText` puts in place of a secret-looking run. */
export const SCRUBBED = '[redacted]'

/** A URL in text: its scheme, then everything up to a space, a quote or a parenthesis (a stack frame's). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`()]+/gi
/** A WalletConnect URI (it carries the pairing's symmetric key). */
const WC_URI = /\bwc:[^\s"'<>`]+/gi
/** 64 or more hex digits (private keys, symmetric keys, signatures), with or without 0x: an address (40) is kept. */
const LONG_HEX = /\b(?:0x)?[0-9a-f]{64,}\b/gi
/** 64 or more base58 characters (a Solana secret key is 87 or 88). */
const LONG_BASE58 = /\b[1-9A-HJ-NP-Za-km-z]{64,}\b/g
/** A JSON Web Token (three base64url parts, the first a JSON header). */
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g
/** A bearer or basic credential after its scheme. */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi
/**
 * `key=value` or `"key":"value"` for keys that name secrets: tokens, secrets, passwords, API and
 * private keys, OTPs, and `code` (an OAuth or verification code; a number of up to 5 digits, an
 * error code, is kept).
 */
const SECRET_PAIR = /\b((?:[a-z_]*(?:token|secret|password|passwd|apikey|api_key|privatekey|private_key|symkey|otp)|code|auth_?code)["']?\s*[:=]\s*["']?)([^\s"'&,;}]+)/gi

/**
 * `text` with what could be a secret taken out, for error reports and analytics (the log export
 * uses `redact`): every URL cut to its scheme, host and path (no query, fragment or credentials);
 * WalletConnect URIs, runs of 64 or more hex digits (keys, signatures; a 40-digit address stays)
 * or of 64 or more base58 characters (a Solana secret key), JWTs, bearer and basic credentials, and
 * the values of secret-named pairs (SECRET_PAIR) replaced by '[redacted]'; emails then hashed with
 * `salt` as `redact` does. Everything else is kept as it is. Pure; never throws.
 */
export function scrubText(text: string, salt = ''): string {
  return text
    .replace(WC_URI, `wc:${SCRUBBED}`)
    .replace(URL_IN_TEXT, (u) => {
      try {
        const url = new URL(u)
        return `${url.protocol}//${url.host}${url.pathname}`
      } catch {
        return SCRUBBED
      }
    })
    .replace(JWT, SCRUBBED)
    .replace(AUTH_SCHEME, (_m, scheme: string) => `${scheme} ${SCRUBBED}`)
    .replace(SECRET_PAIR, (m, key: string, value: string) => (/^code/i.test(key) && /^-?\d{1,5}$/.test(value) ? m : `${key}${SCRUBBED}`))
    .replace(LONG_HEX, SCRUBBED)
    .replace(LONG_BASE58, SCRUBBED)
    .replace(EMAIL, (m) => redactedHash(m.toLowerCase(), salt))
}
