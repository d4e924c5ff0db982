import { describe, expect, it } from 'vitest'
import { connected, log, started, CAIP_ADDRESS } from '../../tests/unit/fixtures.js'
import { selectors } from './selectors.js'
import { initialState, project, reduce } from './state.js'

const session = log(
  ...started(),
  ['connectors/discovered', { connectors: [{ id: 'dev.gangway.localnet', type: 'ANNOUNCED', name: 'Localnet Wallet', chain: 'eip155', rdns: 'dev.gangway.localnet' }] }],
  ['modal/open-requested', { isMobile: false }],
  ...connected,
  ['balance/fetched', { caipAddress: CAIP_ADDRESS, valueWei: '10000123456789000000000', decimals: 18, symbol: 'ETH' }],
  ['modal/close-requested', {}],
)

describe('the projection is a pure fold', () => {
  it('replaying a log equals folding it event by event', () => {
    let s = initialState
    for (const e of session) s = reduce(s, e)
    expect(project(session)).toEqual(s)
  })
  it('replaying the NDJSON of a log reproduces the state exactly', () => {
    const ndjson = session.map((e) => JSON.stringify(e)).join('\n')
    const parsed = ndjson.split('\n').map((l) => JSON.parse(l))
    expect(project(parsed)).toEqual(project(session))
  })
  it('does not mutate the state it folds', () => {
    const before = project(session.slice(0, 4))
    const snapshot = JSON.parse(JSON.stringify(before))
    reduce(before, session[4]!)
    expect(before).toEqual(snapshot)
  })
  it('records the last seq and the engine mode', () => {
    expect(project(session)).toMatchObject({ lastSeq: session.length, engineMode: 'main' })
  })
})

describe('selectors', () => {
  it('account: the active namespace, balance floored to 3 decimals', () => {
    const { byNamespace, ...active } = selectors.account(project(session))
    // getAccount(namespace): every connected namespace's account, the active one's the same.
    expect(byNamespace).toEqual({ eip155: active })
    expect(active).toEqual({
      namespace: 'eip155',
      status: 'connected',
      caipAddress: CAIP_ADDRESS,
      address: CAIP_ADDRESS.split(':')[2],
      balance: '10000.123',
      balanceSymbol: 'ETH',
      balanceLoading: false,
      isConnected: true,
      // The connection serving it, and the namespace's connections.
      connectorId: 'dev.gangway.localnet',
      connectedWalletInfo: { name: 'Localnet Wallet' },
      connections: [{ connectorId: 'dev.gangway.localnet', name: 'Localnet Wallet', status: 'connected', accounts: [{ address: CAIP_ADDRESS.split(':')[2] }] }],
    })
  })
  it('network: the configured name, or Unknown network for another chain', () => {
    expect(selectors.network(project(session))).toEqual({ caipNetworkId: 'eip155:31337', namespace: 'eip155', name: 'Localnet' })
    const moved = project([...session, { type: 'wallet/chain-changed', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155', caipNetworkId: 'eip155:5' }, seq: session.length + 1, at: 0, v: 2, tab: 't1' }])
    expect(selectors.network(moved).name).toBe('Unknown network')
  })
  it('opening: the view an open request would show now, desktop and mobile (docs/behaviour.md §2 Opening)', () => {
    expect(selectors.opening(project(session.slice(0, 3)))).toEqual({ view: 'Connect', mobileView: 'Connect' })
    expect(selectors.opening(project(session))).toEqual({ view: 'Account', mobileView: 'Account' })
    const manual = project(log(...started({ manualWCControl: true })))
    expect(selectors.opening(manual)).toEqual({ view: 'ConnectingWalletConnectBasic', mobileView: 'AllWallets' })
  })
  it('connect: wallet rows in group order, WalletConnect first', () => {
    expect(selectors.connect(project(session)).rows).toEqual([
      { id: 'walletConnect', name: 'WalletConnect', chain: 'eip155', type: 'WALLET_CONNECT', group: 'walletConnect' },
      { id: 'dev.gangway.localnet', name: 'Localnet Wallet', chain: 'eip155', type: 'ANNOUNCED', group: 'injected' },
    ])
  })
})
