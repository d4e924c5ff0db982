/**
 * Social login on the page (docs/behaviour.md §4 social login): the provider's page in the popup
 * the visitor's click opened, its answer taken only from that window and the secure site's origin,
 * and only for the login this tab started, in time (social-login-state.ts); in Telegram's in-app
 * browser, the page itself leaves for the provider's page and comes back with `result_uri`. The
 * answer, which carries the provider's code, never leaves the page.
 */
import type { SocialProvider } from '../../../events/kernel/host-options.js'
import { SOCIAL_RETURN_REFUSED } from '../../../events/kernel/errors.js'
import { SOCIAL_LOGIN_TTL_MS } from '../../../events/kernel/limits.js'
import { documentLink } from '../../../events/kernel/urls.js'
import type { AuthSession } from './auth-session.js'
import { checkSocialReturn, keepSocialLogin, pageOf, providerState, restoredHref, takeSocialLogin, telegramSocialUrl, type SocialLogin } from './social-login-state.js'
import { ERRORS } from '../../../events/kernel/error-registry.js'

/** docs/behaviour.md §8 social login errors. */
export const POPUP_CLOSED = ERRORS.popupClosed.message
export const FAILED_TO_CONNECT = ERRORS.failedToConnect.message
export const FAILED_TO_INITIATE_SOCIAL = ERRORS.failedToInitiateSocial.message
/** docs/behaviour.md §9: how often the popup is checked for having been closed, in ms. */
export const POPUP_POLL_MS = 1000
/** The longest answer URI taken from the popup, in characters. */
const MAX_RESULT_URI = 4096

/** A wait for the provider's answer (socialResult): its outcome, and its end without one. */
export interface SocialWait {
  result: Promise<string | { failed: string } | undefined>
  /** Stops listening and polling; `result` resolves undefined. */
  cancel(): void
}

/**
 * The provider's answer the popup posts: `{ resultUri }` from `popup` itself and the secure site's
 * origin exactly, a URL on that origin; anything else is ignored. `result` resolves with the URI,
 * or with `{ failed: 'Popup closed' }` once the popup is found closed (checked every `pollMs`).
 */
export function socialResult(win: Pick<Window, 'addEventListener' | 'removeEventListener'>, popup: Pick<Window, 'closed'>, origin: string, pollMs = POPUP_POLL_MS): SocialWait {
  let done!: (value: string | { failed: string } | undefined) => void
  const result = new Promise<string | { failed: string } | undefined>((resolve) => {
    done = (value) => {
      win.removeEventListener('message', listener as EventListener)
      clearInterval(poll)
      resolve(value)
    }
  })
  const listener = (e: MessageEvent) => {
    if (e.origin !== origin || e.source !== popup) return
    const uri = (e.data as { resultUri?: unknown } | null)?.resultUri
    if (typeof uri !== 'string' || uri.length > MAX_RESULT_URI || documentLink(uri) === undefined || new URL(uri).origin !== origin) return
    done(uri)
  }
  win.addEventListener('message', listener as EventListener)
  const poll = setInterval(() => popup.closed && done({ failed: POPUP_CLOSED }), pollMs)
  return { result, cancel: () => done(undefined) }
}

/** A provider's page or app link the secure site gives: https, or on the secure site's own origin (a localnet's http). */
export const providerLink = (value: unknown, origin: string): string | undefined => {
  const url = documentLink(value)
  return url && (url.startsWith('https:') || new URL(url).origin === origin) ? url : undefined
}

/** The social logins of one auth source (see the module's comment; each is AuthSource's method of the same name). */
export interface AuthSocial {
  connectSocial(provider: SocialProvider, popup: Window | null): Promise<void>
  leaveForSocial(provider: SocialProvider): Promise<void>
  returnFromSocial(resultUri: string): Promise<void>
}

