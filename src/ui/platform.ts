/**
 * Where the page runs, as the email and social login rules need it (docs/behaviour.md §5:
 * the social options Telegram keeps per platform; §4: the WalletConnect pairing reused in Telegram
 * and on iOS Safari). Read from the user agent and Telegram's webview globals, never from storage.
 */
import type { Platform } from '../contract.js'

/** What the detection reads: the user agent, whether it has a touch screen, and the window's globals. */
export interface PlatformSource {
  userAgent: string
  /** At least one touch point (an iPad reports a Mac's user agent, but has touch). */
  touch: boolean
  globals: object
}

/** The page's platform (projections/rules/auth-rules.ts `Platform`), plus iOS Safari for the pairing reuse. */
export function detectPlatform({ userAgent, touch, globals }: PlatformSource): Platform & { iosSafari: boolean } {
  const ua = userAgent.toLowerCase()
  const telegram = ['TelegramWebviewProxy', 'Telegram', 'TelegramWebviewProxyProto'].some((k) => k in globals)
  const ios = /iphone|ipad|ipod/.test(ua) || (touch && ua.includes('macintosh'))
  const android = ua.includes('android')
  // Telegram's macOS app: a Mac without a touch screen (an iPad asking for the desktop site has one).
  const mac = ua.includes('macintosh') && !touch
  const iosSafari = ios && ua.includes('safari') && !/crios|fxios|edgios|opios|gsa\//.test(ua)
  return { telegram, ios, android, mac, iosSafari }
}

/** This page's platform (a server, with no navigator, is none of them). */
export function pagePlatform(): Platform & { iosSafari: boolean } {
  if (typeof navigator !== 'object') return { telegram: false, ios: false, android: false, mac: false, iosSafari: false }
  return detectPlatform({ userAgent: navigator.userAgent, touch: (navigator.maxTouchPoints ?? 0) > 0, globals: globalThis })
}
