/**
 * Rules that refuse an intent given the current state, before it enters the log (pure). The engine's
 * `dispatch` throws a GangwayError with the returned message and appends nothing.
 */
import type { Intent } from '../../events/types.js'
import { canSwitchAccountType, preferredAccountType } from '../slices/account-types.js'
import { onrampOffered } from './onramp-rules.js'
import type { State } from '../state.js'
import { selectors } from '../selectors.js'
import { historyRequestRefusal, walletPageRefusal } from './paging.js'
import { resolvedFeatures } from '../select/features.js'
import { sameConnector } from '../slices/connections.js'
import { connectionClass } from '../select/connection-class.js'
import { BUY_UNDER_WAY, NOT_ONRAMP, MULTI_WALLET_NOT_ENABLED, SIWX_NOT_ENABLED } from '../../events/kernel/errors.js'
import { activeAccount } from '../select/active-account.js'
import { activeNamespace } from '../select/active-namespace.js'
import { INVALID_NAME_LABEL, isValidNameLabel } from '../../events/name-rules.js'
import { AUTH_CONNECTOR_ID } from '../../events/entities.js'
import { emailResendWaitMs, telegramWaitLeftMs } from './auth-rules.js'
import { isSignedIn } from '../slices/siwx.js'
import { currentCheck, currentQuote, swapAmountBase } from '../slices/swap.js'
import { capturesEmail } from '../slices/modal.js'
import { offeredSocials } from '../select/socials.js'

export { NO_MORE_PAGES, PAGE_IN_FLIGHT } from './paging.js'

/** docs/behaviour.md §6 refusal (the spec gives no wording; this is ours). */
export const SMART_ACCOUNT_NOT_ALLOWED = 'Smart account not available on this network'
/** docs/behaviour.md §6: an account type the namespace does not have. */
export const ACCOUNT_TYPE_NOT_AVAILABLE = 'Account type not available on this chain'
/** docs/behaviour.md §4 / docs/api.md: switching to a network the site did not configure. */
export const NETWORK_NOT_FOUND = 'Network not found'
/** features.legalCheckbox: a connect before the visitor ticked the checkbox (ours; the view's hint says the same). */
export const LEGAL_NOT_ACCEPTED = 'Accept the terms to connect a wallet'

/** An email login while the email feature is off, or no secure site is configured (ours). */
export const EMAIL_NOT_ENABLED = 'Email login is not enabled'
/** A fact of the page about a login that is no longer under way (ours; the page drops it). */
export const NO_LOGIN_UNDER_WAY = 'No login under way'
/** docs/behaviour.md §8: UpdateEmailWallet without a secure site. */
export const NO_AUTH_CONNECTOR = 'No auth connector found'
/** docs/behaviour.md §8: UpdateEmailWallet while the active EVM connection is not an email login. */
export const NOT_CONNECTED_TO_EMAIL_OR_SOCIAL = 'Not connected to email or social'
/** The new email is the current one (ours). */
export const SAME_EMAIL = 'The new email is the current one'

/** Why the email of the email login cannot be changed now, or undefined when it can. */
function updateEmailRefusal(s: State): string | undefined {
  if (!s.config.secureSite) return NO_AUTH_CONNECTOR
  const active = s.connection.connectorIds.eip155
  return active !== undefined && sameConnector(active, AUTH_CONNECTOR_ID) && s.auth.users.eip155?.email ? undefined : NOT_CONNECTED_TO_EMAIL_OR_SOCIAL
}

/** A social login with a provider not on offer, or no secure site (ours). Farcaster has its own flow. */
export const SOCIAL_NOT_ENABLED = 'Social login is not enabled'
/** A second email while the first is on its way (ours). */
export const EMAIL_BEING_SENT = 'An email is already being sent'

/** A Sign in or Cancel with no sign-in on SIWXSignMessage, or SIWXSignMessage with nobody connected (ours). */
export const NO_SIGN_IN_UNDER_WAY = 'No sign-in under way'
/** A second Sign in while the wallet's prompt for the first is open (ours). */
export const SIGN_IN_BEING_ASKED = 'A sign-in is already under way'

/** Swap without a quote for the form as it is (ours). */
export const NO_SWAP_QUOTE = 'No quote for this swap'
/** A second Swap while one is under way (ours). */
export const SWAP_UNDER_WAY = 'A swap is already under way'
/** docs/behaviour.md §4 swap: Swap before the checks before the wallet passed for the form as it is now. */
export const SWAP_NOT_CHECKED = 'This swap has not been checked'

/** DataCapture's outcome while it does not show (ours). */
export const NO_DATA_CAPTURE = 'No email capture under way'
/** DataCapture asked for without the emailCapture remote feature or a site `siwx` that takes an email (ours). */
export const EMAIL_CAPTURE_NOT_ENABLED = 'Email capture is not enabled'

