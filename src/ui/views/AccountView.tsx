/**
 * Account (docs/behaviour.md §2): the active wallet (its icon and name: the control that opens
 * ProfileWallets), the avatar (the identity's image, else colours from the address), the
 * name or the short address, the site's label for it (addressLabels), the block explorer link
 * (addressExplorerUrl, through the URL validator right before it renders), the native balance
 * floored to 3 decimals, the network balance in USD, the network, the wallet features on (Receive,
 * Send) in the site's order (the Account actions model, docs/behaviour.md §9), "Choose a name" for an
 * EVM account without one (RegisterAccountName), *Add a passkey* for a passkey's account (AddPasskey) and Disconnect, then
 * the tabs. A lazy chunk with its tabs and its CSS (account-styles.ts), as ProfileWallets is
 * (lazy-views.tsx).
 */
import { useRef } from 'react'
import type { AccountAction, AccountModel, ViewName } from '../../contract.js'
import type { MessageId } from '../i18n/messages.js'
import { avatarColors, shortenAddress } from '../../projections/format-address.js'
import { documentLink } from '../../events/kernel/urls.js'
import { PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import { Icon } from '../images/Icon.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { accountCss } from './account-styles.js'
import { AccountTabs } from './AccountTabs.js'
import { AddPasskey } from './AddPasskey.js'
import { useViewCss } from './use-view-css.js'

/** Each Account action's view, label and test id. */
/** The account type switch's label, by the type it switches to (docs/behaviour.md §6). */
const ACCOUNT_TYPE_LABELS: Record<NonNullable<AccountModel['accountTypeSwitch']>, MessageId> = { smartAccount: 'account.toSmartAccount', eoa: 'account.toEoa', ordinal: 'account.toOrdinal', payment: 'account.toPayment' }

const ACTIONS: Record<AccountAction, { view: ViewName; label: MessageId; testId: string }> = {
  onramp: { view: 'OnRampProviders', label: 'account.buy', testId: 'gw-open-buy' },
  swaps: { view: 'Swap', label: 'account.swap', testId: 'gw-open-swap' },
  receive: { view: 'WalletReceive', label: 'account.receive', testId: 'gw-open-receive' },
  send: { view: 'WalletSend', label: 'account.send', testId: 'gw-open-send' },
}

export function AccountView() {
  const { signals, dispatch } = useClient()
  const account = useSignalValue(signals.account)
  const network = useSignalValue(signals.network)
  // One field of the tabs' model: a tab switch or a tab's rows do not render the whole view again.
  const networkBalanceUsd = useSignalValue(signals.accountTabs, (v) => v.networkBalanceUsd)
  const { actions } = useSignalValue(signals.accountActions)
  const { canChoose } = useSignalValue(signals.names)
  const { t, known, format } = useT()
  const root = useRef<HTMLDivElement>(null)
  useViewCss(root, accountCss)
  if (!account.address) return null
  const { base, tint } = avatarColors(account.address)
  const wallet = account.connectedWalletInfo
  const explorer = documentLink(account.addressExplorerUrl)
  return (
    <div className="gw-account" data-testid="gw-account" ref={root}>
      <div className="gw-center">
        <button
          type="button"
          className="gw-wallets-btn"
          data-testid="gw-wallets-button"
          aria-label={wallet ? t('account.walletsButton', { wallet: wallet.name }) : undefined}
          data-leads-to="ProfileWallets"
          onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'ProfileWallets' } })}
        >
          {wallet ? <Icon src={wallet.icon} name={wallet.name} shape="circle" /> : null}
          <span>{wallet ? wallet.name : t('header.wallets')}</span>
        </button>
        {account.profileImage ? (
          <img className="gw-avatar" data-testid="gw-avatar" src={account.profileImage} alt="" />
        ) : (
          <div className="gw-avatar" data-testid="gw-avatar" data-color={base} style={{ background: `radial-gradient(circle at 30% 30%, ${tint}, ${base})` }} />
        )}
        {account.profileName ? (
          <span className="gw-address" data-testid="gw-profile-name" title={account.address}>
            {account.profileName}
          </span>
        ) : null}
        <span className={account.profileName ? 'gw-muted' : 'gw-address'} data-testid="gw-address" title={account.address}>
          {shortenAddress(account.address)}
        </span>
        {account.label ? (
          <span className="gw-muted gw-address-label" data-testid="gw-account-label">
            {account.label}
          </span>
        ) : null}
        {explorer ? (
          <a className="gw-link" data-testid="gw-explorer-link" href={explorer} target="_blank" rel="noopener noreferrer">
            {t('account.explorer')}
          </a>
        ) : null}
        <span className="gw-balance" data-testid="gw-balance">
          {account.balance !== undefined ? `${format.amount(account.balance)} ${account.balanceSymbol ?? ''}`.trim() : account.balanceLoading ? t('account.loadingBalance') : '—'}
        </span>
        {networkBalanceUsd !== undefined ? (
          <span className="gw-muted gw-usd" data-testid="gw-network-usd">
            {format.usd(networkBalanceUsd)}
          </span>
        ) : null}
        {account.connectorId === PASSKEY_CONNECTOR_ID && account.balance !== undefined && Number(account.balance) === 0 ? (
          // docs/behaviour.md §2 Passkey: before the first funding, the visitor learns that the passkey is the account's only key.
          <p className="gw-passkey-warning" role="note" data-testid="gw-passkey-warning">
            {t('passkey.onlyKey')}
          </p>
        ) : null}
        {account.passkey ? <AddPasskey passkey={account.passkey} /> : null}
        <button className="gw-network" data-testid="gw-network" data-leads-to="SwitchNetwork" data-unsupported={network.unsupported ? '' : undefined} onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'SwitchNetwork' } })}>
          {/* A chain the site did not list is named by the engine ('Unknown network'). */}
          {(network.unsupported && network.name ? known(network.name) : network.name) ?? ''}
        </button>
        {account.accountTypeSwitch && account.namespace ? (
          // docs/behaviour.md §6: an email or social login switches between its eoa and its smart account, a Bitcoin wallet between its payment and its ordinals account.
          <button
            className="gw-link"
            data-testid="gw-account-type"
            data-to={account.accountTypeSwitch}
            onClick={() => void dispatch({ type: 'account-type/switch-requested', payload: { namespace: account.namespace!, accountType: account.accountTypeSwitch! } }).catch(() => undefined)}
          >
            {t(ACCOUNT_TYPE_LABELS[account.accountTypeSwitch])}
          </button>
        ) : null}
        {account.embeddedWalletInfo?.authProvider === 'email' ? (
          <button className="gw-link" data-testid="gw-update-email-open" data-leads-to="UpdateEmailWallet" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'UpdateEmailWallet' } }).catch(() => undefined)}>
            {t('updateEmail.open')}
          </button>
        ) : null}
        {canChoose ? (
          <button className="gw-link" data-testid="gw-register-name-open" data-leads-to="RegisterAccountName" onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view: 'RegisterAccountName' } }).catch(() => undefined)}>
            {t('names.open')}
          </button>
        ) : null}
        <div className="gw-actions">
          {actions.map((action) => {
            const { view, label, testId } = ACTIONS[action]
            return (
              <button key={action} className="gw-btn" data-testid={testId} data-leads-to={view} onClick={() => void dispatch({ type: 'modal/navigate-requested', payload: { view } })}>
                {t(label)}
              </button>
            )
          })}
          <button className="gw-btn" data-testid="gw-disconnect" onClick={() => void dispatch({ type: 'disconnect/requested', payload: {} })}>
            {t('account.disconnect')}
          </button>
        </div>
      </div>
      <AccountTabs />
    </div>
  )
}
