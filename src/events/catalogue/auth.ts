/**
 * Email and social login through the secure site: codes, device approval, the user, social and
 * Farcaster logins, email change, the secure site's approvals, and where the page runs.
 */
import { isAddressOf } from '../address-rules.js'
import type { AccountType, CaipNetworkId } from '../entities.js'
import { GangwayError } from '../kernel/errors.js'
import { SOCIAL_PROVIDERS } from '../kernel/host-options.js'
import { bool, both, check, list, matching, nothing, object, oneOf, optional, text } from '../schema.js'
import { intent, outcome } from './define.js'
import { caip2, caip2Id, errorId, message, namespace, plainAddress, previewId } from './fields.js'
import { ERRORS } from '../kernel/error-registry.js'

/** The longest email address (RFC 5321's path limit). */
export const MAX_EMAIL = 254
/** Email login: an email the Connect view's field or `auth/email-submitted` refuses. */
export const INVALID_EMAIL = ERRORS.invalidEmail.message
/** An email address as the login field takes it: one '@', a dot in the domain, no spaces, at most 254 characters. */
export const isEmail = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_EMAIL && /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(v)

/** An email address, as it is. */
const email = check<string>(isEmail)

/** An email as the visitor typed it: trimmed (`clean`), it must be an email address, else 'Invalid email' is thrown. */
const typedEmail = check<string>((v) => {
  if (!isEmail(typeof v === 'string' ? v.trim() : '')) throw new GangwayError(INVALID_EMAIL)
  return true
})

/** A social login provider on offer (host-options.ts SOCIAL_PROVIDERS). */
const provider = oneOf(SOCIAL_PROVIDERS)

/** The networks of the secure site's smart account: at most 100 ids of at most 64 characters, then each parsed (a malformed one throws 'Invalid CAIP-2 network id'). */
const smartAccountNetworks = check<CaipNetworkId[]>((v) => list(text(64), 100)(v) && (v as unknown[]).every((id) => caip2Id(id)))

/** The account types the secure site reports (a payment account is never its). */
export const AUTH_ACCOUNT_TYPES: readonly AccountType[] = ['eoa', 'smartAccount']

/** An account type the secure site reports. */
const authAccountType = check<AccountType>((v) => (AUTH_ACCOUNT_TYPES as readonly unknown[]).includes(v))

/** A method of the auth connector's RPC. */
const method = text(64)

