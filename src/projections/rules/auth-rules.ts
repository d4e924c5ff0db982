/**
 * The email and social login rules that need no secure site (docs/behaviour.md §5), pure:
 * - the account's display name: a social username wins, a discord one ending in '0' loses that
 *   character; else the email, which past 30 characters shows all but its last 3 plus an ellipsis;
 * - the social options a platform keeps: in Telegram, Apple's phones and tablets lose google, a Mac
 *   loses x, Android loses facebook and x; elsewhere every option stays;
 * - the email resend cooldown: 30 s after a code was sent;
 * - the Telegram social login's wait: over SOCIAL_LOGIN_TTL_MS (10 min) after it started.
 */
import type { SocialProvider } from '../../events/kernel/host-options.js'
import { SOCIAL_LOGIN_TTL_MS } from '../../events/kernel/limits.js'

/** The longest email shown whole, in characters. */
export const EMAIL_SHOWN_MAX = 30
/** How long after an email code was sent another may be asked for, in ms. */
export const EMAIL_RESEND_COOLDOWN_MS = 30_000

/** What the page knows of where it runs (user agent and Telegram's webview globals). */
export interface Platform {
  /** Inside Telegram's in-app browser (its webview proxy or `window.Telegram` exists). */
  telegram: boolean
  /** An iPhone or iPad. */
  ios: boolean
  android: boolean
  /** A Mac (Telegram's macOS app). */
  mac: boolean
}

/**
 * The name shown for an email or social account (docs/behaviour.md §5 social display name).
 * @param user the secure site's user: `username` for a social login, `email` for an email one.
 * @param provider the social provider the visitor logged in with, if any.
 * @returns the name, or undefined when the user has neither.
 */
export function authDisplayName(user: { email?: string; username?: string }, provider?: SocialProvider): string | undefined {
  if (user.username) return provider === 'discord' && user.username.endsWith('0') ? user.username.slice(0, -1) : user.username
  if (!user.email) return undefined
  return user.email.length > EMAIL_SHOWN_MAX ? `${user.email.slice(0, -3)}…` : user.email
}

/** The social options `platform` keeps, in their order (docs/behaviour.md §5, on Telegram). */
export function socialsFor(socials: readonly SocialProvider[], platform: Platform): SocialProvider[] {
  if (!platform.telegram) return [...socials]
  const dropped = new Set<SocialProvider>([...(platform.ios ? (['google'] as const) : []), ...(platform.mac ? (['x'] as const) : []), ...(platform.android ? (['facebook', 'x'] as const) : [])])
  return socials.filter((s) => !dropped.has(s))
}

/**
 * How long until another email code may be asked for, in ms (0: now).
 * @param sentAt when the last code was sent (ms since the epoch), or undefined when none was.
 * @param now the current time (ms since the epoch).
 */
export function emailResendWaitMs(sentAt: number | undefined, now: number): number {
  return sentAt === undefined ? 0 : Math.max(0, sentAt + EMAIL_RESEND_COOLDOWN_MS - now)
}

/**
 * How long the Telegram social login the page left for may still come back, in ms (0: it may not;
 * docs/behaviour.md §4, §9 SOCIAL_LOGIN_TTL_MS).
 * @param startedAt when it started (`auth/telegram-social-started`'s `at`), or undefined when none waits.
 * @param now the current time (ms since the epoch).
 */
export function telegramWaitLeftMs(startedAt: number | undefined, now: number): number {
  return startedAt === undefined ? 0 : Math.max(0, startedAt + SOCIAL_LOGIN_TTL_MS - now)
}
