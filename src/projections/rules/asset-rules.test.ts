import { describe, expect, it } from 'vitest'
import type { TokenBalance, Transaction } from '../../events/entities.js'
import { activityRow, networkBalanceUsd, tokenRow, visibleNfts, visibleTokenBalances, visibleTransactions } from './asset-rules.js'
import { floorDecimal } from '../format.js'

const balance = (symbol: string, decimals: string, numeric: string, value?: number): TokenBalance => ({ name: symbol, symbol, chainId: 'eip155:1', address: `eip155:1:0x${symbol}`, quantity: { decimals, numeric }, ...(value !== undefined ? { value } : {}) })
const tx = (id: string, chain: string, spam: boolean[]): Transaction => ({
  id,
  metadata: { minedAt: '2026-11-21T10:00:00Z', chain, operationType: 'receive' },
  transfers: spam.map((s) => ({ nft_info: { name: `nft ${id}`, flags: { is_spam: s } }, direction: 'in' as const })),
})

describe('token and transaction rules (docs/behaviour.md §5)', () => {
  it('drops holdings whose quantity decimals are "0", and only those', () => {
    const kept = visibleTokenBalances([balance('ETH', '18', '1'), balance('PRL', '0', '7'), balance('USDC', '6', '2.5'), balance('NFT', '0', '3')])
    expect(kept.map((b) => b.symbol)).toEqual(['ETH', 'USDC'])
  })
  it('drops a transaction whose every transfer is spam, keeps one with any transfer that is not', () => {
    const kept = visibleTransactions([tx('a', 'eip155:1', [true]), tx('b', 'eip155:1', [true, false]), tx('c', 'eip155:1', [false]), tx('d', 'eip155:1', [true, true])], 'eip155:1')
    expect(kept.map((t) => t.id)).toEqual(['b', 'c'])
  })
  it('keeps a transaction with no transfers (a contract call) and only those on the connected chain', () => {
    const kept = visibleTransactions([tx('a', 'eip155:1', []), tx('b', 'eip155:10', [false]), tx('c', 'eip155:1', [false])], 'eip155:1')
    expect(kept.map((t) => t.id)).toEqual(['a', 'c'])
  })
  it('NFTs: no spam, connected chain only', () => {
    const nft = (tokenId: string, chain: string, spam: boolean) => ({ chain, contract: `${chain}:0xc`, tokenId, name: tokenId, spam })
    expect(visibleNfts([nft('1', 'eip155:1', false), nft('2', 'eip155:1', true), nft('3', 'eip155:10', false)], 'eip155:1').map((n) => n.tokenId)).toEqual(['1'])
  })
})

describe('display flooring (docs/behaviour.md §9)', () => {
  it('floors whole-token decimal strings to 3 decimals without rounding up or trailing zeros', () => {
    expect(floorDecimal('2500.123456')).toBe('2500.123')
    expect(floorDecimal('1.9999')).toBe('1.999')
    expect(floorDecimal('42.5')).toBe('42.5')
    expect(floorDecimal('42.500')).toBe('42.5')
    expect(floorDecimal('0.0009')).toBe('0')
    expect(floorDecimal('007')).toBe('7')
    expect(floorDecimal('1e5')).toBe('0')
  })
  it('token rows: amount floored to 3 decimals, USD to 2; the network balance sums the worth and floors it', () => {
    expect(tokenRow(balance('TIDE', '18', '2500.123456', 1054.302061))).toMatchObject({ amount: '2500.123', usd: '1054.30', symbol: 'TIDE' })
    expect(tokenRow(balance('X', '18', '1'))).not.toHaveProperty('usd')
    expect(networkBalanceUsd([balance('A', '18', '1', 10.019), balance('B', '18', '1', 0.009), balance('C', '18', '1')])).toBe('10.02')
    expect(networkBalanceUsd([])).toBe('0.00')
  })
  it('activity rows: title from the operation, signed floored amounts, spam transfers left out', () => {
    const t: Transaction = {
      id: 'x',
      metadata: { minedAt: '2026-11-21T10:00:00Z', chain: 'eip155:1', operationType: 'send', hash: '0xh', status: 'confirmed' },
      transfers: [
        { fungible_info: { symbol: 'HBD', icon: { url: 'https://i/hbd.svg' } }, direction: 'out', quantity: { numeric: '25.00049' } },
        { nft_info: { name: 'junk', flags: { is_spam: true } }, direction: 'in' },
      ],
    }
    expect(activityRow(t)).toEqual({ id: 'x', title: 'Sent', description: '-25 HBD', minedAt: '2026-11-21T10:00:00Z', direction: 'out', status: 'confirmed', hash: '0xh', imageUrl: 'https://i/hbd.svg' })
    expect(activityRow({ ...t, metadata: { ...t.metadata, operationType: 'receive' }, transfers: [{ fungible_info: { symbol: 'ETH' }, direction: 'in', quantity: { numeric: '1.5' } }] }).description).toBe('+1.5 ETH')
    expect(activityRow({ ...t, transfers: [] }).description).toBe('Contract call')
  })
})
