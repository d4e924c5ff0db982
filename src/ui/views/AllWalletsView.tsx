/**
 * AllWallets (docs/behaviour.md §2, §9): the registry 40 at a time, the next page fetched as the list's end
 * scrolls into view while the engine's paging rules say there is more (`hasMore`; the
 * list's `data-has-more` shows it); search waits 300 ms after the last keystroke before it asks the
 * registry (the engine trims it, docs/behaviour.md §5), and meanwhile, from the keystroke's own
 * render on, the list shows the wallets already loaded whose name holds the text (loadedMatches),
 * until the registry's answer for that text replaces them.
 * Picking a wallet this browser has installed connects that wallet; any other pairs through
 * WalletConnect; on a mobile device with a pairing URI ready, its deep link opens inside the tap,
 * before the connect is dispatched (open-wallet.ts). Names and images are remote strings:
 * text and <img src> only.
 */
import { useEffect, useRef, useState } from 'react'
import { rowConnectPayload } from '../../projections/connector-order.js'
import { loadedMatches, searchText } from '../../projections/rules/wallet-rules.js'
import type { WalletRow } from '../../contract.js'
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useEndOfList } from '../use-end-of-list.js'
import { useT } from '../i18n/i18n.js'
import { Icon } from '../images/Icon.js'
import { openOnTap } from '../client/open-wallet.js'
import { useLegalGate } from './LegalCheckbox.js'

/** docs/behaviour.md §9: search waits 300 ms. */
export const SEARCH_WAIT_MS = 300

export function AllWalletsView() {
  const { signals, dispatch } = useClient()
  const list = useSignalValue(signals.allWallets)
  const connect = useSignalValue(signals.connect)
  const network = useSignalValue(signals.network)
  const [text, setText] = useState(list.query ?? '')
  const { t, known } = useT()
  // Opened straight here (open({ view: 'AllWallets' })), the legal checkbox asks here too.
  const { blocked, allowed, checkbox } = useLegalGate()

  useEffect(() => {
    if (text.trim() === (list.query ?? '')) return
    const timer = setTimeout(() => void dispatch({ type: 'wallets/search-requested', payload: { query: text } }).catch(() => undefined), SEARCH_WAIT_MS)
    return () => clearTimeout(timer)
  }, [text])

  // What the registry gave so far: its pages (kept while a search shows) and the last search's answer.
  const pages = useRef(list.query ? [] : list.wallets)
  const answered = useRef<WalletRow[]>([])
  if (!list.query) pages.current = list.wallets
  else if (!list.loading) answered.current = list.wallets
  // The typed text's answer is not in yet (waiting, or asked): the loaded wallets that match show meanwhile.
  const typed = searchText(text)
  const awaiting = typed !== (list.query ?? '') || (list.query !== undefined && list.loading)
  const wallets = !awaiting ? list.wallets : typed ? loadedMatches([...pages.current, ...answered.current], typed) : pages.current
  const loading = awaiting ? list.loading || wallets.length === 0 : list.loading

  // Infinite scroll: the sentinel after the last wallet asks for the next page, once per page; the
  // engine refuses a page its paging rules forbid (a refusal needs no handling here).
  const more = !typed && !list.query && list.hasMore && !list.loading && !list.error
  const { list: grid, end } = useEndOfList<HTMLUListElement, HTMLLIElement>(more, list.nextPage, () => void dispatch({ type: 'wallets/page-requested', payload: { page: list.nextPage } }).catch(() => undefined))

  const pick = (w: WalletRow) => {
    if (!allowed()) return
    const installed = w.wallet.rdns ? connect.rows.find((r) => (r.type === 'ANNOUNCED' || r.type === 'INJECTED') && r.id === w.wallet.rdns) : undefined
    const namespace = network.namespace ?? 'eip155'
    // Synchronously, inside the tap's user gesture; a no-op unless mobile with a URI ready.
    if (!installed) openOnTap(dispatch, w.wallet, signals.pairing.peek(), signals.walletConnect.peek().connecting)
    void dispatch({ type: 'connect/requested', payload: installed ? rowConnectPayload(installed) : rowConnectPayload({ id: w.id, chain: namespace, wallet: w.wallet }) })
  }

  return (
    <div className="gw-all" data-testid="gw-all-wallets-view">
      {checkbox}
      <input className="gw-search" data-testid="gw-search" type="search" placeholder={t('allWallets.search')} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
      <ul className="gw-grid" ref={grid} data-testid="gw-all-list" data-count={list.count} data-has-more={String(list.hasMore)}>
        {wallets.map((w) => (
          <li key={w.id}>
            <button className="gw-tile" data-wallet-id={w.id} data-leads-to="ConnectingWalletConnect" title={w.name} aria-disabled={blocked || undefined} aria-describedby={blocked ? 'gw-legal-text' : undefined} onClick={() => pick(w)}>
              <Icon src={w.imageUrl} name={w.name} lazy />
              <span className="gw-tile-name">{w.name}</span>
            </button>
          </li>
        ))}
        <li ref={end} className="gw-grid-end" data-testid="gw-all-end" aria-hidden="true" />
      </ul>
      {list.query && !awaiting && list.wallets.length === 0 ? <p className="gw-empty">{t('allWallets.empty')}</p> : null}
      {list.error && !awaiting ? <p className="gw-error">{known(list.error)}</p> : null}
      {loading ? <p className="gw-muted gw-loading">{t('allWallets.loading')}</p> : null}
    </div>
  )
}
