/**
 * A 6-digit code field (EmailLogin, UpdateEmailWallet): digits only, sent as soon as the
 * sixth is typed through `send` (the page sends it to the secure site: the code never reaches the
 * engine), cleared once answered, with the refusal under it.
 */
import { useState } from 'react'
import { useT } from '../i18n/i18n.js'

/** How many digits a code has. */
export const OTP_LENGTH = 6

export function OtpField({ label, error, send }: { label: string; error?: string; send(code: string): Promise<void> }) {
  const { t, known } = useT()
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  return (
    <>
      <label className="gw-field gw-otp">
        {label}
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          value={code}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'gw-otp-error' : undefined}
          data-testid="gw-otp-input"
          onChange={(e) => {
            const digits = (e.target as HTMLInputElement).value.replace(/\D/g, '').slice(0, OTP_LENGTH)
            setCode(digits)
            if (digits.length !== OTP_LENGTH || busy) return
            setBusy(true)
            // Cleared once answered: a refused code (even with the same message as the last) leaves an empty field.
            send(digits).finally(() => (setBusy(false), setCode('')))
          }}
        />
      </label>
      {error ? (
        <p className="gw-error" id="gw-otp-error" role="alert" data-testid="gw-otp-error">
          {t('email.tryAgain', { message: known(error) })}
        </p>
      ) : null}
    </>
  )
}
