// The send's result (docs/behaviour.md §4 send): the transaction's hash once broadcast, 'submitted'
// until it lands, 'succeeded' after; a failure after the broadcast keeps the hash with the error; the
// result goes when the form is edited or another send starts, so it always names this form's send.
import { describe, expect, it } from 'vitest'
import { CAIP_ADDRESS, connected, fold } from '../../../tests/unit/fixtures.js'
import { sendModel, tradeResult } from './send-model.js'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const H1 = `0x${'1'.repeat(64)}`
const H2 = `0x${'2'.repeat(64)}`
const filled = [
  ...connected,
  ['balance/fetched', { caipAddress: CAIP_ADDRESS, valueWei: '2000000000000000000', decimals: 18, symbol: 'ETH' }],
  ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18 } }],
  ['send/amount-changed', { amount: '1' }],
  ['send/receiver-changed', { receiver: TO }],
] as const
const submitted = (hash: string) => ['send/submitted', { caipNetworkId: 'eip155:31337', hash }] as const
const succeeded = (hash: string) => ['send/succeeded', { caipNetworkId: 'eip155:31337', hash }] as const

describe('the send result', () => {
  it('none before the broadcast; submitted with its hash; succeeded once it landed (the form reset)', () => {
    expect(sendModel(fold(...filled)).result).toBeUndefined()
    expect(sendModel(fold(...filled, ['send/requested', {}])).result).toBeUndefined()
    expect(sendModel(fold(...filled, ['send/requested', {}], submitted(H1))).result).toEqual({ hash: H1, status: 'submitted' })
    const done = sendModel(fold(...filled, ['send/requested', {}], submitted(H1), succeeded(H1)))
    expect(done).toMatchObject({ result: { hash: H1, status: 'succeeded' }, loading: false, amount: '' })
    expect(done.error).toBeUndefined()
  })

  it('a failure after the broadcast keeps the hash as submitted, with the error; one before it has no result', () => {
    const after = sendModel(fold(...filled, ['send/requested', {}], submitted(H1), ['send/failed', { message: 'Transaction not found' }]))
    expect(after).toMatchObject({ result: { hash: H1, status: 'submitted' }, error: 'Transaction not found', loading: false })
    const before = sendModel(fold(...filled, ['send/requested', {}], ['send/failed', { message: 'Transaction rejected in the wallet', code: 4001 }]))
    expect(before.result).toBeUndefined()
    expect(before.error).toBe('Transaction rejected in the wallet')
  })

  it('goes when the form is edited or another send starts: a new send never shows the last one', () => {
    const landed = [...filled, ['send/requested', {}], submitted(H1), succeeded(H1)] as const
    expect(sendModel(fold(...landed, ['send/amount-changed', { amount: '0.5' }])).result).toBeUndefined()
    expect(sendModel(fold(...landed, ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18 } }])).result).toBeUndefined()
    expect(sendModel(fold(...landed, ['send/receiver-changed', { receiver: TO }])).result).toBeUndefined()
    const again = [...landed, ...filled.slice(2), ['send/requested', {}]] as const
    expect(sendModel(fold(...again)).result).toBeUndefined()
    // A new send that fails before its broadcast shows its error, not the last send's hash.
    expect(sendModel(fold(...again, ['send/failed', { message: 'boom' }]))).toMatchObject({ error: 'boom' })
    expect(sendModel(fold(...again, ['send/failed', { message: 'boom' }])).result).toBeUndefined()
    expect(sendModel(fold(...again, submitted(H2))).result).toEqual({ hash: H2, status: 'submitted' })
    // The failure after a broadcast: editing the form drops the hash with the error.
    const failed = [...filled, ['send/requested', {}], submitted(H1), ['send/failed', { message: 'Transaction not found' }]] as const
    expect(sendModel(fold(...failed, ['send/amount-changed', { amount: '1' }])).result).toBeUndefined()
  })

  it('tradeResult reads the slice: the hash under way first, then the last one', () => {
    expect(tradeResult({})).toBeUndefined()
    expect(tradeResult({ submittedHash: H2, lastHash: H1 })).toEqual({ hash: H2, status: 'submitted' })
    expect(tradeResult({ lastHash: H1 })).toEqual({ hash: H1, status: 'succeeded' })
    expect(tradeResult({ lastHash: H1, error: 'Transaction reverted' })).toEqual({ hash: H1, status: 'submitted' })
  })
})
