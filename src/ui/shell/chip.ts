/** The <gangway-button> label: 'Connect Wallet', or the shortened address with the balance. */
import { shortenAddress } from '../../projections/format-address.js'
import type { AccountView } from '../../projections/selectors.js'

export function accountChipText(account: AccountView): string {
  if (!account.isConnected || !account.address) return account.status === 'connecting' ? 'Connecting…' : 'Connect Wallet'
  const balance = account.balance !== undefined ? ` · ${account.balance} ${account.balanceSymbol ?? ''}`.trimEnd() : ''
  return `${shortenAddress(account.address)}${balance}`
}
