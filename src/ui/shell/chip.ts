/** The <gangway-button> label: 'Connect Wallet' (or 'Connecting…') in the visitor's locale, or the shortened address with the balance. */
import { shortenAddress } from '../../projections/format-address.js'
import type { AccountModel } from '../../contract.js'
import type { ShellLabels } from './labels.js'

export function accountChipText(account: AccountModel, [connect, connecting]: ShellLabels): string {
  if (!account.isConnected || !account.address) return account.status === 'connecting' ? connecting : connect
  const balance = account.balance !== undefined ? ` · ${account.balance} ${account.balanceSymbol ?? ''}`.trimEnd() : ''
  return `${shortenAddress(account.address)}${balance}`
}
