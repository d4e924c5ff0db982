/**
 * ConnectingWalletConnect and ConnectingWalletConnectBasic (docs/behaviour.md §2): the pairing URI as a QR code,
 * a copy button, and the wallet's links: on mobile its deep link opens at once (the page opens it,
 * the engine cannot) and is remembered as the deep link choice (docs/behaviour.md §3). A URI near its expiry is
 * replaced by the engine (docs/behaviour.md §5, §9); a refusal shows 'Connection rejected' and a retry.
 */
import { useEffect, useRef, useState } from 'react'
import type { WalletRef, WALLETCONNECT_CONNECTOR_ID } from '../../contract.js'
import { walletDeepLink } from '../../projections/wallet-rules.js'
import { navigationFor, walletLink } from '../../events/urls.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { QrCode } from './lazy-views.js'
import { isMobileDevice } from '../device.js'
import { Icon } from '../images/Icon.js'
import { WalletConnectIcon } from '../images/bundled-icons.js'

/** The WalletConnect connector's id (type-checked against the engine's constant). */
const WALLETCONNECT: typeof WALLETCONNECT_CONNECTOR_ID = 'walletConnect'

function Pairing({ basic }: { basic: boolean }) {
  const { signals, dispatch } = useClient()
  const wc = useSignalValue(signals.walletConnect)
  const pairing = useSignalValue(signals.pairing)
  const network = useSignalValue(signals.network)
  const [copied, setCopied] = useState(false)
  const { t, known } = useT()
  const opened = useRef<string | undefined>(undefined)
  const wallet: WalletRef | undefined = wc.wallet
  const request = () => void dispatch({ type: 'connect/requested', payload: { connectorId: WALLETCONNECT, namespace: network.namespace ?? 'eip155', ...(wallet ? { wallet } : {}) } })

  // Basic mode opens straight onto this view: it starts the pairing itself.
  useEffect(() => {
    if (basic && !wc.connecting && !wc.error) request()
  }, [basic])

  // Links the validator refuses get no button and open nothing.
  const mobileLink = walletLink(wallet?.mobileLink) ? wallet!.mobileLink : undefined
  const desktopLink = walletLink(wallet?.desktopLink) ? wallet!.desktopLink : undefined
  // The last check before navigating (issue 13): logs from older builds hold links nobody checked.
  // A refused link opens nothing; a custom scheme opens in this tab, https in a new one.
  const openWallet = (link: string, uri: string) => {
    const to = navigationFor(walletDeepLink(link, uri))
    if (!to) return
    void dispatch({ type: 'walletconnect/deep-link-opened', payload: { name: wallet?.name ?? 'WalletConnect', href: link } })
    if (to.target === 'new-tab') window.open(to.href, '_blank', 'noreferrer,noopener')
    else window.location.href = to.href
  }
  // On mobile the picked wallet opens with the first URI of each pairing.
  useEffect(() => {
    if (!pairing || !mobileLink || !isMobileDevice() || opened.current === pairing.pairingTopic) return
    opened.current = pairing.pairingTopic
    openWallet(mobileLink, pairing.uri)
  }, [pairing?.pairingTopic, mobileLink])

  const copy = async () => {
    if (!pairing) return
    try {
      await navigator.clipboard.writeText(pairing.uri)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

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
      {/* The URI carries the pairing key: only the QR image encodes it, never an attribute or text (issue 13). */}
      <div className="gw-qr" data-testid="gw-qr" data-ready={pairing ? '' : undefined}>
        {pairing ? <QrCode value={pairing.uri} label={t('wc.qrLabel')} fallback={waiting} /> : waiting}
      </div>
      <span className="gw-muted">{wallet ? t('wc.scanWith', { wallet: wallet.name }) : t('wc.scanPhone')}</span>
      <div className="gw-actions">
        <button className="gw-btn" data-testid="gw-copy" disabled={!pairing} onClick={() => void copy()}>
          {copied ? t('wc.copied') : t('wc.copy')}
        </button>
        {pairing && mobileLink ? (
          <button className="gw-btn" data-testid="gw-open-wallet" onClick={() => openWallet(mobileLink, pairing.uri)}>
            {t('wc.open', { wallet: wallet!.name })}
          </button>
        ) : null}
        {pairing && !mobileLink && desktopLink ? (
          <button className="gw-btn" data-testid="gw-open-desktop" onClick={() => openWallet(desktopLink, pairing.uri)}>
            {t('wc.openDesktop')}
          </button>
        ) : null}
      </div>
      {basic ? (
        <button className="gw-link" data-testid="gw-all-wallets" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'AllWallets' } })}>
          {t('wc.allWallets')}
        </button>
      ) : null}
    </div>
  )
}

export const ConnectingWalletConnectView = () => <Pairing basic={false} />
export const ConnectingWalletConnectBasicView = () => <Pairing basic />
