/**
 * The engine's English strings the views can show, each with the catalogue message that translates
 * it. Errors are read from the error registry (src/events/kernel/error-registry.ts): an entry with a
 * `key` is translated by it, with the values its template carries. The other texts the engine makes
 * (the snackbars of a switch and a send, the network model's 'Unknown network', the Activity rows'
 * titles, viem's short message for a service that did not answer) are listed here. The English text
 * stays what the log and the API carry; only the views translate it, and a text known to neither (a
 * wallet's own error message) shows as it is. known.test.ts checks this list against the strings
 * where they are made.
 */
import { ERRORS, registeredError, type ErrorEntry } from '../../events/kernel/error-registry.js'
import { ACCOUNT_SWITCHED, WALLET_SWITCHED } from '../../events/kernel/errors.js'
import type { MessageId } from './messages.js'

/** The engine's texts that are no errors: English text → the message that translates it. */
export const KNOWN_TEXTS: Readonly<Record<string, MessageId>> = {
  // Switching connections: the snackbar's outcomes.
  [WALLET_SWITCHED]: 'snackbar.walletSwitched',
  [ACCOUNT_SWITCHED]: 'snackbar.accountSwitched',
  // The send effect's outcome (worker/effects/trade/send.ts).
  'Transaction sent': 'snackbar.transactionSent',
  // A service that did not answer (viem's short message, through errorMessage): the All Wallets list.
  'HTTP request failed.': 'error.httpRequestFailed',
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

/**
 * The catalogue message (and its values) that translates an engine text, or undefined for a text
 * the catalogue does not know.
 */
export function knownMessage(text: string): { id: MessageId; values?: Record<string, unknown> } | undefined {
  const id = Object.prototype.hasOwnProperty.call(KNOWN_TEXTS, text) ? KNOWN_TEXTS[text] : undefined
  if (id) return { id }
  const error = registeredError(text)
  const key = error && (ERRORS[error.id] as ErrorEntry).key
  if (!key) return undefined
  return { id: (key === true ? `error.${error!.id}` : key) as MessageId, ...(error!.values ? { values: error!.values } : {}) }
}
