import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, connected, log, started, type Item } from '../../../tests/unit/fixtures.js'
import { accountNeeds } from '../select/account-needs.js'
import { accountTabsModel } from '../view-models/account-tabs-model.js'
import { selectors } from '../selectors.js'
import { project } from '../state.js'

/** Folds after a start with a blockchain service (or without, `service` false). */
const fold = (...items: Item[]) => project(log(...started({ blockchainService: true, nftService: true }), ...items))
const foldWithout = (...items: Item[]) => project(log(...started(), ...items))

const tx = (id: string, chain = 'eip155:31337', spam = false) => ({ id, metadata: { minedAt: '2026-11-21T10:00:00Z', chain }, transfers: [{ nft_info: { name: id, flags: { is_spam: spam } } }] })
const openAccount = [['modal/open-requested', { isMobile: false }]] as const

describe('Account tabs state', () => {
  it('needs nothing unless the Account view shows for a connected account and a blockchain service exists', () => {
    expect(accountNeeds(fold(...connected, ...openAccount))).toEqual({ portfolio: CAIP_ADDRESS, identity: CAIP_ADDRESS.split(':')[2] })
    expect(accountNeeds(foldWithout(...connected, ...openAccount))).toEqual({})
    expect(accountNeeds(fold(...connected))).toEqual({})
    const activity = fold(...connected, ...openAccount, ['account/tab-selected', { tab: 'Activity' }])
    expect(accountNeeds(activity)).toMatchObject({ portfolio: CAIP_ADDRESS, history: CAIP_ADDRESS })
  })
  it('keeps the picked tab in the account state across closing and reopening, and drops it on disconnect', () => {
    const s = fold(...connected, ...openAccount, ['account/tab-selected', { tab: 'NFTs' }], ['modal/close-requested', {}], ...openAccount)
    expect(s.accounts.eip155?.currentTab).toBe('NFTs')
    expect(accountTabsModel(s).tab).toBe('NFTs')
    const after = fold(...connected, ['account/tab-selected', { tab: 'NFTs' }], ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }])
    expect(after.accounts.eip155?.currentTab).toBeUndefined()
  })
  it('holdings: decimals "0" dropped when folded; a failure keeps what was shown and records when', () => {
    const balances = [
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '1.5' }, value: 3000 },
      { name: 'Pearl', symbol: 'PRL', chainId: 'eip155:31337', address: 'eip155:31337:0xp', quantity: { decimals: '0', numeric: '7' } },
    ]
    const s = fold(...connected, ...openAccount, ['portfolio/fetched', { caipAddress: CAIP_ADDRESS, balances }], ['portfolio/failed', { caipAddress: CAIP_ADDRESS, message: 'HTTP request failed.' }])
    const p = s.accountData.portfolio[CAIP_ADDRESS]!
    expect(p.balances?.map((b) => b.symbol)).toEqual(['ETH'])
    expect(p.error).toBe('HTTP request failed.')
    expect(typeof p.failedAt).toBe('number')
    expect(accountTabsModel(s)).toMatchObject({ networkBalanceUsd: '3000.00', tokens: [{ symbol: 'ETH', amount: '1.5', usd: '3000.00' }] })
  })
  it('history: the first page replaces, later pages append without repeats, spam-only and other-chain transactions are dropped, a failure empties the list', () => {
    const page1 = ['history/fetched', { caipAddress: CAIP_ADDRESS, transactions: [tx('a'), tx('spam', 'eip155:31337', true), tx('other', 'eip155:1')], next: '2' }] as const
    const page2 = ['history/fetched', { caipAddress: CAIP_ADDRESS, cursor: '2', transactions: [tx('a'), tx('b')] }] as const
    const s = fold(...connected, page1, page2)
    expect(s.accountData.history[CAIP_ADDRESS]?.transactions.map((t) => t.id)).toEqual(['a', 'b'])
    expect(s.accountData.history[CAIP_ADDRESS]?.next).toBeUndefined()
    const again = fold(...connected, page1, page2, ['history/fetched', { caipAddress: CAIP_ADDRESS, transactions: [tx('c')], next: '2' }])
    expect(again.accountData.history[CAIP_ADDRESS]).toMatchObject({ transactions: [{ id: 'c' }], next: '2' })
    const failed = fold(...connected, page1, ['history/failed', { caipAddress: CAIP_ADDRESS, message: 'HTTP request failed.' }])
    expect(failed.accountData.history[CAIP_ADDRESS]).toMatchObject({ transactions: [], error: 'HTTP request failed.', loading: false })
    expect(failed.accountData.history[CAIP_ADDRESS]?.next).toBeUndefined()
  })
  it("identity: name and avatar become the account's profileName and profileImage (EVM)", () => {
    const s = fold(...connected, ['identity/fetched', { address: ADDRESS.toLowerCase(), name: 'alice.eth', avatar: 'https://a/alice.svg' }])
    expect(selectors.account(s)).toMatchObject({ profileName: 'alice.eth', profileImage: 'https://a/alice.svg' })
  })
})
