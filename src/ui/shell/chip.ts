/** The <gangway-button> label: 'Connect Wallet', or the shortened address with the balance. */
import { shortenAddress } from '../../projections/format-address.js'
import type { AccountModel } from '../../contract.js'

export function accountChipText(account: AccountModel): string {
  if (!account.isConnected || !account.address) return account.status === 'connecting' ? 'Connecting…' : 'Connect Wallet'
  const balance = account.balance !== undefined ? ` · ${account.balance} ${account.balanceSymbol ?? ''}`.trimEnd() : ''
  return `${shortenAddress(account.address)}${balance}`
}
