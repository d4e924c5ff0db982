/**
 * Email and social login (docs/behaviour.md §3 user, socialProvider), as the engine knows
 * it: the secure site's frame on this page, the email login's step, and the user of each namespace's
 * auth connection. Secrets never reach it: no code, token or OAuth result is in any event.
 *
 * The frame and the steps belong to this page session (`engine/started` resets them); the users
 * are folded from the shared `auth/user-received`, so every tab shows the same one.
 */
import { AUTH_CONNECTOR_ID, type CaipNetworkId, type Namespace } from '../../events/entities.js'
import type { SocialProvider } from '../../events/kernel/host-options.js'
import { emailResendWaitMs, telegramWaitLeftMs, type Platform } from '../rules/auth-rules.js'
import type { EventPayloads, NewEvent } from '../../events/types.js'
import { withKey } from '../../events/kernel/safe-json.js'
import { slice, type Slice } from '../reducer.js'
import { updateEmailRefusal } from '../rules/refusal-rules.js'
import { EMAIL_BEING_SENT, EMAIL_NOT_ENABLED, LEGAL_NOT_ACCEPTED, NO_LOGIN_UNDER_WAY, SAME_EMAIL, SOCIAL_NOT_ENABLED } from '../rules/refusals.js'
import { resolvedFeatures } from '../select/features.js'
import { offeredSocials } from '../select/socials.js'
import { sameConnector } from '../select/connections.js'
import type { State } from '../state.js'
import { formatError } from '../../events/kernel/error-registry.js'

/** The email login's steps: asking for a code, waiting for the code, waiting for the device link, getting the user. */
export type EmailStep = 'sending' | 'verify-otp' | 'verify-device' | 'connecting'

/** The secure site's user of a namespace's auth connection: `auth/user-received`'s payload without its namespace (events/types.ts). */
export type AuthUser = Omit<EventPayloads['auth/user-received'], 'namespace'>

export interface AuthState {
  /** Why the secure site's frame on this page failed to load, when it did (the next use starts a new one). */
  frameError?: string
  /** The email login's step, while one is under way. */
  step?: EmailStep
  /** The email a code was last asked for. */
  email?: string
  /** When the secure site last took an email, ms since the epoch (the 30 s resend cooldown). */
  emailSentAt?: number
  /** The last refusal of the email login ('Invalid code'…), shown under its field. */
  error?: string
  /** The networks where the secure site offers a smart account. */
  smartAccountNetworks: CaipNetworkId[]
  /** The social login under way (docs/behaviour.md §3 socialProvider; §4 steps), or its failure. */
  social?: { provider: SocialProvider; step: 'started' | 'user-data-requested' | 'connecting'; error?: string }
  /** The email change under way (UpdateEmailWallet): its step, the new email, the last refusal. */
  update?: { step: 'sending' | 'primary-otp' | 'secondary-otp' | 'failed'; email: string; error?: string }
  /** Where the page runs (page/platform-detected), when it said. */
  platform?: Platform & { iosSafari: boolean }
  /**
   * docs/behaviour.md §3: the provider of a Telegram social login the page left for (shared, kept
   * across reloads until `auth/telegram-social-ended`: its answer taken or refused, or
   * SOCIAL_LOGIN_TTL_MS after it started).
   */
  telegramProvider?: SocialProvider
  /** When that login started (its `auth/telegram-social-started`'s `at`), ms since the epoch. */
  telegramStartedAt?: number
  /** How many calls wait in the secure site's approval UI (ApproveTransaction stays while any does). */
  approvals: number
  /** Each namespace's user (shared). */
  users: Partial<Record<Namespace, AuthUser>>
}

const initial: AuthState = { smartAccountNetworks: [], approvals: 0, users: {} }

const STEP_OF: Record<EventPayloads['auth/email-accepted']['action'], EmailStep> = { VERIFY_OTP: 'verify-otp', VERIFY_DEVICE: 'verify-device', CONNECT: 'connecting' }

/** The email login's session-scoped fields cleared (the modal closed, or the login ended). */
const idle = (s: AuthState): AuthState => ({ ...s, step: undefined, error: undefined, social: undefined, update: undefined })

/** Refuses a fact of the email login's code while no code is asked for. */
const otpRefusal = (s: State): string | undefined => (s.auth.step === 'verify-otp' ? undefined : NO_LOGIN_UNDER_WAY)

