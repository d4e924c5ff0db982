/**
 * The error registry (docs/architecture.md "Errors"): every error message Gangway makes itself that
 * a visitor, a host or the log may see, once, under a stable id. Each entry gives:
 * - `message`: the English text, exact (docs/behaviour.md §8's string where the spec gives one). The
 *   constants the code uses (`CONNECTION_REJECTED`, the refusals, SEND_ERRORS, the SIWX refusals)
 *   are read from here. `{name}` marks a value the message carries (`formatError`); `{name:n}` a
 *   number;
 * - `category`: the one its throw gives for the failure described (kernel/errors.ts ErrorCategory;
 *   INTERNAL_SDK_ERROR when absent). A message is the fallback of a service call too, and the
 *   call's own check of its request throws it as INTERNAL_SDK_ERROR;
 * - `section`: the docs/behaviour.md section that makes the rule (absent: Gangway's own wording);
 * - `key`: the views' catalogue message that translates it, `true` for `error.{id}` (absent: the
 *   views never show it, or show it as it is). ui/i18n/known.ts is derived from these.
 * The id is the error's code: events that carry a message carry it as `errorId` (events/catalogue),
 * a GangwayError as `errorId`, and logs written before ids existed gain it when read (log/upcast.ts).
 * An id never changes; a message may, as long as the old text stays listed in `FORMER_MESSAGES`.
 *
 * Pure data with no import: the page's core chunk bundles it with GangwayError.
 */
import type { ErrorCategory } from './errors.js'

/** One registered error (see the module's comment). */
export interface ErrorEntry {
  readonly message: string
  readonly category?: ErrorCategory
  readonly section?: number
  readonly key?: true | string
}

const API = 'API_ERROR'
const PARSING = 'DATA_PARSING_ERROR'
const SECURE = 'SECURE_SITE_ERROR'

