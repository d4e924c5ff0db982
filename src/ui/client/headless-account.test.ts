/** headless.ts's account data: each tab's part of the Account tabs model, its showing flag held while subscribed, the reach, the next Activity page. */
import { signal, type Signal } from '@preact/signals-core'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountTabsModel, Intent, WalletListModel } from '../../contract.js'
import { createHeadless } from './headless.js'
import type { ClientSignals } from './signals.js'

let intents: Intent[]
let reach: ReturnType<typeof vi.fn<() => void>>
let tabs: Signal<AccountTabsModel>

const empty: AccountTabsModel = { tab: 'Tokens', tabs: ['Tokens', 'NFTs', 'Activity'], tokens: [], tokensLoading: false, nfts: [], nftsLoading: false, activity: [], activityLoading: false, activityLoadingMore: false }
const list: WalletListModel = { wallets: [], wcWallets: [], page: 0, count: 0, hasMore: false, isFetchingWallets: false }
const dispatch = async (intent: Intent) => void intents.push(intent)

async function headless() {
  return createHeadless({
    engine: { subscribe: ((_: string, cb: (v: WalletListModel) => void) => (cb(list), Promise.resolve(1))) as never, subscribeEvents: () => Promise.resolve(2), dispatch },
    signals: { accountTabs: tabs } as unknown as ClientSignals,
    dispatch,
    api: { switchNetwork: async () => undefined },
    reach,
  })
}

/** The flags of each `headless/showing-changed` sent, as the names of those on. */
const flags = () => intents.flatMap((i) => (i.type === 'headless/showing-changed' ? [Object.keys(i.payload).filter((k) => i.payload[k as keyof typeof i.payload])] : []))

beforeEach(() => {
  intents = []
  reach = vi.fn<() => void>()
  tabs = signal(empty)
})

describe('the headless account data', () => {
  it('holds a tab’s showing flag on while any of its callbacks is subscribed, and turns it off after the last leaves (once)', async () => {
    const h = await headless()
    const one = h.subscribeTokens(() => undefined)
    const two = h.subscribeTokens(() => undefined)
    const nfts = h.subscribeNfts(() => undefined)
    expect(flags()).toEqual([['tokens'], ['tokens', 'nfts']])
    one()
    one()
    expect(flags()).toHaveLength(2)
    two()
    expect(flags().at(-1)).toEqual(['nfts'])
    nfts()
    const activity = h.subscribeActivity(() => undefined)
    activity()
    expect(flags().slice(3)).toEqual([[], ['activity'], []])
  })

  it('counts each subscribe as the reach, never a read', async () => {
    const h = await headless()
    h.getTokens()
    h.getNfts()
    h.getActivity()
    expect(reach).not.toHaveBeenCalled()
    h.subscribeActivity(() => undefined)
    expect(reach).toHaveBeenCalledTimes(1)
  })

  it('calls each subscriber back with its own part, only when that part changes', async () => {
    const h = await headless()
    const tokens: unknown[] = []
    const nfts: unknown[] = []
    h.subscribeTokens((v) => tokens.push(v))
    h.subscribeNfts((v) => nfts.push(v))
    const row = { key: 'eip155:1:native', name: 'Ether', symbol: 'ETH', amount: '1.5', usd: '3000.00' }
    tabs.value = { ...empty, caipAddress: 'eip155:1:0xabc', tokens: [row], networkBalanceUsd: '3000.00' }
    // An Activity change: neither is called.
    tabs.value = { ...tabs.value, activityLoading: true }
    expect(tokens).toEqual([{ caipAddress: 'eip155:1:0xabc', networkBalanceUsd: '3000.00', tokens: [row], tokensLoading: false }])
    expect(nfts).toEqual([{ caipAddress: 'eip155:1:0xabc', tabs: empty.tabs, nfts: [], nftsLoading: false }])
    expect(h.getActivity()).toEqual({ caipAddress: 'eip155:1:0xabc', tabs: empty.tabs, activity: [], activityLoading: true, activityLoadingMore: false })
  })

  it('asks for the next Activity page with the model’s cursor, and for nothing without one or while one is read', async () => {
    const h = await headless()
    expect(await h.fetchMoreActivity()).toBe(false)
    tabs.value = { ...empty, caipAddress: 'eip155:1:0xabc', next: 'cursor-2', activityLoadingMore: true }
    expect(await h.fetchMoreActivity()).toBe(false)
    tabs.value = { ...tabs.value, activityLoadingMore: false }
    expect(await h.fetchMoreActivity()).toBe(true)
    expect(intents).toEqual([{ type: 'history/fetch-requested', payload: { caipAddress: 'eip155:1:0xabc', cursor: 'cursor-2' } }])
    expect(reach).toHaveBeenCalled()
  })
})
