/**
 * Connect (docs/behaviour.md §2): WalletConnect, recent, installed, featured and recommended wallets in connector
 * group order, then the All Wallets entry. Names and icons are remote strings: text and <img src> only.
 */
import { rowConnectPayload } from '../../projections/connector-order.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'

/** The All Wallets count as a tag: tens, rounded down ('160+'). */
const countTag = (n: number) => (n >= 10 ? `${Math.floor(n / 10) * 10}+` : String(n))

export function ConnectView() {
  const { signals, dispatch } = useClient()
  const { rows, allWallets } = useSignalValue(signals.connect)
  if (rows.length === 0) return <p className="gw-empty">No wallet found in this browser.</p>
  return (
    <ul className="gw-list" data-testid="gw-wallets">
      {rows.map((row) => (
        <li key={`${row.group}:${row.id}`}>
          <button
            className="gw-row"
            data-wallet-row={row.id}
            data-connector-type={row.type}
            data-group={row.group}
            data-chain={row.chain}
            onClick={() => void dispatch({ type: 'connect/requested', payload: rowConnectPayload(row) })}
          >
            {row.imageUrl ? <img src={row.imageUrl} alt="" /> : <span className="gw-img" />}
            <span className="gw-name">{row.name}</span>
            {row.chain === 'solana' ? <span className="gw-chain">Solana</span> : null}
            {row.type === 'ANNOUNCED' || row.type === 'INJECTED' ? <span className="gw-tag">Installed</span> : null}
            {row.group === 'recent' ? <span className="gw-tag gw-tag-muted">Recent</span> : null}
            {row.group === 'walletConnect' ? <span className="gw-tag gw-tag-blue">QR code</span> : null}
          </button>
        </li>
      ))}
      {allWallets ? (
        <li>
          <button className="gw-row" data-testid="gw-all-wallets" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'AllWallets' } })}>
            <span className="gw-img gw-img-grid" />
            <span className="gw-name">All Wallets</span>
            <span className="gw-tag gw-tag-muted">{countTag(allWallets.count)}</span>
          </button>
        </li>
      ) : null}
    </ul>
  )
}
