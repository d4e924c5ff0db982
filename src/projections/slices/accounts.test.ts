import { describe, expect, it } from 'vitest'
import { fold, connected, ADDRESS, CAIP_ADDRESS } from '../../../tests/unit/fixtures.js'

const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('account state per namespace', () => {
  it('holds the connected CAIP-10 id, address and network', () => {
    expect(fold(...connected).accounts.eip155).toMatchObject({ status: 'connected', caipAddress: CAIP_ADDRESS, address: ADDRESS, caipNetworkId: 'eip155:31337' })
  })
  it('stores a fetched balance for the current address only', () => {
    const s = fold(...connected, ['balance/fetched', { caipAddress: CAIP_ADDRESS, valueWei: '1500000000000000000', decimals: 18, symbol: 'ETH' }])
    expect(s.accounts.eip155).toMatchObject({ balanceRaw: '1500000000000000000', balanceDecimals: 18, balanceSymbol: 'ETH', balanceLoading: false })
    const stale = fold(...connected, ['balance/fetched', { caipAddress: `eip155:31337:${OTHER}`, valueWei: '1', decimals: 18, symbol: 'ETH' }])
    expect(stale.accounts.eip155?.balanceRaw).toBeUndefined()
  })
  it('marks loading on a fetch request and records a failure', () => {
    expect(fold(...connected, ['balance/fetch-requested', { caipAddress: CAIP_ADDRESS, reason: 'connected' }]).accounts.eip155?.balanceLoading).toBe(true)
    const failed = fold(...connected, ['balance/fetch-requested', { caipAddress: CAIP_ADDRESS, reason: 'connected' }], ['balance/failed', { caipAddress: CAIP_ADDRESS, message: 'HTTP request failed.' }])
    expect(failed.accounts.eip155).toMatchObject({ balanceLoading: false, balanceError: 'HTTP request failed.' })
  })
  it('follows accountsChanged and chainChanged, dropping the old balance', () => {
    const withBalance = [...connected, ['balance/fetched', { caipAddress: CAIP_ADDRESS, valueWei: '1', decimals: 18, symbol: 'ETH' }]] as const
    const moved = fold(...withBalance, ['wallet/accounts-changed', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', addresses: [OTHER] }])
    expect(moved.accounts.eip155).toMatchObject({ caipAddress: `eip155:31337:${OTHER}`, address: OTHER })
    const lower = fold(...withBalance, ['wallet/accounts-changed', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', addresses: [OTHER.toLowerCase()] }])
    expect(lower.accounts.eip155?.address).toBe(OTHER)
    expect(moved.accounts.eip155?.balanceRaw).toBeUndefined()
    const chain = fold(...withBalance, ['wallet/chain-changed', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipNetworkId: 'eip155:1' }])
    expect(chain.accounts.eip155).toMatchObject({ caipAddress: `eip155:1:${ADDRESS}`, caipNetworkId: 'eip155:1' })
  })
  it('ignores account and chain changes from a wallet that is not the connected one', () => {
    const s = fold(
      ...connected,
      ['wallet/accounts-changed', { connectorId: 'injected', namespace: 'eip155', addresses: [OTHER] }],
      ['wallet/chain-changed', { connectorId: 'injected', namespace: 'eip155', caipNetworkId: 'eip155:1' }],
    )
    expect(s.accounts.eip155).toMatchObject({ caipAddress: CAIP_ADDRESS })
    expect(s.networks.active.eip155).toBe('eip155:31337')
    expect(s.modal.view).not.toBe('UnsupportedChain')
  })
  it('resets to disconnected on disconnect (docs/behaviour.md §4: account reset)', () => {
    const s = fold(...connected, ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'wallet' }])
    expect(s.accounts.eip155).toEqual({ status: 'disconnected', balanceLoading: false })
  })
})
