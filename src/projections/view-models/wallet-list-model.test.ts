// The wallet list a site draws itself (docs/behaviour.md §2 groups, §5 list rules, §9 lists): the
// Connect view's wallets without the bare WalletConnect row and the auth connector, the All Wallets
// list with its paging and search, each wallet as a WalletItem.
import { describe, expect, it } from 'vitest'
import { fold, LOCALNET, log, SOLANA_LOCALNET, started } from '../../../tests/unit/fixtures.js'
import type { WalletListing } from '../../events/entities.js'
import { hostSelectors, selectors, viewSelectors } from '../selectors.js'
import { project } from '../state.js'
import { connectRows } from '../select/connect-rows.js'
import { walletListModel, type WalletListModel } from './wallet-list-model.js'
import { createEngine } from '../../worker/engine.js'

/** Folds `items` on a site with an EVM and a Solana network (a Solana wallet is offered). */
const foldBoth = (...items: Parameters<typeof log>) => project(log(...started({ networks: [LOCALNET, SOLANA_LOCALNET] }), ...items))

const listing = (id: string, extra: Partial<WalletListing> = {}): WalletListing => ({ id, name: `Wallet ${id}`, image_url: `https://img.example/${id}`, ...extra })
const announced = { id: 'io.announced', type: 'ANNOUNCED', name: 'Announced Wallet', chain: 'eip155', rdns: 'io.announced', imageUrl: 'data:image/png;base64,AAAA' } as const
const phantom = { id: 'wallet-standard:Phantom', type: 'ANNOUNCED', name: 'Phantom', chain: 'solana' } as const
const external = { id: 'ext', type: 'EXTERNAL', name: 'External Wallet', chain: 'eip155' } as const
const auth = { id: 'AUTH', type: 'AUTH', name: 'Email', chain: 'eip155' } as const
const browserWallet = { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' } as const
const ADDRESS = 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const recentVia = (wallet: { id: string; name: string }) =>
  [
    ['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155', wallet }],
    ['connect/succeeded', { connectorId: 'walletConnect', namespace: 'eip155', caipAddress: ADDRESS, via: 'prompt', wallet }],
    ['disconnect/succeeded', { connectorId: 'walletConnect', namespace: 'eip155', reason: 'user' }],
  ] as const
const ids = (m: { wallets: { group: string; id: string }[] }) => m.wallets.map((w) => `${w.group}:${w.id}`)