export const auth = {
  /**
   * Email and social login: the secure site's SDK page, in a hidden iframe the page
   * created (ui/bridge/auth/), did not load ('The secure site did not load'). P, a fact the page dispatches.
   */
  'auth/frame-failed': intent(object({ message, errorId: optional(errorId) })),
  /** The networks where the secure site offers a smart account (GET_SMART_ACCOUNT_ENABLED_NETWORKS), as CAIP-2 ids. P. */
  'auth/smart-account-networks-fetched': intent(object({ caipNetworkIds: smartAccountNetworks }), { clean: (p) => ({ caipNetworkIds: [...p.caipNetworkIds] }) }),
  /**
   * The visitor asked for a login code at `email` (the Connect view's email field, or Resend). I.
   * Refused within 30 s of the last code ('Please try again after {n} seconds'), without the email
   * feature ('Email login is not enabled'), and without the legal checkbox's tick.
   */
  'auth/email-submitted': intent(object({ email: typedEmail }), { clean: (p) => ({ email: p.email.trim() }) }),
  /** The secure site took the email: `action` says what comes next (a code, a device link, or nothing: connected already). */
  'auth/email-accepted': outcome(object({ action: oneOf(['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT']) })),
  /** The secure site refused the email, or the device step failed: `message` as it said (at most 256 characters). */
  'auth/email-failed': outcome(object({ message, errorId: optional(errorId) })),
  /** The emailed device link was opened: the secure site mails a code next. */
  'auth/device-approved': outcome(nothing),
  /** The code the visitor typed was accepted by the secure site. The code itself never leaves the page. P. */
  'auth/otp-verified': intent(nothing),
  /** The secure site refused the code: `message` as it said ('Invalid code'). P. */
  'auth/otp-failed': intent(object({ message, errorId: optional(errorId) })),
  /**
   * The secure site's user of an email or social login (GET_USER): the email or the social
   * username (redacted in exports like every email and username), the accounts with their types,
   * the preferred type's account first, and whether the smart account is deployed on
   * `caipNetworkId`. Shared: every tab shows the same user. Appended just before the auth
   * connector's `connect/succeeded`.
   */
  'auth/user-received': outcome(
    both(
      object({
        namespace,
        caipNetworkId: caip2,
        email: optional(text(MAX_EMAIL)),
        username: optional(text()),
        socialProvider: optional(provider),
        accounts: list(object({ address: plainAddress, type: authAccountType }), 10),
        preferredAccountType: authAccountType,
        smartAccountDeployed: bool,
      }),
      (p) => p.accounts.every((a) => isAddressOf(p.namespace, a.address)),
    ),
    { shared: true },
  ),
  /**
   * The auth connection's smart account has code on `caipNetworkId` now (read from the chain after
   * the first send the visitor approved from it: worker/effects/auth/auth-deployed.ts). Shared.
   */
  'auth/smart-account-deployed': outcome(object({ namespace, caipNetworkId: caip2 }), { shared: true }),
  /**
   * Social login (docs/behaviour.md §4 social login steps): the page opened the popup inside the
   * visitor's click and asks the secure site for the provider's login page. I (P). Refused for a
   * provider not on offer ('Social login is not enabled') and before the legal checkbox's tick.
   */
  'auth/social-requested': intent(object({ provider }, true)),
  /** The provider's answer came back to the page from the popup (the secure site's origin, the popup's window): the user's data is asked for. P. */
  'auth/social-result-received': intent(object({ provider }, true)),
  /** The secure site accepted the provider's answer (CONNECT_SOCIAL): the engine reads the user and connects. P. */
  'auth/social-connected': intent(object({ provider }, true)),
  /** The social login ended without a connection: 'Popup closed', 'Failed to connect', 'Failed to initiate social connection' (docs/behaviour.md §8). P. */
  'auth/social-failed': intent(object({ provider, message, errorId: optional(errorId) })),
  /**
   * UpdateEmailWallet: the visitor asks to change the email of the email login to
   * `email`. I. Refused without a secure site ('No auth connector found'), without an email login
   * on the active EVM connection ('Not connected to email or social'), or for the same email.
   */
  'auth/email-update-requested': intent(object({ email: typedEmail }), { clean: (p) => ({ email: p.email.trim() }) }),
  /** The secure site mailed a code: to the current address first (VERIFY_PRIMARY_OTP), or to the new one (VERIFY_SECONDARY_OTP). */
  'auth/email-update-accepted': outcome(object({ action: oneOf(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })),
  /** The change did not happen: the secure site's message. P for a refused code. */
  'auth/email-update-failed': intent(object({ message, errorId: optional(errorId) })),
  /** The current address's code was accepted (the code never leaves the page): the new address's code follows. P. */
  'auth/email-update-verified': intent(nothing),
  /** The email changed (the new address's code accepted). Shared: every tab shows the new email. P. */
  'auth/email-updated': intent(object({ namespace, email }), { shared: true }),
  /**
   * Where the page runs (ui/platform.ts), once per page session when it is any of these: Telegram's
   * in-app browser (social login without a popup; its options per platform, docs/behaviour.md §5),
   * an iPhone or iPad, Android, a Mac, Safari on iOS. P.
   */
  'page/platform-detected': intent(object({ telegram: bool, ios: bool, android: bool, mac: bool, iosSafari: bool }, true)),
  /**
   * docs/behaviour.md §3 Telegram social provider: in Telegram the page leaves for the provider's
   * page (no popup); the provider is kept until the page comes back with the answer. Shared. P.
   */
  'auth/telegram-social-started': intent(object({ provider }, true), { shared: true }),
  /**
   * The Telegram social login the page left for is over (docs/behaviour.md §4): its answer came back
   * and was taken ('returned'), an answer came back that this tab did not ask for or too late
   * ('refused', after `auth/social-return-refused`), or it was left unfinished for SOCIAL_LOGIN_TTL_MS
   * ('expired'). Appended by the engine; shared, so no tab and no later page waits for it any more.
   */
  'auth/telegram-social-ended': outcome(object({ provider, reason: oneOf(['returned', 'refused', 'expired']) }), { shared: true }),
  /**
   * docs/behaviour.md §4: a social login's answer (Telegram's `?result_uri=`) came to this page but was
   * not redeemed: no login was started in this tab ('not-started'), its lifetime had passed
   * ('expired'), or it carries another login's state ('mismatch'). The modal shows 'Login link
   * expired or not started here'. The state itself never enters the log. P.
   */
  'auth/social-return-refused': intent(object({ reason: oneOf(['not-started', 'expired', 'mismatch']) }, true)),
  /** Farcaster login (ConnectingFarcaster): the page asks the secure site for the link the visitor's Farcaster app opens (a QR code). I. */
  'auth/farcaster-requested': intent(nothing),
  /**
   * docs/behaviour.md §2 leaving Farcaster: the visitor left ConnectingFarcaster unconnected; 100 ms
   * later the link was cleared and the secure site reloaded (RELOAD, then the site's data again).
   */
  'auth/farcaster-reset': outcome(nothing),
  /**
   * A call to the auth connector the secure site does not serve (rpc-safety.ts `refused`): never
   * forwarded; the caller gets 4100 'Requested RPC call is not allowed', the visitor sees 'Action not allowed'.
   */
  'auth/rpc-refused': outcome(object({ method })),
  /** A signing or sending call waits for the visitor's approval in the secure site's own UI (ApproveTransaction); `id` names it (random hex) in its settling and its preview. */
  'auth/approval-requested': outcome(object({ method, id: optional(previewId) })),
  /** That call ended: approved (answered), rejected by the visitor, or failed otherwise. */
  'auth/approval-settled': outcome(object({ method, outcome: oneOf(['approved', 'rejected', 'failed']), id: optional(previewId) })),
}
