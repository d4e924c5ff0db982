/**
 * The Connect view's email field (docs/behaviour.md §2 connect methods): the visitor's
 * email, sent as `auth/email-submitted`; the engine refuses it without the email feature, before
 * the legal checkbox is ticked, or within 30 s of the last code, and the refusal shows under the
 * field. The steps that follow show in EmailLogin.
 */
import { useState } from 'react'
import { useClient } from '../client-context.js'
import { useT } from '../i18n/i18n.js'

export function EmailField({ allowed }: { allowed: () => boolean }) {
  const { dispatch } = useClient()
  const { t, known } = useT()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  return (
    <form
      className="gw-email"
      data-leads-to="EmailLogin"
      data-testid="gw-email-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!allowed()) return
        setError(undefined)
        dispatch({ type: 'auth/email-submitted', payload: { email } }).catch((err: Error) => setError(err.message))
      }}
    >
      <input
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        placeholder={t('email.placeholder')}
        aria-label={t('email.label')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'gw-email-error' : undefined}
        value={email}
        data-testid="gw-email-input"
        onChange={(e) => setEmail((e.target as HTMLInputElement).value)}
      />
      <button type="submit" className="gw-btn gw-primary" data-testid="gw-email-submit" disabled={email.trim() === ''}>
        {t('email.continue')}
      </button>
      {error ? (
        <p className="gw-error gw-email-error" id="gw-email-error" role="alert" data-testid="gw-email-error">
          {known(error)}
        </p>
      ) : null}
    </form>
  )
}
