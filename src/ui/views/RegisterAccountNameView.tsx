/**
 * RegisterAccountName and RegisterAccountNameSuccess (docs/behaviour.md §2, §4 name registration,
 * §5 account name rule): the visitor types a label (`name/suggestions-requested` on each
 * change; the engine waits 500 ms, then asks the name service), sees `<label>.<zone>`, the rule's
 * message, and suggestions marked when taken (a free one fills the field); Register asks the wallet
 * to sign the registration message (`name/register-requested`), and a failure or a refused
 * signature shows here. Once registered, RegisterAccountNameSuccess names the new profile name.
 */
import { useState } from 'react'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'

export function RegisterAccountNameView() {
  const { signals, dispatch } = useClient()
  const names = useSignalValue(signals.names)
  const { t, known } = useT()
  const [label, setLabel] = useState(names.label)
  const [refused, setRefused] = useState<string>()
  const typed = (value: string) => {
    setLabel(value)
    setRefused(undefined)
    void dispatch({ type: 'name/suggestions-requested', payload: { label: value } }).catch(() => undefined)
  }
  const registering = names.registering !== undefined
  const message = refused ?? names.problem ?? names.error
  return (
    <form
      className="gw-send"
      data-testid="gw-register-name"
      aria-busy={registering}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        setRefused(undefined)
        dispatch({ type: 'name/register-requested', payload: { label } }).catch((err: Error) => setRefused(err.message))
      }}
    >
      <label className="gw-field">
        {t('names.label')}
        <input autoComplete="off" spellCheck={false} maxLength={64} value={label} data-testid="gw-register-name-input" onChange={(e) => typed((e.target as HTMLInputElement).value)} />
      </label>
      <p className="gw-muted" data-testid="gw-register-name-full">
        {label ? `${label.toLowerCase()}.${names.zone}` : t('names.hint', { zone: names.zone })}
      </p>
      {message ? (
        <p className="gw-error" role="alert" data-testid="gw-register-name-error">
          {known(message)}
        </p>
      ) : null}
      <ul className="gw-list" data-testid="gw-name-suggestions" aria-busy={names.loading}>
        {names.suggestions.map((s) => (
          <li key={s.name}>
            <button type="button" className="gw-row" data-name={s.name} data-registered={s.registered ? '' : undefined} disabled={s.registered || registering} onClick={() => typed(s.name.split('.')[0]!)}>
              <span className="gw-name">{s.name}</span>
              <span className="gw-muted">{s.registered ? t('names.taken') : t('names.available')}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="submit" className="gw-btn gw-primary" data-testid="gw-register-name-submit" disabled={registering || label === '' || names.problem !== undefined}>
        {registering ? t('names.registering') : t('names.register')}
      </button>
    </form>
  )
}

export function RegisterAccountNameSuccessView() {
  const { signals, dispatch } = useClient()
  const { registered } = useSignalValue(signals.names)
  const { t } = useT()
  return (
    <div className="gw-center" data-testid="gw-register-name-success">
      <p>{t('names.success', { name: registered ?? '' })}</p>
      <button className="gw-btn gw-primary" data-testid="gw-register-name-done" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'Account' } }).catch(() => undefined)}>
        {t('names.done')}
      </button>
    </div>
  )
}
