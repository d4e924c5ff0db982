/**
 * ConnectingFarcaster (docs/behaviour.md §2): the link the visitor's Farcaster app opens,
 * as a QR code with Copy link on a desktop, as an Open Farcaster button on a phone; the view waits
 * for the approval there (the page's auth bridge holds the link and the wait: it never reaches the
 * engine, nor any attribute or text here). Leaving it unconnected clears the link and reloads the
 * secure site 100 ms later (worker/effects/auth/auth-social.ts).
 */
import { useEffect, useState } from 'react'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useCopy } from '../use-copy.js'
import { useT } from '../i18n/i18n.js'
import { isMobileDevice } from '../device.js'
import { QrCode as QrImage } from './QrCode.js'

export function ConnectingFarcasterView() {
  const { signals, farcasterUrl } = useClient()
  const { socialLogin } = useSignalValue(signals.connect)
  const [url, setUrl] = useState<string>()
  const { copied, copy } = useCopy()
  const { t, known } = useT()
  useEffect(() => {
    let live = true
    void farcasterUrl?.().then((u) => live && setUrl(u))
    return () => void (live = false)
  }, [farcasterUrl])
  const waiting = <div className="gw-qr-wait">{t('wc.preparing')}</div>
  const connecting = socialLogin?.provider === 'farcaster' && socialLogin.step === 'connecting'
  return (
    <div className="gw-center" data-testid="gw-farcaster">
      {isMobileDevice() ? null : (
        <div className="gw-qr" data-testid="gw-farcaster-qr" data-ready={url ? '' : undefined}>
          {url ? <QrImage value={url} label={t('farcaster.qrLabel')} /> : waiting}
        </div>
      )}
      <span className="gw-muted">{connecting ? t('email.connecting') : t('farcaster.scan')}</span>
      {socialLogin?.error ? (
        <span className="gw-error" role="alert">
          {known(socialLogin.error)}
        </span>
      ) : null}
      <div className="gw-actions">
        {isMobileDevice() ? (
          <button className="gw-btn gw-primary" data-testid="gw-farcaster-open" disabled={!url} onClick={() => void (url && window.open(url, '_blank', 'noopener'))}>
            {t('farcaster.open')}
          </button>
        ) : (
          <button className="gw-btn" data-testid="gw-farcaster-copy" disabled={!url} onClick={() => void (url && copy(url))}>
            {copied !== undefined ? t('wc.copied') : t('wc.copy')}
          </button>
        )}
      </div>
    </div>
  )
}
