/**
 * Export redaction (docs/behaviour.md §3): emails and social usernames become stable hashes, so a log a visitor
 * sends with a bug report names nobody, yet the same person reads the same in every export of the
 * same site. Addresses stay: they are public, and replaying needs them.
 */
import { sha256, stringToBytes } from 'viem'
import { fromSafeEntries } from '../kernel/safe-json.js'

/** Payload and state keys whose string values are personal: emails and social usernames. */
const PERSONAL_KEYS = /^(email|emailAddress|username|userName|socialUsername|handle|login)$/i
/**
 * An email address inside any string. The local part is at most 64 characters (RFC 5321), which
 * also keeps the search linear: unbounded, a long run of such characters without an '@' took
 * quadratic time.
 */
const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g

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

/**
 * A URL in text: its scheme (at most 32 characters, which keeps the search linear on long runs of
 * letters and dashes), then everything up to a space, a quote or a parenthesis (a stack frame's).
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`()]+/gi
/** The last segment of a script's path in a stack frame: a file name ending .js, .mjs, .cjs, .ts or .tsx, with its line and column. */
const SCRIPT_FRAME = /\/([\w.-]{1,100}\.(?:[mc]?js|tsx?)(?::\d{1,9}){0,2})$/
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
 * What a secret's name ends with, any case, after any run of letters, digits, '_' and '-':
 * `access_token`, `auth-token`, `refreshToken`; `client-secret`; `password`, `passwd`,
 * `passphrase`; `mnemonic`; `credential(s)`; `authorization` (`authorisation`); `otp`; and every
 * `…key`: `key`, `apikey`, `api_key`, `api-key`, `x-api-key`, `private-key`, `privateKey`, `symKey`.
 */
const SECRET_NAMES = 'token|secret|password|passwd|passphrase|mnemonic|credentials?|authori[sz]ation|otp|key'
/**
 * `name=value`, `name: value` or `"name":"value"` for names that name secrets (SECRET_NAMES; a name
 * starts where a run of name characters starts, which keeps the search linear), and `code`,
 * `auth_code`, `auth-code` (an OAuth or verification code; a number of up to 5 digits after `code`,
 * an error code, is kept). An HTTP authentication scheme before the value (`Bearer`, `Basic`,
 * `Digest`, `Token`) is captured on its own, so `authorization: Bearer …` keeps its scheme.
 * Groups: 1 the name up to the value, 2 the scheme, 3 the value.
 */
const SECRET_PAIR = new RegExp(
  `((?:(?<![a-z0-9_-])[a-z0-9_-]*(?:${SECRET_NAMES})|\\b(?:auth[_-]?)?code)["']?\\s*[:=]\\s*["']?)(?:(Bearer|Basic|Digest|Token)\\s+)?([^\\s"'&,;}]+)`,
  'gi',
)

/**
 * `text` with what could be a secret taken out, for error reports and analytics (the log export
 * uses `redact`): every URL cut to its origin, written as scheme, host and port, then '/', then '…'
 * when anything followed (a path, a query, a fragment or credentials):
 * 'https://eth-mainnet.g.alchemy.com/v2/KEY' gives 'https://eth-mainnet.g.alchemy.com/…',
 * 'https://shop.example' gives 'https://shop.example/' (RPC providers put API keys in the path:
 * Infura '/v3/KEY', Alchemy '/v2/KEY', QuickNode '/KEY/'; a stack frame's script URL goes the same
 * way, its function name stays); a URL that does not parse becomes '[redacted]'. WalletConnect
 * URIs, runs of 64 or more hex digits (keys, signatures; a 40-digit address stays) or of 64 or more
 * base58 characters (a Solana secret key), JWTs, bearer and basic credentials, and the values of
 * secret-named pairs (SECRET_PAIR: `x-api-key: …`, `private-key: …`, `access_token=…`,
 * `"password":"…"`; `authorization: Bearer …` keeps 'Bearer') replaced by '[redacted]'; emails
 * then hashed with `salt` as `redact` does. Everything else is kept as it is. Pure; never throws.
 */
export function scrubText(text: string, salt = ''): string {
  return text
    .replace(WC_URI, `wc:${SCRUBBED}`)
    .replace(URL_IN_TEXT, (u) => {
      try {
        const url = new URL(u)
        // A stack frame's script keeps its file name and position (a script's name is no secret; a key is no script name).
        const script = SCRIPT_FRAME.exec(url.pathname)?.[1]
        if (script && !url.search && !url.hash && !url.username && !url.password) return `${url.protocol}//${url.host}/…/${script}`
        const more = (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password
        return `${url.protocol}//${url.host}/${more ? '…' : ''}`
      } catch {
        return SCRUBBED
      }
    })
    .replace(JWT, SCRUBBED)
    .replace(AUTH_SCHEME, (_m, scheme: string) => `${scheme} ${SCRUBBED}`)
    .replace(SECRET_PAIR, (m, key: string, scheme: string | undefined, value: string) =>
      /^code/i.test(key) && !scheme && /^-?\d{1,5}$/.test(value) ? m : `${key}${scheme && /authori[sz]ation/i.test(key) ? `${scheme} ` : ''}${SCRUBBED}`,
    )
    .replace(LONG_HEX, SCRUBBED)
    .replace(LONG_BASE58, SCRUBBED)
    .replace(EMAIL, (m) => redactedHash(m.toLowerCase(), salt))
}
