/**
 * ProfileWallets (docs/behaviour.md §2): every connection the engine keeps, one section
 * per namespace (EVM, Solana), each connection with its wallet's icon and name and its class as a
 * tag (connected: Active; disconnected: Disconnected), and each of its accounts as a row: the short
 * address, the site's label, the native balance, a copy button, the block explorer link, and Switch
 * (Connect on a disconnected connection) unless it is the active account. Per connection a
 * Disconnect, per namespace Disconnect all, and Add wallet. With the multiWallet remote feature off,
 * the multi-wallet-not-enabled alert shows above the one connection the model then lists.
 *
 * Everything the engine gives (names, labels, addresses) is rendered as text; the explorer link
 * passes the URL validator (events/kernel/urls.ts documentLink) right before it renders. An intent the
 * engine refuses ('Multi-Wallet Not Enabled') shows its message, translated, under the header.
 * A lazy chunk (lazy-views.tsx) with its own CSS (profile-wallets-styles.ts), adopted into the
 * modal's shadow root before the view's first paint.
 * DOM hooks: `gw-profile-wallets`; `gw-multi-wallet-alert`; `gw-profile-namespace` (data-namespace);
 * `gw-connection` (data-connector-id, data-status); `gw-connection-account` (data-address, and
 * aria-current on the active account); `gw-account-copy`, `gw-account-explorer`, `gw-account-switch`;
 * `gw-row-balance`; `gw-connection-disconnect`, `gw-disconnect-all`, `gw-add-wallet`; `gw-wallets-problem`.
 */
import { useRef, useState } from 'react'
import type { Intent, Namespace, ProfileAccountRow, ProfileConnectionRow } from '../../contract.js'
import { documentLink } from '../../events/kernel/urls.js'
import { shortenAddress } from '../../projections/format-address.js'
import { useClient } from '../client-context.js'
import { useCopy } from '../use-copy.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'
import { profileWalletsCss } from './profile-wallets-styles.js'
import { useViewCss } from './use-view-css.js'

