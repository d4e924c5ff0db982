/**
 * The secure-site emulator's social logins, per projectId:
 * - GET_SOCIAL_REDIRECT_URI `{ provider }` → `{ uri: '<origin>/oauth/<provider>?state=<random>' }`;
 *   the state records the frame's parent origin (where /social posts its result), project,
 *   provider and the asking frame's device id (only that frame may redeem it). The fake provider page (`/oauth/<provider>`) answers Allow with a code bound to the
 *   state and the username typed (`/social?code=…&state=…`), Deny with `/social?error=access_denied&state=…`.
 * - The Telegram path (no popup in Telegram's in-app browser): the host appends `--` and
 *   `encodeURIComponent(location.href)` to the uri's `state` and navigates its own top window there.
 *   A state is looked up by its part before the first `--` (`splitState`); the provider page keeps
 *   the whole state, suffix included, in its redirect to /social, and /social (social-script.ts)
 *   sends the top window back to the suffix's address with `result_uri=<encodeURIComponent(its own
 *   URL)>` (`returnTarget`), only when that address's origin is exactly the state's recorded parent
 *   origin.
 * - CONNECT_SOCIAL `{ uri }` (the resultUri) → a new session for provider + username: the uri must be
 *   this site's /social with a code and the state it was issued for (compared without a `--`
 *   suffix), of this project, asked by the same frame (device id: a code of a state another frame
 *   or browser was issued is refused, and stays redeemable by its own frame); code and state are
 *   single use. Anything else → 'Invalid social result'.
 * - GET_FARCASTER_URI → `{ url: '<origin>/farcaster?channel=<random>' }` (the frame's last channel);
 *   CONNECT_FARCASTER → `{ userName }` and a new session once that page's Approve was clicked
 *   (a long poll: `retry` every LONG_POLL_MS).
 * Demo and test tooling only.
 */
import { LONG_POLL_MS } from './email-login.js'
import { createLatch, openedWithin, type Latch } from './latch.js'
import type { FrameAnswer, FrameCall } from './protocol.js'
import { randomToken, TOKEN_PREFIX } from './secrets.js'
import type { Users } from './users.js'

/** The providers with a fake OAuth page. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook', 'farcaster'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** The longest username the fake provider takes. */
const MAX_USERNAME = 64

/** An OAuth state issued by GET_SOCIAL_REDIRECT_URI. */
export interface OAuthState {
  projectId: string
  provider: SocialProvider
  /** The frame's parent origin: the only target of /social's message. */
  parentOrigin: string
  /** The device id of the frame that asked: the only one whose CONNECT_SOCIAL may redeem it. */
  deviceId: string
}

/**
 * An OAuth state as it comes back: `issued` (the part before the first `--`, what
 * GET_SOCIAL_REDIRECT_URI issued) and, on the Telegram path, `returnTo` (the text after it: the
 * host page's address, unchecked; undefined without `--`).
 */
export function splitState(state: string): { issued: string; returnTo?: string } {
  const at = state.indexOf('--')
  return at < 0 ? { issued: state } : { issued: state.slice(0, at), returnTo: state.slice(at + 2) }
}

/**
 * The suffix of a Telegram state as an absolute URL: the query value decoded once already holds the
 * address when the host appended `--` + encodeURIComponent(href) to the uri's text (as AppKit
 * does); when it set the state parameter with URLSearchParams (encoded twice), one more decoding.
 * @returns the URL, or undefined when neither is an absolute URL.
 */
