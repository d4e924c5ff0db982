/**
 * Whether a page's origin is on a project's allowed origins (GET /projects/v1/origins), by the
 * rules the hosted service's own client applies (reown-com/appkit
 * `packages/controllers/src/utils/WalletConnectUtil.ts` isOriginAllowed and `UrlUtils.ts`;
 * docs/services.md), so a site sees the same verdict it would with AppKit:
 * - an empty list allows every origin;
 * - localhost and 127.0.0.1 are always allowed, on any scheme and port;
 * - a pattern with a scheme (`https://shop.example`) matches by origin (a path in it is ignored);
 * - a pattern without one (`shop.example`, `shop.example:8443`) matches the host on any scheme, and
 *   on any port unless it names one;
 * - `*` stands for exactly one whole label (`https://*.shop.example` matches `https://a.shop.example`,
 *   neither `https://shop.example` nor `https://a.b.shop.example`), or for any port (`:*`);
 * - the list is read with the service's default ancestors after it (DEFAULT_ALLOWED_ANCESTORS).
 * Pure; the patterns are untrusted strings (at most MAX_ORIGIN_PATTERNS are read).
 */

/** The origins the hosted service's client allows besides a project's list. */
export const DEFAULT_ALLOWED_ANCESTORS: readonly string[] = [
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1:*',
  'https://127.0.0.1:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
  'https://secure-mobile.walletconnect.com',
  'https://secure-mobile.walletconnect.org',
]
/** The most patterns read of a list. */
export const MAX_ORIGIN_PATTERNS = 500

const parse = (s: string): URL | undefined => {
  try {
    return new URL(s)
  } catch {
    return undefined
  }
}

/** A pattern with `*`: optional scheme, host labels (each a label or `*`), optional port (a number or `*`). */
function wildcardMatches(origin: URL, pattern: string): boolean {
  const [scheme, rest] = pattern.includes('://') ? (pattern.split('://', 2) as [string, string]) : [undefined, pattern]
  if (scheme !== undefined && `${scheme}:` !== origin.protocol) return false
  const hostPort = rest.split('/')[0]!
  const colon = hostPort.lastIndexOf(':')
  const [host, port] = colon >= 0 ? [hostPort.slice(0, colon), hostPort.slice(colon + 1)] : [hostPort, undefined]
  if (port !== undefined && port !== '*' && port !== origin.port) return false
  const want = host.split('.')
  const have = origin.hostname.split('.')
  return want.length === have.length && want.every((label, i) => label === '*' || label === have[i])
}

/** A pattern without `*`. */
function exactMatches(origin: URL, pattern: string): boolean {
  if (pattern.includes('://')) return parse(pattern)?.origin === origin.origin
  return pattern.includes(':') ? origin.host === pattern || `${origin.hostname}:${origin.port}` === pattern : origin.hostname === pattern
}

/**
 * True when `origin` ('https://shop.example') is allowed by `patterns` (the project's list), by the
 * rules of the module comment.
 * @example
 * isOriginAllowed('https://www.shop.example', ['*.shop.example']) // true
 * isOriginAllowed('https://shop.example', []) // true: an empty list allows all
 */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  const list = patterns.filter((p) => typeof p === 'string').slice(0, MAX_ORIGIN_PATTERNS)
  if (list.length === 0) return true
  const u = parse(origin)
  if (!u) return list.some((p) => !p.includes('*') && p === origin)
  if (u.hostname === 'localhost' || u.hostname === '127.0.0.1') return true
  return [...list, ...DEFAULT_ALLOWED_ANCESTORS].some((p) => (p.includes('*') ? wildcardMatches(u, p) : exactMatches(u, p)))
}
