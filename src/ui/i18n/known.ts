/**
 * The engine's English strings the views can show (docs/behaviour.md §8's error strings in the
 * snackbar, the connecting views and the send form; the send rules' messages; names the view models
 * make in English, like 'Unknown network' and the Activity rows' titles), each with the catalogue
 * message that translates it. The English text stays the stable identifier in the log and the API
 * (src/events/kernel/errors.ts, src/projections/rules/send-rules.ts); only the views translate it, and a text not
 * listed here (a wallet's own error message) shows as it is. known.test.ts checks this list against
 * the strings where they are made.
 */
import { ACCOUNT_SWITCHED, CONNECTION_REJECTED, FAILED_TO_DISCONNECT, FAILED_TO_FETCH_TRANSACTIONS, FAILED_TO_SWITCH_WALLET, INVALID_APP_CONFIGURATION, MODAL_CLOSED, MULTI_WALLET_NOT_ENABLED, SIWX_INIT_FAILED, SIWX_NOT_ENABLED, SIWX_SIGN_FAILED, SOCIAL_RETURN_REFUSED, TOKEN_BALANCE_UNAVAILABLE, WALLET_SWITCHED } from '../../events/kernel/errors.js'
import type { MessageId } from './messages.js'

/** English text → the message that translates it. */
export const KNOWN_TEXTS: Readonly<Record<string, MessageId>> = {
  // docs/behaviour.md §8 (src/events/kernel/errors.ts), and the connect effect's fallback.
  [CONNECTION_REJECTED]: 'error.connectionRejected',
  [MODAL_CLOSED]: 'error.modalClosed',
  'Failed to connect': 'error.failedToConnect',
  [TOKEN_BALANCE_UNAVAILABLE]: 'error.tokenBalanceUnavailable',
  [FAILED_TO_FETCH_TRANSACTIONS]: 'error.failedToFetchTransactions',
  [FAILED_TO_DISCONNECT]: 'error.failedToDisconnect',
  // Switching connections: the snackbar's outcomes, and the refusal with the multiWallet remote feature off.
  [FAILED_TO_SWITCH_WALLET]: 'error.failedToSwitchWallet',
  [MULTI_WALLET_NOT_ENABLED]: 'error.multiWalletNotEnabled',
  [WALLET_SWITCHED]: 'snackbar.walletSwitched',
  [ACCOUNT_SWITCHED]: 'snackbar.accountSwitched',
  // Email login: the engine's refusals (projections/rules/refusals.ts, events/validate.ts) and the emulated secure site's.
  'Invalid email': 'error.invalidEmail',
  'Invalid code': 'error.invalidCode',
  'Email login is not enabled': 'error.emailNotEnabled',
  'An email is already being sent': 'error.emailBeingSent',
  // Social login (docs/behaviour.md §8; ui/bridge/auth/auth-social.ts, auth-farcaster.ts) and its refusal (projections/rules/refusals.ts).
  'Popup closed': 'error.popupClosed',
  'Failed to initiate social connection': 'error.failedToInitiateSocial',
  'Social login is not enabled': 'error.socialNotEnabled',
  'Failed to connect to farcaster': 'error.failedToConnectFarcaster',
  [SOCIAL_RETURN_REFUSED]: 'error.socialReturnRefused',
  // UpdateEmailWallet's refusals (docs/behaviour.md §8; projections/rules/refusals.ts).
  'No auth connector found': 'error.noAuthConnector',
  'Not connected to email or social': 'error.notConnectedToEmailOrSocial',
  'The new email is the current one': 'error.sameEmail',
  // SIWX (docs/behaviour.md §8) and its refusals (projections/rules/refusals.ts).
  [SIWX_SIGN_FAILED]: 'error.siwxSignFailed',
  [SIWX_INIT_FAILED]: 'error.siwxInitFailed',
  [SIWX_NOT_ENABLED]: 'error.siwxNotEnabled',
  'No sign-in under way': 'error.noSignIn',
  'A sign-in is already under way': 'error.signInUnderWay',
  // Account names (events/name-rules.ts, projections/rules/refusals.ts, projections/select/send-receiver.ts, docs/behaviour.md §8).
  'A name has at least 4 characters: letters, digits and hyphens': 'error.invalidNameLabel',
  'Names are EVM only': 'error.namesEvmOnly',
  // DataCapture (projections/rules/refusals.ts).
  'Email capture is not enabled': 'error.emailCaptureNotEnabled',
  'A name registration is already under way': 'error.nameBeingRegistered',
  'Resolving name': 'error.resolvingName',
  'Name not found': 'error.nameNotFound',
  'Error fetching name suggestions': 'error.nameSuggestions',
  'Error resolving name': 'error.resolveName',
  // The secure site refused an account type switch (worker/effects/auth/auth-account-type.ts).
  'Failed to switch account type': 'error.accountTypeSwitchFailed',
  // A call the secure site does not serve (worker/effects/auth/auth-rpc.ts).
  'Action not allowed': 'error.actionNotAllowed',
  // The analytics service's 403 (worker/effects/infra/analytics.ts): the alert names the cause.
  [INVALID_APP_CONFIGURATION]: 'error.invalidAppConfiguration',
  // A service that did not answer (viem's short message, through errorMessage): the All Wallets list.
  'HTTP request failed.': 'error.httpRequestFailed',
  // The engine's refusals (projections/rules/refusals.ts) and the send effect's outcomes (worker/effects/trade/send.ts).
  'Network not found': 'error.networkNotFound',
  'Accept the terms to connect a wallet': 'legal.required',
  'A transaction is being sent': 'error.sendingNow',
  'A transaction is already being sent': 'error.alreadySending',
  'Not connected': 'error.notConnected',
  'Transaction rejected in the wallet': 'error.transactionRejected',
  'Transaction sent': 'snackbar.transactionSent',
  // The send rules (projections/rules/send-rules.ts SEND_ERRORS; `decimals` is a pattern, below).
  'An amount and receiver address are required': 'error.amountAndReceiver',
  'A token is required': 'error.tokenRequired',
  'Unsupported chain': 'error.unsupportedChain',
  'An ERC20 token address is required': 'error.erc20Address',
  'Invalid receiver address': 'error.invalidReceiver',
  'Invalid amount': 'error.invalidAmount',
  'Insufficient balance': 'error.insufficientBalance',
  // Swaps (src/events/kernel/errors.ts).
  'Insufficient liquidity': 'error.insufficientLiquidity',
  'Network not supported for Swaps': 'error.swapNetwork',
  'Network not supported for Gas Price': 'error.gasPriceNetwork',
  'Error fetching swap quote': 'error.swapQuote',
  // Buying (src/events/kernel/errors.ts, src/events/onramp-rules.ts).
  'Buy failed': 'error.buyFailed',
  'Transaction no longer followed': 'error.noLongerFollowed',
  'Enter an amount, like 10.00': 'error.onrampAmount',
  // The network model's name for a chain the site did not list.
  'Unknown network': 'networks.unknown',
  // The Activity rows (projections/rules/asset-rules.ts activityRow): titles by operation, and a row with no transfer.
  Sent: 'activity.sent',
  Received: 'activity.received',
  Minted: 'activity.minted',
  Executed: 'activity.executed',
  Approved: 'activity.approved',
  Swapped: 'activity.swapped',
  Deposited: 'activity.deposited',
  Withdrawn: 'activity.withdrawn',
  Burned: 'activity.burned',
  'Contract call': 'activity.contractCall',
}