/** Why DataCapture cannot show at `now` (ms): no capture configured, or the active account is not signed in (an expired session is not). */
function dataCaptureRefusal(s: State, now: number): string | undefined {
  if (!capturesEmail(s)) return EMAIL_CAPTURE_NOT_ENABLED
  const account = activeAccount(s)
  return account && isSignedIn(s.siwx, account.caipAddress, now) ? undefined : NO_SIGN_IN_UNDER_WAY
}

/** A name asked for while the active account is not an EVM one (ours; docs/behaviour.md §9 names: EVM). */
export const NAMES_EVM_ONLY = 'Names are EVM only'
/** A second Register while the first is under way (ours). */
export const NAME_BEING_REGISTERED = 'A name registration is already under way'

/** Why names cannot be looked for or registered now (no active EVM account), or undefined when they can. */
function nameRefusal(s: State): string | undefined {
  return activeNamespace(s) === 'eip155' && activeAccount(s) ? undefined : NAMES_EVM_ONLY
}

/** Why SIWXSignMessage cannot show now, or undefined when it can (docs/behaviour.md §8 'SIWX is not enabled'). */
function siwxViewRefusal(s: State): string | undefined {
  if (!s.config.siwx) return SIWX_NOT_ENABLED
  return activeAccount(s)?.caipAddress ? undefined : NO_SIGN_IN_UNDER_WAY
}

/**
 * The message refusing `intent` in state `s`, or undefined when it may proceed.
 * @param now the current time, ms since the epoch (the email resend cooldown reads it).
 */
