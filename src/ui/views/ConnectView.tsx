/**
 * Connect (docs/behaviour.md §2): WalletConnect, recent, installed, featured and recommended wallets in connector
 * group order, then the All Wallets entry. Names and icons are remote strings: text and <img src> only.
 * On a mobile device, tapping a registry wallet opens its deep link inside the tap when a pairing
 * URI is ready, before the connect is dispatched (open-wallet.ts, issue 16).
 */
import { rowConnectPayload } from '../../projections/connector-order.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'
import { AllWalletsIcon, WalletConnectIcon } from '../images/bundled-icons.js'
import { openOnTap } from './open-wallet.js'

/** The All Wallets count as a tag: tens, rounded down ('160+'), in the locale's digits (`count`). */
const countTag = (n: number, count: (n: number) => string) => (n >= 10 ? `${count(Math.floor(n / 10) * 10)}+` : count(n))

export function ConnectView() {
  const { signals, dispatch } = useClient()
  const { rows, allWallets } = useSignalValue(signals.connect)
  const { t, format } = useT()
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
            onClick={() => {
              // Synchronously, inside the tap's user gesture; a no-op unless mobile with a URI ready.
              if (row.wallet) openOnTap(dispatch, row.wallet, signals.pairing.peek(), signals.walletConnect.peek().connecting)
              void dispatch({ type: 'connect/requested', payload: rowConnectPayload(row) })
            }}
          >
            {row.group === 'walletConnect' && !row.imageUrl ? <WalletConnectIcon /> : <Icon src={row.imageUrl} name={row.name} />}
            <span className="gw-name">{row.name}</span>
            {row.chain === 'solana' ? <span className="gw-chain">Solana</span> : null}
            {row.type === 'ANNOUNCED' || row.type === 'INJECTED' ? <span className="gw-tag">{t('connect.installed')}</span> : null}
            {row.group === 'recent' ? <span className="gw-tag gw-tag-muted">{t('connect.recent')}</span> : null}
            {row.group === 'walletConnect' ? <span className="gw-tag gw-tag-blue">{t('connect.qrCode')}</span> : null}
          </button>
        </li>
      ))}
      {allWallets ? (
        <li>
          <button className="gw-row" data-testid="gw-all-wallets" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'AllWallets' } })}>
            <AllWalletsIcon />
            <span className="gw-name">{t('connect.allWallets')}</span>
            <span className="gw-tag gw-tag-muted">{countTag(allWallets.count, format.count)}</span>
          </button>
        </li>
      ) : null}
    </ul>
  )
}
