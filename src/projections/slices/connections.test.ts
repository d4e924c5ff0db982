// Connections per namespace: the fold, the merge rule of docs/behaviour.md §5, and the per-connection class of §4.
import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, connected, fold, log, started } from '../../../tests/unit/fixtures.js'
import type { GangwayEvent } from '../../events/types.js'
import { initialStateFor, NO_TAB, project, reduce } from '../state.js'
import { GangwayError } from '../../events/kernel/errors.js'
import { mergeAccounts, MAX_CONNECTION_ACCOUNTS } from './connections.js'
import { liveConnections } from '../select/connections.js'
import { connectionClass, INVALID_CONNECTION_STATUS, switchAction, type ConnectionClass } from '../select/connection-class.js'

const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const WC = 'walletConnect'
const wcConnected = [
  ['connect/requested', { connectorId: WC, namespace: 'eip155' }],
  ['connect/succeeded', { connectorId: WC, namespace: 'eip155', caipAddress: `eip155:31337:${OTHER}`, via: 'prompt', wallet: { id: 'w', name: 'Harbor Wallet' }, mode: 'add' }],
] as const
const THIRD = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const LOCAL = 'dev.gangway.localnet'
/** The Localnet Wallet's connect reporting two accounts, then WalletConnect's added beside it. */
const two = [
  ['connect/requested', { connectorId: LOCAL, namespace: 'eip155' }],
  ['connect/succeeded', { connectorId: LOCAL, namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'prompt', accounts: [ADDRESS, THIRD], mode: 'add' }],
  ...wcConnected,
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

  it("'replace' (multiWallet off, or an older log's connect) marks the namespace's other connections disconnected; 'add' keeps them live", () => {
    const replaced = fold(...connected, ['connect/succeeded', { connectorId: WC, namespace: 'eip155', caipAddress: `eip155:31337:${OTHER}`, via: 'prompt', mode: 'replace' }])
    expect(connectionClass(replaced, 'eip155', WC)).toBe('connected')
    expect(connectionClass(replaced, 'eip155', LOCAL)).toBe('disconnected')
    const added = fold(...two)
    expect(connectionClass(added, 'eip155', LOCAL)).toBe('active')
    expect(added.connections.eip155?.[1]?.accounts).toEqual([{ address: ADDRESS }, { address: THIRD }])
    expect(liveConnections(added, 'eip155').map((c) => c.connectorId)).toEqual([WC, LOCAL])
  })

  it('a restore confirms a connection without making it the active one; a non-active wallet\'s accounts merge without moving the active account', () => {
    const s = fold(...two, ['engine/started', { mode: 'main' }], ['connect/succeeded', { connectorId: LOCAL, namespace: 'eip155', caipAddress: `eip155:1:${THIRD}`, via: 'restore', mode: 'add' }])
    expect(s.connection.connectorIds.eip155).toBe(WC)
    expect(s.accounts.eip155?.caipAddress).toBe(`eip155:31337:${OTHER}`)
    expect(s.networks.active.eip155).toBe('eip155:31337')
    const moved = fold(...two, ['wallet/accounts-changed', { connectorId: LOCAL, namespace: 'eip155', addresses: [OTHER.toLowerCase()] }])
    expect(moved.accounts.eip155?.address).toBe(OTHER)
    expect(moved.connections.eip155?.[1]?.accounts.map((a) => a.address)).toEqual([ADDRESS, THIRD, OTHER.toLowerCase()])
  })

  it('a switch moves the active connection and account; disconnecting the active connection hands over to the most recent live one, another leaves it', () => {
    const switched = fold(...two, ['connection/switched', { namespace: 'eip155', connectorId: LOCAL, caipAddress: `eip155:31337:${THIRD}`, wallet: true }])
    expect(switched.connection.connectorIds.eip155).toBe(LOCAL)
    expect(switched.accounts.eip155?.address).toBe(THIRD)
    expect(switched.connections.eip155?.map((c) => c.connectorId)).toEqual([LOCAL, WC])
    const handedOver = fold(...two, ['disconnect/succeeded', { connectorId: WC, namespace: 'eip155', reason: 'user' }])
    expect(handedOver.connection.connectorIds.eip155).toBe(LOCAL)
    expect(handedOver.accounts.eip155).toMatchObject({ status: 'connected', caipAddress: CAIP_ADDRESS })
    expect(handedOver.connection.connectedNamespaces).toEqual(['eip155'])
    expect(connectionClass(handedOver, 'eip155', WC)).toBe('disconnected')
    const other = fold(...two, ['disconnect/succeeded', { connectorId: LOCAL, namespace: 'eip155', reason: 'wallet' }])
    expect(other.connection.connectorIds.eip155).toBe(WC)
    expect(other.accounts.eip155?.address).toBe(OTHER)
    const last = fold(...two, ['disconnect/succeeded', { connectorId: LOCAL, namespace: 'eip155', reason: 'user' }], ['disconnect/succeeded', { connectorId: WC, namespace: 'eip155', reason: 'user' }])
    expect(last.connection).toMatchObject({ status: 'disconnected', connectedNamespaces: [], connectorIds: {} })
    expect(last.accounts.eip155?.address).toBeUndefined()
  })

  it("another connection's disconnect keeps the send form; a restore of another connection on a network the site does not list opens nothing", () => {
    const sending = fold(...two, ['send/amount-changed', { amount: '1' }], ['disconnect/succeeded', { connectorId: LOCAL, namespace: 'eip155', reason: 'wallet' }])
    expect(sending.send.amount).toBe('1')
    expect(fold(...two, ['send/amount-changed', { amount: '1' }], ['disconnect/succeeded', { connectorId: WC, namespace: 'eip155', reason: 'user' }]).send.amount).toBeUndefined()
    const restored = fold(...two, ['engine/started', { mode: 'main' }], ['connect/succeeded', { connectorId: LOCAL, namespace: 'eip155', caipAddress: `eip155:1:${ADDRESS}`, via: 'restore', mode: 'add' }])
    expect(restored.modal).toMatchObject({ open: false, view: 'Connect' })
    // A switch onto such a network shows UnsupportedChain, as a connect does.
    const switched = fold(...two, ['modal/open-requested', { isMobile: false }], ['connection/switched', { namespace: 'eip155', connectorId: LOCAL, caipAddress: `eip155:1:${ADDRESS}`, wallet: true }])
    expect(switched.modal.view).toBe('UnsupportedChain')
  })

  it('a failed disconnect leaves the connections, the connection and the account as they were', () => {
    const before = fold(...two)
    const after = reduce(before, { type: 'disconnect/failed', payload: { connectorId: WC, namespace: 'eip155', message: 'Failed to disconnect', cause: 'nope' }, seq: before.lastSeq + 1, at: 1, v: 2, tab: 't1' } as GangwayEvent)
    expect(after.connections).toBe(before.connections)
    expect(after.connection).toBe(before.connection)
    expect(after.accounts).toBe(before.accounts)
  })

  it('every tab and the snapshots fold the same connections: the shared fold reads no tab-local state', () => {
    const events = log(...started({ remoteFeatures: { multiWallet: true } }), ...two, ['connection/switched', { namespace: 'eip155', connectorId: LOCAL, caipAddress: `eip155:31337:${THIRD}`, wallet: false }], ['disconnect/succeeded', { connectorId: WC, namespace: 'eip155', reason: 'user' }])
    const mine = project(events)
    const shared = events.reduce(reduce, initialStateFor(NO_TAB))
    expect(shared.connections).toEqual(mine.connections)
    expect(shared.connection.connectorIds).toEqual(mine.connection.connectorIds)
    expect(shared.connection.disconnectedConnectorIds).toEqual(mine.connection.disconnectedConnectorIds)
    expect(shared.accounts.eip155?.caipAddress).toBe(mine.accounts.eip155?.caipAddress)
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
