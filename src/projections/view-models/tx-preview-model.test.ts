// Gangway's transaction preview as the views show it (docs/behaviour.md §2 ApproveTransaction and
// WalletSendPreview): the approval the secure site shows now (the oldest waiting) with its decoded
// calls in whole tokens and its simulated changes, nothing for a signature, 'Simulating…' until its
// preview comes, a batch's call marked; the send form's preview only for the form it was computed for.
import { describe, expect, it } from 'vitest'
import { ADDRESS, connected, fold, type Item } from '../../../tests/unit/fixtures.js'
import type { TxPreview } from '../../events/types.js'
import { batchOfCall } from '../select/tx-preview.js'
import { approvalModel } from './approval-model.js'
import { sendModel } from './send-model.js'

const HBD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const BOB = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const TRANSFER_DATA = '0xa9059cbb00000000000000000000000015d34aaf54267db7d7c367839aaf71a00a2c6a650000000000000000000000000000000000000000000000008ac7230489e80000'
const hbdToken = { address: HBD, symbol: 'HBD', decimals: 18 }

/** The preview of a 10 HBD transfer to BOB, simulated: −10 HBD. */
const transferPreview = (id: string, more: Partial<TxPreview> = {}): TxPreview => ({
  id,
  caipNetworkId: 'eip155:31337',
  account: ADDRESS,
  calls: [{ kind: 'erc20-transfer', to: HBD, value: '0', token: hbdToken, recipient: BOB, amount: '10000000000000000000' }],
  simulated: true,
  changes: [{ token: HBD, diff: '-10000000000000000000', symbol: 'HBD', decimals: 18 }],
  approvals: [],
  ...more,
})
const requested = (id: string): Item => ['tx-preview/requested', { id, caipNetworkId: 'eip155:31337', from: ADDRESS, call: { to: HBD, data: TRANSFER_DATA, valueWei: '0' } }]

describe('ApproveTransaction’s preview (approvalModel)', () => {
  it('nothing for a signature; Simulating… for a transaction until its preview, then the call in whole tokens and the changes', () => {
    expect(approvalModel(fold(...connected, ['auth/approval-requested', { method: 'personal_sign', id: 'a1' }]))).toEqual({ checking: false })
    const waiting = [...connected, requested('a1'), ['auth/approval-requested', { method: 'eth_sendTransaction', id: 'a1' }]] as Item[]
    expect(approvalModel(fold(...waiting))).toEqual({ checking: true })
    const m = approvalModel(fold(...waiting, ['tx-preview/simulated', transferPreview('a1')]))
    expect(m).toEqual({
      checking: false,
      networkName: 'Localnet',
      preview: {
        nativeSymbol: 'ETH',
        calls: [{ kind: 'erc20-transfer', to: HBD, token: { symbol: 'HBD', address: HBD }, amount: '10', recipient: BOB }],
        simulated: true,
        changes: [{ symbol: 'HBD', amount: '-10', address: HBD }],
        approvals: [],
      },
    })
  })

  it('shows the oldest waiting approval, as the secure site does; a settled one goes, and a late preview of it is dropped', () => {
    const two = [...connected, requested('a1'), ['auth/approval-requested', { method: 'eth_sendTransaction', id: 'a1' }], requested('a2'), ['auth/approval-requested', { method: 'eth_sendTransaction', id: 'a2' }]] as Item[]
    const first = fold(...two, ['tx-preview/simulated', transferPreview('a2', { simulated: false, changes: [] })])
    expect(approvalModel(first)).toEqual({ checking: true })
    const settled = [...two, ['auth/approval-settled', { method: 'eth_sendTransaction', outcome: 'approved', id: 'a1' }], ['tx-preview/simulated', transferPreview('a1')], ['tx-preview/simulated', transferPreview('a2', { simulated: false, changes: [] })]] as Item[]
    const m = approvalModel(fold(...settled))
    expect(m.preview).toMatchObject({ simulated: false, changes: [] })
    expect(fold(...settled).txPreview.previews.map((p) => p.id)).toEqual(['a2'])
    // A reload forgets every waiting approval.
    expect(approvalModel(fold(...settled, ['engine/started', { mode: 'main' }]))).toEqual({ checking: false })
  })

  it('reads an unlimited approval, a native transfer, a value sent with a call, an unknown token, and leaves out an approval a call shows already', () => {
    const preview = transferPreview('a1', {
      calls: [
        { kind: 'erc20-approve', to: HBD, value: '0', token: hbdToken, spender: BOB, amount: (2n ** 256n - 1n).toString() },
        { kind: 'native-transfer', to: BOB, value: '500000000000000000', recipient: BOB },
        { kind: 'contract-call', to: BOB, value: '1000000000000000000', selector: '0xdeadbeef' },
        { kind: 'erc20-transfer', to: BOB, value: '0', token: { address: BOB }, recipient: HBD, amount: '12345' },
      ],
      changes: [{ token: NATIVE, diff: '-1500000000000000000', symbol: 'ETH', decimals: 18 }, { token: BOB, diff: '-12345' }],
      approvals: [
        { token: HBD, spender: BOB, kind: 'approval', symbol: 'HBD' },
        { token: BOB, spender: HBD, kind: 'approval-for-all' },
      ],
    })
    const m = approvalModel(fold(...connected, requested('a1'), ['auth/approval-requested', { method: 'eth_sendTransaction', id: 'a1' }], ['tx-preview/simulated', preview])).preview!
    expect(m.calls).toEqual([
      { kind: 'erc20-approve', to: HBD, token: { symbol: 'HBD', address: HBD }, amount: '115792089237316195423570985008687907853269984665640564039457.584007913129639935', unlimited: true, spender: BOB },
      { kind: 'native-transfer', to: BOB, amount: '0.5', recipient: BOB },
      { kind: 'contract-call', to: BOB, value: '1', selector: '0xdeadbeef' },
      { kind: 'erc20-transfer', to: BOB, token: { address: BOB }, amount: '12345', recipient: HBD },
    ])
    expect(m.changes).toEqual([{ symbol: 'ETH', amount: '-1.5' }, { symbol: BOB, amount: '-12345', address: BOB }])
    expect(m.approvals).toEqual([{ token: { address: BOB }, spender: HBD, all: true }])
  })

  it('a call of an auth batch under way is that batch’s: matched by target, data and value, and no longer once it is sent', () => {
    const calls = [
      { to: HBD, data: TRANSFER_DATA, valueWei: '0' },
      { to: BOB, valueWei: '5' },
    ]
    const batch = [...connected, ['calls/requested', { id: '0xb1', connectorId: 'AUTH', caipNetworkId: 'eip155:31337', from: ADDRESS, calls }]] as Item[]
    expect(batchOfCall(fold(...batch), 'eip155:31337', { to: HBD.toLowerCase(), data: TRANSFER_DATA.toUpperCase().replace('0X', '0x'), valueWei: '0' })?.id).toBe('0xb1')
    expect(batchOfCall(fold(...batch), 'eip155:31337', { to: BOB, valueWei: '5' })).toBeUndefined()
    expect(batchOfCall(fold(...batch), 'eip155:31338', calls[0]!)).toBeUndefined()
    const sent = [...batch, ['calls/sent', { id: '0xb1', index: 0, hash: `0x${'1'.repeat(64)}` }]] as Item[]
    expect(batchOfCall(fold(...sent), 'eip155:31337', calls[0]!)).toBeUndefined()
    expect(batchOfCall(fold(...sent), 'eip155:31337', calls[1]!)?.next).toBe(1)
    // It ends with its last receipt, a revert or a call not sent; a wallet's batch is never the auth connector's.
    expect(fold(...sent, ['calls/landed', { id: '0xb1', index: 0, success: false }]).txPreview.batches).toEqual([])
    expect(fold(...batch, ['calls/failed', { id: '0xb1', index: 0, message: 'User rejected the request.' }]).txPreview.batches).toEqual([])
    expect(fold(...connected, ['calls/requested', { id: '0xb2', connectorId: 'dev.gangway.localnet', caipNetworkId: 'eip155:31337', from: ADDRESS, calls }]).txPreview.batches).toEqual([])

    const m = approvalModel(fold(...sent, requested('a2'), ['auth/approval-requested', { method: 'eth_sendTransaction', id: 'a2' }], ['tx-preview/simulated', transferPreview('a2', { calls: [transferPreview('x').calls[0]!, { kind: 'native-transfer', to: BOB, value: '5', recipient: BOB }], batch: { id: '0xb1', index: 1 } })]))
    expect(m.preview?.current).toBe(1)
    expect(m.preview?.calls.map((c) => c.kind)).toEqual(['erc20-transfer', 'native-transfer'])
  })
})

