/** ConnectingExternal (docs/behaviour.md §2): waiting for an announced or injected wallet; on failure, the error (docs/behaviour.md §8) and a retry. */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'

export function ConnectingExternalView() {
  const { signals, dispatch } = useClient()
  const connect = useSignalValue(signals.connect)
  const connectorId = connect.pendingConnectorId ?? connect.error?.connectorId
  const row = connect.rows.find((r) => r.id === connectorId)
  const failed = !connect.pendingConnectorId && connect.error
  return (
    <div className="gw-center" data-testid="gw-connecting">
      {row?.imageUrl ? <img className="gw-big-icon" src={row.imageUrl} alt="" /> : <span className="gw-big-icon" />}
      <strong>{row?.name ?? 'Wallet'}</strong>
      {failed ? (
        <>
          <span className="gw-error" data-testid="gw-connect-error">
            {connect.error!.message}
          </span>
          <button className="gw-btn" data-testid="gw-retry" onClick={() => void dispatch({ type: 'connect/requested', payload: { connectorId: connect.error!.connectorId, namespace: row?.chain ?? 'eip155' } })}>
            Try again
          </button>
        </>
      ) : (
        <span className="gw-muted">Accept the connection request in the wallet</span>
      )}
    </div>
  )
}