/** The registry: id → entry. */
export const ERRORS = {
  // Connecting and disconnecting (docs/behaviour.md §8 external connectors).
  /** The wallet refused the connection request (EIP-1193 4001). */
  connectionRejected: { message: 'Connection rejected', category: API, section: 8, key: true },
  /** The visitor closed the modal while a connection was pending. */
  modalClosed: { message: 'Modal closed', section: 8, key: true },
  /** A connection failed with no reason of the wallet's or the secure site's own. */
  failedToConnect: { message: 'Failed to connect', category: API, section: 8, key: true },
  /** The wallet refused or failed to end the connection; it stays as it was. */
  failedToDisconnect: { message: 'Failed to disconnect', category: API, section: 8, key: true },
  /** Another connection than the active one while the multiWallet remote feature is off (the alert's title). */
  multiWalletNotEnabled: { message: 'Multi-Wallet Not Enabled', section: 8, key: true },
  /** A switch between connections that did not happen (AppKit's words). */
  failedToSwitchWallet: { message: 'Failed to switch wallet', category: API, section: 4, key: true },
  /** A wallet call on a namespace with no connection. */
  addressOrAuthConnectorNotFound: { message: 'Address or auth connector not found', section: 8 },
  /** A call needing a connection, with none for it. */
  notConnected: { message: 'Not connected', key: true },
  /** The page has no wallet with that connector id. */
  noConnectorFound: { message: 'No connector found for connection: {connectorId}', section: 8 },
  /** docs/behaviour.md §6: a smart account on a network that has none. */
  smartAccountNotAllowed: { message: 'Smart account not available on this network', section: 6 },
  /** docs/behaviour.md §6: an account type the namespace does not have. */
  accountTypeNotAvailable: { message: 'Account type not available on this chain', section: 6 },
  /** features.legalCheckbox: a connect before the visitor ticked the checkbox (the view's hint says the same). */
  legalNotAccepted: { message: 'Accept the terms to connect a wallet', key: 'legal.required' },
  /**
   * A WalletConnect call, or a pairing asked for (`walletconnect/pairing-requested`), while the site
   * turned WalletConnect off (`walletConnect: false`).
   */
  walletConnectOff: { message: 'WalletConnect is off' },
  /** A pairing in progress ended by `walletconnect/pairing-reset-requested` (a connect waiting on it fails with this). */
  pairingReset: { message: 'Pairing reset' },

  // Passkeys (docs/behaviour.md §2 Passkey).
  /** The visitor dismissed the browser's passkey prompt, or it timed out (WebAuthn's NotAllowedError). */
  passkeyCancelled: { message: 'Passkey request cancelled', category: API, key: true },
  /** The browser refused the ceremony for this page: its host cannot be the relying party (an IP address, another site's id), or the page is not a secure context (SecurityError). */
  passkeyRefusedHere: { message: 'The browser refused a passkey for this site', category: API, key: true },
  /** The page has no WebAuthn (`navigator.credentials`, PublicKeyCredential), or the authenticator has no P-256 key (NotSupportedError). */
  passkeyUnavailable: { message: 'Passkeys are not available in this browser', category: API, key: true },
  /** What the page answered for a ceremony is not a well-formed WebAuthn credential. */
  badPasskeyAnswer: { message: 'Invalid passkey answer', category: API },
  /** The site's paymaster (ERC-7677) refused to sponsor the passkey account's operation: nothing is sent. */
  sponsorshipRefused: { message: 'The paymaster did not sponsor this operation', category: API, key: true },
  /** The passkey the visitor picked is not the one that owns the account being signed for. */
  passkeyNotOwner: { message: 'This passkey does not own the account', category: API, key: true },

  // Networks.
  /** A network the site did not configure, or one of another namespace than the call needs. */
  networkNotFound: { message: 'Network not found', section: 4, key: true },
  /** A switch of network while a transaction is being sent. */
  sendingNow: { message: 'A transaction is being sent', key: true },

  // The account's data (docs/behaviour.md §8).
  /** A balance failure, or an unsupported network. */
  tokenBalanceUnavailable: { message: 'Token Balance Unavailable', category: API, section: 8, key: true },
  /** The history could not be read; the Activity list is set empty. */
  failedToFetchTransactions: { message: 'Failed to fetch transactions', category: API, section: 8, key: true },

  // Services.
  /** The analytics service answered 403: the site's origin is not on the project's allowlist. */
  invalidAppConfiguration: { message: 'Invalid App Configuration', category: API, section: 8, key: true },
  /** A service answered 429. */
  rateLimited: { message: 'RATE_LIMITED', category: API, section: 8 },
  /** A service answered 5xx. */
  serverError: { message: 'SERVER_ERROR', category: API, section: 8 },
  /** A service call without the service's base URL (`services.*` not given). */
  serviceNotConfigured: { message: 'Service not configured: {service}' },
  /** A thrown value whose message cannot be read. */
  unknownError: { message: 'Unknown error' },

  // Transactions (docs/behaviour.md §9 pending transactions).
  /** A transaction pushed out of the 99 followed is no longer polled. */
  noLongerFollowed: { message: 'Transaction no longer followed', category: API, section: 9, key: true },
  /** A receipt that says the transaction reverted (EVM). */
  transactionReverted: { message: 'Transaction reverted', category: API, section: 9 },
  /** A transaction whose status has an error (Solana). */
  transactionFailed: { message: 'Transaction failed', category: API, section: 9 },
  /** No receipt within the wait. */
  transactionNotFound: { message: 'Transaction not found', category: API, section: 9 },

  // Send (docs/behaviour.md §5 send form rules, §4 send).
  /** The form has no amount or no receiver. */
  amountAndReceiver: { message: 'An amount and receiver address are required', section: 5, key: true },
  /** The form has no token. */
  tokenRequired: { message: 'A token is required', section: 5, key: true },
  /** The active account's namespace cannot send. */
  unsupportedChain: { message: 'Unsupported chain', section: 5, key: true },
  /** An ERC-20 send without the token's address. */
  erc20Address: { message: 'An ERC20 token address is required', section: 5, key: true },
  /** A receiver that is no address of the namespace. */
  invalidReceiver: { message: 'Invalid receiver address', section: 5, key: true },
  /** An amount that is no positive decimal. */
  invalidAmount: { message: 'Invalid amount', section: 5, key: true },
  /** More than the balance. */
  insufficientBalance: { message: 'Insufficient balance', section: 5, key: true },
  /** A Bitcoin amount under the receiver type's dust threshold: no node would relay it. */
  dustAmount: { message: 'Amount below the dust limit', section: 5, key: true },
  /** More decimals than the token has. */
  decimals: { message: '{symbol} allows at most {decimals:n} decimals', section: 5, key: true },
  /** A second send while one is under way. */
  alreadySending: { message: 'A transaction is already being sent', key: true },
  /** The wallet refused the transaction. */
  transactionRejected: { message: 'Transaction rejected in the wallet', category: API, section: 4, key: true },

  // Email and social login (docs/behaviour.md §8).
  /** A malformed email. */
  invalidEmail: { message: 'Invalid email', section: 5, key: true },
  /** A code that is not 6 digits, or one the secure site refused. */
  invalidCode: { message: 'Invalid code', section: 5, key: true },
  /** An email login while the email feature is off, or no secure site is configured. */
  emailNotEnabled: { message: 'Email login is not enabled', key: true },
  /** A second email while the first is on its way. */
  emailBeingSent: { message: 'An email is already being sent', key: true },
  /** The email resend cooldown. */
  tryAfter: { message: 'Please try again after {seconds:n} seconds', section: 5, key: true },
  /** A fact of the page about a login that is no longer under way (the page drops it). */
  noLoginUnderWay: { message: 'No login under way' },
  /** The social login's popup closed before its answer. */
  popupClosed: { message: 'Popup closed', category: SECURE, section: 8, key: true },
  /** No popup, no provider page, or no state in it. */
  failedToInitiateSocial: { message: 'Failed to initiate social connection', category: SECURE, section: 8, key: true },
  /** The headless surface's email or social login while the modal has no `auth` option or secure site (ui/client/headless-auth.ts). */
  authNotEnabled: { message: 'Email and social login are not enabled' },
  /** A social login with a provider not on offer, or no secure site. */
  socialNotEnabled: { message: 'Social login is not enabled', key: true },
  /** Farcaster's login failed. */
  failedToConnectFarcaster: { message: 'Failed to connect to farcaster', category: SECURE, section: 8, key: true },
  /** A social login's answer came back to a tab that did not start it, or after its lifetime. */
  socialReturnRefused: { message: 'Login link expired or not started here', section: 8, key: true },
  /** UpdateEmailWallet without a secure site. */
  noAuthConnector: { message: 'No auth connector found', section: 8, key: true },
  /** UpdateEmailWallet while the active EVM connection is not an email login. */
  notConnectedToEmailOrSocial: { message: 'Not connected to email or social', section: 8, key: true },
  /** The new email is the current one. */
  sameEmail: { message: 'The new email is the current one', key: true },
  /** The secure site refused an account type switch. */
  accountTypeSwitchFailed: { message: 'Failed to switch account type', category: SECURE, section: 6, key: true },
  /** A call the secure site does not serve (the restricted path answers the caller 4100). */
  actionNotAllowed: { message: 'Action not allowed', section: 5, key: true },

  // SIWX in the modal (docs/behaviour.md §8 SIWX).
  /** A sign-in asked for while the site has no `siwx` option. */
  siwxNotEnabled: { message: 'SIWX is not enabled', section: 8, key: true },
  /** The site's `siwx` failed; the account is disconnected and the modal resets to Connect. */
  siwxInitFailed: { message: 'A problem occurred while trying initialize authentication', section: 8, key: true },
  /** The wallet did not sign the message (refused, failed, or a signature that does not verify). */
  siwxSignFailed: { message: 'Error signing message', category: API, section: 8, key: true },
  /** A Sign in or Cancel with no sign-in under way. */
  noSignIn: { message: 'No sign-in under way', key: true },
  /** A second Sign in while the wallet's prompt for the first is open. */
  signInUnderWay: { message: 'A sign-in is already under way', key: true },

  // SIWX messages refused (src/siwx; `gangway/siwx-server`'s SiwxRefusedError reasons).
  /** The text is not a sign-in message Gangway reads. */
  invalidSiwxMessage: { message: 'Invalid SIWX message', category: PARSING, section: 8 },
  /** The message names another domain than the one that asked for it. */
  domainMismatch: { message: 'Domain mismatch', section: 8 },
  /** The message's URI is not the page's. */
  uriMismatch: { message: 'URI mismatch', section: 8 },
  /** The message's chain is not one the site accepts. */
  chainNotAccepted: { message: 'Chain not accepted', section: 8 },
  /** The nonce was never issued, expired, or was used. */
  unknownOrUsedNonce: { message: 'Unknown or used nonce', section: 8 },
  /** The message's Expiration Time has passed. */
  messageExpired: { message: 'Message expired', section: 8 },
  /** The message's Not Before, or its Issued At, lies in the future. */
  messageNotYetValid: { message: 'Message not yet valid', section: 8 },
  /** The signature is not the account's signature of the message. */
  invalidSignature: { message: 'Invalid signature', section: 8 },
  /** `gangway/siwx-server`: a client holds, or the server holds, too many live nonces. */
  tooManyNonces: { message: 'Too many nonces' },
  /** `gangway/siwx-server`: a client key that is not a short string. */
  invalidClientKey: { message: 'Invalid SIWX client key' },
  /** `gangway/siwx-server`: the store (Redis, a site's own) could not be reached or did not answer in time. */
  siwxStoreUnavailable: { message: 'SIWX store unavailable', category: API },
  /** `gangway/siwx-server`: a bounded store (the in-memory one) holds as many live sessions as it may. */
  tooManySessions: { message: 'Too many sessions' },
  /** `gangway/siwx-server`'s handlers: a client past its rate limit (answered 429 with Retry-After). */
  tooManyRequests: { message: 'Too many requests' },
  /** `gangway/siwx-server`'s handlers: a body past their bound (answered 413). */
  requestBodyTooLarge: { message: 'Request body too large' },
  /** `gangway/siwx-server`'s handlers: a post that is not a JSON object of the route's fields, or not sent as application/json (answered 400). */
  invalidSiwxRequest: { message: 'Invalid SIWX request' },
  /** `gangway/siwx-server`'s handlers: a post whose Origin is not the site's (answered 403). */
  foreignOrigin: { message: 'Foreign origin' },
  /** `gangway/siwx-server`'s handlers: a path under their base that is no route, or a route asked with another method (answered 404). */
  noSiwxRoute: { message: 'No such SIWX route' },

  // Data capture.
  /** DataCapture's outcome while it does not show. */
  noDataCapture: { message: 'No email capture under way' },
  /** DataCapture without the emailCapture remote feature or a site `siwx` that takes an email. */
  emailCaptureNotEnabled: { message: 'Email capture is not enabled', key: true },

  // Names (docs/behaviour.md §8 names, §5 the name rule).
  /** A label that breaks the name rule. */
  invalidNameLabel: { message: 'A name has at least 4 characters: letters, digits and hyphens', section: 5, key: true },
  /** A name asked for while the active account is not an EVM one. */
  namesEvmOnly: { message: 'Names are EVM only', section: 9, key: true },
  /** A second Register while the first is under way. */
  nameBeingRegistered: { message: 'A name registration is already under way', key: true },
  /** A send receiver that is a name still being resolved. */
  resolvingName: { message: 'Resolving name', key: true },
  /** The name service has no such name (a 404 to a lookup). */
  nameNotFound: { message: 'Name not found', category: API, section: 8, key: true },
  /** A lookup answered another error status, with no reason of its own. */
  badResponseStatus: { message: 'Bad response status', category: API, section: 8 },
  /** A lookup failed otherwise and the service gave no reason. */
  resolveName: { message: 'Error resolving name', category: API, section: 8, key: true },
  /** The suggestions failed and the service gave no reason. */
  nameSuggestions: { message: 'Error fetching name suggestions', category: API, section: 8, key: true },
  /** The reverse lookup failed and the service gave no reason. */
  namesForAddress: { message: 'Error fetching names for address', category: API, section: 8 },
  /** A registration refused or failed with no reason from the service (and no name to give). */
  registerName: { message: 'Error registering name', category: API, section: 8 },
  /** A registration of that name refused or failed with no reason from the service. */
  registerNamed: { message: 'Error registering name {name}', category: API, section: 8 },

  // Smart sessions.
  /** The service's list of an account's sessions failed and it gave no reason. */
  fetchingSessions: { message: 'Error fetching smart sessions', category: API },
  /** A revocation was refused or failed and the service gave no reason. */
  revokingSession: { message: 'Error revoking smart session', category: API },

  // Swaps (docs/behaviour.md §8 swaps, §4 swap).
  /** A swap call for a network the swap service does not serve. */
  swapNetwork: { message: 'Network not supported for Swaps', section: 8, key: true },
  /** A gas price asked for a network the swap service does not serve. */
  gasPriceNetwork: { message: 'Network not supported for Gas Price', section: 8, key: true },
  /** The swap service's first reason says 'insufficient liquidity' (AppKit's words). */
  insufficientLiquidity: { message: 'Insufficient liquidity', category: API, section: 8, key: true },
  /** The tokens a network can swap could not be read and the service gave no reason. */
  swapTokens: { message: 'Error fetching swap tokens', category: API },
  /** No quote could be read and the service gave no reason. */
  swapQuote: { message: 'Error fetching swap quote', category: API, key: true },
  /** The network's gas price could not be read and the service gave no reason. */
  gasPrice: { message: 'Error fetching gas price', category: API },
  /** A token's allowance could not be read and the service gave no reason. */
  allowance: { message: 'Error fetching allowance', category: API },
  /** The approval transaction could not be built and the service gave no reason. */
  buildingApproval: { message: 'Error building approval transaction', category: API },
  /** The swap transaction could not be built and the service gave no reason. */
  buildingSwap: { message: 'Error building swap transaction', category: API },
  /** Swap without a quote for the form as it is. */
  noSwapQuote: { message: 'No quote for this swap' },
  /** A second Swap while one is under way. */
  swapUnderWay: { message: 'A swap is already under way' },
  /** Swap before the checks before the wallet passed for the form as it is now. */
  swapNotChecked: { message: 'This swap has not been checked', section: 4 },

  // Buying (docs/behaviour.md §4 on-ramp, §8).
  /** The options could not be read (the caller falls back to the built-in sample options). */
  onrampOptions: { message: 'Error fetching on-ramp options', category: API, section: 8 },
  /** No quote could be read (the caller falls back to a mocked quote). */
  onrampQuote: { message: 'Error fetching on-ramp quote', category: API, section: 8 },
  /** The provider's URL could not be generated, or the service's URL was refused by the URL validator. */
  onrampUrl: { message: 'Error generating on-ramp URL', category: API },
  /** A provider URL that cannot be built: a base that is not https, or fields empty or too long. */
  invalidOnrampUrl: { message: 'Invalid on-ramp URL' },
  /** Nothing arrived within the watch after the provider's page opened. */
  buyFailed: { message: 'Buy failed', section: 4, key: true },
  /** The currency picked is not delivered on the active network. */
  onrampNotOnNetwork: { message: 'This currency is not offered on this network' },
  /** A provider picked while a purchase is being opened or watched. */
  buyUnderWay: { message: 'A purchase is already under way' },
  /** A provider picked where the on-ramp is not offered. */
  notOnramp: { message: 'Buying is not offered here' },
  /** The amount is no decimal. */
  onrampAmount: { message: 'Enter an amount, like 10.00', section: 5, key: true },
  /** Under the card's minimum. */
  onrampMinimum: { message: 'The minimum is {min} {currency}', section: 5, key: true },
  /** Over the card's maximum. */
  onrampMaximum: { message: 'The maximum is {max} {currency}', section: 5, key: true },
} as const satisfies Record<string, ErrorEntry>