/** Engine texts with values in them: a pattern, its message, and the values read from the match. */
const KNOWN_PATTERNS: readonly { pattern: RegExp; id: MessageId; values: (m: RegExpExecArray) => Record<string, unknown> }[] = [
  // onrampAmountProblem (src/events/onramp-rules.ts): the card's limits.
  { pattern: /^The minimum is (\d+(?:\.\d+)?) ([A-Za-z0-9_.-]+)$/, id: 'error.onrampMinimum', values: (m) => ({ min: m[1], currency: m[2] }) },
  { pattern: /^The maximum is (\d+(?:\.\d+)?) ([A-Za-z0-9_.-]+)$/, id: 'error.onrampMaximum', values: (m) => ({ max: m[1], currency: m[2] }) },
  // SEND_ERRORS.decimals: '{symbol} allows at most {decimals} decimals'.
  { pattern: /^(.+) allows at most (\d+) decimals$/, id: 'error.decimals', values: (m) => ({ symbol: m[1], decimals: Number(m[2]) }) },
  // The email resend cooldown (projections/rules/refusals.ts): 'Please try again after {n} seconds'.
  { pattern: /^Please try again after (\d+) seconds$/, id: 'error.tryAfter', values: (m) => ({ seconds: Number(m[1]) }) },
]

/** The catalogue message (and its values) that translates an engine text, or undefined for a text the catalogue does not know. */
export function knownMessage(text: string): { id: MessageId; values?: Record<string, unknown> } | undefined {
  const id = Object.prototype.hasOwnProperty.call(KNOWN_TEXTS, text) ? KNOWN_TEXTS[text] : undefined
  if (id) return { id }
  for (const { pattern, id, values } of KNOWN_PATTERNS) {
    const m = pattern.exec(text)
    if (m) return { id, values: values(m) }
  }
  return undefined
}
