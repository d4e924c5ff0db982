/**
 * WalletReceive (docs/behaviour.md §2, §9 `receive`): the active namespace's connected address, as
 * text and as a QR code, with a copy button; the network it is on named above it. The address is
 * the engine's (the account model), public: it may show as text, unlike a pairing URI.
 */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useCopy } from '../use-copy.js'
import { useT } from '../i18n/i18n.js'
// This view is a lazy chunk of its own (lazy-views.tsx): the QR code comes in with it.
import { QrCode } from './QrCode.js'

/** The WalletReceive view's body (nothing while no account is connected). */
export function WalletReceiveView() {
  const { signals } = useClient()
  const account = useSignalValue(signals.account)
  const network = useSignalValue(signals.network)
  const { copied, copy } = useCopy()
  const { t } = useT()
  const address = account.address
  if (!address) return null
  return (
    <div className="gw-center" data-testid="gw-receive" data-namespace={account.namespace}>
      {network.name ? <span className="gw-muted">{t('receive.on', { network: network.name })}</span> : null}
      <div className="gw-qr" data-testid="gw-receive-qr">
        <QrCode value={address} label={t('receive.qrLabel')} />
      </div>
      <code className="gw-receive-address" data-testid="gw-receive-address">
        {address}
      </code>
      <button className="gw-btn" data-testid="gw-receive-copy" onClick={() => void copy(address)}>
        {copied === address ? t('receive.copied') : t('receive.copy')}
      </button>
    </div>
  )
}
