// Connections per namespace (issue 18): the fold, the merge rule of docs/behaviour.md §5, and the per-connection class of §4.
import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, connected, fold } from '../../tests/unit/fixtures.js'
import { GangwayError } from '../events/errors.js'
import { mergeAccounts, MAX_CONNECTION_ACCOUNTS } from './connections.js'
import { connectionClass, INVALID_CONNECTION_STATUS, switchAction, type ConnectionClass } from './select/connection-class.js'

const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const WC = 'walletConnect'
const wcConnected = [
  ['connect/requested', { connectorId: WC, namespace: 'eip155' }],
  ['connect/succeeded', { connectorId: WC, namespace: 'eip155', caipAddress: `eip155:31337:${OTHER}`, via: 'prompt', wallet: { id: 'w', name: 'Harbor Wallet' } }],
] as const

describe('connections per namespace', () => {
  it('merges accounts by lowercase address, keeping the first spelling and order; the auth connector takes its accounts as they come', () => {
    const known = [{ address: ADDRESS, type: 'eoa' as const }]
    expect(mergeAccounts('dev.gangway.localnet', known, [{ address: ADDRESS.toLowerCase() }, { address: OTHER }, { address: OTHER.toUpperCase().replace('0X', '0x') }])).toEqual([{ address: ADDRESS, type: 'eoa' }, { address: OTHER }])
    expect(mergeAccounts('AUTH', known, [{ address: OTHER, type: 'smartAccount' }, { address: OTHER.toLowerCase() }])).toEqual([{ address: OTHER, type: 'smartAccount' }, { address: OTHER.toLowerCase() }])
    expect(mergeAccounts('auth', known, [])).toEqual([])
    const many = Array.from({ length: MAX_CONNECTION_ACCOUNTS + 5 }, (_, i) => ({ address: `0x${i.toString(16).padStart(40, '0')}` }))
    expect(mergeAccounts('x', [], many)).toHaveLength(MAX_CONNECTION_ACCOUNTS)
  })

  it('folds each connect as a connection, most recent first, and the accounts its wallet reports; a disconnect keeps it, as disconnected', () => {
    const s = fold(...connected, ...wcConnected, ['wallet/accounts-changed', { connectorId: 'DEV.gangway.localnet', namespace: 'eip155', addresses: [ADDRESS.toLowerCase(), OTHER] }])
    expect(s.connections.eip155).toEqual([
      { connectorId: WC, accounts: [{ address: OTHER }], name: 'Harbor Wallet' },
      { connectorId: 'dev.gangway.localnet', accounts: [{ address: ADDRESS }, { address: OTHER }] },
    ])
    const gone = fold(...connected, ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }], ['wallet/accounts-changed', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', addresses: [] }])
    expect(gone.connections.eip155).toEqual([{ connectorId: 'dev.gangway.localnet', accounts: [{ address: ADDRESS }] }])
    expect(connectionClass(gone, 'eip155', 'dev.gangway.localnet')).toBe('disconnected')
    // A wallet the site never connected reports nothing into the list.
    expect(fold(['wallet/accounts-changed', { connectorId: 'stranger', namespace: 'eip155', addresses: [OTHER] }]).connections).toEqual({})
  })

  it('classes each connection: connected (the active connector, any case), active (known, not active), disconnected', () => {
    const s = fold(...connected, ...wcConnected)
    expect(connectionClass(s, 'eip155', WC)).toBe('connected')
    expect(connectionClass(s, 'eip155', 'WALLETCONNECT')).toBe('connected')
    expect(connectionClass(s, 'eip155', 'dev.gangway.localnet')).toBe('active')
    expect(connectionClass(s, 'eip155', 'never.seen')).toBe('disconnected')
    expect(connectionClass(s, 'solana', 'dev.gangway.localnet')).toBe('disconnected')
    expect(s.accounts.eip155?.caipAddress).toBe(`eip155:31337:${OTHER}`)
    expect(fold(...connected).connections.eip155?.[0]?.accounts).toEqual([{ address: CAIP_ADDRESS.split(':')[2] }])
  })

  it("switching acts per class; any other value is 'Invalid connection status'", () => {
    expect((['connected', 'active', 'disconnected'] as const).map(switchAction)).toEqual(['account', 'activate', 'reconnect'])
    const error = (() => {
      try {
        switchAction('connecting' as ConnectionClass)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(GangwayError)
    expect(error).toMatchObject({ message: INVALID_CONNECTION_STATUS, category: 'INTERNAL_SDK_ERROR', details: 'connection status "connecting"' })
    expect(INVALID_CONNECTION_STATUS).toBe('Invalid connection status')
  })
})
