/**
 * The paging rules end to end in the engine, against hostile services stubbed in
 * `fetch`: the guard refuses what the rules forbid, and the effects never fetch past them.
 */
import { WAIT_MS } from '../../../../tests/unit/wait-bound.js'
import { describe, expect, it } from 'vitest'
import { ADDRESS, LOCALNET } from '../../../../tests/unit/fixtures.js'
import { HISTORY_MAX_PAGES, WALLETS_MAX_PAGES, WALLETS_PAGE_SIZE } from '../../../events/kernel/limits.js'
import { parseLog } from '../../../events/log/ndjson.js'
import { NO_MORE_PAGES, PAGE_IN_FLIGHT } from '../../../projections/rules/paging.js'
import { selectors } from '../../../projections/selectors.js'
import type { State } from '../../../projections/state.js'
import type { Bridge, Engine } from '../../../contract.js'
import { createEngine } from '../../engine.js'

const json = (body: unknown) => new Response(JSON.stringify(body))

/** A node answering eth_getBalance and eth_blockNumber. */
const node: typeof fetch = async (_url, init) => {
  const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
  const answer = ({ id, method }: { id: number; method: string }) => ({ jsonrpc: '2.0', id, result: method === 'eth_getBalance' ? '0x1' : method === 'eth_blockNumber' ? '0x1' : null })
  return json(Array.isArray(body) ? body.map(answer) : answer(body))
}

const wallet: Bridge = {
  async request(_id, args) {
    return ({ eth_requestAccounts: [ADDRESS], eth_accounts: [ADDRESS], eth_chainId: '0x7a69' } as Record<string, unknown>)[args.method]
  },
  watch: () => undefined,
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = WAIT_MS): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await read()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error('condition not met')
    await new Promise((r) => setTimeout(r, 2))
  }
}

/** A registry whose /getWallets answers `page(n, entries, search)`, recording each call. */
function registry(page: (n: number, entries: number, search: string | null) => unknown | Promise<unknown>) {
  const calls: { page: number; entries: number; search: string | null; signal?: AbortSignal }[] = []
  const fetch: typeof globalThis.fetch = async (url, init) => {
    const u = new URL(String(url))
    if (u.hostname !== 'wc.example') return node(url, init)
    if (!u.pathname.endsWith('/getWallets')) return json({})
    const call = { page: Number(u.searchParams.get('page')), entries: Number(u.searchParams.get('entries')), search: u.searchParams.get('search'), ...(init?.signal ? { signal: init.signal } : {}) }
    calls.push(call)
    return json(await page(call.page, call.entries, call.search))
  }
  return { calls, pages: () => calls.filter((c) => c.entries === WALLETS_PAGE_SIZE && !c.search).map((c) => c.page), fetch }
}

const startWith = async (fetch: typeof globalThis.fetch, services: Record<string, string>): Promise<Engine> => {
  const engine = createEngine({ mode: 'main', fetch })
  await engine.start({ projectId: 'test', networks: [LOCALNET], services }, wallet)
  return engine
}
const listings = (from: number, n: number, pad = '') => Array.from({ length: n }, (_, i) => ({ id: `w${from + i}${pad}`, name: `Wallet ${from + i}${pad}` }))
const idle = (engine: Engine) => until(() => engine.getState(), (s) => !s.wallets.loading)

/** Scrolls All Wallets to its end the way the view does: the next page while the selector says there is more. */
async function scrollToEnd(engine: Engine): Promise<State> {
  for (let i = 0; i < 100; i++) {
    const v = selectors.allWallets(await engine.getState())
    if (!v.hasMore) break
    await engine.dispatch({ type: 'wallets/page-requested', payload: { page: v.nextPage } })
    await idle(engine)
  }
  return engine.getState()
}

