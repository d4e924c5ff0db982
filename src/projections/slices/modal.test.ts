import { describe, expect, it } from 'vitest'
import { fold, started, connected, log, CAIP_ADDRESS } from '../../../tests/unit/fixtures.js'
import { project } from '../state.js'

const open = (payload: Partial<{ view: 'Account' | 'AllWallets' | 'SwitchNetwork' | 'Connect'; namespace: 'eip155' | 'solana'; isMobile: boolean }> = {}) =>
  ['modal/open-requested', { isMobile: false, ...payload }] as const

describe('docs/behaviour.md §2 Opening', () => {
  it('shows SwitchNetwork when the target namespace differs from the active one', () => {
    expect(fold(...connected, open({ namespace: 'solana', view: 'Account' })).modal.view).toBe('SwitchNetwork')
  })
  it('does not show SwitchNetwork when the target namespace is the active one', () => {
    expect(fold(...connected, open({ namespace: 'eip155' })).modal.view).toBe('Account')
  })
  it('with manual WalletConnect control: AllWallets on mobile, ConnectingWalletConnectBasic otherwise', () => {
    const base = started({ manualWCControl: true })
    expect(project(log(...base, open({ isMobile: true }))).modal.view).toBe('AllWallets')
    expect(project(log(...base, open({ isMobile: false }))).modal.view).toBe('ConnectingWalletConnectBasic')
  })
  it('with no adapters and no address: AllWallets on mobile, ConnectingWalletConnectBasic otherwise', () => {
    const base = started({ adapterCount: 0 })
    expect(project(log(...base, open({ isMobile: true }))).modal.view).toBe('AllWallets')
    expect(project(log(...base, open({ isMobile: false, view: 'Account' }))).modal.view).toBe('ConnectingWalletConnectBasic')
  })
  it('shows an explicitly requested view', () => {
    expect(fold(open({ view: 'AllWallets' })).modal.view).toBe('AllWallets')
    expect(fold(...connected, open({ view: 'Connect' })).modal.view).toBe('Connect')
  })
  it('shows Account with a connected address', () => {
    const s = fold(...connected, ['modal/close-requested', {}], open())
    expect(s.modal).toMatchObject({ open: true, view: 'Account', history: [] })
  })
  it('shows Connect otherwise', () => {
    expect(fold(open()).modal).toMatchObject({ open: true, view: 'Connect' })
  })
})

describe('docs/behaviour.md §2 Closing', () => {
  it('resets to Connect', () => {
    const s = fold(...connected, open(), ['modal/close-requested', {}])
    expect(s.modal).toMatchObject({ open: false, view: 'Connect', history: [] })
  })
  it('in embedded mode shows Account if connected, else Connect', () => {
    const embedded = started({ enableEmbedded: true })
    expect(project(log(...embedded, ...connected, open(), ['modal/close-requested', {}])).modal.view).toBe('Account')
    expect(project(log(...embedded, open(), ['modal/close-requested', {}])).modal.view).toBe('Connect')
  })
})

describe('docs/behaviour.md §2 Going back', () => {
  it('pops the view history', () => {
    const s = fold(open(), ['modal/navigate-requested', { view: 'AllWallets' }], ['modal/navigate-requested', { view: 'SwitchNetwork' }], ['modal/back-requested', {}])
    expect(s.modal).toMatchObject({ open: true, view: 'AllWallets', history: ['Connect'] })
  })
  it('closes the modal when the history is empty', () => {
    expect(fold(open(), ['modal/back-requested', {}]).modal.open).toBe(false)
  })
  it('shows Account instead of a previous Connect when an address exists', () => {
    const s = fold(...connected, open({ view: 'Connect' }), ['modal/navigate-requested', { view: 'AllWallets' }], ['modal/back-requested', {}])
    expect(s.modal.view).toBe('Account')
  })
  it('returns to Connect after a failed connect when no address exists', () => {
    const s = fold(
      open(),
      ['connect/requested', { connectorId: 'x', namespace: 'eip155' }],
      ['connect/failed', { connectorId: 'x', namespace: 'eip155', message: 'Connection rejected' }],
      ['modal/back-requested', {}],
    )
    expect(s.modal).toMatchObject({ open: true, view: 'Connect', history: [] })
  })
})

