/**
 * Gangway's errors (docs/behaviour.md §8: errors are wrapped in a named SDK error with a category, default
 * INTERNAL_SDK_ERROR). One base class, `GangwayError`, after viem's: a short, stable `message` (the
 * docs/behaviour.md §8 string where it has one), a `category`, optional `details` that say more, the `cause`,
 * and, for an EIP-1193 / JSON-RPC error, its numeric `code`. A message Gangway makes is in the error
 * registry (error-registry.ts), which gives its `errorId`, and from which
 * the message constants below are read. Subclasses name what callers branch
 * on: `LogFormatError`, `ProviderRequestError` (an EIP-1193 rejection: `code` always set, so host
 * code reading `error.code` works) and its `UserRejectedError`, `SwapRefusedError`; the ones only the
 * engine throws are in events/engine-errors.ts.
 *
 * Pure and small, with no dependency but the registry: the page's core chunk bundles it (the errors it throws, and
 * the ones it rebuilds from the worker in error-wire.ts). The reading helpers (`errorMessage`,
 * `errorCode`, `isUserRejection`) read any thrown value: Gangway's, a wallet's, viem's.
 */
import { ERRORS, formatError, registeredError, type ErrorId } from './error-registry.js'

/**
 * What kind of failure (docs/behaviour.md §8's categories):
 * - `API_ERROR`: an outside party answered with an error: a service (HTTP), a node (JSON-RPC) or a
 *   wallet (EIP-1193, a refusal included);
 * - `DATA_PARSING_ERROR`: data that cannot be read: an exported or stored log, a malformed id;
 * - `SECURE_SITE_ERROR`: the secure site (email and social login, planned) failed;
 * - `INTERNAL_SDK_ERROR` (the default): Gangway's own checks and state: bad host input, an engine
 *   not started, a call the restricted path refuses.
 */
export type ErrorCategory = 'API_ERROR' | 'DATA_PARSING_ERROR' | 'SECURE_SITE_ERROR' | 'INTERNAL_SDK_ERROR'

/** The four categories, for checks of data from elsewhere (error-wire.ts). */
export const ERROR_CATEGORIES: readonly ErrorCategory[] = ['API_ERROR', 'DATA_PARSING_ERROR', 'SECURE_SITE_ERROR', 'INTERNAL_SDK_ERROR']

/** What a GangwayError carries besides its message. */
export interface GangwayErrorOptions {
  /** Default INTERNAL_SDK_ERROR. */
  category?: ErrorCategory
  /** More than the short message: the value refused, the connector and method that failed. */
  details?: string
  /** The error this one wraps (stays in its realm: it does not cross the worker boundary). */
  cause?: unknown
  /** The EIP-1193 / EIP-5792 / JSON-RPC 2.0 error code, when the failure has one. */
  code?: number
}

/**
 * Gangway's error: `message` is short and stable, `details` says more, `errorId` names a message
 * Gangway made (the registry's id: stable when a wording changes).
 * @example
 * ```ts
 * import { GangwayError } from 'gangway/siwx-server'
 *
 * try {
 *   await siwx.verify({ message, signature })
 * } catch (error) {
 *   if (!(error instanceof GangwayError)) throw error
 *   console.warn(error.message, error.category, error.details) // details: for the site's logs, not the visitor
 *   res.writeHead(401).end(error.message) // 'Invalid signature', 'Unknown or used nonce'…
 * }
 * ```
 */
export class GangwayError extends Error {
  override name = 'GangwayError'
  readonly category: ErrorCategory
  // Declared, not defined: an error without details or code has no such own property (`'code' in e` is false).
  declare readonly details?: string
  declare readonly code?: number
  /** The error registry's id of the message (src/events/kernel/error-registry.ts), when Gangway made it. */
  declare readonly errorId?: ErrorId
  constructor(message: string, opts: GangwayErrorOptions = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.category = opts.category ?? 'INTERNAL_SDK_ERROR'
    const registered = registeredError(message)?.id
    if (registered) this.errorId = registered
    if (opts.details !== undefined) this.details = opts.details
    if (opts.code !== undefined) this.code = opts.code
  }
}

