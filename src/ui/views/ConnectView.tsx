/** Connect (spec §2): the wallets the page can see, in connector group order. Names and icons are remote strings: text and <img src> only. */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'

export function ConnectView() {
  const { signals, dispatch } = useClient()
  const { rows } = useSignalValue(signals.connect)
  if (rows.length === 0) return <p className="gw-empty">No wallet found in this browser.</p>
  return (
    <ul className="gw-list" data-testid="gw-wallets">
      {rows.map((row) => (
        <li key={row.id}>
          <button
            className="gw-row"
            data-wallet-row={row.id}
            data-connector-type={row.type}
            data-chain={row.chain}
            onClick={() => void dispatch({ type: 'connect/requested', payload: { connectorId: row.id, namespace: row.chain } })}
          >
            {row.imageUrl ? <img src={row.imageUrl} alt="" /> : <span className="gw-img" />}
            <span className="gw-name">{row.name}</span>
            {row.chain === 'solana' ? <span className="gw-chain">Solana</span> : null}
            {row.type === 'ANNOUNCED' || row.type === 'INJECTED' ? <span className="gw-tag">Installed</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
