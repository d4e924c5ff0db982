/**
 * The Account view's tabs (docs/behaviour.md §2): Tokens, NFTs and Activity (the last two on EVM only). The
 * engine fetches what the picked tab needs, and already what a tab needs once the visitor reaches
 * for it (pointer over it, or focus on it: `account/tab-approached`, once per tab until one is
 * picked), so it shows with its data when picked. The panel of the tab last reached for renders
 * hidden beside the picked one's: its rows render as its data comes, and the pick only shows them
 * (one hidden panel at most, so a change of the tabs' data renders no more than two). Activity asks
 * for its next page when its end scrolls into view, while the engine's paging rules leave a cursor
 * (the list's `data-has-more` shows it). Names, symbols and images are remote: text and <img src> only.
 */
import { useRef, useState } from 'react'
import type { AccountTab, AccountTabsModel, ActivityRow } from '../../contract.js'
import { shortenAddress } from '../../projections/format-address.js'
import { useClient } from '../client-context.js'
import { useEndOfList } from '../use-end-of-list.js'
import { useSignalValue } from '../use-signal.js'
import { useT, type MessageId } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'
import { afterPaintIdle } from '../idle.js'

/** A date to format once ahead of Activity's rows (any valid ISO time). */
const WARM_DATE = '2024-01-01T00:00:00Z'

/** Each tab's label (a catalogue message). */
const TAB_LABELS: Record<AccountTab, MessageId> = { Tokens: 'tabs.tokens', NFTs: 'tabs.nfts', Activity: 'tabs.activity' }

export function AccountTabs() {
  const { signals, dispatch } = useClient()
  const v = useSignalValue(signals.accountTabs)
  const { t: translate, known, format } = useT()
  // The tab last reached for, so that a pointer moving over it again asks nothing more.
  const approached = useRef<AccountTab | null>(null)
  // The tab last reached for: its panel renders hidden beside the picked one's, and its pick shows it.
  const [ahead, setAhead] = useState<AccountTab | null>(null)
  const pick = (tab: AccountTab) => {
    approached.current = null
    void dispatch({ type: 'account/tab-selected', payload: { tab } })
  }
  const approach = (tab: AccountTab) => {
    if (tab === 'Tokens' || tab === v.tab || tab === approached.current) return
    approached.current = tab
    setAhead(tab)
    void dispatch({ type: 'account/tab-approached', payload: { tab } }).catch(() => undefined)
    // What Activity's rows make on first use (the date formatter, the message registry's index of
    // engine texts), made now in idle time, so that the pick does not wait for it.
    if (tab === 'Activity') afterPaintIdle(() => void (format.date(WARM_DATE), known(WARM_DATE)))
  }
  return (
    <div className="gw-tabs" data-testid="gw-account-tabs">
      {v.tabs.length > 1 ? (
        <div className="gw-tab-bar" role="tablist">
          {v.tabs.map((t) => (
            <button key={t} role="tab" className="gw-tab" data-tab={t} aria-selected={t === v.tab} onPointerEnter={() => approach(t)} onFocus={() => approach(t)} onClick={() => pick(t)}>
              {translate(TAB_LABELS[t])}
            </button>
          ))}
        </div>
      ) : null}
      {(ahead && ahead !== v.tab && v.tabs.includes(ahead) ? [v.tab, ahead] : [v.tab]).map((tab) => (
        <div key={tab} className="gw-tab-panel" role="tabpanel" hidden={tab !== v.tab} data-testid={`gw-tab-${tab}`}>
          {tab === 'Tokens' ? <TokensTab v={v} /> : tab === 'NFTs' ? <NftsTab v={v} /> : <ActivityTab v={v} />}
        </div>
      ))}
    </div>
  )
}