/** A stored or exported log that cannot be read: malformed, out of order, or from a newer schema. Category DATA_PARSING_ERROR. */
export class LogFormatError extends GangwayError {
  override name = 'LogFormatError'
  constructor(message: string, details?: string) {
    super(message, { category: 'DATA_PARSING_ERROR', ...(details !== undefined ? { details } : {}) })
  }
}

/**
 * A site option Gangway does not take or cannot use, found when the modal starts (the page's
 * check, then the engine's): 'Unknown option: {key}', 'Invalid option: {name} must …', 'projectId is
 * required', 'At least one network is required', a theme's problem; `details` says more (the options
 * Gangway takes). Category INTERNAL_SDK_ERROR. The modal does not start.
 * @example
 * ```ts
 * modal.open().catch((error) => {
 *   if (error instanceof InvalidOptionError) console.error('fix the Gangway options:', error.message, error.details)
 * })
 * ```
 */
export class InvalidOptionError extends GangwayError {
  override name = 'InvalidOptionError'
}

/**
 * An EIP-1193 provider rejection: a numeric `code` (EIP-1193 4001-4902, EIP-5792 5700-5760,
 * JSON-RPC 2.0 -32700 to -32000, as viem's classes name them) and a string `message`, plus
 * the wallet's `data` when it gave plain data. Thrown by Gangway's own checks of a provider request
 * (category INTERNAL_SDK_ERROR, the default) and for a wallet's error (`walletError`, API_ERROR).
 */
export class ProviderRequestError extends GangwayError {
  override name = 'ProviderRequestError'
  declare readonly code: number
  declare readonly data?: unknown
  constructor(message: string, opts: GangwayErrorOptions & { code: number; data?: unknown }) {
    super(message, opts)
    if (opts.data !== undefined) this.data = opts.data
  }
}

/**
 * A connector's refusal of a method it does not serve: ProviderRequestError 4200 'Unsupported
 * method', the method in `details` (the passkey connector in the engine, its page source).
 * @example throw unsupportedMethod(args.method)
 */
export function unsupportedMethod(method: string): ProviderRequestError {
  return new ProviderRequestError('Unsupported method', { code: PROVIDER_ERROR_CODES.UnsupportedProviderMethodError, details: method })
}

/** The visitor refused in the wallet: code 4001, or WalletConnect's 5000, which docs/behaviour.md §8 treats as a rejection. */
export class UserRejectedError extends ProviderRequestError {
  override name = 'UserRejectedError'
}

/**
 * The EIP-1193 and JSON-RPC 2.0 error codes the page's own code uses, keyed by the name of viem's
 * class for each (`UnauthorizedProviderError.code` is 4100, …; errors.test.ts checks every entry
 * against viem). The worker reads codes from viem's classes (`X.code`, EIP-5792's 5700-5760
 * included); the page reads these, so the core chunk does not bundle viem's error classes (about
 * 2.4 KB gz).
 */
export const PROVIDER_ERROR_CODES = {
  MethodNotFoundRpcError: -32601,
  InvalidParamsRpcError: -32602,
  UserRejectedRequestError: 4001,
  UnauthorizedProviderError: 4100,
  UnsupportedProviderMethodError: 4200,
  ProviderDisconnectedError: 4900,
} as const

/** EIP-1193 / docs/behaviour.md §8 codes that mean the visitor said no (5000 is treated as a rejection). */
export const USER_REJECTION_CODES: readonly number[] = [PROVIDER_ERROR_CODES.UserRejectedRequestError, 5000]

