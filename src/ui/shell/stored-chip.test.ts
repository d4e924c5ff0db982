/** The stored chip: written while connected, removed on disconnect, read only when every field passes. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readChip, writeChip } from './stored-chip.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let store: Map<string, string>
beforeEach(() => {
  store = new Map()
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) })
})
afterEach(() => vi.unstubAllGlobals())

describe('stored chip', () => {
  it('round-trips a connected account with its balance, per project, and a disconnect removes it', () => {
    writeChip('p', { status: 'connected', isConnected: true, balanceLoading: false, address: ADDRESS, balance: '9999.87', balanceSymbol: 'ETH', profileName: 'x.eth' })
    expect(readChip('p')).toEqual({ status: 'connected', isConnected: true, balanceLoading: false, address: ADDRESS, balance: '9999.87', balanceSymbol: 'ETH' })
    expect(readChip('other')).toBeUndefined()
    // Connecting elsewhere (a status between) keeps it; disconnected removes it.
    writeChip('p', { status: 'connecting', isConnected: false, balanceLoading: false })
    expect(readChip('p')?.address).toBe(ADDRESS)
    writeChip('p', { status: 'disconnected', isConnected: false, balanceLoading: false })
    expect(readChip('p')).toBeUndefined()
  })

  it('without a balance, the address alone', () => {
    writeChip('p', { status: 'connected', isConnected: true, balanceLoading: true, address: ADDRESS })
    expect(readChip('p')).toEqual({ status: 'connected', isConnected: true, balanceLoading: false, address: ADDRESS })
  })

  it('ignores a record that is not JSON, has markup, an overlong, missing or non-string field', () => {
    for (const raw of ['{', 'null', '[]', JSON.stringify({ a: '<b>x</b>' }), JSON.stringify({ a: 'a'.repeat(45) }), JSON.stringify({ a: ADDRESS, b: '1', s: '<s>' }), JSON.stringify({ b: '1', s: 'ETH' })]) {
      store.set('gangway:chip:p', raw)
      expect(readChip('p'), raw).toBeUndefined()
    }
    for (const record of [{ a: 12345 }, { a: ADDRESS, b: 2, s: 'ETH' }, { a: ADDRESS, b: '2' }, { a: [ADDRESS] }]) {
      store.set('gangway:chip:p', JSON.stringify(record))
      expect(readChip('p'), JSON.stringify(record)).toBeUndefined()
    }
  })

  it('storage that throws: nothing read, nothing thrown', () => {
    vi.stubGlobal('localStorage', { getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('denied') }, removeItem: () => undefined })
    expect(readChip('p')).toBeUndefined()
    expect(() => writeChip('p', { status: 'connected', isConnected: true, balanceLoading: false, address: ADDRESS })).not.toThrow()
  })
})
