/**
 * The social login this tab started, as the page keeps it to check the answer that comes back
 * (docs/behaviour.md §4 social login steps; docs/security.md "The social popup"). A login is bound to
 * the OAuth `state` the secure site issued for the provider's page this tab opened (a one-time random
 * value; the provider hands it back with its code, and the secure site binds the code to it), and to
 * a lifetime, SOCIAL_LOGIN_TTL_MS from the start. An answer is redeemed only when its `state` is that
 * one and it comes in time, so a link carrying someone else's code (login CSRF) connects nobody.
 *
 * The popup path keeps its login in memory; the Telegram path, whose page leaves for the provider and
 * comes back with `?result_uri=`, keeps it in this tab's sessionStorage (per projectId), with the
 * page's own query and fragment: the address sent to the provider is the page's origin and path only,
 * and the return puts the rest back. The state acts as a secret: it stays on the page, never in the
 * engine, its log, analytics or the DOM.
 */
import type { SocialProvider } from '../../../events/kernel/host-options.js'

/** A social login this tab started. */
export interface SocialLogin {
  provider: SocialProvider
  /** The OAuth state the secure site issued (the provider page's `state`, its part before any `--`). */
  state: string
  /** ms since the epoch from which no answer is taken. */
  expiresAt: number
  /** The Telegram path: the page as it was when it left (its path, its query without `result_uri`, its fragment). */
  page?: { path: string; search: string; hash: string }
}

/** The shortest issued state taken, in characters: anything shorter cannot be a random one-time value. */
export const MIN_STATE_LENGTH = 16
/** The longest issued state taken, in characters. */
const MAX_STATE_LENGTH = 512

/** Why an answer is not redeemed (`auth/social-return-refused`'s reason), or 'ok'. */
export type ReturnVerdict = 'ok' | 'not-started' | 'expired' | 'mismatch'

/** `text` as a URL, or undefined (URL.parse is too recent for the browsers Gangway serves). */
function urlOf(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

/** The part of an OAuth state the secure site issued: before the first `--` (the Telegram path appends `--` and the return address). */
export function issuedState(state: string): string {
  const at = state.indexOf('--')
  return at < 0 ? state : state.slice(0, at)
}

/**
 * The state the secure site issued for the provider's page `uri` (its `state` parameter, issued part).
 * @returns undefined when `uri` is not a URL or its state is missing, shorter than 16 or longer than 512 characters.
 */
export function providerState(uri: string): string | undefined {
  const state = urlOf(uri)?.searchParams.get('state')
  const issued = state === null || state === undefined ? undefined : issuedState(state)
  return issued !== undefined && issued.length >= MIN_STATE_LENGTH && issued.length <= MAX_STATE_LENGTH ? issued : undefined
}

/**
 * Whether the answer `resultUri` (the secure site's URL with the provider's code and state) answers
 * `login`: 'not-started' without a login, 'expired' at or after its `expiresAt`, 'mismatch' when it
 * is not a URL on the secure site's `origin` or its state's issued part is not the login's; else 'ok'.
 * @param now ms since the epoch.
 */
export function checkSocialReturn(resultUri: string, login: SocialLogin | undefined, origin: string, now: number): ReturnVerdict {
  if (!login) return 'not-started'
  if (now >= login.expiresAt) return 'expired'
  const url = urlOf(resultUri)
  const state = url?.searchParams.get('state')
  return url && url.origin === origin && typeof state === 'string' && issuedState(state) === login.state ? 'ok' : 'mismatch'
}

/**
 * The provider's page as the Telegram path opens it: `--` and the page's origin and path, encoded
 * once (encodeURIComponent), appended to the text of its `state` parameter as the secure site wrote
 * it (as AppKit's client does; setting the parameter anew would encode the address twice), so the
 * secure site can send the visitor back here with `result_uri`. Without a `state` parameter, one
 * holding only the suffix is added. The page's query and fragment stay out of it: they are the
 * page's own, and may hold what no provider should see.
 */
export function telegramSocialUrl(uri: string, pageHref: string): string {
  const url = new URL(uri)
  const page = new URL(pageHref)
  const suffix = `--${encodeURIComponent(page.origin + page.pathname)}`
  const state = /[?&]state=[^&]*/.exec(url.search)
  url.search = state ? url.search.slice(0, state.index + state[0].length) + suffix + url.search.slice(state.index + state[0].length) : `${url.search ? `${url.search}&` : '?'}state=${suffix}`
  return url.href
}

/** The page as the Telegram path keeps it to come back to: its path, its query without `result_uri`, its fragment. */
export function pageOf(pageHref: string): NonNullable<SocialLogin['page']> {
  const url = new URL(pageHref)
  url.searchParams.delete('result_uri')
  return { path: url.pathname, search: url.search, hash: url.hash }
}

/**
 * The address to show once back from the Telegram path: `currentHref` (already without
 * `result_uri`) with the query and fragment the page had when it left, when it is the same path and
 * has none of its own; undefined when there is nothing to put back.
 */
export function restoredHref(currentHref: string, login: SocialLogin | undefined): string | undefined {
  const page = login?.page
  const url = new URL(currentHref)
  if (!page || url.pathname !== page.path || url.search !== '' || url.hash !== '' || (page.search === '' && page.hash === '')) return undefined
  url.search = page.search
  url.hash = page.hash
  return url.href
}

const storageKey = (projectId: string) => `gangway:social-login:${projectId}`

/**
 * Keeps `login` for this tab (the Telegram path) in `storage` (sessionStorage).
 * @returns false when there is no storage or it refuses (then no Telegram login can be checked, so none starts).
 */
export function keepSocialLogin(storage: Pick<Storage, 'setItem'> | undefined, projectId: string, login: SocialLogin): boolean {
  try {
    storage!.setItem(storageKey(projectId), JSON.stringify(login))
    return true
  } catch {
    return false
  }
}

const isString = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max

/**
 * The login kept for `projectId` in `storage`, and removed: an answer is checked against it once.
 * @returns undefined when none is kept, the storage cannot be read, or what it holds is malformed.
 */
export function takeSocialLogin(storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined, projectId: string): SocialLogin | undefined {
  let text: string | null
  try {
    text = storage!.getItem(storageKey(projectId))
    storage!.removeItem(storageKey(projectId))
  } catch {
    return undefined
  }
  let v: Record<string, unknown>
  try {
    v = JSON.parse(text ?? 'null') as Record<string, unknown>
  } catch {
    return undefined
  }
  if (!v || typeof v !== 'object' || !isString(v.provider, 32) || !isString(v.state, MAX_STATE_LENGTH) || v.state.length < MIN_STATE_LENGTH || typeof v.expiresAt !== 'number' || !Number.isFinite(v.expiresAt)) return undefined
  const p = v.page as Record<string, unknown> | undefined
  const page = p && typeof p === 'object' && isString(p.path, 4096) && isString(p.search, 4096) && isString(p.hash, 4096) ? { path: p.path, search: p.search, hash: p.hash } : undefined
  return { provider: v.provider as SocialProvider, state: v.state, expiresAt: v.expiresAt, ...(page ? { page } : {}) }
}
