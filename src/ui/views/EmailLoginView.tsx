/**
 * EmailLogin (docs/behaviour.md §2): the email login's steps after the Connect view's
 * email field. Sending the code; the 6-digit code, typed here and sent to the secure site from the
 * page (client.submitOtp: the engine never sees it), with the secure site's refusal under the field;
 * the device link to open from the email; getting the account. Resend is offered 30 s after the
 * last code, with the seconds left shown until then.
 */
import { useEffect, useState } from 'react'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { OtpField } from './OtpField.js'
import { ERRORS } from '../../events/kernel/error-registry.js'

/** The seconds until `at` (ms since the epoch), ticking once a second; 0 once passed. */
function useSecondsUntil(at: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  const left = at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000))
  // A new code moves `at`: counted from now at once, not from the last tick.
  useEffect(() => setNow(Date.now()), [at])
  useEffect(() => {
    if (left === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [left === 0])
  return left
}

export function EmailLoginView() {
  const { signals, dispatch, submitOtp } = useClient()
  const { emailLogin } = useSignalValue(signals.connect)
  const { t, known } = useT()
  const wait = useSecondsUntil(emailLogin?.resendAt)
  const step = emailLogin?.step
  const email = emailLogin?.email ?? ''
  const resend = (
    <button className="gw-link" data-testid="gw-email-resend" disabled={wait > 0 || step === 'sending'} onClick={() => void dispatch({ type: 'auth/email-submitted', payload: { email } }).catch(() => undefined)}>
      {wait > 0 ? t('email.resendIn', { seconds: wait }) : t('email.resend')}
    </button>
  )

  if (step === 'sending' || step === 'connecting') {
    return (
      <div className="gw-center" data-testid="gw-email-wait" aria-busy="true">
        <div className="gw-skeleton gw-email-spinner" />
        <p className="gw-muted">{step === 'sending' ? t('email.sending', { email }) : t('email.connecting')}</p>
      </div>
    )
  }
  if (step === 'verify-device') {
    return (
      <div className="gw-center" data-testid="gw-email-device">
        <p>{t('email.deviceTitle')}</p>
        <p className="gw-muted">{t('email.deviceText', { email })}</p>
        {resend}
      </div>
    )
  }
  if (step === 'verify-otp') {
    return (
      <div className="gw-center" data-testid="gw-email-otp">
        <p className="gw-muted">{t('email.codeSent', { email })}</p>
        <OtpField label={t('email.codeLabel')} error={emailLogin?.error} send={(code) => submitOtp?.(code) ?? Promise.resolve()} />
        {resend}
      </div>
    )
  }
  return (
    <div className="gw-center" data-testid="gw-email-failed">
      <p className="gw-error" role="alert">
        {known(emailLogin?.error ?? ERRORS.failedToConnect.message)}
      </p>
      <button className="gw-btn" onClick={() => void dispatch({ type: 'modal/back-requested', payload: {} })}>
        {t('connecting.retry')}
      </button>
    </div>
  )
}