function TokensTab({ v }: { v: AccountTabsModel }) {
  const { t: translate, format } = useT()
  if (v.tokens.length === 0) return <p className="gw-muted">{v.tokensLoading ? translate('tokens.loading') : translate('tokens.empty')}</p>
  return (
    <ul className="gw-list gw-assets" data-testid="gw-tokens">
      {v.tokens.map((t) => {
        const amount = `${format.amount(t.amount)} ${t.symbol}`
        return (
          <li key={t.key} className="gw-asset" data-token-key={t.key} data-symbol={t.symbol}>
            <Icon src={t.iconUrl} name={t.name} />
            {/* A name or amount too long for the row ends in an ellipsis; its title shows it whole. */}
            <span className="gw-asset-name">
              <span title={t.name}>{t.name}</span>
              <span className="gw-muted" data-testid="gw-token-amount" title={amount}>
                {amount}
              </span>
            </span>
            {t.usd !== undefined ? <span className="gw-asset-usd" data-testid="gw-token-usd">{format.usd(t.usd)}</span> : null}
          </li>
        )
      })}
    </ul>
  )
}

function NftsTab({ v }: { v: AccountTabsModel }) {
  const { t } = useT()
  if (v.nfts.length === 0) return <p className="gw-muted">{v.nftsLoading ? t('nfts.loading') : t('nfts.empty')}</p>
  return (
    <ul className="gw-nfts" data-testid="gw-nfts">
      {v.nfts.map((n) => (
        <li key={n.key} className="gw-nft" data-nft-key={n.key} title={n.collectionName ? `${n.collectionName}: ${n.name}` : n.name}>
          <Icon src={n.imageUrl} name={n.name} lazy />
          <span className="gw-nft-name">{n.name}</span>
        </li>
      ))}
    </ul>
  )
}

function ActivityItem({ row }: { row: ActivityRow }) {
  // The title and a transfer-less row's description are the engine's English (known.ts); the date
  // format is made on first use (i18n/format.ts: an Intl formatter loads locale data).
  const { t, known, format } = useT()
  const title = known(row.title)
  const heading = row.status === 'failed' ? t('activity.failed', { title }) : title
  const description = known(row.description)
  return (
    <li className="gw-asset gw-activity-item" data-id={row.id} data-hash={row.hash} data-direction={row.direction} data-status={row.status}>
      <Icon src={row.imageUrl} name={title} lazy />
      <span className="gw-asset-name">
        <span title={heading}>{heading}</span>
        <span className="gw-muted" data-testid="gw-activity-description" title={description}>
          {description}
        </span>
      </span>
      <time className="gw-muted gw-activity-date" dateTime={row.minedAt}>
        {format.date(row.minedAt)}
      </time>
    </li>
  )
}

function ActivityTab({ v }: { v: AccountTabsModel }) {
  const { dispatch } = useClient()
  const { t } = useT()
  const more = Boolean(v.next && v.caipAddress) && !v.activityLoadingMore && !v.activityLoading
  const { list, end } = useEndOfList<HTMLUListElement, HTMLLIElement>(more, v.next, () => {
    // The engine refuses a page its paging rules forbid; a refusal needs no handling here.
    if (v.caipAddress && v.next) void dispatch({ type: 'history/fetch-requested', payload: { caipAddress: v.caipAddress, cursor: v.next } }).catch(() => undefined)
  })
  const pending = (
    <>
      {v.unfollowed ? (
        <p className="gw-muted" data-testid="gw-activity-unfollowed">
          {t('activity.unfollowed', { count: v.unfollowed })}
        </p>
      ) : null}
      {v.pending?.length ? (
        <ul className="gw-list" data-testid="gw-activity-pending">
          {v.pending.map((p) => (
            <li key={p.hash} className="gw-muted" data-hash={p.hash}>
              {t('activity.pending', { hash: shortenAddress(p.hash) })}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
  if (v.activity.length === 0)
    return (
      <>
        {pending}
        <p className="gw-muted" data-testid="gw-activity-empty">
          {v.activityLoading ? t('activity.loading') : t('activity.empty')}
        </p>
      </>
    )
  return (
    <>
    {pending}
    <ul className="gw-list gw-activity" ref={list} data-testid="gw-activity" data-has-more={String(Boolean(v.next))}>
      {v.activity.map((row) => (
        <ActivityItem key={row.id} row={row} />
      ))}
      <li ref={end} className="gw-grid-end" data-testid="gw-activity-end" aria-hidden="true" />
      {v.activityLoadingMore ? <li className="gw-muted">{t('activity.loadingMore')}</li> : null}
    </ul>
    </>
  )
}