/** docs/behaviour.md §8, external connectors: the wallet refused the connection request (EIP-1193 code 4001). */
export const CONNECTION_REJECTED = ERRORS.connectionRejected.message
/** docs/behaviour.md §8: the visitor closed the modal while a connection was pending. */
export const MODAL_CLOSED = ERRORS.modalClosed.message
/** docs/behaviour.md §8, balance failure or unsupported network. */
export const TOKEN_BALANCE_UNAVAILABLE = ERRORS.tokenBalanceUnavailable.message
/** docs/behaviour.md §8: the history could not be read; the Activity list is set empty. */
export const FAILED_TO_FETCH_TRANSACTIONS = ERRORS.failedToFetchTransactions.message
/** docs/behaviour.md §8: the analytics service answered 403, so the site's origin is not on the project's allowlist (shown once per page life). */
export const INVALID_APP_CONFIGURATION = ERRORS.invalidAppConfiguration.message
/** docs/behaviour.md §8: the wallet refused or failed to end the connection (its revoke threw); the connection stays as it was. */
export const FAILED_TO_DISCONNECT = ERRORS.failedToDisconnect.message
/** docs/behaviour.md §8: the multi-wallet-not-enabled alert's title: another connection than the active one while the multiWallet remote feature is off. */
export const MULTI_WALLET_NOT_ENABLED = ERRORS.multiWalletNotEnabled.message
/** docs/behaviour.md §4: a switch between connections that did not happen (ours; AppKit's words). */
export const FAILED_TO_SWITCH_WALLET = ERRORS.failedToSwitchWallet.message
/** docs/behaviour.md §4: the snackbars of a switch to another connection, and to another account of the active one. */
export const WALLET_SWITCHED = 'Wallet switched'
export const ACCOUNT_SWITCHED = 'Account switched'
/** docs/behaviour.md §2 Passkey: the visitor dismissed the browser's passkey prompt, or it timed out (UserRejectedError, 4001). */
export const PASSKEY_CANCELLED = ERRORS.passkeyCancelled.message
/** docs/behaviour.md §2 Passkey: the browser refused the ceremony for this page (its host is no valid relying party id, or the page is no secure context). */
export const PASSKEY_REFUSED_HERE = ERRORS.passkeyRefusedHere.message
/** docs/behaviour.md §2 Passkey: the page has no WebAuthn, or the authenticator no P-256 key. */
export const PASSKEY_UNAVAILABLE = ERRORS.passkeyUnavailable.message
/** docs/behaviour.md §2 Passkey: the site's paymaster refused to sponsor an operation; nothing is sent. */
export const SPONSORSHIP_REFUSED = ERRORS.sponsorshipRefused.message
/** docs/behaviour.md §2 Passkey: the passkey picked for a signature is not the account's owner. */
export const PASSKEY_NOT_OWNER = ERRORS.passkeyNotOwner.message
/** docs/behaviour.md §8: a wallet call on a namespace with no connection. */
export const ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND = ERRORS.addressOrAuthConnectorNotFound.message
/**
 * docs/behaviour.md §8 social login (ours): a social login's answer came back to a tab that did not
 * start that login, or after its lifetime (SOCIAL_LOGIN_TTL_MS): it is not redeemed.
 */
