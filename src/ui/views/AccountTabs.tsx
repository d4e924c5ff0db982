/**
 * The Account view's tabs (docs/behaviour.md §2): Tokens, NFTs and Activity (the last two on EVM only). The
 * engine fetches what the picked tab needs; Activity asks for its next page when its end scrolls
 * into view, while the engine's paging rules leave a cursor (issue 13; the list's `data-has-more`
 * shows it). Names, symbols and images are remote: text and <img src> only.
 */
import type { AccountTab, AccountTabsModel, ActivityRow } from '../../contract.js'
import { useClient } from '../client-context.js'
import { useEndOfList } from '../use-end-of-list.js'
import { useSignalValue } from '../use-signal.js'

export function AccountTabs() {
  const { signals, dispatch } = useClient()
  const v = useSignalValue(signals.accountTabs)
  const pick = (tab: AccountTab) => void dispatch({ type: 'account/tab-selected', payload: { tab } })
  return (
    <div className="gw-tabs" data-testid="gw-account-tabs">
      {v.tabs.length > 1 ? (
        <div className="gw-tab-bar" role="tablist">
          {v.tabs.map((t) => (
            <button key={t} role="tab" className="gw-tab" data-tab={t} aria-selected={t === v.tab} onClick={() => pick(t)}>
              {t}
            </button>
          ))}
        </div>
      ) : null}
      <div className="gw-tab-panel" role="tabpanel" data-testid={`gw-tab-${v.tab}`}>
        {v.tab === 'Tokens' ? <TokensTab v={v} /> : v.tab === 'NFTs' ? <NftsTab v={v} /> : <ActivityTab v={v} />}
      </div>
    </div>
  )
}

function TokensTab({ v }: { v: AccountTabsModel }) {
  if (v.tokens.length === 0) return <p className="gw-muted">{v.tokensLoading ? 'Loading tokens…' : 'No tokens yet'}</p>
  return (
    <ul className="gw-list gw-assets" data-testid="gw-tokens">
      {v.tokens.map((t) => (
        <li key={t.key} className="gw-asset" data-token-key={t.key} data-symbol={t.symbol}>
          {t.iconUrl ? <img src={t.iconUrl} alt="" /> : <span className="gw-img" />}
          <span className="gw-asset-name">
            <span>{t.name}</span>
            <span className="gw-muted" data-testid="gw-token-amount">{`${t.amount} ${t.symbol}`}</span>
          </span>
          {t.usd !== undefined ? <span className="gw-asset-usd" data-testid="gw-token-usd">{`$${t.usd}`}</span> : null}
        </li>
      ))}
    </ul>
  )
}

function NftsTab({ v }: { v: AccountTabsModel }) {
  if (v.nfts.length === 0) return <p className="gw-muted">{v.nftsLoading ? 'Loading NFTs…' : 'No NFTs yet'}</p>
  return (
    <ul className="gw-nfts" data-testid="gw-nfts">
      {v.nfts.map((n) => (
        <li key={n.key} className="gw-nft" data-nft-key={n.key} title={n.collectionName ? `${n.collectionName}: ${n.name}` : n.name}>
          {n.imageUrl ? <img src={n.imageUrl} alt="" loading="lazy" /> : <span className="gw-img" />}
          <span className="gw-nft-name">{n.name}</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * The Activity rows' date format, made on first use: an Intl.DateTimeFormat loads locale data,
 * tens of ms at 4x CPU, too much for the module's evaluation in idle time (issue 15).
 */
let dateFormat: Intl.DateTimeFormat | undefined
const formatDate = (at: string) => (dateFormat ??= new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })).format(new Date(at))

function ActivityItem({ row }: { row: ActivityRow }) {
  return (
    <li className="gw-asset gw-activity-item" data-id={row.id} data-hash={row.hash} data-direction={row.direction} data-status={row.status}>
      {row.imageUrl ? <img src={row.imageUrl} alt="" loading="lazy" /> : <span className="gw-img" />}
      <span className="gw-asset-name">
        <span>{row.status === 'failed' ? `${row.title} (failed)` : row.title}</span>
        <span className="gw-muted" data-testid="gw-activity-description">{row.description}</span>
      </span>
      <time className="gw-muted gw-activity-date" dateTime={row.minedAt}>
        {formatDate(row.minedAt)}
      </time>
    </li>
  )
}

function ActivityTab({ v }: { v: AccountTabsModel }) {
  const { dispatch } = useClient()
  const more = Boolean(v.next && v.caipAddress) && !v.activityLoadingMore && !v.activityLoading
  const { list, end } = useEndOfList<HTMLUListElement, HTMLLIElement>(more, v.next, () => {
    // The engine refuses a page its paging rules forbid; a refusal needs no handling here.
    if (v.caipAddress && v.next) void dispatch({ type: 'history/fetch-requested', payload: { caipAddress: v.caipAddress, cursor: v.next } }).catch(() => undefined)
  })
  if (v.activity.length === 0) return <p className="gw-muted" data-testid="gw-activity-empty">{v.activityLoading ? 'Loading activity…' : 'No activity yet'}</p>
  return (
    <ul className="gw-list gw-activity" ref={list} data-testid="gw-activity" data-has-more={String(Boolean(v.next))}>
      {v.activity.map((row) => (
        <ActivityItem key={row.id} row={row} />
      ))}
      <li ref={end} className="gw-grid-end" data-testid="gw-activity-end" aria-hidden="true" />
      {v.activityLoadingMore ? <li className="gw-muted">Loading…</li> : null}
    </ul>
  )
}