describe('the send form’s preview (sendModel)', () => {
  const form = [
    ...connected,
    ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    ['send/amount-changed', { amount: '0.5' }],
    ['send/receiver-changed', { receiver: BOB }],
  ] as Item[]
  const preview = transferPreview('send', {
    calls: [{ kind: 'native-transfer', to: BOB, value: '500000000000000000', recipient: BOB }],
    changes: [{ token: NATIVE, diff: '-500000000000000000', symbol: 'ETH', decimals: 18 }],
    send: { amount: '500000000000000000', receiver: BOB },
  })

  it('Simulating… until the preview of this form; then its changes; a changed amount drops it', () => {
    expect(sendModel(fold(...form)).previewing).toBe(true)
    const m = sendModel(fold(...form, ['tx-preview/simulated', preview]))
    expect(m.previewing).toBeUndefined()
    expect(m.preview?.changes).toEqual([{ symbol: 'ETH', amount: '-0.5' }])
    expect(m.preview?.calls).toEqual([{ kind: 'native-transfer', to: BOB, amount: '0.5', recipient: BOB }])
    const changed = sendModel(fold(...form, ['tx-preview/simulated', preview], ['send/amount-changed', { amount: '0.6' }]))
    expect([changed.preview, changed.previewing]).toEqual([undefined, true])
    // Another receiver, or a token instead of the native currency, is another form too.
    expect(sendModel(fold(...form, ['tx-preview/simulated', { ...preview, send: { amount: '500000000000000000', receiver: HBD } }])).preview).toBeUndefined()
    expect(sendModel(fold(...form, ['tx-preview/simulated', { ...preview, send: { token: HBD, amount: '500000000000000000', receiver: BOB } }])).preview).toBeUndefined()
  })

  it('nothing to preview for a form with a problem, and no approval preview from the send form’s', () => {
    const bad = sendModel(fold(...form, ['send/receiver-changed', { receiver: '0x1234' }]))
    expect([bad.problem, bad.previewing, bad.preview]).toEqual(['Invalid receiver address', undefined, undefined])
    expect(approvalModel(fold(...form, ['tx-preview/simulated', preview]))).toEqual({ checking: false })
  })
})
