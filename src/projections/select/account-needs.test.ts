// The Account tabs' needs (docs/behaviour.md §2 Account tabs, §7): the modal's Account view as
// before, and each tab the site's own UI shows (`headless/showing-changed`) with the modal closed.
import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, connected, LOCALNET, log, started, type Item } from '../../../tests/unit/fixtures.js'
import type { Showing } from '../../events/catalogue/headless.js'
import { project } from '../state.js'
import { accountNeeds } from './account-needs.js'

const fold = (...items: Item[]) => project(log(...started({ blockchainService: true, nftService: true }), ...items))
const NONE: Showing = { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false }
const showing = (on: Partial<Showing>): Item => ['headless/showing-changed', { ...NONE, ...on }]

describe('accountNeeds', () => {
  it('a Bitcoin account: its history from the Esplora on Activity, with or without a blockchain service; never holdings, a name or NFTs', () => {
    const BITCOIN = { ...LOCALNET, id: '0f9188f13cb7b2c71f2a335e3a4fc328', caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as const, chainNamespace: 'bip122' as const, name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } }
    const account = `${BITCOIN.caipNetworkId}:bcrt1q9mev6gc3p4cexp2jrzrsjvyhxrgjp72h0gx47m` as const
    const connectedBtc: Item[] = [
      ['connect/requested', { connectorId: 'wallet-standard-bitcoin:W', namespace: 'bip122' }],
      ['connect/succeeded', { connectorId: 'wallet-standard-bitcoin:W', namespace: 'bip122', caipAddress: account, via: 'prompt' }],
    ]
    const open: Item = ['modal/open-requested', { isMobile: false }]
    for (const blockchainService of [true, false]) {
      const foldBtc = (...items: Item[]) => project(log(...started({ networks: [BITCOIN], blockchainService, nftService: true }), ...items))
      expect(accountNeeds(foldBtc(...connectedBtc, open))).toEqual({})
      expect(accountNeeds(foldBtc(...connectedBtc, ['account/tab-selected', { tab: 'Activity' }], open))).toEqual({ history: account })
      expect(accountNeeds(foldBtc(...connectedBtc, ['account/tab-selected', { tab: 'NFTs' }], open))).toEqual({})
    }
  })

  it("the modal's Account view: the holdings and the identity, and the picked tab's NFTs or history", () => {
    const open: Item = ['modal/open-requested', { isMobile: false }]
    expect(accountNeeds(fold(...connected, open))).toEqual({ portfolio: CAIP_ADDRESS, identity: ADDRESS })
    expect(accountNeeds(fold(...connected, ['account/tab-selected', { tab: 'NFTs' }], open))).toEqual({ portfolio: CAIP_ADDRESS, identity: ADDRESS, nfts: CAIP_ADDRESS })
    expect(accountNeeds(fold(...connected, ['account/tab-selected', { tab: 'Activity' }], open))).toEqual({ portfolio: CAIP_ADDRESS, identity: ADDRESS, history: CAIP_ADDRESS })
  })

  it('a tab the visitor reached for on Account: its NFTs or history too, until a tab is picked or the modal closes; not once Account no longer shows', () => {
    const open: Item = ['modal/open-requested', { isMobile: false }]
    const toNfts: Item = ['account/tab-approached', { tab: 'NFTs' }]
    const base = { portfolio: CAIP_ADDRESS, identity: ADDRESS }
    expect(accountNeeds(fold(...connected, open, toNfts))).toEqual({ ...base, nfts: CAIP_ADDRESS })
    expect(accountNeeds(fold(...connected, open, ['account/tab-approached', { tab: 'Activity' }]))).toEqual({ ...base, history: CAIP_ADDRESS })
    // Picked: it shows (the same need); another picked: only that one's.
    expect(accountNeeds(fold(...connected, open, toNfts, ['account/tab-selected', { tab: 'NFTs' }]))).toEqual({ ...base, nfts: CAIP_ADDRESS })
    expect(accountNeeds(fold(...connected, open, toNfts, ['account/tab-selected', { tab: 'Activity' }]))).toEqual({ ...base, history: CAIP_ADDRESS })
    // Another view, or closed and opened again: nothing of it.
    expect(accountNeeds(fold(...connected, open, toNfts, ['modal/navigate-requested', { view: 'WalletSend' }]))).toEqual({})
    expect(accountNeeds(fold(...connected, open, toNfts, ['modal/close-requested', {}], open))).toEqual(base)
    // Not connected: the approach changes nothing.
    expect(project(log(...started({ blockchainService: true, nftService: true }), open, toNfts)).accounts).toEqual(project(log(...started({ blockchainService: true, nftService: true }), open)).accounts)
  })

  it("the modal closed: each tab the site shows, that tab's data only (no identity: that is the Account view's header)", () => {
    expect(accountNeeds(fold(...connected))).toEqual({})
    expect(accountNeeds(fold(...connected, showing({ tokens: true })))).toEqual({ portfolio: CAIP_ADDRESS })
    expect(accountNeeds(fold(...connected, showing({ nfts: true })))).toEqual({ nfts: CAIP_ADDRESS })
    expect(accountNeeds(fold(...connected, showing({ activity: true })))).toEqual({ history: CAIP_ADDRESS })
    expect(accountNeeds(fold(...connected, showing({ tokens: true, nfts: true, activity: true })))).toEqual({ portfolio: CAIP_ADDRESS, nfts: CAIP_ADDRESS, history: CAIP_ADDRESS })
    // The picked tab is the modal's: the site's flags alone decide what it shows.
    expect(accountNeeds(fold(...connected, ['account/tab-selected', { tab: 'NFTs' }], showing({ activity: true })))).toEqual({ history: CAIP_ADDRESS })
    // Turned off again, or flags for the swap and send forms only: nothing.
    expect(accountNeeds(fold(...connected, showing({ tokens: true }), showing({ swap: true, sendReview: true })))).toEqual({})
  })

  it('as for the modal: nothing without a connected account or a blockchain service; NFTs only with an NFT service', () => {
    expect(accountNeeds(fold(showing({ tokens: true, nfts: true, activity: true })))).toEqual({})
    expect(accountNeeds(project(log(...started(), ...connected, showing({ tokens: true }))))).toEqual({})
    expect(accountNeeds(project(log(...started({ blockchainService: true }), ...connected, showing({ nfts: true }))))).toEqual({})
  })
})
