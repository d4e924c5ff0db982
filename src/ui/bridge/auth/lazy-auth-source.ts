/**
 * The auth connector's source as the core chunk holds it: a few lines that load the real one
 * (auth-source.ts, its own chunk) on first use, so nothing of email or social login is fetched or
 * evaluated before the visitor reaches for the modal (or a stored auth connection is restored).
 */
import type { SocialProvider } from '../../../events/kernel/host-options.js'
import { AUTH_CONNECTOR_ID } from '../../../events/kernel/page-kernel.js'
import type { AuthSource } from './auth-source.js'

/** The core's auth source: an AuthSource, and the social login a click starts. */
export interface LazyAuthSource extends AuthSource {
  /**
   * Opens the social popup (600x800, docs/behaviour.md §9) blank, at once, inside the visitor's
   * click (a popup opened after an await is blocked), then runs the login (AuthSource.connectSocial),
   * which takes it to the provider's page once the secure site names it. Blank, not at a page of its
   * own: Chromium drops the opener's navigation of a popup whose first page is still loading (seen
   * in about one start in ten when the provider's address came within some 50 ms), and the popup
   * then stayed on that page. A login started while the previous one's popup is open closes that
   * popup first. Without `noopener`: the provider's answer page posts to its opener.
   */
  startSocial(provider: SocialProvider): Promise<void>
}

/** The social popup's window features (docs/behaviour.md §9: 600x800). */
export const SOCIAL_POPUP_FEATURES = 'width=600,height=800,scrollbars=yes'

/** An AuthSource that loads `load()`'s on its first call, once; `telegram`: the page runs in Telegram's in-app browser. */
export function lazyAuthSource(load: () => Promise<AuthSource>, telegram = false): LazyAuthSource {
  let loaded: Promise<AuthSource> | undefined
  /** The last social popup opened. */
  let lastPopup: Window | null = null
  // A failed load (the chunk or the adapter did not arrive) is tried again on the next use.
  const get = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
  return {
    owns: (connectorId) => connectorId === AUTH_CONNECTOR_ID,
    start: () => void get().then((s) => s.start()),
    request: async (connectorId, args, options) => (await get()).request(connectorId, args, options),
    watch: () => undefined,
    submitOtp: async (otp) => (await get()).submitOtp(otp),
    submitUpdateOtp: async (otp) => (await get()).submitUpdateOtp(otp),
    connectSocial: async (provider, popup) => (await get()).connectSocial(provider, popup),
    farcasterUrl: async () => (await get()).farcasterUrl(),
    leaveForSocial: async (provider) => (await get()).leaveForSocial(provider),
    returnFromSocial: async (resultUri) => (await get()).returnFromSocial(resultUri),
    startSocial(provider) {
      // Telegram's in-app browser: no popup, the page leaves for the provider's page and comes back.
      if (telegram) return get().then((s) => s.leaveForSocial(provider))
      // Opened now, inside the click (a popup opened after an await is blocked), blank until the provider's page is known.
      lastPopup?.close()
      const popup = (lastPopup = window.open('about:blank', '_blank', SOCIAL_POPUP_FEATURES))
      return get().then(
        (s) => s.connectSocial(provider, popup),
        (error: unknown) => (popup?.close(), Promise.reject(error)),
      )
    },
    abortApprovals: () => void loaded?.then((s) => s.abortApprovals()),
    showFrame(target) {
      let hide: (() => void) | undefined
      let hidden = false
      void get().then((s) => void (hidden || (hide = s.showFrame(target))))
      return () => {
        hidden = true
        hide?.()
      }
    },
    close: () => void loaded?.then((s) => s.close()),
  }
}