export const SOCIAL_RETURN_REFUSED = ERRORS.socialReturnRefused.message
/** docs/behaviour.md §8 SIWX: a sign-in asked for while the site has no `siwx` option. */
export const SIWX_NOT_ENABLED = ERRORS.siwxNotEnabled.message
/** docs/behaviour.md §8 SIWX: the site's `siwx` failed (getSessions, createMessage, addSession); the account is disconnected and the modal resets to Connect. */
export const SIWX_INIT_FAILED = ERRORS.siwxInitFailed.message
/** docs/behaviour.md §8 SIWX: the wallet did not sign the message (refused, failed, or a signature that does not verify). */
export const SIWX_SIGN_FAILED = ERRORS.siwxSignFailed.message
/** docs/behaviour.md §8 names: the name service has no such name (a 404 to a lookup; src/api/names.ts). */
export const NAME_NOT_FOUND = ERRORS.nameNotFound.message
/** docs/behaviour.md §8 names: a lookup answered another error status, with no reason of its own. */
export const BAD_RESPONSE_STATUS = ERRORS.badResponseStatus.message
/** docs/behaviour.md §8 names: a lookup failed otherwise (network, timeout, a malformed answer) and the service gave no reason. */
export const ERROR_RESOLVING_NAME = ERRORS.resolveName.message
/** docs/behaviour.md §8 names: the suggestions failed and the service gave no reason. */
export const ERROR_FETCHING_NAME_SUGGESTIONS = ERRORS.nameSuggestions.message
/** docs/behaviour.md §8 names: the reverse lookup (an address's names) failed and the service gave no reason. */
export const ERROR_FETCHING_NAMES_FOR_ADDRESS = ERRORS.namesForAddress.message
/** docs/behaviour.md §8 names: the start of 'Error registering name {name}', a registration refused or failed with no reason from the service. */
export const ERROR_REGISTERING_NAME = ERRORS.registerName.message

/** docs/behaviour.md §8 'No connector found for connection: {id}': the page has no wallet with that connector id. */
export function noConnectorFound(connectorId: string): ProviderRequestError {
  return new ProviderRequestError(formatError('noConnectorFound', { connectorId }), { code: PROVIDER_ERROR_CODES.ProviderDisconnectedError })
}

/** The short message of a viem error ('HTTP request failed.', 'An internal error was received.'), else the message. */
export function errorMessage(error: unknown): string {
  const e = error as { shortMessage?: unknown; message?: unknown }
  return typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : String(error)
}

/** The longest message an event keeps (its catalogue schema's `message`, events/catalogue/fields.ts). */
export const MAX_EVENT_MESSAGE = 256

/**
 * The message an event keeps of `error`: `errorMessage`'s, else `fallback` when it is empty, cut to
 * MAX_EVENT_MESSAGE (256) characters, so the event passes its check when the log reads it back.
 */
export function loggedMessage(error: unknown, fallback: string = UNKNOWN_ERROR): string {
  return (errorMessage(error) || fallback).slice(0, MAX_EVENT_MESSAGE)
}

/** The error's numeric `code`, if it has one. */
export function errorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code
  return typeof code === 'number' ? code : undefined
}

/** True when the wallet reports that the visitor refused. */
export function isUserRejection(error: unknown): boolean {
  const code = errorCode(error)
  return code !== undefined && USER_REJECTION_CODES.includes(code)
}

/** The message of a thrown value that cannot be read (a getter that throws). */
export const UNKNOWN_ERROR = ERRORS.unknownError.message

/**
 * Any thrown value as a GangwayError: a GangwayError as it is; a value with a numeric `code` (a
 * wallet's or viem's) as a UserRejectedError (4001, 5000) or a ProviderRequestError with that code,
 * its message (viem's short one) and its `data`; anything else as a GangwayError with its message.
 * `opts` (category, details) apply to the values it wraps, never to a GangwayError; `cause` is the value.
 */
export function asGangwayError(error: unknown, opts: Pick<GangwayErrorOptions, 'category' | 'details'> = {}): GangwayError {
  if (error instanceof GangwayError) return error
  let read: { message: string; code?: number; data?: unknown }
  try {
    // Each property once: a getter on a wallet's error object cannot answer two ways.
    const code = errorCode(error)
    read = { message: errorMessage(error), ...(code !== undefined ? { code, data: (error as { data?: unknown }).data } : {}) }
  } catch {
    read = { message: UNKNOWN_ERROR }
  }
  const { message, code, data } = read
  if (code === undefined) return new GangwayError(message, { ...opts, cause: error })
  const options = { ...opts, cause: error, code, ...(data !== undefined ? { data } : {}) }
  return USER_REJECTION_CODES.includes(code) ? new UserRejectedError(message, options) : new ProviderRequestError(message, options)
}

