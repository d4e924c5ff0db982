/**
 * What each part of the auth connector's page side shares (auth-source.ts composes them): the
 * adapter and its start (the frame's life cycle: once at a time, a failure told the engine and the
 * next use starts again), the engine's dispatch as a fact it may refuse, the clock, the page's
 * window and this tab's storage, and the network the provider's calls are for.
 */
import type { AuthAdapter, AuthUserRequest, Intent } from '../../../contract.js'

/** What the auth connector's page side is made with (auth-source.ts createAuthSource). */
export interface AuthSourceOptions {
  /** The provider's wire (events/auth-adapter.ts). */
  adapter: AuthAdapter
  projectId: string
  /** The eip155 network the site is on (CAIP-2): the site's calls go to the provider for it. */
  network(): string | undefined
  dispatch(intent: Intent): Promise<void> | void
  /** Resolves once every event so far is stored (the engine's `flush`): the Telegram path awaits it before the page leaves, or the provider it keeps is lost with the page. */
  persist?: () => Promise<void>
  /** The page's document (default `document`): its window hears the social popup and is the one the Telegram path leaves. */
  doc?: Document
  /** This tab's storage for a Telegram login under way (default `sessionStorage`; undefined where the browser denies it). */
  sessionStorage?: () => Storage | undefined
  /** ms since the epoch (default `Date.now`): a social login's lifetime is read with it. */
  now?: () => number
}

/** The shared parts (see the module's comment). */
export interface AuthSession {
  o: AuthSourceOptions
  adapter: AuthAdapter
  /** Starts the adapter (its frame), once at a time; a failure is told the engine (`auth/frame-failed`) and rethrown, and the next call starts again. */
  start(): Promise<void>
  /** Tells the engine a fact, which it may refuse (the login ended meanwhile): nothing more to do then. */
  tell(intent: Intent): Promise<void>
  /** ms since the epoch. */
  now(): number
  /** The page's window (read when needed: nothing of the page is touched before). */
  pageWindow(): Window
  /** This tab's sessionStorage, or undefined where the browser denies it. */
  tabStorage(): Storage | undefined
  /** The user request for the EVM connection's network (none when the site has no eip155 network). */
  onNetwork(): AuthUserRequest
}

/** The shared parts over `o`. */
export function authSession(o: AuthSourceOptions): AuthSession {
  const tell = (intent: Intent) => Promise.resolve().then(() => o.dispatch(intent)).then(() => undefined, () => undefined)
  let started: Promise<void> | undefined
  return {
    o,
    adapter: o.adapter,
    start: () =>
      (started ??= o.adapter.init().catch((error: unknown) => {
        started = undefined
        void tell({ type: 'auth/frame-failed', payload: { message: String((error as Error)?.message ?? error).slice(0, 256) } })
        throw error
      })),
    tell,
    now: o.now ?? Date.now,
    pageWindow: () => o.doc?.defaultView ?? window,
    tabStorage() {
      try {
        return o.sessionStorage ? o.sessionStorage() : sessionStorage
      } catch {
        return undefined
      }
    },
    onNetwork() {
      const caipNetworkId = o.network()
      return caipNetworkId ? { caipNetworkId } : {}
    },
  }
}
