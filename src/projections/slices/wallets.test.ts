import { describe, expect, it } from 'vitest'
import { connected, fold, started, log } from '../../../tests/unit/fixtures.js'
import type { WalletListing } from '../../events/entities.js'
import { selectors } from '../selectors.js'
import { project } from '../state.js'
import { refusal } from '../rules/guards.js'
import { WALLETCONNECT_OFF } from '../rules/refusals.js'
import { walletConnectModel } from '../view-models/wallet-connect-model.js'

const listing = (id: string, extra: Partial<WalletListing> = {}): WalletListing => ({ id, name: `Wallet ${id}`, image_url: `http://img/${id}`, mobile_link: `${id}://`, ...extra })
const announced = { id: 'io.announced', type: 'ANNOUNCED', name: 'Announced Wallet', chain: 'eip155', rdns: 'io.announced' } as const
const browserWallet = { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' } as const
const rows = (...items: Parameters<typeof fold>) => selectors.connect(fold(...items)).rows.map((r) => `${r.group}:${r.id}`)

describe('Connect view lists (docs/behaviour.md §2 groups, §5 rules)', () => {
  it('orders WalletConnect, recent, injected, featured, recommended; at most 4 recommended', () => {
    const lists = { featured: [listing('f1')], recommended: ['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => listing(id)), count: 160 }
    expect(rows(['connectors/discovered', { connectors: [announced] }], ['wallets/lists-fetched', lists])).toEqual([
      'walletConnect:walletConnect',
      'injected:io.announced',
      'featured:f1',
      'recommended:r1',
      'recommended:r2',
      'recommended:r3',
      'recommended:r4',
    ])
  })
  it('drops announced and recent wallets from featured and recommended (by id or rdns), and recent ones already announced', () => {
    const recent = { connectorId: 'walletConnect', namespace: 'eip155', wallet: { id: 'r1', name: 'Wallet r1' } } as const
    const s = fold(
      ['connectors/discovered', { connectors: [announced] }],
      ['connect/requested', recent],
      ['connect/succeeded', { connectorId: 'walletConnect', namespace: 'eip155', caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', via: 'prompt', wallet: recent.wallet }],
      ['disconnect/succeeded', { connectorId: 'walletConnect', namespace: 'eip155', reason: 'user' }],
      ['wallets/lists-fetched', { featured: [listing('f1', { rdns: 'io.announced' })], recommended: [listing('r1'), listing('r2')], count: 2 }],
    )
    expect(selectors.connect(s).rows.map((r) => `${r.group}:${r.id}`)).toEqual(['walletConnect:walletConnect', 'recent:r1', 'injected:io.announced', 'recommended:r2'])
    expect(selectors.connect(s).allWallets).toEqual({ count: 2 })
  })
  it('hides excluded wallets by rdns or case-insensitive name, in every list', () => {
    const config = started({ excludeWalletIds: ['io.announced', 'WALLET R2'] })
    const s = project(log(...config, ['connectors/discovered', { connectors: [announced] }], ['wallets/lists-fetched', { featured: [], recommended: [listing('r1'), listing('r2')], count: 2 }], ['wallets/page-fetched', { page: 1, count: 2, wallets: [listing('r1'), listing('r2')] }]))
    expect(selectors.connect(s).rows.map((r) => r.id)).toEqual(['walletConnect', 'r1'])
    expect(selectors.allWallets(s).wallets.map((w) => w.id)).toEqual(['r1'])
  })
  it('hides the Browser Wallet entry on desktop and shows it installed on mobile', () => {
    expect(rows(['connectors/discovered', { connectors: [browserWallet] }], ['modal/open-requested', { isMobile: false }])).toEqual(['walletConnect:walletConnect'])
    expect(rows(['connectors/discovered', { connectors: [browserWallet] }], ['modal/open-requested', { isMobile: true }])).toEqual(['walletConnect:walletConnect', 'injected:injected'])
  })
})

describe('recent wallets and the deep link choice (docs/behaviour.md §3, §5)', () => {
  const connectVia = (id: string) =>
    [
      ['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155', wallet: { id, name: id } }],
      ['connect/succeeded', { connectorId: 'walletConnect', namespace: 'eip155', caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', via: 'prompt', wallet: { id, name: id } }],
    ] as const
  it('keeps at most 2, newest first, across a restart; a restore adds nothing', () => {
    const events = log(...started(), ...connectVia('a'), ...connectVia('b'), ...connectVia('a'), ...connectVia('c'), ...started(), ['connect/succeeded', { connectorId: 'walletConnect', namespace: 'eip155', caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', via: 'restore' }])
    expect(project(events).wallets.recent.map((w) => w.id)).toEqual(['c', 'a'])
  })
  it('remembers the deep link opened', () => {
    expect(fold(['walletconnect/deep-link-opened', { name: 'Harbor Wallet', href: 'harborwallet://' }]).wallets.deepLink).toEqual({ name: 'Harbor Wallet', href: 'harborwallet://' })
  })
})

describe('All Wallets pages and search', () => {
  it('appends pages in order, ignores a repeated page, and knows when there are more', () => {
    const page = (n: number, ids: string[], count = 3) => ['wallets/page-fetched', { page: n, count, wallets: ids.map((id) => listing(id)) }] as const
    const forty = Array.from({ length: 40 }, (_, i) => `w${i}`)
    const s = fold(['wallets/page-requested', { page: 1 }], page(1, forty, 41), page(1, forty, 41))
    expect(selectors.allWallets(s)).toMatchObject({ count: 41, hasMore: true, nextPage: 2, loading: false })
    expect(selectors.allWallets(s).wallets).toHaveLength(40)
    expect(selectors.allWallets(project(log(...started(), page(1, ['a', 'b']), page(2, ['c'])))).wallets.map((w) => w.id)).toEqual(['a', 'b', 'c'])
  })
  it('shows the latest search only, and the pages again when the query is empty', () => {
    const s = fold(['wallets/page-fetched', { page: 1, count: 1, wallets: [listing('a')] }], ['wallets/search-requested', { query: 'har' }], ['wallets/search-requested', { query: 'harb' }], ['wallets/search-fetched', { query: 'har', count: 1, wallets: [listing('x')] }])
    expect(selectors.allWallets(s)).toMatchObject({ query: 'harb', loading: true, wallets: [] })
    const done = project(log(...started(), ['wallets/search-requested', { query: 'harb' }], ['wallets/search-fetched', { query: 'harb', count: 1, wallets: [listing('h')] }]))
    expect(selectors.allWallets(done).wallets.map((w) => w.id)).toEqual(['h'])
    const cleared = project(log(...started(), ['wallets/page-fetched', { page: 1, count: 1, wallets: [listing('a')] }], ['wallets/search-requested', { query: 'harb' }], ['wallets/search-requested', { query: '' }]))
    expect(selectors.allWallets(cleared).wallets.map((w) => w.id)).toEqual(['a'])
  })
  it('the pairing shows while connecting, survives a second pick, and goes on success or expiry', () => {
    const created = ['walletconnect/pairing-created', { pairingTopic: 't1', expiresAt: 1240 }] as const
    const s = fold(['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155' }], created, ['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155', wallet: { id: 'w', name: 'W' } }])
    expect(selectors.walletConnect(s)).toEqual({ pairing: { pairingTopic: 't1', expiresAt: 1240 }, wallet: { id: 'w', name: 'W' }, connecting: true })
    expect(selectors.walletConnect(fold(created, ['walletconnect/pairing-expired', { pairingTopic: 't1' }])).pairing).toBeUndefined()
  })
})

describe('a pairing asked for ahead of a pick (walletconnect/pairing-requested, docs/behaviour.md §5 pairing)', () => {
  const requested = ['walletconnect/pairing-requested', {}] as const
  const created = ['walletconnect/pairing-created', { pairingTopic: 't1', expiresAt: 1240 }] as const
  const failed = ['walletconnect/pairing-failed', { message: 'Relay unreachable' }] as const
  const model = (...items: Parameters<typeof fold>) => walletConnectModel(fold(...items))

  it('is being prepared from the request until the pairing is created or fails; a new request forgets the failure', () => {
    expect(model()).toEqual({ connecting: false })
    expect(model(requested)).toEqual({ connecting: false, preparing: true })
    expect(model(requested, created)).toEqual({ connecting: false, pairing: { pairingTopic: 't1', expiresAt: 1240 } })
    expect(model(requested, failed)).toEqual({ connecting: false, pairingError: 'Relay unreachable' })
    expect(model(requested, created, failed)).toEqual({ connecting: false, pairingError: 'Relay unreachable' })
    expect(model(requested, failed, requested)).toEqual({ connecting: false, preparing: true })
    expect(model(requested, failed, created)).toEqual({ connecting: false, pairing: { pairingTopic: 't1', expiresAt: 1240 } })
    // A new page session starts with none.
    expect(walletConnectModel(project(log(...started(), requested, failed, ...started())))).toEqual({ connecting: false })
  })

  it('is not prepared while a pairing shows or a WalletConnect connection is live (the connector starts none)', () => {
    expect(model(requested, created, requested)).toEqual({ connecting: false, pairing: { pairingTopic: 't1', expiresAt: 1240 } })
    const viaWalletConnect = [
      ['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155' }],
      ['connect/succeeded', { connectorId: 'walletConnect', namespace: 'eip155', caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', via: 'prompt' }],
    ] as const
    expect(model(...viaWalletConnect, requested).preparing).toBeUndefined()
    expect(model(...connected, requested).preparing).toBe(true)
  })

  it('ends with what ends the pairing: a reset, the close (unless the browser keeps it), another connector, the end of a WalletConnect connect', () => {
    const reset = ['walletconnect/pairing-reset-requested', {}] as const
    const close = ['modal/close-requested', {}] as const
    expect(model(requested, reset)).toEqual({ connecting: false })
    expect(model(requested, created, reset)).toEqual({ connecting: false })
    expect(model(requested, failed, reset)).toEqual({ connecting: false })
    expect(model(requested, close)).toEqual({ connecting: false })
    expect(model(requested, created, close)).toEqual({ connecting: false })
    const telegram = ['page/platform-detected', { telegram: true, ios: false, android: true, mac: false, iosSafari: false }] as const
    expect(model(telegram, requested, created, close)).toEqual({ connecting: false, pairing: { pairingTopic: 't1', expiresAt: 1240 } })
    expect(model(requested, ['connect/requested', { connectorId: 'io.metamask', namespace: 'eip155' }]).preparing).toBeUndefined()
    // A WalletConnect connect takes the pairing being made over.
    expect(model(requested, ['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155' }])).toEqual({ connecting: true, preparing: true })
    expect(model(requested, ['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155' }], ['connect/failed', { connectorId: 'walletConnect', namespace: 'eip155', message: 'Pairing reset' }])).toEqual({
      connecting: false,
      error: 'Pairing reset',
    })
  })

  it("is refused with 'WalletConnect is off' while the site turned WalletConnect off", () => {
    const intent = { type: 'walletconnect/pairing-requested', payload: {} } as const
    expect(refusal(project(log(...started({ walletConnect: false }))), intent)).toBe(WALLETCONNECT_OFF)
    expect(refusal(project(log(...started())), intent)).toBeUndefined()
    expect(refusal(project(log(...started({ walletConnect: false }))), { type: 'walletconnect/pairing-reset-requested', payload: {} })).toBeUndefined()
  })
})