/**
 * A wallet's error (an EIP-1193 provider's, a Wallet Standard wallet's, a WalletConnect wallet's) as
 * a typed error (asGangwayError), category API_ERROR, details '{method} on connector {connectorId}':
 * a refusal is a UserRejectedError with the wallet's code and message. A GangwayError passes as it is.
 */
export function walletError(error: unknown, connectorId: string, method: string): GangwayError {
  return asGangwayError(error, { category: 'API_ERROR', details: `${method} on connector ${connectorId}` })
}

/** `{ code }` when the error has one, else nothing: for event payloads (`connect/failed`, `send/failed`…). */
export function withCode(error: unknown): { code?: number } {
  const code = errorCode(error)
  return code === undefined ? {} : { code }
}

/** Smart sessions: the hosted service's list of an account's sessions failed and it gave no reason (src/api/sessions.ts). */
export const ERROR_FETCHING_SESSIONS = ERRORS.fetchingSessions.message
/** Smart sessions: a revocation was refused or failed and the service gave no reason (src/api/sessions.ts). */
export const ERROR_REVOKING_SESSION = ERRORS.revokingSession.message

/** docs/behaviour.md §8 swaps: a swap call for a network the swap service does not serve (src/api/convert.ts: any namespace but eip155). */
export const NETWORK_NOT_SUPPORTED_FOR_SWAPS = ERRORS.swapNetwork.message
/** docs/behaviour.md §8 swaps: a gas price asked for a network the swap service does not serve (src/api/convert.ts: any namespace but eip155). */
export const NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE = ERRORS.gasPriceNetwork.message
/** Swaps (AppKit's words): the swap service's first reason says 'insufficient liquidity', in any case (src/api/convert.ts). */
export const INSUFFICIENT_LIQUIDITY = ERRORS.insufficientLiquidity.message
/** Swaps: the tokens a network can swap could not be read and the service gave no reason (src/api/convert.ts). */
export const ERROR_FETCHING_SWAP_TOKENS = ERRORS.swapTokens.message
/** Swaps: no quote could be read and the service gave no reason (src/api/convert.ts). */
export const ERROR_FETCHING_SWAP_QUOTE = ERRORS.swapQuote.message
/** Swaps: the network's gas price could not be read and the service gave no reason (src/api/convert.ts). */
export const ERROR_FETCHING_GAS_PRICE = ERRORS.gasPrice.message
/** Swaps: a token's allowance could not be read and the service gave no reason (src/api/convert.ts). */
export const ERROR_FETCHING_ALLOWANCE = ERRORS.allowance.message
/** Swaps: the approval transaction could not be built and the service gave no reason (src/api/convert.ts). */
export const ERROR_BUILDING_APPROVAL = ERRORS.buildingApproval.message
/** Swaps: the swap transaction could not be built and the service gave no reason (src/api/convert.ts). */
export const ERROR_BUILDING_SWAP = ERRORS.buildingSwap.message
/** On-ramp: the options could not be read (docs/behaviour.md §8: the caller falls back to the built-in sample options; src/api/onramp.ts). */
export const ERROR_FETCHING_ONRAMP_OPTIONS = ERRORS.onrampOptions.message
/** On-ramp: no quote could be read (docs/behaviour.md §8: the caller falls back to a mocked quote; src/api/onramp.ts). */
export const ERROR_FETCHING_ONRAMP_QUOTE = ERRORS.onrampQuote.message
/** On-ramp: the provider's URL could not be generated, or the service's URL was refused by the URL validator (src/api/onramp.ts). */
export const ERROR_GENERATING_ONRAMP_URL = ERRORS.onrampUrl.message
/** On-ramp: a provider URL (meld's) that cannot be built: a base that is not https, or fields that are empty or too long (src/api/onramp.ts). */
export const INVALID_ONRAMP_URL = ERRORS.invalidOnrampUrl.message

