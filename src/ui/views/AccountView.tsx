/** Account (spec §2): avatar from the address colours, short address, network, native balance floored to 3 decimals, disconnect. */
import { avatarColors, shortenAddress } from '../../projections/format-address.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'

export function AccountView() {
  const { signals, dispatch } = useClient()
  const account = useSignalValue(signals.account)
  const network = useSignalValue(signals.network)
  if (!account.address) return null
  const { base, tint } = avatarColors(account.address)
  return (
    <div className="gw-center" data-testid="gw-account">
      <div className="gw-avatar" data-testid="gw-avatar" data-color={base} style={{ background: `radial-gradient(circle at 30% 30%, ${tint}, ${base})` }} />
      <span className="gw-address" data-testid="gw-address" title={account.address}>
        {shortenAddress(account.address)}
      </span>
      <span className="gw-balance" data-testid="gw-balance">
        {account.balance !== undefined ? `${account.balance} ${account.balanceSymbol ?? ''}`.trim() : account.balanceLoading ? 'Loading balance…' : '—'}
      </span>
      <button className="gw-network" data-testid="gw-network" data-unsupported={network.unsupported ? '' : undefined} onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'SwitchNetwork' } })}>
        {network.name ?? ''}
      </button>
      <button className="gw-btn" data-testid="gw-open-send" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'WalletSend' } })}>
        Send
      </button>
      <button className="gw-btn" data-testid="gw-disconnect" onClick={() => void dispatch({ type: 'disconnect/requested', payload: {} })}>
        Disconnect
      </button>
    </div>
  )
}