/** The social logins over `s` (see the module's comment). */
export function authSocial(s: AuthSession): AuthSocial {
  const { o, adapter, start, tell, now, pageWindow, tabStorage, onNetwork } = s
  /** The social login under way: its wait for the popup's answer. */
  let socialWait: SocialWait | undefined
  /** The provider's page the secure site names for `provider`, with its OAuth state; undefined when it names none, one without a state, or fails. */
  const providerPage = async (provider: SocialProvider): Promise<{ uri: string; state: string } | undefined> => {
    let uri: string | undefined
    try {
      await start()
      uri = providerLink(await adapter.getSocialRedirectUri(provider), adapter.origin)
    } catch {
      return undefined
    }
    const state = uri && providerState(uri)
    return uri && state ? { uri, state } : undefined
  }
  return {
    async connectSocial(provider, popup) {
      // One social login at a time: a new one ends the one before (whose popup the new click closed).
      socialWait?.cancel()
      const fail = async (message: string) => {
        popup?.close()
        await tell({ type: 'auth/social-failed', payload: { provider, message } })
      }
      try {
        await o.dispatch({ type: 'auth/social-requested', payload: { provider } })
      } catch (error) {
        popup?.close()
        throw error
      }
      if (!popup) return fail(FAILED_TO_INITIATE_SOCIAL)
      const page = await providerPage(provider)
      if (!page) return fail(FAILED_TO_INITIATE_SOCIAL)
      const login: SocialLogin = { provider, state: page.state, expiresAt: now() + SOCIAL_LOGIN_TTL_MS }
      popup.location.href = page.uri
      const wait = (socialWait = socialResult(pageWindow(), popup, adapter.origin))
      const result = await wait.result
      if (socialWait === wait) socialWait = undefined
      // Ended by a newer social login, which closed this one's popup.
      if (result === undefined) return
      if (typeof result !== 'string') return fail(result.failed)
      popup.close()
      // Only the answer to the provider's page this login opened, in time: a page holding the popup may navigate it.
      if (checkSocialReturn(result, login, adapter.origin, now()) !== 'ok') return fail(SOCIAL_RETURN_REFUSED)
      // The provider's refusal comes back as an error parameter (access_denied…).
      if (new URL(result).searchParams.has('error')) return fail(FAILED_TO_CONNECT)
      try {
        // Refused when the login ended meanwhile (the modal closed, the visitor went back): nothing more is done.
        await o.dispatch({ type: 'auth/social-result-received', payload: { provider } })
      } catch {
        return
      }
      try {
        await adapter.connectSocial(result, onNetwork())
      } catch {
        return fail(FAILED_TO_CONNECT)
      }
      await tell({ type: 'auth/social-connected', payload: { provider } })
    },
    async leaveForSocial(provider) {
      await o.dispatch({ type: 'auth/social-requested', payload: { provider } })
      const fail = (message: string) => tell({ type: 'auth/social-failed', payload: { provider, message } })
      const win = pageWindow()
      const page = await providerPage(provider)
      // The login this tab started, for the return to be checked against (its state never goes to the engine).
      if (!page || !keepSocialLogin(tabStorage(), o.projectId, { provider, state: page.state, expiresAt: now() + SOCIAL_LOGIN_TTL_MS, page: pageOf(win.location.href) })) return fail(FAILED_TO_INITIATE_SOCIAL)
      await tell({ type: 'auth/telegram-social-started', payload: { provider } })
      // The log persists in a later task; leaving first would lose the provider the return needs.
      await o.persist?.().catch(() => undefined)
      win.location.assign(telegramSocialUrl(page.uri, win.location.href))
    },
    async returnFromSocial(resultUri) {
      const win = pageWindow()
      const login = takeSocialLogin(tabStorage(), o.projectId)
      const restored = restoredHref(win.location.href, login)
      if (restored) win.history.replaceState(win.history.state, '', restored)
      const verdict = checkSocialReturn(resultUri, login, adapter.origin, now())
      if (verdict !== 'ok' || !login) return tell({ type: 'auth/social-return-refused', payload: { reason: verdict === 'ok' ? 'not-started' : verdict } })
      const provider = login.provider
      try {
        await o.dispatch({ type: 'auth/social-result-received', payload: { provider } })
      } catch {
        // The engine waits for it no more (its lifetime passed, another tab ended it).
        return tell({ type: 'auth/social-return-refused', payload: { reason: 'expired' } })
      }
      if (new URL(resultUri).searchParams.has('error')) return tell({ type: 'auth/social-failed', payload: { provider, message: FAILED_TO_CONNECT } })
      try {
        await start()
        await adapter.connectSocial(resultUri, onNetwork())
      } catch {
        return tell({ type: 'auth/social-failed', payload: { provider, message: FAILED_TO_CONNECT } })
      }
      await tell({ type: 'auth/social-connected', payload: { provider } })
    },
  }
}