/** A namespace's heading: its ecosystem's name (brand names, not translated), else the namespace as it is. */
const NAMESPACE_LABELS: Partial<Record<Namespace, string>> = { eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin' }
const namespaceLabel = (namespace: Namespace): string => NAMESPACE_LABELS[namespace] ?? namespace

/** Two overlapping sheets (copy), or a check mark once copied. Decorative: the button is named. */
function CopyIcon({ done }: { done: boolean }) {
  return (
    <svg className="gw-pw-svg" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {done ? <path d="M3 8.5l3 3 7-7" /> : <path d="M5.5 5.5h7v7h-7zM3.5 10.5v-7h7" />}
    </svg>
  )
}

/** A box with an arrow leaving it (opens elsewhere). Decorative: the link is named. */
function ExternalIcon() {
  return (
    <svg className="gw-pw-svg" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M9 3h4v4M13 3L7.5 8.5M11.5 9.5v3.5h-8.5v-8.5h3.5" />
    </svg>
  )
}

/** The ProfileWallets view's body. */
export function ProfileWalletsView() {
  const { signals, dispatch } = useClient()
  const model = useSignalValue(signals.profileWallets)
  const { t, known, format } = useT()
  const { copied, copy } = useCopy()
  const [refused, setRefused] = useState<string | undefined>(undefined)
  const body = useRef<HTMLDivElement>(null)
  useViewCss(body, profileWalletsCss)
  /** Dispatches `intent`; a refusal (the engine's guard: 'Multi-Wallet Not Enabled') shows as the view's problem. */
  const act = (intent: Intent) => {
    setRefused(undefined)
    dispatch(intent).catch((e: unknown) => setRefused(e instanceof Error ? e.message : String(e)))
  }

  const account = (namespace: Namespace, c: ProfileConnectionRow, a: ProfileAccountRow) => {
    const short = shortenAddress(a.address)
    const explorer = documentLink(a.explorerUrl)
    const reconnect = c.status === 'disconnected'
    return (
      <li key={a.address} className="gw-pw-account" data-testid="gw-connection-account" data-address={a.address} aria-current={a.active ? 'true' : undefined}>
        <span className="gw-pw-id">
          <span className="gw-pw-addr" title={a.address}>
            {short}
          </span>
          {a.label || a.balance !== undefined ? (
            <span className="gw-pw-meta">
              {a.label ? <span className="gw-pw-label">{a.label}</span> : null}
              {a.balance !== undefined ? <span className="gw-balance" data-testid="gw-row-balance">{`${format.amount(a.balance)} ${a.balanceSymbol ?? ''}`.trim()}</span> : null}
            </span>
          ) : null}
        </span>
        <button type="button" className="gw-icon-btn gw-pw-tool" data-testid="gw-account-copy" aria-label={copied === a.address ? t('wallets.copied', { address: short }) : t('wallets.copy', { address: short })} onClick={() => void copy(a.address)}>
          <CopyIcon done={copied === a.address} />
        </button>
        {explorer ? (
          <a className="gw-icon-btn gw-pw-tool" data-testid="gw-account-explorer" href={explorer} target="_blank" rel="noopener noreferrer" aria-label={t('wallets.explorer', { address: short })}>
            <ExternalIcon />
          </a>
        ) : null}
        {a.active ? null : (
          <button
            type="button"
            className="gw-btn gw-pw-small"
            data-testid="gw-account-switch"
            aria-label={reconnect ? t('wallets.connectTo', { address: short, wallet: c.name }) : t('wallets.switchTo', { address: short })}
            onClick={() => act({ type: 'connection/switch-requested', payload: { namespace, connectorId: c.connectorId, address: a.address } })}
          >
            {reconnect ? t('wallets.connect') : t('wallets.switch')}
          </button>
        )}
      </li>
    )
  }

  return (
    <div ref={body} className="gw-pw" data-testid="gw-profile-wallets">
      {model.multiWallet ? null : (
        <div className="gw-pw-alert" role="status" data-testid="gw-multi-wallet-alert">
          <strong>{t('error.multiWalletNotEnabled')}</strong>
          <span>{t('wallets.multiWalletOff')}</span>
        </div>
      )}
      {refused ? (
        <p className="gw-error gw-pw-problem" role="alert" data-testid="gw-wallets-problem">
          {known(refused)}
        </p>
      ) : null}
      {model.namespaces.length === 0 ? <p className="gw-empty">{t('wallets.empty')}</p> : null}
      {model.namespaces.map((group) => {
        const label = namespaceLabel(group.namespace)
        const headingId = `gw-pw-ns-${group.namespace}`
        return (
          <section key={group.namespace} className="gw-pw-ns" data-testid="gw-profile-namespace" data-namespace={group.namespace} aria-labelledby={headingId}>
            <div className="gw-pw-ns-head">
              <h3 className="gw-group" id={headingId}>
                {label}
              </h3>
              <button
                type="button"
                className="gw-link"
                data-testid="gw-disconnect-all"
                disabled={!group.connections.some((c) => c.status !== 'disconnected')}
                aria-label={t('wallets.disconnectAllIn', { namespace: label })}
                onClick={() => act({ type: 'disconnect/requested', payload: { namespace: group.namespace, all: true } })}
              >
                {t('wallets.disconnectAll')}
              </button>
            </div>
            <ul className="gw-pw-connections">
              {group.connections.map((c) => (
                <li key={c.connectorId} className="gw-pw-connection" data-testid="gw-connection" data-connector-id={c.connectorId} data-status={c.status}>
                  <div className="gw-pw-wallet">
                    <Icon src={c.imageUrl} name={c.name} />
                    <span className="gw-pw-name">
                      <span>{c.name}</span>
                      {c.status === 'connected' ? <span className="gw-tag">{t('wallets.active')}</span> : c.status === 'disconnected' ? <span className="gw-tag gw-tag-muted">{t('wallets.disconnected')}</span> : null}
                    </span>
                    {c.status === 'disconnected' ? null : (
                      <button
                        type="button"
                        className="gw-link"
                        data-testid="gw-connection-disconnect"
                        aria-label={t('wallets.disconnectWallet', { wallet: c.name })}
                        onClick={() => act({ type: 'disconnect/requested', payload: { namespace: group.namespace, connectorId: c.connectorId } })}
                      >
                        {t('wallets.disconnect')}
                      </button>
                    )}
                  </div>
                  <ul className="gw-pw-accounts">{c.accounts.map((a) => account(group.namespace, c, a))}</ul>
                </li>
              ))}
            </ul>
          </section>
        )
      })}
      {model.multiWallet ? (
        <button type="button" className="gw-btn gw-primary gw-pw-add" data-testid="gw-add-wallet" onClick={() => act({ type: 'modal/navigate-requested', payload: { view: 'Connect' } })}>
          {t('wallets.add')}
        </button>
      ) : null}
    </div>
  )
}
