/**
 * The one validator for every URL that comes from outside (the wallet registry's links and images,
 * service answers, wallets' icons, stored and imported events): docs/security.md. Pure,
 * so the log's validation, the projections and the views share it. Each function parses with
 * `new URL()` (which also strips the tabs, newlines and edge spaces a browser would ignore),
 * compares the scheme lower-case, and returns the parsed URL's own `href`, so what is used is what
 * was checked; anything refused gives `undefined`.
 */

/** The longest link or image URL kept, in characters (a data: image may be longer, DATA_IMAGE_MAX). */
export const URL_MAX = 2048
/** The longest `data:image/…` URL kept, in characters (EIP-6963 icons are data URIs). */
export const DATA_IMAGE_MAX = 100_000

/**
 * A custom scheme a wallet app registers, as the URL parser writes it: lower-case ASCII letters,
 * digits, '+', '-' and '.', starting with a letter (`metamask`, `trust`, `imtokenv2`,
 * `harborpay-desktop`). A wallet link with such a scheme must be `{scheme}://…` or the bare
 * `{scheme}:`; the opaque `{scheme}:…` form (`ms-settings:display`, `search-ms:query=…`,
 * `mailto:…`) is how OS handlers are addressed, and no wallet link needs it.
 */
const APP_SCHEME = /^[a-z][a-z0-9+.-]*$/

/**
 * Schemes that fit APP_SCHEME but are not wallet apps' (compared without the colon): script and
 * document schemes, files and shares, the web and socket schemes other than https (so a same-tab
 * navigation never reaches a web host carrying the pairing URI), and the handlers of the OS and the
 * browsers (settings, search, shells, installers, telephony, mail; schemes that hand a URL to
 * another browser). REFUSED_SCHEME_PREFIXES covers their families.
 */
const REFUSED_SCHEMES = new Set([
  // Script, documents, the browser's own pages.
  'javascript', 'vbscript', 'data', 'blob', 'about', 'view-source', 'filesystem', 'jar', 'mhtml', 'resource', 'wyciwyg',
  // Local files, shares, remote shells and file transfer.
  'file', 'smb', 'afp', 'nfs', 'ftp', 'ftps', 'sftp', 'ssh', 'telnet', 'rlogin', 'vnc', 'rdp', 'ldap', 'ldaps', 'git', 'svn',
  // The web and sockets other than https.
  'http', 'ws', 'wss', 'gopher', 'news', 'nntp', 'snews', 'feed', 'webcal', 'webcals', 'irc', 'ircs',
  // Browsers' schemes that hand a URL to them (the families below too). Not 'edge': a wallet app may
  // be named so (Edge is one), and a web page cannot open the Edge browser's internal edge:// pages.
  'brave', 'safari', 'duckduckgo',
  // Android: intent: URLs can name a browser fallback (a web page, for the same tab); apps and content by name.
  'intent', 'android-app', 'content', 'market',
  // Windows: search and shell handlers (search-ms: can show a remote share as a local folder).
  'search', 'search-ms', 'shell', 'res', 'mk', 'its', 'hcp', 'windowsdefender',
  // Apple: shortcuts run automations, settings, help, mail, web search.
  'shortcuts', 'workflow', 'prefs', 'app-prefs', 'app-settings', 'help', 'message', 'x-web-search',
  // Linux desktops: package installers.
  'apt', 'appstream', 'snap',
  // Telephony, messaging, mail.
  'tel', 'telprompt', 'callto', 'sip', 'sips', 'sms', 'smsto', 'mms', 'mmsto', 'mailto',
])

/** Families of refused schemes, by prefix (see REFUSED_SCHEMES). */
const REFUSED_SCHEME_PREFIXES = [
  'ms-', // Windows and Office handlers: ms-settings, ms-msdt, ms-officecmd, ms-appinstaller, ms-word…
  'chrome', // chrome, chrome-extension, chrome-search, chrome-untrusted…
  'googlechrome', // iOS: googlechrome, googlechromes (open a web page in Chrome)
  'firefox', // firefox, firefox-focus…
  'microsoft-edge', // microsoft-edge, microsoft-edge-https…
  'opera', // opera, opera-http, opera-https…
  'x-safari', // iOS: x-safari-https…
  'moz-', // moz-extension…
  'facetime', // facetime, facetime-audio, facetime-group…
  'x-apple', // x-apple-helpbasic, x-apple-reminderkit…
  'itms', // itms, itms-services (installs an app from a manifest), itms-apps, itms-beta…
  'web+', // handlers a web page registered (registerProtocolHandler): they lead to that site
  'ext+', // handlers a browser extension registered
]

