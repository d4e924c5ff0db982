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
