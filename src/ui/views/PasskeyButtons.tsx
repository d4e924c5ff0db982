/**
 * The Connect view's passkey method (docs/behaviour.md §2 Passkey): *Create a passkey* and *Use a
 * passkey*. Each asks the engine, which has the page run the browser's passkey prompt; while it is
 * open, both buttons are off and the one picked says so; a failure (the prompt dismissed, a site
 * the browser refuses) shows under them, and either button may be picked again.
 */
import { useClient } from '../client-context.js'
import { useT } from '../i18n/i18n.js'

export function PasskeyButtons({ passkey, allowed }: { passkey: { asking?: 'create' | 'use'; error?: string }; allowed: () => boolean }) {
  const { dispatch } = useClient()
  const { t, known } = useT()
  const ask = (type: 'passkey/create-requested' | 'passkey/use-requested') => allowed() && void dispatch({ type, payload: {} }).catch(() => undefined)
  return (
    <div className="gw-passkey" data-testid="gw-passkey">
      <button className="gw-row" data-testid="gw-passkey-create" data-leads-to="Account" disabled={passkey.asking !== undefined} onClick={() => ask('passkey/create-requested')}>
        <span className="gw-name">{passkey.asking === 'create' ? t('passkey.waiting') : t('passkey.create')}</span>
      </button>
      <button className="gw-row" data-testid="gw-passkey-use" data-leads-to="Account" disabled={passkey.asking !== undefined} onClick={() => ask('passkey/use-requested')}>
        <span className="gw-name">{passkey.asking === 'use' ? t('passkey.waiting') : t('passkey.use')}</span>
      </button>
      {passkey.error ? (
        <p className="gw-error" role="alert" data-testid="gw-passkey-error">
          {known(passkey.error)}
        </p>
      ) : null}
    </div>
  )
}
