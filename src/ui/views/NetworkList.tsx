/** The site's networks grouped by namespace, the active one marked; picking one asks the engine to switch (docs/behaviour.md §4). */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'

export function NetworkList() {
  const { signals, dispatch } = useClient()
  const { groups, pending } = useSignalValue(signals.networkList)
  const { t } = useT()
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
                  <Icon src={n.imageUrl} name={n.name} />
                  <span className="gw-name">{n.name}</span>
                  {pending === n.caipNetworkId ? <span className="gw-muted">{t('networks.approve')}</span> : n.active ? <span className="gw-tag">{t('networks.active')}</span> : null}
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
  const { t } = useT()
  return (
    <div data-testid="gw-unsupported">
      <p className="gw-muted">{t('networks.unsupported')}</p>
      <NetworkList />
    </div>
  )
}

/** SwitchActiveChain (docs/behaviour.md §2): the picked network is on a namespace no connected wallet covers; switching leads to Connect for it. */
export function SwitchActiveChainView() {
  const { signals, dispatch } = useClient()
  const { target } = useSignalValue(signals.networkList)
  const { t } = useT()
  if (!target) return null
  return (
    <div className="gw-center" data-testid="gw-switch-active-chain">
      <strong>{t('networks.switchTo', { network: target.name })}</strong>
      <span className="gw-muted">{t('networks.notCovered', { namespace: target.namespaceLabel })}</span>
      <button className="gw-btn gw-primary" data-testid="gw-switch-active-chain-confirm" onClick={() => void dispatch({ type: 'network/switch-requested', payload: { caipNetworkId: target.caipNetworkId } })}>
        {t('networks.switch')}
      </button>
    </div>
  )
}