describe('All Wallets against a hostile registry', () => {
  it('a count of 100 000 with empty pages: two page requests, then the guard refuses and nothing more is fetched', async () => {
    const r = registry((n) => ({ count: 100_000, data: n === 1 ? listings(0, WALLETS_PAGE_SIZE) : [] }))
    const engine = await startWith(r.fetch, { walletConfig: 'https://wc.example' })
    const s = await scrollToEnd(engine)
    expect(r.pages()).toEqual([1, 2])
    expect(selectors.allWallets(s)).toMatchObject({ hasMore: false, count: 100_000 })
    await expect(engine.dispatch({ type: 'wallets/page-requested', payload: { page: 3 } })).rejects.toThrow(NO_MORE_PAGES)
    await expect(engine.dispatch({ type: 'wallets/page-requested', payload: { page: 2 } })).rejects.toThrow(NO_MORE_PAGES)
    const events = parseLog(await engine.exportLog()).events
    expect(events.filter((e) => e.type.startsWith('wallets/page-'))).toHaveLength(4)
    expect(r.pages()).toEqual([1, 2])
    await engine.stop()
  })
  it('pages that are always full and new stop at 25 (1000 wallets)', async () => {
    const r = registry((n) => ({ count: 100_000, data: listings(n * 1000, WALLETS_PAGE_SIZE) }))
    const engine = await startWith(r.fetch, { walletConfig: 'https://wc.example' })
    const s = await scrollToEnd(engine)
    expect(r.pages()).toEqual(Array.from({ length: WALLETS_MAX_PAGES }, (_, i) => i + 1))
    expect(s.wallets.listed).toHaveLength(1000)
    await expect(engine.dispatch({ type: 'wallets/page-requested', payload: { page: 26 } })).rejects.toThrow(NO_MORE_PAGES)
    await engine.stop()
  })
  it('a full page with one malformed entry is not short: the next page is still fetched', async () => {
    const r = registry((n) => ({ count: 60, data: n === 1 ? [{ id: 'no-name' }, ...listings(0, WALLETS_PAGE_SIZE - 1)] : listings(100, 20) }))
    const engine = await startWith(r.fetch, { walletConfig: 'https://wc.example' })
    const s = await scrollToEnd(engine)
    expect(r.pages()).toEqual([1, 2])
    expect(s.wallets.listed).toHaveLength(WALLETS_PAGE_SIZE - 1 + 20)
    await engine.stop()
  })
  it('one page in flight: a second request for it is refused and fetches nothing', async () => {
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const r = registry(async (n) => (await held, { count: 100, data: listings(n * 100, WALLETS_PAGE_SIZE) }))
    const engine = await startWith(r.fetch, { walletConfig: 'https://wc.example' })
    await engine.dispatch({ type: 'wallets/page-requested', payload: { page: 1 } })
    await expect(engine.dispatch({ type: 'wallets/page-requested', payload: { page: 1 } })).rejects.toThrow(PAGE_IN_FLIGHT)
    await expect(engine.dispatch({ type: 'wallets/page-requested', payload: { page: 2 } })).rejects.toThrow(PAGE_IN_FLIGHT)
    release()
    await idle(engine)
    expect(r.pages()).toEqual([1])
    await engine.stop()
  })
  it('an oversized answer is cut to the entries asked for, with names of 64 and strings of 256 characters', async () => {
    const pad = 'x'.repeat(1000)
    const r = registry(() => ({ count: 5000, data: listings(0, 300, pad).map((w) => ({ ...w, rdns: `io.${pad}`, mobile_link: `wallet://${pad}` })) }))
    const engine = await startWith(r.fetch, { walletConfig: 'https://wc.example' })
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await until(() => engine.getState(), (s) => s.wallets.recommended.length > 0)
    await engine.dispatch({ type: 'wallets/search-requested', payload: { query: 'wallet' } })
    await until(() => engine.getState(), (s) => s.wallets.search?.loading === false)
    const events = parseLog(await engine.exportLog()).events
    const lists = events.find((e) => e.type === 'wallets/lists-fetched')!.payload as { recommended: { name: string; id: string; rdns?: string; mobile_link?: string }[] }
    const search = events.find((e) => e.type === 'wallets/search-fetched')!.payload as { wallets: { name: string; id: string; rdns?: string; mobile_link?: string }[] }
    expect(lists.recommended).toHaveLength(r.calls[0]!.entries)
    expect(search.wallets).toHaveLength(100)
    for (const w of [...lists.recommended, ...search.wallets]) {
      expect(w.name.length).toBeLessThanOrEqual(64)
      expect(w.id.length).toBeLessThanOrEqual(256)
      expect(w.rdns!.length).toBeLessThanOrEqual(256)
      expect(w.mobile_link).toBeUndefined()
    }
    await engine.stop()
  })
  it('a newer search aborts the one in flight', async () => {
    const r = registry((_n, _e, search) => (search === 'a' ? new Promise(() => undefined) : { count: 1, data: listings(0, 1) }))
    const engine = await startWith(r.fetch, { walletConfig: 'https://wc.example' })
    await engine.dispatch({ type: 'wallets/search-requested', payload: { query: 'a' } })
    await until(async () => r.calls.some((c) => c.search === 'a'), Boolean)
    await engine.dispatch({ type: 'wallets/search-requested', payload: { query: 'ab' } })
    await until(() => engine.getState(), (s) => s.wallets.search?.loading === false)
    expect(r.calls.find((c) => c.search === 'a')!.signal!.aborted).toBe(true)
    await engine.stop()
  })
})

