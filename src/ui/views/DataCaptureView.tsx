/**
 * DataCapture (docs/behaviour.md §2): after a sign-in, with the `emailCapture` remote
 * feature on and a site `siwx` that takes an email, the visitor may give the site an email for the
 * signed-in account: the email goes to the site's `siwx.requestEmailOtp` from the page; when the
 * site mailed a code, the code goes to `siwx.confirmEmailOtp`. Neither reaches the engine, which
 * hears only `data-capture/completed`, or `data-capture/skipped` on Skip; then Account shows.
 */
import { useState } from 'react'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { OtpField } from './OtpField.js'

/** A short message of what the site threw, for the view (its text, at most 200 characters). */
const reason = (error: unknown): string => ((error as Error)?.message || 'Error').slice(0, 200)

export function DataCaptureView() {
  const { signals, dispatch, captureEmail } = useClient()
  const { caipAddress } = useSignalValue(signals.account)
  const { t, known } = useT()
  const [email, setEmail] = useState('')
  const [step, setStep] = useState<'email' | 'sending' | 'code'>('email')
  const [error, setError] = useState<string>()
  const done = () => void dispatch({ type: 'data-capture/completed', payload: {} }).catch(() => undefined)
  const skip = (
    <button type="button" className="gw-btn" data-testid="gw-data-capture-skip" onClick={() => void dispatch({ type: 'data-capture/skipped', payload: {} }).catch(() => undefined)}>
      {t('dataCapture.skip')}
    </button>
  )
  if (step === 'code') {
    return (
      <div className="gw-center" data-testid="gw-data-capture" data-step="code">
        <p className="gw-muted">{t('email.codeSent', { email: email.trim() })}</p>
        <OtpField
          label={t('email.codeLabel')}
          error={error}
          send={(code) =>
            captureEmail!.confirm(code).then(
              () => done(),
              (e: unknown) => setError(reason(e)),
            )
          }
        />
        <div className="gw-actions">{skip}</div>
      </div>
    )
  }
  return (
    <form
      className="gw-send"
      data-testid="gw-data-capture"
      data-step={step}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!captureEmail || !caipAddress) return
        setError(undefined)
        setStep('sending')
        captureEmail.request(email, caipAddress).then(
          (next) => (next === 'code' ? setStep('code') : done()),
          (e: unknown) => (setError(reason(e)), setStep('email')),
        )
      }}
    >
      <p className="gw-muted">{t('dataCapture.text')}</p>
      <label className="gw-field">
        {t('dataCapture.label')}
        <input type="email" autoComplete="email" inputMode="email" maxLength={254} value={email} data-testid="gw-data-capture-input" onChange={(e) => setEmail((e.target as HTMLInputElement).value)} />
      </label>
      {error ? (
        <p className="gw-error" role="alert" data-testid="gw-data-capture-error">
          {known(error)}
        </p>
      ) : null}
      <div className="gw-actions">
        {skip}
        <button type="submit" className="gw-btn gw-primary" data-testid="gw-data-capture-submit" disabled={step === 'sending' || !email.includes('@')}>
          {t('dataCapture.submit')}
        </button>
      </div>
    </form>
  )
}
