import { describe, expect, it } from 'vitest'
import { fold, connected, CAIP_ADDRESS } from '../../../tests/unit/fixtures.js'
import { addNamespace, markDisconnected, unmarkDisconnected } from './connection.js'

describe('connection status (docs/behaviour.md §4)', () => {
  it('goes disconnected → connecting → connected', () => {
    expect(fold().connection.status).toBe('disconnected')
    expect(fold(connected[0]).connection.status).toBe('connecting')
    expect(fold(...connected).connection).toMatchObject({ status: 'connected', activeNamespace: 'eip155', connectorIds: { eip155: 'dev.gangway.localnet' }, connectedNamespaces: ['eip155'] })
  })
  it('returns to disconnected after a failed first connect, and keeps the error', () => {
    const s = fold(connected[0], ['connect/failed', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', message: 'Connection rejected', code: 4001 }])
    expect(s.connection).toMatchObject({ status: 'disconnected', lastError: { connectorId: 'dev.gangway.localnet', message: 'Connection rejected' } })
    expect(s.connection.pending).toBeUndefined()
  })
  it('stays connected when a second connect fails', () => {
    const s = fold(...connected, ['connect/requested', { connectorId: 'injected', namespace: 'eip155' }], ['connect/failed', { connectorId: 'injected', namespace: 'eip155', message: 'x' }])
    expect(s.connection.status).toBe('connected')
  })
  it('keeps connected namespaces de-duplicated and removes them on disconnect', () => {
    const twice = fold(...connected, ['connect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'restore' }])
    expect(twice.connection.connectedNamespaces).toEqual(['eip155'])
    const gone = fold(...connected, ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }])
    expect(gone.connection).toMatchObject({ status: 'disconnected', connectedNamespaces: [], connectorIds: {}, disconnectedConnectorIds: { eip155: ['dev.gangway.localnet'] } })
  })
  it('unmarks a disconnected connector case-insensitively when it connects again', () => {
    const s = fold(
      ...connected,
      ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }],
      ['connect/succeeded', { connectorId: 'DEV.Gangway.Localnet', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'prompt' }],
    )
    expect(s.connection.disconnectedConnectorIds.eip155).toEqual([])
  })
  it('a silent restore keeps the active namespace; a prompted connect makes its namespace active', () => {
    const solana = 'solana:GangwayLocaLnet11111111111111111:So11111111111111111111111111111111111111112' as const
    const s = fold(
      ...connected,
      ['connect/succeeded', { connectorId: 'wallet-standard:W', namespace: 'solana', caipAddress: solana, via: 'prompt' }],
      ['engine/started', { mode: 'worker' }],
      ['connect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'restore' }],
    )
    expect(s.connection.activeNamespace).toBe('solana')
    expect(s.connection.connectedNamespaces).toEqual(['eip155', 'solana'])
  })
  it('a new engine start settles a connect left pending by the previous page', () => {
    const s = fold(connected[0], ['engine/started', { mode: 'worker' }])
    expect(s.connection.status).toBe('disconnected')
    expect(s.connection.pending).toBeUndefined()
  })
  it('helpers: add without duplicates, mark and unmark ignoring case', () => {
    expect(addNamespace(['eip155'], 'eip155')).toEqual(['eip155'])
    expect(addNamespace(['eip155'], 'solana')).toEqual(['eip155', 'solana'])
    const marked = markDisconnected(markDisconnected({}, 'eip155', 'Injected'), 'eip155', 'injected')
    expect(marked).toEqual({ eip155: ['Injected'] })
    expect(unmarkDisconnected(marked, 'eip155', 'INJECTED')).toEqual({ eip155: [] })
  })
})
