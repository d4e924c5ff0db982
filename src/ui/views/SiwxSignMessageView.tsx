/**
 * SIWXSignMessage (docs/behaviour.md §2, §4 SIWX): after a connect with no session, the
 * site asks the visitor to sign in: its host and the account, Cancel and Sign in. Sign in asks the
 * wallet to sign the site's message (`siwx/sign-requested`, worker/effects/siwx/siwx-sign.ts); its
 * failure shows here, to try again. Cancel (`siwx/cancel-requested`) disconnects where the site
 * requires sign-in, else closes.
 */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { shortenAddress } from '../../projections/format-address.js'

export function SiwxSignMessageView() {
  const { signals, dispatch } = useClient()
  const { siwx } = useSignalValue(signals.connect)
  const { t, known } = useT()
  const signing = siwx?.signing === true
  return (
    <div className="gw-center" data-testid="gw-siwx" aria-busy={signing}>
      <p>{t('siwx.title', { site: location.host })}</p>
      <p className="gw-muted">{t('siwx.text', { address: siwx ? shortenAddress(siwx.address) : '' })}</p>
      {siwx?.error ? (
        <p className="gw-error" role="alert" data-testid="gw-siwx-error">
          {known(siwx.error)}
        </p>
      ) : null}
      <div className="gw-actions">
        <button className="gw-btn" data-testid="gw-siwx-cancel" disabled={signing} onClick={() => void dispatch({ type: 'siwx/cancel-requested', payload: {} }).catch(() => undefined)}>
          {t('siwx.cancel')}
        </button>
        <button className="gw-btn gw-primary" data-testid="gw-siwx-sign" disabled={!siwx || signing} onClick={() => void dispatch({ type: 'siwx/sign-requested', payload: {} }).catch(() => undefined)}>
          {signing ? t('siwx.signing') : t('siwx.sign')}
        </button>
      </div>
    </div>
  )
}
