/**
 * The Account view's *Add a passkey* for a passkey's account (docs/behaviour.md §2 Passkey): the
 * browser makes a new passkey, then the passkey in use signs the one user operation that adds it to
 * the account as another owner. While it runs the button is off and says so; how it ended shows
 * under it (added, or the failure: the prompt dismissed, too little ETH for the gas…), and the
 * button may be picked again.
 */
import type { AccountModel } from '../../contract.js'
import { useClient } from '../client-context.js'
import { useT } from '../i18n/i18n.js'

export function AddPasskey({ passkey }: { passkey: NonNullable<AccountModel['passkey']> }) {
  const { dispatch } = useClient()
  const { t, known } = useT()
  return (
    <div className="gw-passkey-add" data-testid="gw-passkey-owners" data-passkeys={passkey.passkeys}>
      <button className="gw-link" data-testid="gw-passkey-add" disabled={passkey.adding} onClick={() => void dispatch({ type: 'passkey/add-requested', payload: {} }).catch(() => undefined)}>
        {passkey.adding ? t('passkey.waiting') : t('passkey.add')}
      </button>
      <span className="gw-muted">{t('passkey.addHint')}</span>
      {passkey.added ? (
        <p role="status" data-testid="gw-passkey-added">
          {t('passkey.added')}
        </p>
      ) : passkey.error ? (
        <p className="gw-error" role="alert" data-testid="gw-passkey-add-error">
          {known(passkey.error)}
        </p>
      ) : null}
    </div>
  )
}