describe('Activity against a blockchain service with endless cursors', () => {
  it('at most 20 pages a showing; then the guard refuses the cursor; showing Activity again starts anew', async () => {
    const cursors: (string | null)[] = []
    let n = 0
    const fetch: typeof globalThis.fetch = async (url, init) => {
      const u = new URL(String(url))
      if (u.hostname !== 'bc.example') return node(url, init)
      if (u.pathname.endsWith('/history')) {
        cursors.push(u.searchParams.get('cursor'))
        n++
        const data = Array.from({ length: 5 }, (_, i) => ({ id: `eip155:31337:0x${n}-${i}`, metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:31337' }, transfers: [] }))
        return json({ data, next: `fresh-${n}-${Math.random()}` })
      }
      if (u.pathname.endsWith('/balance')) return json({ balances: [] })
      if (u.pathname.startsWith('/v1/identity/')) return json({ name: null })
      return json({ http: [], ws: [] })
    }
    const engine = await startWith(fetch, { blockchain: 'https://bc.example' })
    await engine.dispatch({ type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } })
    await until(() => engine.getState(), (s) => s.connection.status === 'connected')
    await engine.dispatch({ type: 'modal/open-requested', payload: { isMobile: false } })
    await engine.dispatch({ type: 'account/tab-selected', payload: { tab: 'Activity' } })
    const caipAddress = (await engine.getState()).accounts.eip155!.caipAddress!
    const history = () => engine.getState().then((s) => s.accountData.history[caipAddress])
    /** Scrolls Activity to its end: the next page while the list has a cursor. */
    const scroll = async () => {
      for (let i = 0; i < 100; i++) {
        const h = await until(history, (h) => h !== undefined && !h.loading && !h.loadingMore)
        if (!h!.next) return h!
        await engine.dispatch({ type: 'history/fetch-requested', payload: { caipAddress, cursor: h!.next } })
      }
      throw new Error('never ended')
    }
    const h = await scroll()
    expect(cursors).toHaveLength(HISTORY_MAX_PAGES)
    expect(h.transactions).toHaveLength(HISTORY_MAX_PAGES * 5)
    const last = (parseLog(await engine.exportLog()).events.filter((e) => e.type === 'history/fetched').at(-1)!.payload as { next?: string }).next!
    await expect(engine.dispatch({ type: 'history/fetch-requested', payload: { caipAddress, cursor: last } })).rejects.toThrow(NO_MORE_PAGES)
    expect(cursors).toHaveLength(HISTORY_MAX_PAGES)

    // Left and shown again: a new showing may page again, up to 20 pages (the first from the cache).
    await engine.dispatch({ type: 'account/tab-selected', payload: { tab: 'Tokens' } })
    await engine.dispatch({ type: 'account/tab-selected', payload: { tab: 'Activity' } })
    await until(history, (h) => h?.pages === 1)
    // The cache held the first page, not the last one read: no paged read wrote over it.
    expect((await history())!.transactions.map((t) => t.id)).toEqual(Array.from({ length: 5 }, (_, i) => `eip155:31337:0x1-${i}`))
    await scroll()
    expect(cursors.length).toBeGreaterThan(HISTORY_MAX_PAGES)
    expect(cursors.length).toBeLessThanOrEqual(2 * HISTORY_MAX_PAGES)
    await engine.stop()
  })
})
