/**
 * The Connect view's social login (docs/behaviour.md §2 connect methods): the first
 * provider as a wide "Continue with …" button, the others beside it, the rest behind "More" past
 * four. A click opens the provider's popup at once, inside the click (client.startSocial), before
 * anything is awaited; Farcaster opens ConnectingFarcaster instead. Provider names are brand names, shown as they are.
 */
import { useState } from 'react'
import type { SocialProvider } from '../../events/kernel/host-options.js'
import { useClient } from '../client-context.js'
import { useT } from '../i18n/i18n.js'

/** Each provider's name as the provider writes it. */
const NAMES: Record<SocialProvider, string> = { google: 'Google', x: 'X', discord: 'Discord', farcaster: 'Farcaster', github: 'GitHub', apple: 'Apple', facebook: 'Facebook' }
/** The providers shown beside the first before "More". */
const SHOWN = 4

export function SocialButtons({ socials, allowed }: { socials: SocialProvider[]; allowed: () => boolean }) {
  const { startSocial, dispatch } = useClient()
  const { t } = useT()
  const [more, setMore] = useState(false)
  const [first, ...others] = socials
  if (!first || !startSocial) return null
  const start = (provider: SocialProvider) => {
    if (!allowed()) return
    // Farcaster has no popup: its link shows as a QR code (ConnectingFarcaster).
    if (provider === 'farcaster') return void dispatch({ type: 'auth/farcaster-requested', payload: {} }).catch(() => undefined)
    // Synchronously inside the click: the popup opens before any await.
    void startSocial(provider).catch(() => undefined)
  }
  const shown = more || others.length <= SHOWN ? others : others.slice(0, SHOWN - 1)
  return (
    <div className="gw-socials" data-testid="gw-socials">
      <button className="gw-row" data-social={first} data-leads-to={first === 'farcaster' ? 'ConnectingFarcaster' : 'Account'} onClick={() => start(first)}>
        <span className="gw-name">{t('social.continueWith', { provider: NAMES[first] })}</span>
      </button>
      {shown.length ? (
        <div className="gw-social-row">
          {shown.map((p) => (
            <button key={p} className="gw-btn" data-social={p} data-leads-to={p === 'farcaster' ? 'ConnectingFarcaster' : 'Account'} aria-label={t('social.continueWith', { provider: NAMES[p] })} onClick={() => start(p)}>
              {NAMES[p]}
            </button>
          ))}
          {shown.length < others.length ? (
            <button className="gw-btn" data-testid="gw-social-more" onClick={() => setMore(true)}>
              {t('social.more')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

export { NAMES as SOCIAL_NAMES }
