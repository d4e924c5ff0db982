/**
 * The messages of the guards' refusals (the slices' `refuse`, rules/guards.ts): constants read from
 * the error registry (events/kernel/error-registry.ts), so the slices, the effects and the tests
 * take them without importing one another.
 */
import { ERRORS } from '../../events/kernel/error-registry.js'

/** docs/behaviour.md §6 refusal (the spec gives no wording; this is ours). */
export const SMART_ACCOUNT_NOT_ALLOWED = ERRORS.smartAccountNotAllowed.message
/** docs/behaviour.md §6: an account type the namespace does not have. */
export const ACCOUNT_TYPE_NOT_AVAILABLE = ERRORS.accountTypeNotAvailable.message
/** docs/behaviour.md §4 / docs/api.md: switching to a network the site did not configure (the message NetworkNotFoundError carries). */
export { NETWORK_NOT_FOUND } from '../../events/kernel/errors.js'
/** features.legalCheckbox: a connect before the visitor ticked the checkbox (ours; the view's hint says the same). */
export const LEGAL_NOT_ACCEPTED = ERRORS.legalNotAccepted.message
/**
 * `walletconnect/pairing-requested` while the site turned WalletConnect off (`walletConnect: false`,
 * ours); the sign client's start meets the same message (worker/walletconnect/sign-client.ts).
 */
export const WALLETCONNECT_OFF = ERRORS.walletConnectOff.message

/** An email login while the email feature is off, or no secure site is configured (ours). */
export const EMAIL_NOT_ENABLED = ERRORS.emailNotEnabled.message
/** A fact of the page about a login that is no longer under way (ours; the page drops it). */
export const NO_LOGIN_UNDER_WAY = ERRORS.noLoginUnderWay.message
/** docs/behaviour.md §8: UpdateEmailWallet without a secure site. */
export const NO_AUTH_CONNECTOR = ERRORS.noAuthConnector.message
/** docs/behaviour.md §8: UpdateEmailWallet while the active EVM connection is not an email login. */
export const NOT_CONNECTED_TO_EMAIL_OR_SOCIAL = ERRORS.notConnectedToEmailOrSocial.message
/** The new email is the current one (ours). */
export const SAME_EMAIL = ERRORS.sameEmail.message

/** A social login with a provider not on offer, or no secure site (ours). Farcaster has its own flow. */
export const SOCIAL_NOT_ENABLED = ERRORS.socialNotEnabled.message
/** A second email while the first is on its way (ours). */
export const EMAIL_BEING_SENT = ERRORS.emailBeingSent.message

/** A Sign in or Cancel with no sign-in on SIWXSignMessage, or SIWXSignMessage with nobody connected (ours). */
export const NO_SIGN_IN_UNDER_WAY = ERRORS.noSignIn.message
/** A second Sign in while the wallet's prompt for the first is open (ours). */
export const SIGN_IN_BEING_ASKED = ERRORS.signInUnderWay.message

/** Swap without a quote for the form as it is (ours). */
export const NO_SWAP_QUOTE = ERRORS.noSwapQuote.message
/** A second Swap while one is under way (ours). */
export const SWAP_UNDER_WAY = ERRORS.swapUnderWay.message
/** docs/behaviour.md §4 swap: Swap before the checks before the wallet passed for the form as it is now. */
export const SWAP_NOT_CHECKED = ERRORS.swapNotChecked.message

/** DataCapture's outcome while it does not show (ours). */
export const NO_DATA_CAPTURE = ERRORS.noDataCapture.message
/** DataCapture asked for without the emailCapture remote feature or a site `siwx` that takes an email (ours). */
export const EMAIL_CAPTURE_NOT_ENABLED = ERRORS.emailCaptureNotEnabled.message

/** A name asked for while the active account is not an EVM one (ours; docs/behaviour.md §9 names: EVM). */
export const NAMES_EVM_ONLY = ERRORS.namesEvmOnly.message
/** A second Register while the first is under way (ours). */
export const NAME_BEING_REGISTERED = ERRORS.nameBeingRegistered.message