/** Whether `scheme` (lower-case, no colon) may be a wallet app's custom scheme. */
function isAppScheme(scheme: string): boolean {
  return APP_SCHEME.test(scheme) && !REFUSED_SCHEMES.has(scheme) && !REFUSED_SCHEME_PREFIXES.some((prefix) => scheme.startsWith(prefix))
}

/**
 * The answers of `documentLink` and `imageUrl` for strings they were asked before, the oldest
 * dropped past MEMO_MAX: the selectors check the same URLs on every state (docs/security.md: every
 * image URL passes the validator before a view), and parsing each again was most of a view
 * change's time in the worker. Both are pure, so a remembered answer is the answer.
 */
const MEMO_MAX = 512
const documentLinks = new Map<string, string | undefined>()
const imageUrls = new Map<string, string | undefined>()

/** `check()`, remembered in `memo` under `key` (no key, or a key longer than twice URL_MAX: not remembered). */
function remembered(memo: Map<string, string | undefined>, key: string | undefined, check: () => string | undefined): string | undefined {
  if (key === undefined || key.length > 2 * URL_MAX) return check()
  if (memo.has(key)) return memo.get(key)
  const answer = check()
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!)
  memo.set(key, answer)
  return answer
}

function parse(value: unknown, max: number): URL | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) return undefined
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/**
 * `value` as a path on `base`'s origin: it must start with '/', './' or '../' and not with '//'
 * (a protocol-relative URL names another host), read as the URL parser reads it (tabs and newlines
 * dropped, edge spaces and controls trimmed, a backslash taken for a slash), and it must resolve on
 * `base`'s own origin. Undefined for anything else, and for a `base` that is no URL (the origin
 * 'null' of a file: page or a sandboxed iframe): never throws.
 */
