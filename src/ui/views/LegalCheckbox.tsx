/**
 * The Connect view's legal checkbox (features.legalCheckbox, docs/api.md): the visitor accepts the
 * site's terms and privacy policy before any connect; ConnectView blocks the wallet rows until then.
 */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'

/** Markers the translated sentence carries where the links go (never in a catalogue's text). */
const TERMS = '\u0000terms\u0000'
const PRIVACY = '\u0000privacy\u0000'

/**
 * The legal checkbox: 'I agree to the {terms} and the {privacy}' in the visitor's language, each
 * name a link to the site's document (opened in a new tab, its URL checked by the URL validator in
 * core.ts) or plain text when the site gave none. Highlighted, with a hint, after a blocked pick.
 */
export function LegalCheckbox({ highlighted }: { highlighted: boolean }) {
  const { legal } = useClient()
  const accepted = useSignalValue(legal.accepted)
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
  return (
    <div className="gw-legal" data-testid="gw-legal" data-highlighted={highlighted ? '' : undefined}>
      <label>
        <input type="checkbox" data-testid="gw-legal-checkbox" checked={accepted} onChange={(e) => (legal.accepted.value = e.currentTarget.checked)} />
        <span id="gw-legal-text">{parts}</span>
      </label>
      {highlighted ? (
        <p className="gw-legal-hint" data-testid="gw-legal-hint" role="alert">
          {t('legal.required')}
        </p>
      ) : null}
    </div>
  )
}
