import { describe, expect, it } from 'vitest'
import { PAIRING_LIFETIME_S, addRecentWallet, isPairingExpired, loadedMatches, reusesPairing, searchText, showsBrowserWallet, withoutExcluded, withoutShown } from './wallet-rules.js'

const w = (id: string, name = id, rdns?: string) => ({ id, name, ...(rdns ? { rdns } : {}) })

describe('wallet rules (docs/behaviour.md §5, §9)', () => {
  it('recent wallets: at most 2, newest first, no duplicates by id', () => {
    let list = addRecentWallet([], w('a'))
    list = addRecentWallet(list, w('b'))
    expect(list.map((x) => x.id)).toEqual(['b', 'a'])
    list = addRecentWallet(list, w('a'))
    expect(list.map((x) => x.id)).toEqual(['a', 'b'])
    list = addRecentWallet(list, w('c'))
    expect(list.map((x) => x.id)).toEqual(['c', 'a'])
  })
  it('a pairing lives 4 minutes and counts as expired with 10 s or less left', () => {
    expect(PAIRING_LIFETIME_S).toBe(240)
    const now = 1_000_000_000
    expect(isPairingExpired(now / 1000 + 11, now)).toBe(false)
    expect(isPairingExpired(now / 1000 + 10, now)).toBe(true)
    expect(isPairingExpired(now / 1000 - 1, now)).toBe(true)
  })
  it('the pairing is reused on Telegram and iOS Safari only (§4)', () => {
    const p = (telegram: boolean, iosSafari: boolean) => ({ telegram, iosSafari })
    expect([reusesPairing(p(true, false)), reusesPairing(p(false, true)), reusesPairing(p(false, false)), reusesPairing(undefined)]).toEqual([true, true, false, false])
  })
  it('search text is trimmed', () => {
    expect(searchText('  rain bow \n\t')).toBe('rain bow')
  })
  it('the loaded wallets matching a search: name holds the trimmed text in any case, each id once, in order; empty text keeps all', () => {
    const list = [w('1', 'Rainbow'), w('2', 'Trust Wallet'), w('3', 'MetaMask'), w('1', 'Rainbow'), w('4', 'Brainy')]
    expect(loadedMatches(list, '  RAIN ').map((x) => x.id)).toEqual(['1', '4'])
    expect(loadedMatches(list, 'wallet').map((x) => x.id)).toEqual(['2'])
    expect(loadedMatches(list, 'zzz')).toEqual([])
    expect(loadedMatches(list, '  ').map((x) => x.id)).toEqual(['1', '2', '3', '4'])
  })
  it('excluded wallets are hidden by id, rdns, or case-insensitive name', () => {
    const list = [w('1', 'Alpha', 'io.alpha'), w('2', 'Beta', 'io.beta'), w('3', 'Gamma'), w('4', 'Delta')]
    expect(withoutExcluded(list, ['io.alpha', 'GAMMA', '4']).map((x) => x.id)).toEqual(['2'])
  })
  it('wallets already shown as announced, injected or recent leave recommended and featured', () => {
    const list = [w('1', 'Alpha', 'io.alpha'), w('2', 'Beta', 'io.beta'), w('3', 'Gamma')]
    expect(withoutShown(list, { ids: ['3'], rdns: ['io.alpha'] }).map((x) => x.id)).toEqual(['2'])
  })
  it('the browser wallet entry: hidden on desktop; on mobile hidden without rdns unless installed', () => {
    expect(showsBrowserWallet(false, true, true)).toBe(false)
    expect(showsBrowserWallet(true, false, false)).toBe(false)
    expect(showsBrowserWallet(true, true, false)).toBe(true)
    expect(showsBrowserWallet(true, false, true)).toBe(true)
  })
})