export function refusal(s: State, intent: Intent, now = 0): string | undefined {
  switch (intent.type) {
    case 'auth/social-requested': {
      if (!offeredSocials(s).includes(intent.payload.provider) || intent.payload.provider === 'farcaster') return SOCIAL_NOT_ENABLED
      return resolvedFeatures(s).legalCheckbox && !s.legal.accepted ? LEGAL_NOT_ACCEPTED : undefined
    }
    // The page's facts of a login under way: none after the login ended (a closed modal, another login).
    case 'auth/otp-verified':
    case 'auth/otp-failed':
      return s.auth.step === 'verify-otp' ? undefined : NO_LOGIN_UNDER_WAY
    // A Telegram social login comes back to a new page session: its provider was kept (auth/telegram-social-started), for SOCIAL_LOGIN_TTL_MS.
    case 'auth/social-result-received':
      return (s.auth.social?.provider === intent.payload.provider && !s.auth.social.error) || (s.auth.telegramProvider === intent.payload.provider && telegramWaitLeftMs(s.auth.telegramStartedAt, now) > 0) ? undefined : NO_LOGIN_UNDER_WAY
    case 'auth/social-connected':
    case 'auth/social-failed':
    case 'auth/telegram-social-started':
      return s.auth.social?.provider === intent.payload.provider && !s.auth.social.error ? undefined : NO_LOGIN_UNDER_WAY
    case 'auth/email-update-verified':
    case 'auth/email-update-failed':
    case 'auth/email-updated':
      return s.auth.update ? undefined : NO_LOGIN_UNDER_WAY
    case 'auth/farcaster-requested': {
      if (!offeredSocials(s).includes('farcaster')) return SOCIAL_NOT_ENABLED
      return resolvedFeatures(s).legalCheckbox && !s.legal.accepted ? LEGAL_NOT_ACCEPTED : undefined
    }
    case 'auth/email-update-requested': {
      const refused = updateEmailRefusal(s)
      if (refused) return refused
      if (s.auth.update?.step === 'sending') return EMAIL_BEING_SENT
      return intent.payload.email.toLowerCase() === s.auth.users.eip155?.email?.toLowerCase() ? SAME_EMAIL : undefined
    }
    case 'modal/open-requested':
    case 'modal/navigate-requested':
      if (intent.payload.view === 'SIWXSignMessage') return siwxViewRefusal(s)
      if (intent.payload.view === 'DataCapture') return dataCaptureRefusal(s, now)
      if (intent.payload.view === 'RegisterAccountName' || intent.payload.view === 'RegisterAccountNameSuccess') return nameRefusal(s)
      return intent.payload.view === 'UpdateEmailWallet' ? updateEmailRefusal(s) : undefined
    case 'name/suggestions-requested':
      return nameRefusal(s)
    case 'name/register-requested':
      if (nameRefusal(s)) return nameRefusal(s)
      if (!isValidNameLabel(intent.payload.label)) return INVALID_NAME_LABEL
      return s.names.registering !== undefined ? NAME_BEING_REGISTERED : undefined
    case 'onramp/provider-selected':
      if (!onrampOffered(s)) return NOT_ONRAMP
      return s.onramp.status === 'opening' || s.onramp.status === 'buying' ? BUY_UNDER_WAY : undefined
    case 'swap/requested': {
      if (s.swap.step) return SWAP_UNDER_WAY
      const typed = swapAmountBase(s.swap)
      if (!currentQuote(s.swap, typed)) return NO_SWAP_QUOTE
      return currentCheck(s.swap, typed) ? undefined : SWAP_NOT_CHECKED
    }
    case 'data-capture/completed':
    case 'data-capture/skipped':
      return s.modal.view === 'DataCapture' ? undefined : NO_DATA_CAPTURE
    case 'siwx/sign-requested':
      if (!s.config.siwx) return SIWX_NOT_ENABLED
      if (!s.siwx.asking) return NO_SIGN_IN_UNDER_WAY
      return s.siwx.signing ? SIGN_IN_BEING_ASKED : undefined
    case 'siwx/cancel-requested':
      if (!s.config.siwx) return SIWX_NOT_ENABLED
      return s.siwx.asking ? undefined : NO_SIGN_IN_UNDER_WAY
    case 'auth/email-submitted': {
      if (!s.config.secureSite || !resolvedFeatures(s).email) return EMAIL_NOT_ENABLED
      if (resolvedFeatures(s).legalCheckbox && !s.legal.accepted) return LEGAL_NOT_ACCEPTED
      if (s.auth.step === 'sending') return EMAIL_BEING_SENT
      // 30 s between two codes.
      const wait = emailResendWaitMs(s.auth.emailSentAt, now)
      return wait > 0 ? `Please try again after ${Math.ceil(wait / 1000)} seconds` : undefined
    }
    case 'account-type/switch-requested': {
      const { namespace, accountType } = intent.payload
      // docs/behaviour.md §6: payment is bitcoin's; smart accounts are EVM's.
      if (accountType === 'payment' && namespace !== 'bip122') return ACCOUNT_TYPE_NOT_AVAILABLE
      if (accountType === 'smartAccount' && namespace !== 'eip155') return ACCOUNT_TYPE_NOT_AVAILABLE
      const network = s.networks.active[namespace] ?? s.config.networks.find((n) => n.chainNamespace === namespace)?.caipNetworkId
      // The site's list, and the secure site's for an email or social login (GET_SMART_ACCOUNT_ENABLED_NETWORKS).
      const enabled = network !== undefined && [...(s.config.smartAccountNetworks ?? []), ...s.auth.smartAccountNetworks].includes(network)
      return canSwitchAccountType(accountType, preferredAccountType(s.accountTypes, namespace), enabled) ? undefined : SMART_ACCOUNT_NOT_ALLOWED
    }
    case 'network/switch-requested':
    case 'network/active-chain-switch-requested':
      if (s.send.loading) return 'A transaction is being sent'
      return s.config.networks.some((n) => n.caipNetworkId === intent.payload.caipNetworkId) ? undefined : NETWORK_NOT_FOUND
    // The paging rules (paging.ts): PAGE_IN_FLIGHT while a page of that list is on its way,
    // NO_MORE_PAGES for any page but the next one, after the list ended, or past its cap.
    case 'wallets/page-requested':
      return walletPageRefusal(s.wallets, intent.payload.page)
    case 'history/fetch-requested':
      return historyRequestRefusal(s.accountData.history[intent.payload.caipAddress], intent.payload.cursor)
    case 'connect/requested':
      // Every way to a connect passes here: the views' rows, All Wallets, the WalletConnect basic view.
      return resolvedFeatures(s).legalCheckbox && !s.legal.accepted ? LEGAL_NOT_ACCEPTED : undefined
    case 'connection/switch-requested': {
      const { namespace, connectorId } = intent.payload
      // Only a connection the namespace has (docs/behaviour.md §8's 'No connector found for connection: {id}').
      if (!(s.connections[namespace] ?? []).some((c) => sameConnector(c.connectorId, connectorId))) return `No connector found for connection: ${connectorId}`
      // docs/behaviour.md §6: another connection than the active one only with the multiWallet remote feature.
      const cls = connectionClass(s, namespace, connectorId)
      if (cls !== 'connected' && !resolvedFeatures(s).multiWallet) return MULTI_WALLET_NOT_ENABLED
      // A disconnected connection connects again through its wallet: the legal checkbox holds as for any connect.
      return cls === 'disconnected' && resolvedFeatures(s).legalCheckbox && !s.legal.accepted ? LEGAL_NOT_ACCEPTED : undefined
    }
    case 'send/requested':
      if (s.send.loading) return 'A transaction is already being sent'
      // The form's problem, with the token's current balance.
      return selectors.send(s).problem
    default:
      return undefined
  }
}