/** Refuses a fact of a social login while that provider's login is not under way (or failed). */
const socialRefusal = (s: State, intent: NewEvent<'auth/social-connected' | 'auth/social-failed' | 'auth/telegram-social-started'>): string | undefined =>
  s.auth.social?.provider === intent.payload.provider && !s.auth.social.error ? undefined : NO_LOGIN_UNDER_WAY

/** Refuses a fact of an email change while none is under way. */
const updateRefusal = (s: State): string | undefined => (s.auth.update ? undefined : NO_LOGIN_UNDER_WAY)

export const auth: Slice<AuthState, State> = slice<AuthState, State>(initial, {
  'engine/started': (s) => ({ ...initial, users: s.users, ...(s.telegramProvider ? { telegramProvider: s.telegramProvider, telegramStartedAt: s.telegramStartedAt } : {}) }),
  'page/platform-detected': (s, e) => ({ ...s, platform: e.payload }),
  'auth/telegram-social-started': (s, e) => ({ ...s, telegramProvider: e.payload.provider, telegramStartedAt: e.at }),
  'auth/telegram-social-ended': (s) => ({ ...s, telegramProvider: undefined, telegramStartedAt: undefined }),
  'auth/frame-failed': (s, e) => ({ ...s, frameError: e.payload.message, ...(s.step ? { step: undefined, error: e.payload.message } : {}) }),
  'auth/smart-account-networks-fetched': (s, e) => ({ ...s, smartAccountNetworks: e.payload.caipNetworkIds }),
  'auth/email-submitted': (s, e) => ({ ...s, step: 'sending', email: e.payload.email, error: undefined }),
  // The cooldown runs from the secure site's acceptance: a refused email may be corrected at once.
  'auth/email-accepted': (s, e) => (s.step ? { ...s, step: STEP_OF[e.payload.action], emailSentAt: e.at, error: undefined } : s),
  'auth/email-failed': (s, e) => ({ ...s, step: undefined, error: e.payload.message }),
  'auth/device-approved': (s) => (s.step === 'verify-device' ? { ...s, step: 'verify-otp' } : s),
  'auth/otp-verified': (s) => (s.step ? { ...s, step: 'connecting', error: undefined } : s),
  'auth/otp-failed': (s, e) => (s.step ? { ...s, step: 'verify-otp', error: e.payload.message } : s),
  'auth/social-requested': (s, e) => ({ ...s, social: { provider: e.payload.provider, step: 'started' } }),
  // A Telegram login's wait ends with the shared auth/telegram-social-ended the engine appends after this (effects/auth/auth-social-return.ts).
  'auth/social-result-received': (s, e) => ({ ...s, social: { provider: e.payload.provider, step: 'user-data-requested' } }),
  'auth/social-connected': (s, e) => ({ ...s, social: { provider: e.payload.provider, step: 'connecting' } }),
  'auth/social-failed': (s, e) => ({ ...s, social: { provider: e.payload.provider, step: 'started', error: e.payload.message } }),
  'auth/email-update-requested': (s, e) => ({ ...s, update: { step: 'sending', email: e.payload.email } }),
  'auth/email-update-accepted': (s, e) => (s.update ? { ...s, update: { step: e.payload.action === 'VERIFY_PRIMARY_OTP' ? 'primary-otp' : 'secondary-otp', email: s.update.email } } : s),
  'auth/email-update-verified': (s) => (s.update ? { ...s, update: { step: 'secondary-otp', email: s.update.email } } : s),
  // A refused code keeps its step; a refusal before any code ends the change.
  'auth/email-update-failed': (s, e) => (s.update ? { ...s, update: { ...s.update, step: s.update.step === 'sending' ? 'failed' : s.update.step, error: e.payload.message } } : s),
  'auth/email-updated': (s, e) => {
    const user = s.users[e.payload.namespace]
    return { ...s, update: undefined, users: user ? withKey(s.users, e.payload.namespace, { ...user, email: e.payload.email }) : s.users }
  },
  'auth/farcaster-requested': (s) => ({ ...s, social: { provider: 'farcaster', step: 'started' } }),
  'auth/farcaster-reset': (s) => (s.social?.provider === 'farcaster' ? { ...s, social: undefined } : s),
  'auth/user-received': (s, e, root) => {
    const { namespace, ...user } = e.payload
    // Shared: another tab's login ends no login under way here.
    return { ...(e.tab === root.tab ? idle(s) : s), users: withKey(s.users, namespace, user) }
  },
  'auth/smart-account-deployed': (s, e) => {
    const user = s.users[e.payload.namespace]
    return user && user.caipNetworkId === e.payload.caipNetworkId ? { ...s, users: withKey(s.users, e.payload.namespace, { ...user, smartAccountDeployed: true }) } : s
  },
  'auth/approval-requested': (s) => ({ ...s, approvals: s.approvals + 1 }),
  'auth/approval-settled': (s) => ({ ...s, approvals: Math.max(0, s.approvals - 1) }),
  /** A wallet picked, or a step back: a social login shown no more is over. */
  'connect/requested': (s, e) => (s.social && !sameConnector(e.payload.connectorId, AUTH_CONNECTOR_ID) ? { ...s, social: undefined } : s),
  'modal/back-requested': (s) => (s.social ? { ...s, social: undefined } : s),
  'connect/failed': (s, e) => {
    if (!sameConnector(e.payload.connectorId, AUTH_CONNECTOR_ID)) return s
    if (s.social) return { ...s, social: { ...s.social, error: e.payload.message } }
    return s.step ? { ...s, step: undefined, error: e.payload.message } : s
  },
  /** An account switch inside the auth connection (its account type, auth-account-type.ts): the user's preferred type follows. */
  'connection/switched': (s, e) => {
    const user = sameConnector(e.payload.connectorId, AUTH_CONNECTOR_ID) ? s.users[e.payload.namespace] : undefined
    const address = e.payload.caipAddress.slice(e.payload.caipAddress.lastIndexOf(':') + 1).toLowerCase()
    const type = user?.accounts.find((a) => a.address.toLowerCase() === address)?.type
    return user && type ? { ...s, users: withKey(s.users, e.payload.namespace, { ...user, preferredAccountType: type }) } : s
  },
  'disconnect/succeeded': (s, e) => {
    if (!sameConnector(e.payload.connectorId, AUTH_CONNECTOR_ID)) return s
    const { [e.payload.namespace]: _gone, ...users } = s.users
    return { ...s, users }
  },
  'modal/close-requested': (s) => idle(s),
}, {
  'auth/social-requested': (s, intent) => {
    if (!offeredSocials(s).includes(intent.payload.provider) || intent.payload.provider === 'farcaster') return SOCIAL_NOT_ENABLED
    return resolvedFeatures(s).legalCheckbox && !s.legal.accepted ? LEGAL_NOT_ACCEPTED : undefined
  },
  // The page's facts of a login under way: none after the login ended (a closed modal, another login).
  'auth/otp-verified': otpRefusal,
  'auth/otp-failed': otpRefusal,
  // A Telegram social login comes back to a new page session: its provider was kept (auth/telegram-social-started), for SOCIAL_LOGIN_TTL_MS.
  'auth/social-result-received': (s, intent, now) =>
    (s.auth.social?.provider === intent.payload.provider && !s.auth.social.error) || (s.auth.telegramProvider === intent.payload.provider && telegramWaitLeftMs(s.auth.telegramStartedAt, now) > 0) ? undefined : NO_LOGIN_UNDER_WAY,
  'auth/social-connected': socialRefusal,
  'auth/social-failed': socialRefusal,
  'auth/telegram-social-started': socialRefusal,
  'auth/email-update-verified': updateRefusal,
  'auth/email-update-failed': updateRefusal,
  'auth/email-updated': updateRefusal,
  'auth/farcaster-requested': (s) => {
    if (!offeredSocials(s).includes('farcaster')) return SOCIAL_NOT_ENABLED
    return resolvedFeatures(s).legalCheckbox && !s.legal.accepted ? LEGAL_NOT_ACCEPTED : undefined
  },
  'auth/email-update-requested': (s, intent) => {
    const refused = updateEmailRefusal(s)
    if (refused) return refused
    if (s.auth.update?.step === 'sending') return EMAIL_BEING_SENT
    return intent.payload.email.toLowerCase() === s.auth.users.eip155?.email?.toLowerCase() ? SAME_EMAIL : undefined
  },
  'auth/email-submitted': (s, _intent, now) => {
    if (!s.config.secureSite || !resolvedFeatures(s).email) return EMAIL_NOT_ENABLED
    if (resolvedFeatures(s).legalCheckbox && !s.legal.accepted) return LEGAL_NOT_ACCEPTED
    if (s.auth.step === 'sending') return EMAIL_BEING_SENT
    // 30 s between two codes.
    const wait = emailResendWaitMs(s.auth.emailSentAt, now)
    return wait > 0 ? formatError('tryAfter', { seconds: Math.ceil(wait / 1000) }) : undefined
  },
})