/** A registered error's id (its code): a key of ERRORS. */
export type ErrorId = keyof typeof ERRORS

/**
 * Messages the registry no longer makes, with the id they had, so that a log written before a
 * rewording still gains its id when read (log/upcast.ts). Empty until a message changes.
 */
export const FORMER_MESSAGES: Readonly<Record<string, ErrorId>> = {}

/** A template's `{name}` or `{name:n}`. */
const PLACEHOLDER = /\{(\w+)(:n)?\}/g

/** The templates compiled, once: id, the pattern matching its messages, and the names of its values (with `n` for numbers). */
let compiled: { id: ErrorId; pattern: RegExp; names: [string, boolean][] }[] | undefined
let exact: Map<string, ErrorId> | undefined

function index(): void {
  exact = new Map(Object.entries(FORMER_MESSAGES))
  compiled = []
  for (const [id, { message }] of Object.entries(ERRORS) as [ErrorId, ErrorEntry][]) {
    if (!message.includes('{')) {
      exact.set(message, id)
      continue
    }
    const names: [string, boolean][] = []
    const source = message.split(PLACEHOLDER).map((part, i) => {
      // split with two groups gives: text, name, ':n' or undefined, text, …
      if (i % 3 === 0) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      if (i % 3 === 1) return (names.push([part, false]), '')
      if (part) names[names.length - 1]![1] = true
      return part ? '(\\d+)' : '(.+?)'
    })
    compiled.push({ id, pattern: new RegExp(`^${source.join('')}$`), names })
  }
}

