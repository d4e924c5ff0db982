/**
 * The legal checkbox (features.legalCheckbox, docs/api.md): the visitor accepts the site's terms and
 * privacy policy before any connect. `useLegalGate` gives each view that can start a connect
 * (Connect, All Wallets, the WalletConnect basic view) the checkbox and the rule: until the tick,
 * a pick only highlights the checkbox with a hint. The tick is the engine's
 * (`legal/acceptance-changed`, projections/slices/legal.ts), which refuses a connect without it.
 */
import { useEffect, useState, type ReactElement } from 'react'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'

/** Markers the translated sentence carries where the links go (never in a catalogue's text). */
const TERMS = '\u0000terms\u0000'
const PRIVACY = '\u0000privacy\u0000'

/**
 * The checkbox: 'I agree to the {terms} and the {privacy}' in the visitor's language, each name a
 * link to the site's document (opened in a new tab, its URL checked by the URL validator in
 * core.ts) or plain text when the site gave none. Highlighted, with a hint, after a blocked pick.
 * Its tick shows at once and is the engine's when it answers.
 */
function LegalCheckbox({ highlighted, accepted }: { highlighted: boolean; accepted: boolean }) {
  const { legal, dispatch } = useClient()
  const [tick, setTick] = useState<boolean>()
  useEffect(() => {
    if (tick === accepted) setTick(undefined)
  }, [tick, accepted])
  const { t } = useT()
  const link = (href: string | undefined, text: string, testid: string) =>
    href ? (
      <a key={testid} href={href} target="_blank" rel="noopener noreferrer" data-testid={testid}>
        {text}
      </a>
    ) : (
      <span key={testid}>{text}</span>
    )
  const parts = t('legal.accept', { terms: TERMS, privacy: PRIVACY })
    .split(/(\u0000terms\u0000|\u0000privacy\u0000)/)
    .map((part, i) =>
      part === TERMS ? link(legal.termsConditionsUrl, t('legal.terms'), 'gw-legal-terms') : part === PRIVACY ? link(legal.privacyPolicyUrl, t('legal.privacy'), 'gw-legal-privacy') : part ? <span key={i}>{part}</span> : null,
    )
  // The highlight goes with the visitor's tick at once, as the tick shows at once (not when the engine answers).
  const ticked = tick ?? accepted
  const shown = highlighted && !ticked
  const change = (value: boolean) => {
    setTick(value)
    dispatch({ type: 'legal/acceptance-changed', payload: { accepted: value } }).catch(() => setTick(undefined))
  }
  return (
    <div className="gw-legal" data-testid="gw-legal" data-highlighted={shown ? '' : undefined}>
      <label>
        <input type="checkbox" data-testid="gw-legal-checkbox" checked={ticked} onChange={(e) => change(e.currentTarget.checked)} />
        <span id="gw-legal-text">{parts}</span>
      </label>
      {shown ? (
        <p className="gw-legal-hint" data-testid="gw-legal-hint" role="alert">
          {t('legal.required')}
        </p>
      ) : null}
    </div>
  )
}

/** What a view that can start a connect needs of the legal checkbox. */
export interface LegalGate {
  /** The site asks for the tick and the visitor has not given it: picks must not connect. */
  blocked: boolean
  /** Call before a pick: true when it may go on; false highlights the checkbox instead. */
  allowed(): boolean
  /** The checkbox to render above the view's rows, or null when the site does not ask. */
  checkbox: ReactElement | null
}

/** The legal gate of one view (see the module's comment). */
export function useLegalGate(): LegalGate {
  const { signals } = useClient()
  const { legalCheckbox, legalAccepted } = useSignalValue(signals.connect)
  const [highlighted, setHighlighted] = useState(false)
  const blocked = legalCheckbox && !legalAccepted
  return {
    blocked,
    allowed() {
      if (blocked) setHighlighted(true)
      return !blocked
    },
    checkbox: legalCheckbox ? <LegalCheckbox highlighted={highlighted && !legalAccepted} accepted={legalAccepted} /> : null,
  }
}
