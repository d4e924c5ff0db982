import { describe, expect, it } from 'vitest'
import { GangwayError } from './kernel/errors.js'
import { validateIntent } from './validate.js'

describe('validateIntent', () => {
  it('accepts well-formed intents', () => {
    expect(validateIntent({ type: 'modal/open-requested', payload: { isMobile: false, view: 'Account' } })).toEqual({ type: 'modal/open-requested', payload: { isMobile: false, view: 'Account' } })
    expect(validateIntent({ type: 'disconnect/requested' })).toEqual({ type: 'disconnect/requested', payload: {} })
  })
  it('refuses types dispatch does not take, including engine-only facts', () => {
    expect(() => validateIntent({ type: 'connect/succeeded', payload: {} })).toThrow('Unknown intent type: connect/succeeded')
    expect(() => validateIntent(null)).toThrow('Unknown intent type: undefined')
  })
  it('refuses malformed payloads with a GangwayError of category INTERNAL_SDK_ERROR (bad host input)', () => {
    const cases = [
      { type: 'modal/open-requested', payload: { view: 'Nope', isMobile: false } },
      { type: 'modal/open-requested', payload: {} },
      { type: 'connect/requested', payload: { connectorId: '', namespace: 'eip155' } },
      { type: 'connect/requested', payload: { connectorId: 'x', namespace: 'cosmos' } },
      { type: 'wallet/accounts-changed', payload: { connectorId: 'x', namespace: 'eip155', addresses: [1] } },
      { type: 'connectors/discovered', payload: { connectors: [{ id: 'x' }] } },
      // Not plain data: the log would refuse it, so dispatch refuses it first.
      { type: 'send/token-selected', payload: { token: { caipNetworkId: 'eip155:1', name: Number.NaN, symbol: 'ETH', decimals: 18 } } },
    ]
    for (const c of cases) {
      const error = (() => {
        try {
          validateIntent(c)
        } catch (e) {
          return e
        }
      })()
      expect(error).toBeInstanceOf(GangwayError)
      expect((error as GangwayError).message).toBe(`Invalid intent payload: ${c.type}`)
      expect((error as GangwayError).category).toBe('INTERNAL_SDK_ERROR')
    }
  })
  it('refuses a malformed chain id with the spec message', () => {
    expect(() => validateIntent({ type: 'wallet/chain-changed', payload: { connectorId: 'x', namespace: 'eip155', caipNetworkId: 'eip155:1:2' } })).toThrow('Invalid CAIP-2 network id')
  })
  it('trims wallet search text (docs/behaviour.md §5), and refuses a malformed picked wallet or page', () => {
    expect(validateIntent({ type: 'wallets/search-requested', payload: { query: '  harbor  ' } })).toEqual({ type: 'wallets/search-requested', payload: { query: 'harbor' } })
    expect(() => validateIntent({ type: 'connect/requested', payload: { connectorId: 'walletConnect', namespace: 'eip155', wallet: { id: 'x', name: 'X', mobileLink: 5 } } })).toThrow('Invalid intent payload: connect/requested')
    expect(() => validateIntent({ type: 'wallets/page-requested', payload: { page: 0 } })).toThrow('Invalid intent payload: wallets/page-requested')
  })
  it('takes a test error of at most 200 characters, and nothing else', () => {
    expect(validateIntent({ type: 'debug/test-error-requested', payload: { message: 'x'.repeat(200), extra: 1 } })).toEqual({ type: 'debug/test-error-requested', payload: { message: 'x'.repeat(200) } })
    for (const message of ['x'.repeat(201), 5, undefined]) expect(() => validateIntent({ type: 'debug/test-error-requested', payload: { message } })).toThrow('Invalid intent payload: debug/test-error-requested')
  })
})