/**
 * The registered error a message is, with the values a template carries (numbers for `{name:n}`),
 * or undefined for a text Gangway does not make (a wallet's own message).
 * @example
 * registeredError('Connection rejected') // { id: 'connectionRejected' }
 * registeredError('USDC allows at most 6 decimals') // { id: 'decimals', values: { symbol: 'USDC', decimals: 6 } }
 */
export function registeredError(message: string): { id: ErrorId; values?: Record<string, string | number> } | undefined {
  if (!exact) index()
  const id = exact!.get(message)
  if (id) return { id }
  for (const { id, pattern, names } of compiled!) {
    const m = pattern.exec(message)
    if (m) return { id, values: Object.fromEntries(names.map(([name, n], i) => [name, n ? Number(m[i + 1]) : m[i + 1]!])) }
  }
  return undefined
}

/**
 * A registered message with its values put in.
 * @example
 * formatError('registerNamed', { name: 'alice.reown.id' }) // 'Error registering name alice.reown.id'
 */
export function formatError(id: ErrorId, values: Record<string, string | number> = {}): string {
  return (ERRORS[id] as ErrorEntry).message.replace(PLACEHOLDER, (_, name: string) => String(values[name]))
}

/** Where the docs explain a registered error: 'docs/behaviour.md §N', or undefined for Gangway's own wording. */
export function errorDocsPath(id: ErrorId): string | undefined {
  const { section } = ERRORS[id] as ErrorEntry
  return section === undefined ? undefined : `docs/behaviour.md §${section}`
}
