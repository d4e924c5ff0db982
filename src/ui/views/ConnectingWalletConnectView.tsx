/**
 * ConnectingWalletConnect and ConnectingWalletConnectBasic (docs/behaviour.md §2): the pairing URI as a QR code,
 * a copy button, and the wallet's links: on mobile its deep link opens with each new pairing URI
 * unless the tap that picked the wallet already opened it (open-wallet.ts; the page opens it, the
 * engine cannot), and is remembered as the deep link choice (docs/behaviour.md §3). A URI near its
 * expiry is replaced by the engine (docs/behaviour.md §5, §9); a refusal shows 'Connection rejected' and a retry.
 */
import { useEffect } from 'react'
import type { WalletRef, WALLETCONNECT_CONNECTOR_ID } from '../../contract.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useCopy } from '../use-copy.js'
import { useT } from '../i18n/i18n.js'
import { QrCode } from './lazy-views.js'
import { isMobileDevice } from '../device.js'
import { checkedWalletLink, openWallet, wasOpened } from '../client/open-wallet.js'
import { Icon } from '../images/Icon.js'
import { WalletConnectIcon } from '../images/bundled-icons.js'
import { useLegalGate } from './LegalCheckbox.js'

/** The WalletConnect connector's id (type-checked against the engine's constant). */
const WALLETCONNECT: typeof WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

function Pairing({ basic }: { basic: boolean }) {
  const { signals, dispatch } = useClient()
  const wc = useSignalValue(signals.walletConnect)
  const pairing = useSignalValue(signals.pairing)
  const network = useSignalValue(signals.network)
  const { copied, copy } = useCopy()
  const { t, known } = useT()
  const wallet: WalletRef | undefined = wc.wallet
  // With the legal checkbox on, no pairing starts before the tick (the engine refuses it too).
  const { blocked, checkbox } = useLegalGate()
  const request = () => void dispatch({ type: 'connect/requested', payload: { connectorId: WALLETCONNECT, namespace: network.namespace ?? 'eip155', ...(wallet ? { wallet } : {}) } })

  // Basic mode opens straight onto this view: it starts the pairing itself.
  useEffect(() => {
    if (basic && !blocked && !wc.connecting && !wc.error) request()
  }, [basic, blocked])

  // Links the validator refuses get no button and open nothing; openWallet checks again right
  // before navigating (logs from older builds hold links nobody checked).
  const mobileLink = checkedWalletLink(wallet?.mobileLink)
  const desktopLink = checkedWalletLink(wallet?.desktopLink)
  const open = (link: string) => pairing && openWallet(dispatch, wallet?.name, link, pairing)
  // On mobile the picked wallet opens with the first URI of each pairing, unless the tap that
  // picked it already opened this one (inside its gesture, open-wallet.ts openOnTap).
  useEffect(() => {
    if (!pairing || !mobileLink || !isMobileDevice() || wasOpened(pairing, mobileLink)) return
    openWallet(dispatch, wallet?.name, mobileLink, pairing)
  }, [pairing?.pairingTopic, mobileLink])

  // Until the tick, only the checkbox; the tick starts the pairing, and the connect moves on to ConnectingWalletConnect.
  if (blocked) return checkbox
  if (wc.error && !wc.connecting) {
    return (
      <div className="gw-center" data-testid="gw-wc">
        {wallet ? <Icon src={wallet.imageUrl} name={wallet.name} size="big" /> : <WalletConnectIcon size="big" />}
        <strong>{wallet?.name ?? 'WalletConnect'}</strong>
        <span className="gw-error" data-testid="gw-connect-error">
          {known(wc.error)}
        </span>
        <button className="gw-btn" data-testid="gw-retry" onClick={request}>
          {t('connecting.retry')}
        </button>
      </div>
    )
  }
  const waiting = <div className="gw-qr-wait">{t('wc.preparing')}</div>
  return (
    <div className="gw-center" data-testid="gw-wc" data-pairing-topic={pairing?.pairingTopic} data-expires-at={pairing?.expiresAt}>
      {/* The URI carries the pairing key: only the QR image encodes it, never an attribute or text. */}
      <div className="gw-qr" data-testid="gw-qr" data-ready={pairing ? '' : undefined}>
        {pairing ? <QrCode value={pairing.uri} label={t('wc.qrLabel')} fallback={waiting} /> : waiting}
      </div>
      <span className="gw-muted">{wallet ? t('wc.scanWith', { wallet: wallet.name }) : t('wc.scanPhone')}</span>
      <div className="gw-actions">
        <button className="gw-btn" data-testid="gw-copy" disabled={!pairing} onClick={() => void (pairing && copy(pairing.uri))}>
          {copied !== undefined ? t('wc.copied') : t('wc.copy')}
        </button>
        {pairing && mobileLink ? (
          <button className="gw-btn" data-testid="gw-open-wallet" onClick={() => open(mobileLink)}>
            {t('wc.open', { wallet: wallet!.name })}
          </button>
        ) : null}
        {pairing && !mobileLink && desktopLink ? (
          <button className="gw-btn" data-testid="gw-open-desktop" onClick={() => open(desktopLink)}>
            {t('wc.openDesktop')}
          </button>
        ) : null}
      </div>
      {basic ? (
        <button className="gw-link" data-testid="gw-all-wallets" data-leads-to="AllWallets" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'AllWallets' } })}>
          {t('wc.allWallets')}
        </button>
      ) : null}
    </div>
  )
}

export const ConnectingWalletConnectView = () => <Pairing basic={false} />
export const ConnectingWalletConnectBasicView = () => <Pairing basic />