function pathOn(value: unknown, base: string | undefined, max: number): URL | undefined {
  if (!base || typeof value !== 'string') return undefined
  const path = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/\\/g, '/')
  if (!/^\.{0,2}\/(?!\/)/.test(path)) return undefined
  const origin = parse(base, URL_MAX)
  if (!origin) return undefined
  try {
    const url = parse(new URL(value, origin).href, max)
    return url && url.origin === origin.origin ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * A wallet's deep or universal link (registry `mobile_link`, `desktop_link`, `webapp_link`;
 * docs/behaviour.md §3 deep link), at most URL_MAX characters, by allow-list:
 * - `https:` (a universal link), any host;
 * - a wallet app's custom scheme: one that fits APP_SCHEME (letters, digits, '+', '-', '.', a
 *   letter first; any case, read lower-case) and is not an OS, browser or web scheme
 *   (REFUSED_SCHEMES, REFUSED_SCHEME_PREFIXES: `javascript:`, `data:`, `http:`, `file:`, `intent:`,
 *   `ms-settings:`, `search-ms:`, `googlechromes:`, `tel:`, `itms-services:`…), written
 *   `{scheme}://…` (`metamask://`, `trust://wc?uri=…`) or bare `{scheme}:` (`trust:`); a bare name
 *   (`trust`) reads as `trust://`.
 * Everything else is refused, the opaque `{scheme}:…` form included.
 * @returns the normalised link (the parsed URL's `href`), or undefined when refused.
 */
export function walletLink(value: unknown): string | undefined {
  // A bare scheme name ('trust') is the custom scheme 'trust://'.
  const url = parse(typeof value === 'string' && /^[a-z][a-z0-9+.-]*$/i.test(value) ? `${value}://` : value, URL_MAX)
  if (!url) return undefined
  if (url.protocol === 'https:') return url.href
  const scheme = url.protocol.slice(0, -1)
  if (!isAppScheme(scheme)) return undefined
  return url.href === url.protocol || url.href.startsWith(`${url.protocol}//`) ? url.href : undefined
}

/** A link that may be navigated to: a custom wallet scheme (same tab) or https (a new tab). */
export interface Navigation {
  href: string
  /** `same-tab` for a custom scheme (the OS hands it to the app); `new-tab` for https. */
  target: 'same-tab' | 'new-tab'
}

/**
 * The check right before a navigation (old logs hold links nobody checked): the link's
 * `walletLink` form and where it opens, or undefined when it must not be opened at all.
 */
export function navigationFor(value: unknown): Navigation | undefined {
  const href = walletLink(value)
  if (!href) return undefined
  return { href, target: href.startsWith('https:') ? 'new-tab' : 'same-tab' }
}

/**
 * An on-ramp provider's page for the buy popup: an https navigation link (navigationFor),
 * or an http URL on one of `allowedOrigins` (the configured on-ramp page's origin: the localnet's
 * provider page is http on 127.0.0.1). Never throws.
 * @returns the normalised URL, or undefined when refused.
 */
export function providerPageUrl(value: unknown, allowedOrigins: readonly string[]): string | undefined {
  const nav = navigationFor(value)
  if (nav?.target === 'new-tab') return nav.href
  const url = parse(value, URL_MAX)
  return url && url.protocol === 'http:' && allowedOrigins.includes(url.origin) ? url.href : undefined
}

/**
 * A link to one of the site's own documents (the `termsConditionsUrl` and `privacyPolicyUrl`
 * options), for an `<a href>` that opens in a new tab: `https:` or `http:`, at most URL_MAX
 * characters; a path ('/terms', './privacy.html', '../legal') is read against `base`, the host
 * page's origin, and must stay on it. Nothing else: no script, data, blob, file or custom schemes,
 * no protocol-relative '//host/…' (refused, even for the page's own host), no path when `base` is
 * missing or is no URL (the origin 'null' of a file: page or a sandboxed iframe). Never throws.
 * @returns the normalised URL, or undefined when refused.
 */
export function documentLink(value: unknown, base?: string): string | undefined {
  return remembered(documentLinks, typeof value === 'string' ? `${base ?? ''}\n${value}` : undefined, () => checkedDocumentLink(value, base))
}

function checkedDocumentLink(value: unknown, base?: string): string | undefined {
  const url = parse(value, URL_MAX) ?? pathOn(value, base, URL_MAX)
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : undefined
}

/**
 * An image URL for `<img src>` or a prefetch: `https:`, `data:image/…` (at most DATA_IMAGE_MAX
 * characters), or any URL on one of `allowedOrigins` (the configured services' origins, which
 * covers the localnet's http emulators). Nothing else: no http to other hosts, no other schemes.
 * @param allowedOrigins origins as `URL.origin` writes them ('http://127.0.0.1:8545').
 * @param base the host page's origin: a path ('/icons/eth.svg', './a.png') is read against it (the
 *   host's own options name such images), must stay on it (no protocol-relative '//host/…'), and
 *   then must be on `allowedOrigins` like any http URL; no path is taken when `base` is no URL
 *   (the origin 'null'). Never throws.
 * @returns the normalised URL, or undefined when refused.
 */
export function imageUrl(value: unknown, allowedOrigins: readonly string[], base?: string): string | undefined {
  return remembered(imageUrls, typeof value === 'string' ? `${allowedOrigins.join(' ')}\n${base ?? ''}\n${value}` : undefined, () => checkedImageUrl(value, allowedOrigins, base))
}

function checkedImageUrl(value: unknown, allowedOrigins: readonly string[], base?: string): string | undefined {
  if (typeof value === 'string' && /^\s*data:/i.test(value)) {
    const url = parse(value, DATA_IMAGE_MAX)
    return url && /^data:image\/[a-z0-9.+-]+[;,]/i.test(url.href) ? url.href : undefined
  }
  const url = parse(value, URL_MAX) ?? pathOn(value, base, URL_MAX)
  if (!url) return undefined
  if (url.protocol === 'https:') return url.href
  // blob: URLs carry their creator's origin: only http itself counts as on a service's origin.
  if (url.protocol === 'http:' && allowedOrigins.includes(url.origin)) return url.href
  return undefined
}

/**
 * An image URL as stored events may hold it, where the allowed origins are not known: `https:`,
 * `http:` or `data:image/…`, well formed and within the limits. The origin rule of `imageUrl` is
 * applied again where it is shown (the selectors).
 */
export function storedImageUrl(value: unknown): string | undefined {
  const url = parse(value, DATA_IMAGE_MAX)
  if (!url) return undefined
  if (url.protocol === 'data:') return imageUrl(value, [])
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.href.length <= URL_MAX ? url.href : undefined
}

/** The origins of the configured services' base URLs (http and https only), for `imageUrl`. */
export function serviceOrigins(services: object): string[] {
  return Object.values(services).flatMap((u: unknown) => serviceOrigin(typeof u === 'string' ? u : undefined) ?? [])
}

/** The origin of a configured service's base URL, or undefined for a URL that is not http(s). */
export function serviceOrigin(base: string | undefined): string | undefined {
  const url = parse(base, URL_MAX)
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : undefined
}

/** The origin of an http(s) URL `value` (a path allowed), as a one-entry list; [] when it is none. */
export function pageOrigin(value: unknown): string[] {
  const url = parse(value, URL_MAX)
  return url && (url.protocol === 'https:' || url.protocol === 'http:') ? [url.origin] : []
}

/**
 * `value` as an http(s) origin ('https://secure.example', no path, query or credentials), or
 * undefined when it is not one. The secure site's messages are checked against this exact string.
 */
export function originOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > URL_MAX) return undefined
  try {
    const u = new URL(value)
    if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || u.search || u.hash || (u.pathname !== '/' && u.pathname !== '')) return undefined
    return u.origin
  } catch {
    return undefined
  }
}