function parseReturnTo(text: string): URL | undefined {
  const direct = URL.parse(text)
  if (direct) return direct
  try {
    return URL.parse(decodeURIComponent(text)) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * `address` with `result_uri=<encodeURIComponent(resultUri)>` in its query: the other parameters
 * stay as written, an existing result_uri (by its decoded name) is replaced, the fragment is kept.
 */
export function withResultUri(address: URL, resultUri: string): string {
  const target = new URL(address)
  const kept = target.search
    .slice(1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false
      const name = pair.split('=', 1)[0]!.replace(/\+/g, ' ')
      try {
        return decodeURIComponent(name) !== 'result_uri'
      } catch {
        return true
      }
    })
  target.search = [...kept, `result_uri=${encodeURIComponent(resultUri)}`].join('&')
  return target.href
}

interface Channel {
  approved: Latch
  userName?: string
}

/** The social flows' state, in memory. */
export class SocialLogin {
  readonly #states = new Map<string, OAuthState>()
  readonly #codes = new Map<string, { state: string; userName: string }>()
  readonly #channels = new Map<string, Channel>()
  /** The last channel issued to each project and device. */
  readonly #deviceChannel = new Map<string, string>()

  constructor(
    private readonly users: Users,
    private readonly origin: string,
  ) {}

  /** GET_SOCIAL_REDIRECT_URI. */
  redirectUri(call: FrameCall): FrameAnswer {
    const provider = call.payload.provider
    if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider)) return { ok: false, message: 'Unsupported provider' }
    const state = randomToken(TOKEN_PREFIX.state)
    this.#states.set(state, { projectId: call.projectId, provider: provider as SocialProvider, parentOrigin: call.parentOrigin, deviceId: call.deviceId })
    return { ok: true, payload: { uri: `${this.origin}/oauth/${provider}?state=${state}` } }
  }

  /** The state's record, if issued and not used yet; a state with a `--` suffix is looked up by its part before it. */
  state(state: string | null): OAuthState | undefined {
    return state === null ? undefined : this.#states.get(splitState(state).issued)
  }

  /**
   * The Telegram path's navigation target for /social: the address in `state`'s `--` suffix with
   * `result_uri` set to `resultUri` (/social's own full URL; see `withResultUri`).
   * @returns undefined when the state was not issued (or is used), has no suffix, or its suffix is
   *   not an absolute URL whose origin is exactly the state's recorded parent origin.
   */
  returnTarget(state: string | null, resultUri: string): string | undefined {
    const record = this.state(state)
    const returnTo = state === null ? undefined : splitState(state).returnTo
    if (!record || returnTo === undefined) return undefined
    const address = parseReturnTo(returnTo)
    return address && address.origin === record.parentOrigin ? withResultUri(address, resultUri) : undefined
  }

  /**
   * The fake provider's Allow: a single-use code for `state` (bound to its issued part, without a
   * `--` suffix) and `userName`.
   * @returns the code, or undefined for an unknown state, another provider or a bad username.
   */
  allow(provider: string, state: string, userName: string): string | undefined {
    const { issued } = splitState(state)
    const s = this.#states.get(issued)
    const name = userName.trim()
    if (!s || s.provider !== provider || !name || name.length > MAX_USERNAME) return undefined
    const code = randomToken(TOKEN_PREFIX.code)
    this.#codes.set(code, { state: issued, userName: name })
    return code
  }

  /** CONNECT_SOCIAL: the user (found or created) and a new session, or 'Invalid social result'. */
  async connect(call: FrameCall): Promise<{ answer: FrameAnswer } | { provider: SocialProvider; userName: string; token: string }> {
    const invalid = { answer: { ok: false as const, message: 'Invalid social result' } }
    const uri = typeof call.payload.uri === 'string' ? URL.parse(call.payload.uri) : null
    if (!uri || uri.origin !== this.origin || uri.pathname !== '/social') return invalid
    const state = splitState(uri.searchParams.get('state') ?? '').issued
    const code = uri.searchParams.get('code') ?? ''
    const issued = this.#codes.get(code)
    const s = this.#states.get(state)
    if (!issued || !s || issued.state !== state || s.projectId !== call.projectId || s.deviceId !== call.deviceId) return invalid
    this.#codes.delete(code)
    this.#states.delete(state)
    const user = await this.users.findOrCreate(call.projectId, { socialProvider: s.provider, userName: issued.userName })
    this.users.endSession(call.token)
    return { provider: s.provider, userName: issued.userName, token: this.users.startSession(user).token }
  }

  /** GET_FARCASTER_URI: a new channel for the frame. */
  farcasterUri(call: FrameCall): FrameAnswer {
    const channel = randomToken(TOKEN_PREFIX.channel)
    this.#channels.set(channel, { approved: createLatch() })
    this.#deviceChannel.set(`${call.projectId}\0${call.deviceId}`, channel)
    return { ok: true, payload: { url: `${this.origin}/farcaster?channel=${channel}` } }
  }

  /** Whether `channel` was issued and waits for approval. */
  hasChannel(channel: string | null): boolean {
    return channel !== null && this.#channels.get(channel)?.approved.isOpen === false
  }

  /** The Farcaster page's Approve: returns false for an unknown or approved channel or a bad username. */
  approveChannel(channel: string, userName: string): boolean {
    const c = this.#channels.get(channel)
    const name = userName.trim()
    if (!c || c.approved.isOpen || !name || name.length > MAX_USERNAME) return false
    c.userName = name
    c.approved.open()
    return true
  }

  /** CONNECT_FARCASTER: `{ userName }` and a new session once approved, else `retry` after LONG_POLL_MS. */
  async connectFarcaster(call: FrameCall): Promise<FrameAnswer> {
    const id = this.#deviceChannel.get(`${call.projectId}\0${call.deviceId}`)
    const channel = id === undefined ? undefined : this.#channels.get(id)
    if (!id || !channel) return { ok: false, message: 'No Farcaster channel' }
    if (!(await openedWithin(channel.approved, LONG_POLL_MS))) return { ok: true, retry: true }
    this.#channels.delete(id)
    this.#deviceChannel.delete(`${call.projectId}\0${call.deviceId}`)
    const user = await this.users.findOrCreate(call.projectId, { socialProvider: 'farcaster', userName: channel.userName! })
    this.users.endSession(call.token)
    return { ok: true, payload: { userName: channel.userName }, token: this.users.startSession(user).token }
  }
}
