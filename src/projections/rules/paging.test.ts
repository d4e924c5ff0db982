import { describe, expect, it } from 'vitest'
import { CAIP_ADDRESS, connected, fold, log, started, type Item } from '../../../tests/unit/fixtures.js'
import type { Transaction, WalletListing } from '../../events/entities.js'
import { HISTORY_MAX_PAGES, HISTORY_MAX_TRANSACTIONS, WALLETS_MAX_LISTED, WALLETS_MAX_PAGES, WALLETS_PAGE_SIZE } from '../../events/kernel/limits.js'
import type { Intent } from '../../events/types.js'
import { refusal } from './guards.js'
import { NO_MORE_PAGES, PAGE_IN_FLIGHT } from './paging.js'
import { selectors } from '../selectors.js'
import { project, type State } from '../state.js'

const listing = (id: string): WalletListing => ({ id, name: `Wallet ${id}` })
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => listing(`w${from + i}`))
const requested = (page: number): Item => ['wallets/page-requested', { page }]
const fetched = (page: number, wallets: WalletListing[], count = 100_000): Item => ['wallets/page-fetched', { page, count, wallets }]
const pageIntent = (page: number): Intent => ({ type: 'wallets/page-requested', payload: { page } })

describe('All Wallets paging rules', () => {
  it('ends on an empty page even when the count promises 100 000 wallets; the guard then refuses the next page', () => {
    const s = fold(requested(1), fetched(1, ids(0, WALLETS_PAGE_SIZE)), requested(2), fetched(2, []))
    expect(selectors.allWallets(s)).toMatchObject({ hasMore: false, count: 100_000, nextPage: 3 })
    expect(refusal(s, pageIntent(3))).toBe(NO_MORE_PAGES)
  })
  it('ends on a short page, and on a page that brings no new wallet (listed once)', () => {
    const short = fold(requested(1), fetched(1, ids(0, WALLETS_PAGE_SIZE - 1)))
    expect(selectors.allWallets(short).hasMore).toBe(false)
    const repeated = fold(requested(1), fetched(1, ids(0, WALLETS_PAGE_SIZE)), requested(2), fetched(2, ids(0, WALLETS_PAGE_SIZE)))
    expect(selectors.allWallets(repeated).hasMore).toBe(false)
    expect(selectors.allWallets(repeated).wallets).toHaveLength(WALLETS_PAGE_SIZE)
    const full = fold(requested(1), fetched(1, ids(0, WALLETS_PAGE_SIZE)))
    expect(selectors.allWallets(full).hasMore).toBe(true)
    expect(refusal(full, pageIntent(2))).toBeUndefined()
  })
  it('stops at 25 pages (1000 wallets) however full the pages are', () => {
    const items: Item[] = []
    for (let p = 1; p <= WALLETS_MAX_PAGES; p++) items.push(requested(p), fetched(p, ids(p * 1000, WALLETS_PAGE_SIZE)))
    const s = fold(...items)
    expect(s.wallets.listed).toHaveLength(WALLETS_MAX_LISTED)
    expect(selectors.allWallets(s).hasMore).toBe(false)
    expect(refusal(s, pageIntent(WALLETS_MAX_PAGES + 1))).toBe(NO_MORE_PAGES)
    // A request past the cap in an old log changes nothing.
    expect(project(log(...started(), ...items, requested(26))).wallets.loading).toBe(false)
  })
  it('one page in flight: a second request is refused, and so is any page but the next one', () => {
    const s = fold(requested(1))
    expect(refusal(s, pageIntent(1))).toBe(PAGE_IN_FLIGHT)
    expect(refusal(fold(), pageIntent(2))).toBe(NO_MORE_PAGES)
    expect(refusal(fold(), pageIntent(1))).toBeUndefined()
  })
  it('the count reached ends the list', () => {
    const s = fold(requested(1), fetched(1, ids(0, WALLETS_PAGE_SIZE), WALLETS_PAGE_SIZE))
    expect(selectors.allWallets(s).hasMore).toBe(false)
  })
  it('a search keeps at most 100 wallets', () => {
    const s = fold(['wallets/search-requested', { query: 'w' }], ['wallets/search-fetched', { query: 'w', count: 500, wallets: ids(0, 500) }])
    expect(selectors.allWallets(s).wallets).toHaveLength(100)
  })
})

const tx = (id: string): Transaction => ({ id, metadata: { minedAt: '2026-11-21T10:00:00Z', chain: 'eip155:31337' }, transfers: [] })
const txs = (from: number, n: number) => Array.from({ length: n }, (_, i) => tx(`t${from + i}`))
const showing: Item[] = [['modal/open-requested', { isMobile: false }], ['account/tab-selected', { tab: 'Activity' }]]
const first = (transactions: Transaction[], next?: string): Item[] => [
  ['history/fetch-requested', { caipAddress: CAIP_ADDRESS }],
  ['history/fetched', { caipAddress: CAIP_ADDRESS, transactions, ...(next ? { next } : {}) }],
]
const later = (cursor: string, transactions: Transaction[], next?: string): Item[] => [
  ['history/fetch-requested', { caipAddress: CAIP_ADDRESS, cursor }],
  ['history/fetched', { caipAddress: CAIP_ADDRESS, cursor, transactions, ...(next ? { next } : {}) }],
]
const history = (...items: Item[]) => {
  const s = project(log(...started({ blockchainService: true }), ...connected, ...showing, ...items))
  return { s, h: s.accountData.history[CAIP_ADDRESS]!, view: selectors.accountTabs(s) }
}
const historyIntent = (cursor?: string): Intent => ({ type: 'history/fetch-requested', payload: { caipAddress: CAIP_ADDRESS, ...(cursor ? { cursor } : {}) } })

