/** The site's networks grouped by namespace, the active one marked; picking one asks the engine to switch (docs/behaviour.md §4). */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'

export function NetworkList() {
  const { signals, dispatch } = useClient()
  const { groups, pending } = useSignalValue(signals.networkList)
  return (
    <div data-testid="gw-networks">
      {groups.map((g) => (
        <section key={g.namespace}>
          <h3 className="gw-group">{g.label}</h3>
          <ul className="gw-list">
            {g.networks.map((n) => (
              <li key={n.caipNetworkId}>
                <button
                  className="gw-row"
                  data-network={n.caipNetworkId}
                  aria-current={n.active ? 'true' : undefined}
                  disabled={pending !== undefined}
                  onClick={() =>
                    void dispatch({ type: n.needsWallet ? 'network/active-chain-switch-requested' : 'network/switch-requested', payload: { caipNetworkId: n.caipNetworkId } })
                  }
                >
                  {n.imageUrl ? <img src={n.imageUrl} alt="" /> : <span className="gw-img" />}
                  <span className="gw-name">{n.name}</span>
                  {pending === n.caipNetworkId ? <span className="gw-muted">Approve in wallet…</span> : n.active ? <span className="gw-tag">Active</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

/** UnsupportedChain (docs/behaviour.md §2, §4): the wallet is on a network the site does not list. */
export function UnsupportedChainView() {
  return (
    <div data-testid="gw-unsupported">
      <p className="gw-muted">This app doesn’t support your current network. Switch to one of these:</p>
      <NetworkList />
    </div>
  )
}

/** SwitchActiveChain (docs/behaviour.md §2): the picked network is on a namespace no connected wallet covers; switching leads to Connect for it. */
export function SwitchActiveChainView() {
  const { signals, dispatch } = useClient()
  const { target } = useSignalValue(signals.networkList)
  if (!target) return null
  return (
    <div className="gw-center" data-testid="gw-switch-active-chain">
      <strong>Switch to {target.name}</strong>
      <span className="gw-muted">Your connected wallet doesn’t cover {target.namespaceLabel}. Switch, then connect a {target.namespaceLabel} wallet.</span>
      <button className="gw-btn gw-primary" data-testid="gw-switch-active-chain-confirm" onClick={() => void dispatch({ type: 'network/switch-requested', payload: { caipNetworkId: target.caipNetworkId } })}>
        Switch
      </button>
    </div>
  )
}
