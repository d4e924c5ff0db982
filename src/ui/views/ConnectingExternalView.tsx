/** ConnectingExternal (docs/behaviour.md §2): waiting for an announced or injected wallet; on failure, the error (docs/behaviour.md §8) and a retry. */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'
import { SOCIAL_NAMES } from './SocialButtons.js'

export function ConnectingExternalView() {
  const { signals, dispatch } = useClient()
  const connect = useSignalValue(signals.connect)
  const connectorId = connect.pendingConnectorId ?? connect.error?.connectorId
  const row = connect.rows.find((r) => r.id === connectorId)
  const failed = !connect.pendingConnectorId && connect.error
  const { t, known } = useT()
  const social = connect.pendingConnectorId ? undefined : connect.socialLogin
  // A social login waits here while the provider's window is open.
  if (social) {
    const provider = SOCIAL_NAMES[social.provider]
    return (
      <div className="gw-center" data-testid="gw-connecting-social" data-social={social.provider}>
        <strong>{provider}</strong>
        {social.error ? (
          <span className="gw-error" data-testid="gw-connect-error">
            {known(social.error)}
          </span>
        ) : (
          <span className="gw-muted">{social.step === 'started' ? t('social.continueIn', { provider }) : t('email.connecting')}</span>
        )}
      </div>
    )
  }
  return (
    <div className="gw-center" data-testid="gw-connecting">
      <Icon src={row?.imageUrl} name={row?.name ?? 'Wallet'} size="big" />
      <strong>{row?.name ?? t('connecting.wallet')}</strong>
      {failed ? (
        <>
          <span className="gw-error" data-testid="gw-connect-error">
            {known(connect.error!.message)}
          </span>
          <button className="gw-btn" data-testid="gw-retry" onClick={() => void dispatch({ type: 'connect/requested', payload: { connectorId: connect.error!.connectorId, namespace: row?.chain ?? 'eip155' } })}>
            {t('connecting.retry')}
          </button>
        </>
      ) : (
        <span className="gw-muted">{t('connecting.accept')}</span>
      )}
    </div>
  )
}
