/**
 * UpdateEmailWallet (docs/behaviour.md §2): the email login's current email and a field
 * for the new one (Submit once it is longer than 3 characters and differs); then the code mailed to
 * the current address, then the one mailed to the new address, each typed here and sent to the
 * secure site from the page (client.submitUpdateOtp); the modal goes back once the email changed.
 */
import { useState } from 'react'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { OtpField } from './OtpField.js'

export function UpdateEmailWalletView() {
  const { signals, dispatch, submitUpdateOtp } = useClient()
  const { emailUpdate } = useSignalValue(signals.connect)
  const { t, known } = useT()
  const [email, setEmail] = useState('')
  const [refused, setRefused] = useState<string>()
  const current = emailUpdate?.current ?? ''
  const step = emailUpdate?.step
  if (step === 'primary-otp' || step === 'secondary-otp') {
    const to = step === 'primary-otp' ? current : emailUpdate?.email ?? ''
    return (
      <div className="gw-center" data-testid="gw-update-email-otp" data-step={step}>
        <p className="gw-muted">{t('email.codeSent', { email: to })}</p>
        <OtpField label={t('email.codeLabel')} error={emailUpdate?.error} send={(code) => submitUpdateOtp?.(code) ?? Promise.resolve()} />
      </div>
    )
  }
  const next = email.trim()
  return (
    <form
      className="gw-send"
      data-testid="gw-update-email"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setRefused(undefined)
        dispatch({ type: 'auth/email-update-requested', payload: { email: next } }).catch((err: Error) => setRefused(err.message))
      }}
    >
      <p className="gw-muted">{t('updateEmail.current', { email: current })}</p>
      <label className="gw-field">
        {t('updateEmail.label')}
        <input type="email" autoComplete="email" inputMode="email" maxLength={254} value={email} data-testid="gw-update-email-input" onChange={(e) => setEmail((e.target as HTMLInputElement).value)} />
      </label>
      {refused || emailUpdate?.error ? (
        <p className="gw-error" role="alert" data-testid="gw-update-email-error">
          {known(refused ?? emailUpdate!.error!)}
        </p>
      ) : null}
      <button type="submit" className="gw-btn gw-primary" data-testid="gw-update-email-submit" disabled={next.length <= 3 || next.toLowerCase() === current.toLowerCase() || step === 'sending'}>
        {t('updateEmail.submit')}
      </button>
    </form>
  )
}
