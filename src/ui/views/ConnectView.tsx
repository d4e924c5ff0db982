/**
 * Connect (docs/behaviour.md §2): WalletConnect, recent, installed, featured and recommended wallets in connector
 * group order, then the All Wallets entry. Names and icons are remote strings: text and <img src> only.
 * On a mobile device, tapping a registry wallet opens its deep link inside the tap when a pairing
 * URI is ready, before the connect is dispatched (open-wallet.ts).
 * The features shape it (docs/behaviour.md §9, the Connect model): the connect methods in order
 * (the wallet list, the email field, the social buttons, the passkey buttons), the legal
 * checkbox (until it is ticked, picking a wallet only highlights it), the wallet list folded
 * behind "Continue with a wallet" (collapseWallets), the All Wallets row (allWallets), the footer (branding).
 */
import { Fragment, useState, type ReactNode } from 'react'
import { rowConnectPayload } from '../../projections/connector-order.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'
import { AllWalletsIcon, WalletConnectIcon } from '../images/bundled-icons.js'
import { openOnTap } from '../client/open-wallet.js'
import { useLegalGate } from './LegalCheckbox.js'
import { EmailField } from './EmailField.js'
import { SocialButtons } from './SocialButtons.js'
import { PasskeyButtons } from './PasskeyButtons.js'

/** The All Wallets count as a tag: tens, rounded down ('160+'), in the locale's digits (`count`). */
const countTag = (n: number, count: (n: number) => string) => (n >= 10 ? `${count(Math.floor(n / 10) * 10)}+` : count(n))

export function ConnectView() {
  const { signals, dispatch } = useClient()
  const { rows, allWallets, methods, collapseWallets, branding, socials, passkey } = useSignalValue(signals.connect)
  const [expanded, setExpanded] = useState(false)
  const { t, format } = useT()
  // Until the visitor accepts the site's terms, a wallet row only highlights the checkbox.
  const { blocked, allowed, checkbox } = useLegalGate()

  const walletList = (): ReactNode => {
    if (collapseWallets && !expanded) {
      return (
        <ul className="gw-list" data-testid="gw-wallets-folded">
          <li>
            <button className="gw-row" data-testid="gw-continue-wallet" onClick={() => setExpanded(true)}>
              <AllWalletsIcon />
              <span className="gw-name">{t('connect.continueWallet')}</span>
            </button>
          </li>
        </ul>
      )
    }
    if (rows.length === 0) return <p className="gw-empty">{t('connect.empty')}</p>
    return (
      <ul className="gw-list" data-testid="gw-wallets">
        {rows.map((row) => (
          <li key={`${row.group}:${row.id}`}>
            <button
              className="gw-row"
              data-wallet-row={row.id}
              data-connector-type={row.type}
              data-group={row.group}
              data-chain={row.chain}
              data-leads-to={row.type === 'WALLET_CONNECT' ? 'ConnectingWalletConnect' : 'ConnectingExternal'}
              aria-disabled={blocked || undefined}
              aria-describedby={blocked ? 'gw-legal-text' : undefined}
              onClick={() => {
                if (!allowed()) return
                // Synchronously, inside the tap's user gesture; a no-op unless mobile with a URI ready.
                if (row.wallet) openOnTap(dispatch, row.wallet, signals.pairing.peek(), signals.walletConnect.peek().connecting)
                void dispatch({ type: 'connect/requested', payload: rowConnectPayload(row) })
              }}
            >
              {row.group === 'walletConnect' && !row.imageUrl ? <WalletConnectIcon /> : <Icon src={row.imageUrl} name={row.name} />}
              <span className="gw-name">{row.name}</span>
              {row.chain === 'solana' ? <span className="gw-chain">Solana</span> : row.chain === 'bip122' ? <span className="gw-chain">Bitcoin</span> : null}
              {row.type === 'ANNOUNCED' || row.type === 'INJECTED' ? <span className="gw-tag">{t('connect.installed')}</span> : null}
              {row.group === 'recent' ? <span className="gw-tag gw-tag-muted">{t('connect.recent')}</span> : null}
              {row.group === 'walletConnect' ? <span className="gw-tag gw-tag-blue">{t('connect.qrCode')}</span> : null}
            </button>
          </li>
        ))}
        {allWallets ? (
          <li>
            <button
              className="gw-row"
              data-testid="gw-all-wallets"
              data-leads-to="AllWallets"
              aria-disabled={blocked || undefined}
              aria-describedby={blocked ? 'gw-legal-text' : undefined}
              onClick={() => allowed() && void dispatch({ type: 'modal/navigate-requested', payload: { view: 'AllWallets' } })}
            >
              <AllWalletsIcon />
              <span className="gw-name">{t('connect.allWallets')}</span>
              <span className="gw-tag gw-tag-muted">{countTag(allWallets.count, format.count)}</span>
            </button>
          </li>
        ) : null}
      </ul>
    )
  }

  return (
    <>
      {checkbox}
      {/* The connect methods in order. */}
      {methods.map((m) =>
        m === 'wallet' ? (
          <Fragment key={m}>{walletList()}</Fragment>
        ) : m === 'email' ? (
          <EmailField key={m} allowed={allowed} />
        ) : m === 'passkey' ? (
          passkey ? <PasskeyButtons key={m} passkey={passkey} allowed={allowed} /> : null
        ) : (
          <SocialButtons key={m} socials={socials} allowed={allowed} />
        ),
      )}
      {branding ? (
        <p className="gw-footer" data-testid="gw-branding">
          {t('connect.branding')}
        </p>
      ) : null}
    </>
  )
}