describe('Activity paging rules', () => {
  it('pages on while each page brings new transactions and a new cursor', () => {
    const { s, view } = history(...first(txs(0, 5), 'c1'), ...later('c1', txs(5, 5), 'c2'))
    expect(view).toMatchObject({ next: 'c2' })
    expect(view.activity).toHaveLength(10)
    expect(refusal(s, historyIntent('c2'))).toBeUndefined()
  })
  it('ends on an empty page, even with a fresh cursor', () => {
    const { s, h } = history(...first(txs(0, 5), 'c1'), ...later('c1', [], 'c2'))
    expect(h.next).toBeUndefined()
    expect(refusal(s, historyIntent('c2'))).toBe(NO_MORE_PAGES)
  })
  it('ends on a page of transactions already listed, even with a fresh cursor', () => {
    const { h } = history(...first(txs(0, 5), 'c1'), ...later('c1', txs(0, 5), 'c2'))
    expect(h.next).toBeUndefined()
    expect(h.transactions).toHaveLength(5)
  })
  it('ends when the cursor given was already asked for in this showing', () => {
    const { h } = history(...first(txs(0, 5), 'c1'), ...later('c1', txs(5, 5), 'c2'), ...later('c2', txs(10, 5), 'c1'))
    expect(h.next).toBeUndefined()
    expect(h.transactions).toHaveLength(15)
  })
  it('fetches at most 20 pages a showing; showing Activity again starts a new count', () => {
    const items: Item[] = [...first(txs(0, 5), 'c1')]
    for (let p = 1; p < HISTORY_MAX_PAGES; p++) items.push(...later(`c${p}`, txs(p * 5, 5), `c${p + 1}`))
    const { s, h } = history(...items)
    expect(h.pages).toBe(HISTORY_MAX_PAGES)
    expect(h.next).toBeUndefined()
    expect(refusal(s, historyIntent(`c${HISTORY_MAX_PAGES}`))).toBe(NO_MORE_PAGES)
    // Left and shown again: the first page starts a new showing.
    const again = history(...items, ['account/tab-selected', { tab: 'Tokens' }], ['account/tab-selected', { tab: 'Activity' }], ...first(txs(0, 5), 'c1'))
    expect(again.h).toMatchObject({ pages: 1, next: 'c1' })
    expect(refusal(again.s, historyIntent('c1'))).toBeUndefined()
  })
  it('one page in flight; a cursor other than the last one given is refused and changes nothing', () => {
    const { s } = history(...first(txs(0, 5), 'c1'), ['history/fetch-requested', { caipAddress: CAIP_ADDRESS, cursor: 'c1' }])
    expect(refusal(s, historyIntent('c1'))).toBe(PAGE_IN_FLIGHT)
    expect(refusal(s, historyIntent())).toBe(PAGE_IN_FLIGHT)
    const at = history(...first(txs(0, 5), 'c1'))
    expect(refusal(at.s, historyIntent('elsewhere'))).toBe(NO_MORE_PAGES)
    const folded = history(...first(txs(0, 5), 'c1'), ['history/fetch-requested', { caipAddress: CAIP_ADDRESS, cursor: 'elsewhere' }])
    expect(folded.h).toEqual(at.h)
    // A page answering a cursor the list is not at is stale.
    const stale = history(...first(txs(0, 5), 'c1'), ['history/fetched', { caipAddress: CAIP_ADDRESS, cursor: 'elsewhere', transactions: txs(50, 5), next: 'c9' }])
    expect(stale.h).toEqual(at.h)
  })
  it(`keeps at most ${HISTORY_MAX_TRANSACTIONS} transactions and ends there`, () => {
    const items: Item[] = [...first(txs(0, 400), 'c1'), ...later('c1', txs(400, 400), 'c2'), ...later('c2', txs(800, 400), 'c3')]
    const { h } = history(...items)
    expect(h.transactions).toHaveLength(HISTORY_MAX_TRANSACTIONS)
    expect(h.next).toBeUndefined()
  })
  it('a state from an older log (no page count) pages on', () => {
    const { s } = history(...first(txs(0, 5), 'c1'))
    const h = s.accountData.history[CAIP_ADDRESS]!
    const { pages: _p, cursors: _c, ...old } = h
    const older: State = { ...s, accountData: { ...s.accountData, history: { [CAIP_ADDRESS]: old } } }
    expect(refusal(older, historyIntent('c1'))).toBeUndefined()
  })
})