describe('the wallet list (walletList)', () => {
  it('is a host selector: served by name, not followed by the views', () => {
    expect(hostSelectors.walletList).toBe(walletListModel)
    expect(selectors.walletList).toBe(walletListModel)
    expect(Object.keys(viewSelectors)).not.toContain('walletList')
  })

  it("the engine serves it by name, each image through the URL validator", async () => {
    const engine = createEngine({ mode: 'main', effects: [] })
    const { views } = await engine.start({ projectId: 'test', networks: [LOCALNET] }, { request: async () => null, watch: () => undefined })
    expect(views).not.toContain('walletList')
    await engine.dispatch({ type: 'connectors/discovered', payload: { connectors: [announced, { ...announced, id: 'io.bad', rdns: 'io.bad', name: 'Bad', imageUrl: 'javascript:alert(1)' }] } })
    const value = await new Promise<WalletListModel>((resolve) => void engine.subscribe('walletList', resolve))
    expect(value.wallets.map((w) => [w.id, w.imageUrl])).toEqual([
      ['io.announced', 'data:image/png;base64,AAAA'],
      ['io.bad', undefined],
    ])
    await engine.stop()
  })

  it("lists the Connect view's wallets in its groups and order, without the WalletConnect row, the auth connector or the All Wallets entry", () => {
    const s = foldBoth(
      ['connectors/discovered', { connectors: [external, announced, phantom, auth] }],
      ...recentVia({ id: 'rc', name: 'Recent Wallet' }),
      ['wallets/lists-fetched', { featured: [listing('f1')], recommended: ['r1', 'r2', 'r3', 'r4', 'r5'].map((id) => listing(id)), count: 160 }],
    )
    const rows = connectRows(s).map((r) => `${r.group}:${r.id}`)
    expect(rows).toContain('walletConnect:walletConnect')
    expect(rows).toContain('custom:AUTH')
    expect(ids(walletListModel(s))).toEqual(rows.filter((r) => r !== 'walletConnect:walletConnect' && r !== 'custom:AUTH'))
    expect(ids(walletListModel(s))).toEqual([
      'recent:rc',
      'injected:io.announced',
      'injected:wallet-standard:Phantom',
      'featured:f1',
      'external:ext',
      'recommended:r1',
      'recommended:r2',
      'recommended:r3',
      'recommended:r4',
    ])
    // The All Wallets entry is the count, not a wallet.
    expect(walletListModel(s).count).toBe(160)
  })

  it("follows the site's group order (features.connectorTypeOrder)", () => {
    const s = project(log(...started({ features: { connectorTypeOrder: ['recommended', 'injected'] } }), ['connectors/discovered', { connectors: [announced] }], ['wallets/lists-fetched', { featured: [], recommended: [listing('r1')], count: 1 }]))
    expect(ids(walletListModel(s))).toEqual(['recommended:r1', 'injected:io.announced'])
  })

  it('keeps the exclusions and the dedup: excluded by id, rdns or name; a wallet already installed or recent is not featured nor recommended again', () => {
    const s = project(
      log(
        ...started({ excludeWalletIds: ['x1', 'io.excluded', 'WALLET X3'] }),
        ['connectors/discovered', { connectors: [announced, { ...announced, id: 'io.excluded', rdns: 'io.excluded', name: 'Excluded' }] }],
        ...recentVia({ id: 'rc', name: 'Recent Wallet' }),
        ['wallets/lists-fetched', { featured: [listing('f1', { rdns: 'io.announced' }), listing('x1')], recommended: [listing('rc'), listing('x3'), listing('r2')], count: 9 }],
        ['wallets/page-fetched', { page: 1, count: 9, wallets: [listing('x1'), listing('x3'), listing('a1')] }],
      ),
    )
    const m = walletListModel(s)
    expect(ids(m)).toEqual(['recent:rc', 'injected:io.announced', 'recommended:r2'])
    expect(m.wcWallets.map((w) => w.id)).toEqual(['a1'])
  })

  it('offers a wallet on the page only on a namespace the site has a network of', () => {
    const bitcoin = { id: 'wallet-standard-bitcoin:Phantom', type: 'ANNOUNCED', name: 'Phantom', chain: 'bip122' } as const
    const discovered = ['connectors/discovered', { connectors: [announced, phantom, bitcoin] }] as const
    expect(connectRows(fold(discovered)).map((r) => r.id)).not.toContain('wallet-standard:Phantom')
    expect(connectRows(foldBoth(discovered)).map((r) => r.id)).toContain('wallet-standard:Phantom')
    expect(connectRows(foldBoth(discovered)).map((r) => r.id)).not.toContain('wallet-standard-bitcoin:Phantom')
    expect(connectRows(fold(discovered)).map((r) => r.id)).toContain('io.announced')
  })

  it('hides the Browser Wallet entry on desktop and lists it installed on mobile', () => {
    expect(ids(walletListModel(fold(['connectors/discovered', { connectors: [browserWallet] }], ['modal/open-requested', { isMobile: false }])))).toEqual([])
    expect(walletListModel(fold(['connectors/discovered', { connectors: [browserWallet] }], ['modal/open-requested', { isMobile: true }])).wallets).toEqual([
      { id: 'injected', name: 'Browser Wallet', connectors: [{ id: 'injected', namespace: 'eip155' }], isInjected: true, isRecent: false, group: 'injected', walletInfo: {} },
    ])
  })

  it('maps a discovered wallet to its own connector, and a registry wallet to WalletConnect with its checked links', () => {
    const s = foldBoth(
      ['connectors/discovered', { connectors: [announced, phantom, external] }],
      ['wallets/lists-fetched', { featured: [listing('f1', { mobile_link: 'harbor://', desktop_link: 'https://harbor.example/app', webapp_link: 'https://web.harbor.example', rdns: 'com.harbor' })], recommended: [], count: 1 }],
    )
    const [announcedItem, phantomItem, featured, externalItem] = walletListModel(s).wallets
    expect(announcedItem).toEqual({
      id: 'io.announced',
      name: 'Announced Wallet',
      imageUrl: 'data:image/png;base64,AAAA',
      connectors: [{ id: 'io.announced', namespace: 'eip155' }],
      isInjected: true,
      isRecent: false,
      group: 'injected',
      walletInfo: {},
    })
    expect(phantomItem).toMatchObject({ connectors: [{ id: 'wallet-standard:Phantom', namespace: 'solana' }], isInjected: true })
    expect(featured).toEqual({
      id: 'f1',
      name: 'Wallet f1',
      imageUrl: 'https://img.example/f1',
      connectors: [{ id: 'walletConnect', namespace: 'eip155' }],
      isInjected: false,
      isRecent: false,
      group: 'featured',
      walletInfo: { deepLink: 'harbor://', desktopLink: 'https://harbor.example/app', webappLink: 'https://web.harbor.example/' },
    })
    expect(externalItem).toMatchObject({ id: 'ext', group: 'external', isInjected: false, connectors: [{ id: 'ext', namespace: 'eip155' }] })
  })

  it("leaves out a link the wallet link validator refuses, and keeps every string as data", () => {
    const s = fold(['wallets/lists-fetched', { featured: [listing('f1', { name: '<img src=x onerror=alert(1)>', mobile_link: 'javascript:alert(1)', desktop_link: 'http://plain.example' })], recommended: [], count: 1 }])
    const [f] = walletListModel(s).wallets
    expect(f!.name).toBe('<img src=x onerror=alert(1)>')
    expect(f!.walletInfo).toEqual({})
  })

  it('marks the recent wallets, in their group or where the same wallet shows elsewhere', () => {
    const s = fold(['connectors/discovered', { connectors: [announced] }], ['connect/requested', { connectorId: 'io.announced', namespace: 'eip155' }], ['connect/succeeded', { connectorId: 'io.announced', namespace: 'eip155', caipAddress: ADDRESS, via: 'prompt', wallet: { id: 'io.announced', name: 'Announced Wallet' } }], ['wallets/page-fetched', { page: 1, count: 2, wallets: [listing('io.announced'), listing('a2')] }])
    const m = walletListModel(s)
    expect(m.wallets.map((w) => [w.id, w.group, w.isRecent])).toEqual([['io.announced', 'injected', true]])
    expect(m.wcWallets.map((w) => [w.id, w.isRecent])).toEqual([
      ['io.announced', true],
      ['a2', false],
    ])
  })

  it('lists the registry as All Wallets does: pages, count, more to fetch; an installed one connects through its own connector', () => {
    const forty = Array.from({ length: 40 }, (_, i) => listing(`w${i}`))
    forty[1] = listing('w1', { rdns: 'io.announced' })
    const s = fold(['connectors/discovered', { connectors: [announced] }], ['wallets/page-requested', { page: 1 }], ['wallets/page-fetched', { page: 1, count: 41, wallets: forty }])
    const m = walletListModel(s)
    expect(m).toMatchObject({ page: 1, count: 41, hasMore: true, isFetchingWallets: false })
    expect(m.wcWallets).toHaveLength(40)
    expect(m.wcWallets[0]).toEqual({ id: 'w0', name: 'Wallet w0', imageUrl: 'https://img.example/w0', connectors: [{ id: 'walletConnect', namespace: 'eip155' }], isInjected: false, isRecent: false, group: 'allWallets', walletInfo: {} })
    expect(m.wcWallets[1]).toMatchObject({ id: 'w1', connectors: [{ id: 'io.announced', namespace: 'eip155' }], isInjected: true })
    expect(walletListModel(fold(['wallets/page-requested', { page: 1 }]))).toEqual({ wallets: [], wcWallets: [], page: 0, count: 0, hasMore: true, isFetchingWallets: true })
    expect(walletListModel(fold(['wallets/page-requested', { page: 1 }], ['wallets/page-failed', { page: 1, message: 'Server error' }]))).toMatchObject({ isFetchingWallets: false, error: 'Server error' })
  })

  it('shows the search while one is on: its results, count and state, no paging', () => {
    const searching = fold(['wallets/page-fetched', { page: 1, count: 3, wallets: [listing('a')] }], ['wallets/search-requested', { query: 'harb' }])
    expect(walletListModel(searching)).toMatchObject({ wcWallets: [], search: 'harb', isFetchingWallets: true, hasMore: false, count: 0, page: 1 })
    const found = project(log(...started(), ['wallets/search-requested', { query: 'harb' }], ['wallets/search-fetched', { query: 'harb', count: 1, wallets: [listing('h')] }]))
    expect(walletListModel(found)).toMatchObject({ search: 'harb', count: 1, isFetchingWallets: false })
    expect(walletListModel(found).wcWallets.map((w) => w.id)).toEqual(['h'])
  })

  it('with WalletConnect off: the installed wallets only, no registry', () => {
    const s = project(log(...started({ walletConnect: false }), ['connectors/discovered', { connectors: [announced] }], ['wallets/lists-fetched', { featured: [listing('f1')], recommended: [listing('r1')], count: 2 }], ['wallets/page-fetched', { page: 1, count: 2, wallets: [listing('r1')] }]))
    const m = walletListModel(s)
    expect(ids(m)).toEqual(['injected:io.announced'])
    expect(m).toMatchObject({ wcWallets: [], hasMore: false })
  })

  it('names the wallet being connected: the registry wallet picked, else the connector', () => {
    expect(walletListModel(fold(['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155', wallet: { id: 'h', name: 'Harbor' } }])).connectingWallet).toBe('h')
    expect(walletListModel(fold(['connectors/discovered', { connectors: [announced] }], ['connect/requested', { connectorId: 'io.announced', namespace: 'eip155' }])).connectingWallet).toBe('io.announced')
    expect(walletListModel(fold(['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155' }])).connectingWallet).toBe('walletConnect')
    const failed = fold(['connect/requested', { connectorId: 'walletConnect', namespace: 'eip155', wallet: { id: 'h', name: 'Harbor' } }], ['connect/failed', { connectorId: 'walletConnect', namespace: 'eip155', message: 'Connection declined' }])
    expect(walletListModel(failed).connectingWallet).toBeUndefined()
  })
})