describe('modal and connection flow', () => {
  it('a connect from the open modal goes through ConnectingExternal to Account with a fresh history', () => {
    const during = fold(open(), connected[0])
    expect(during.modal).toMatchObject({ view: 'ConnectingExternal', history: ['Connect'], loading: true })
    const after = fold(open(), ...connected)
    expect(after.modal).toMatchObject({ view: 'Account', history: [], loading: false })
  })
  it('a silent restore does not move the open modal', () => {
    const s = fold(open(), ['connect/succeeded', { connectorId: 'w', namespace: 'eip155', caipAddress: CAIP_ADDRESS, via: 'restore' }])
    expect(s.modal.view).toBe('Connect')
  })
  it('disconnecting from Account shows Connect', () => {
    const s = fold(...connected, open(), ['disconnect/succeeded', { connectorId: 'dev.gangway.localnet', namespace: 'eip155', reason: 'user' }])
    expect(s.modal).toMatchObject({ open: true, view: 'Connect', history: [] })
  })
  it('shakes between shake-started and shake-ended', () => {
    expect(fold(['modal/shake-started', {}]).modal.shake).toBe(true)
    expect(fold(['modal/shake-started', {}], ['modal/shake-ended', {}]).modal.shake).toBe(false)
  })
  it('a new engine start closes a modal left open by the previous page', () => {
    const s = project(log(...started(), open(), ['engine/started', { mode: 'worker' }]))
    expect(s.modal.open).toBe(false)
  })
})

describe('docs/behaviour.md §9 features: a view whose feature is off falls back', () => {
  const go = (view: 'AllWallets' | 'WalletSend' | 'WalletSendPreview' | 'WalletReceive') => ['modal/navigate-requested', { view }] as const
  it('AllWallets without allWallets shows Connect, opened or navigated to', () => {
    const base = started({ features: { allWallets: false } })
    expect(project(log(...base, open({ view: 'AllWallets' }))).modal).toMatchObject({ view: 'Connect', history: [] })
    expect(project(log(...base, open(), go('AllWallets'))).modal).toMatchObject({ view: 'Connect', history: [] })
    expect(project(log(...started({ features: { allWallets: false }, manualWCControl: true }), open({ isMobile: true }))).modal.view).toBe('Connect')
    expect(project(log(...started(), open(), go('AllWallets'))).modal.view).toBe('AllWallets')
  })
  it('the send views without send, and WalletReceive without receive, show Account', () => {
    expect(project(log(...started({ features: { send: false } }), ...connected, open(), go('WalletSend'))).modal).toMatchObject({ view: 'Account', history: [] })
    expect(project(log(...started({ features: { send: false } }), ...connected, open(), go('WalletSendPreview'))).modal.view).toBe('Account')
    expect(project(log(...started({ features: { receive: false } }), ...connected, open(), go('WalletReceive'))).modal.view).toBe('Account')
    expect(project(log(...started(), ...connected, open(), go('WalletReceive'))).modal).toMatchObject({ view: 'WalletReceive', history: ['Account'] })
  })
})

describe('the secure site’s approval and refusals', () => {
  const asked = ['auth/approval-requested', { method: 'personal_sign' }] as const
  const settled = ['auth/approval-settled', { method: 'personal_sign', outcome: 'approved' }] as const
  it('a call that opens the modal shows ApproveTransaction alone, and closes it when settled', () => {
    const s = fold(...connected, asked)
    expect([s.modal.open, s.modal.view, s.modal.history]).toEqual([true, 'ApproveTransaction', []])
    expect(fold(...connected, asked, settled).modal.open).toBe(false)
  })
  it('over an open view, it goes back there when settled', () => {
    const s = fold(...connected, open(), asked, settled)
    expect([s.modal.open, s.modal.view]).toEqual([true, 'Account'])
  })
  it('a refused call opens the modal where it opens', () => {
    const s = fold(...connected, ['auth/rpc-refused', { method: 'eth_sign' }])
    expect([s.modal.open, s.modal.view]).toEqual([true, 'Account'])
  })
})

describe('several calls waiting for approval', () => {
  it('ApproveTransaction stays until the last is settled', () => {
    const asked = ['auth/approval-requested', { method: 'personal_sign' }] as const
    const settled = ['auth/approval-settled', { method: 'personal_sign', outcome: 'approved' }] as const
    expect(fold(...connected, open(), asked, asked, settled).modal.view).toBe('ApproveTransaction')
    expect(fold(...connected, open(), asked, asked, settled, settled).modal.view).toBe('Account')
  })
})