/** docs/behaviour.md §4 on-ramp: nothing arrived within the watch after the provider's page opened. */
export const BUY_FAILED = ERRORS.buyFailed.message
/** Buying: the currency picked is not delivered on the active network. */
export const ONRAMP_NOT_ON_NETWORK = ERRORS.onrampNotOnNetwork.message
/** Buying: a provider picked while a purchase is being opened or watched. */
export const BUY_UNDER_WAY = ERRORS.buyUnderWay.message
/** Buying: a provider picked where the on-ramp is not offered (the feature off, a namespace without it, a restricted time zone). */
export const NOT_ONRAMP = ERRORS.notOnramp.message
/** docs/behaviour.md §9 pending transactions limit: a transaction pushed out of the 99 followed is no longer polled. */
export const NO_LONGER_FOLLOWED = ERRORS.noLongerFollowed.message
/** A transaction's receipt says it reverted (worker/chain-access.ts waitForReceipt; EIP-5792's fallback ends its batch on it). */
export const TRANSACTION_REVERTED = ERRORS.transactionReverted.message
/** docs/behaviour.md §4 / docs/api.md: a network the site did not configure. */
export const NETWORK_NOT_FOUND = ERRORS.networkNotFound.message

/**
 * A transaction Gangway built from the swap service's answer that does not do what the visitor was
 * shown (docs/behaviour.md §4 swap, the checks before the wallet): nothing is sent. `message` is one
 * of SWAP_REFUSALS' values, so each mismatch has its own stable name; `details` says what was found
 * (an address, an amount in base units). Category API_ERROR: the service answered it.
 */
export class SwapRefusedError extends GangwayError {
  override name = 'SwapRefusedError'
  constructor(message: SwapRefusal, details?: string) {
    super(message, { category: 'API_ERROR', ...(details !== undefined ? { details } : {}) })
  }
}

/** The refusals of the swap checks (docs/behaviour.md §4 swap), each its own message. */
export const SWAP_REFUSALS = {
  /** The approval is not sent to the token swapped. */
  approvalToken: 'Approval is not for the token swapped',
  /** The approval's spender is not the router the swap calls. */
  approvalSpender: 'Approval spender is not the swap router',
  /** The approval's amount is not the amount swapped (unlimited included, unless the site allows it). */
  approvalAmount: 'Approval amount is not the amount swapped',
  /** The swap transaction calls a contract that is not the router pinned for the network. */
  unknownRouter: 'Swap target is not a known router',
  /** The swap transaction calls one of the two tokens. */
  targetIsToken: 'Swap target is a token',
  /** The pinned router has no code on this network. */
  routerNoCode: 'Swap router has no code on this network',
  /** The router's calldata is no swap Gangway can read. */
  unknownCall: 'Swap call is not a known swap',
  /** The swap sends its output to another account. */
  recipient: 'Swap recipient is not this account',
  /** The swap spends another amount, or swaps other tokens, than the form. */
  mismatch: 'Swap does not match the form',
  /** The swap's minimum output is below the 'Minimum received' shown. */
  minimum: 'Swap minimum is below the minimum shown',
  /** The swap service lists other decimals for a token than its contract has. */
  decimals: 'Token decimals do not match the chain',
  /** The simulation of the approval and the swap reverted. */
  simulationFailed: 'Swap simulation failed',
  /** The simulation takes more of the input than the amount, or gives less than the minimum shown. */
  simulatedAmounts: 'Simulated swap does not match the review',
  /** The simulation moves an asset of the account other than the two swapped. */
  otherAsset: 'Swap moves another asset',
  /** The simulation logs an approval of the account other than the one shown. */
  otherApproval: 'Swap grants another approval',
} as const

/** One of SWAP_REFUSALS' messages. */
export type SwapRefusal = (typeof SWAP_REFUSALS)[keyof typeof SWAP_REFUSALS]
