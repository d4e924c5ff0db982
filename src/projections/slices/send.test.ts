import { describe, expect, it } from 'vitest'
import { CAIP_ADDRESS, connected, fold, LOCALNET, log, started } from '../../../tests/unit/fixtures.js'
import { isSolanaAddress } from '../../events/address-rules.js'
import type { SendToken } from '../../events/entities.js'
import { refusal } from '../rules/guards.js'
import { amountInSmallestUnit, sendProblem } from '../rules/send-rules.js'
import { selectors } from '../selectors.js'
import { project } from '../state.js'

const ETH: SendToken = { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18, balance: '2000000000000000000' }
const HBD: SendToken = { caipNetworkId: 'eip155:31337', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', name: 'Harbour Dollar', symbol: 'HBD', decimals: 18 }
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('send rules (docs/behaviour.md §5)', () => {
  it('requires an amount and a receiver, then a token, with the spec messages', () => {
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '', receiver: TO })).toBe('An amount and receiver address are required')
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '1', receiver: ' ' })).toBe('An amount and receiver address are required')
    expect(sendProblem({ namespace: 'eip155', amount: '1', receiver: TO })).toBe('A token is required')
  })
  it("only eip155, solana and bip122 are sendable: 'Unsupported chain'", () => {
    expect(sendProblem({ namespace: 'polkadot', token: ETH, amount: '1', receiver: TO })).toBe('Unsupported chain')
    expect(sendProblem({ namespace: undefined, token: ETH, amount: '1', receiver: TO })).toBe('Unsupported chain')
  })
  it('an ERC20 needs a token address', () => {
    expect(sendProblem({ namespace: 'eip155', token: { ...HBD, address: 'nope' }, amount: '1', receiver: TO })).toBe('An ERC20 token address is required')
  })
  it('checks the receiver: EVM 0x + 40 hex, Solana base58 of 32 to 44', () => {
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '1', receiver: '0x1234' })).toBe('Invalid receiver address')
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '1', receiver: TO.slice(2) })).toBeUndefined()
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '1', receiver: TO.toLowerCase() })).toBeUndefined()
    // Mixed case with a wrong EIP-55 checksum.
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '1', receiver: TO.replace('C51812dc', 'c51812DC') })).toBe('Invalid receiver address')
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
    expect(isSolanaAddress(`S${'1'.repeat(31)}`)).toBe(true) // 32
    expect(isSolanaAddress(`S${'1'.repeat(43)}`)).toBe(true) // 44
    expect(isSolanaAddress(`S${'1'.repeat(30)}`)).toBe(false) // 31
    expect(isSolanaAddress(`S${'1'.repeat(44)}`)).toBe(false) // 45
    expect(isSolanaAddress(`0OIl${'1'.repeat(36)}`)).toBe(false) // 0, O, I, l are not base58
  })
  it('checks a Bitcoin receiver by its form (the checksum and the network where the transfer is built), and sends BTC only', () => {
    const BTC: SendToken = { caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', symbol: 'BTC', name: 'Bitcoin', decimals: 8, balance: '100000000' }
    const send = (receiver: string, amount = '0.001', token = BTC) => sendProblem({ namespace: 'bip122', token, amount, receiver })
    expect(send('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBeUndefined()
    expect(send('BCRT1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KYGT080')).toBeUndefined()
    expect(send('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toBeUndefined()
    expect(send('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBeUndefined()
    expect(send('bcrt1QW508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe('Invalid receiver address') // mixed case
    expect(send('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('Invalid receiver address')
    expect(send('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', '0.000000001')).toBe('BTC allows at most 8 decimals')
    expect(send('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', '2')).toBe('Insufficient balance')
    expect(send('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', '0.001', { ...BTC, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' })).toBe('An ERC20 token address is required')
  })
  it('refuses amounts that are not positive decimals, have too many decimals, or exceed the balance', () => {
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '-1', receiver: TO })).toBe('Invalid amount')
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '0', receiver: TO })).toBe('Invalid amount')
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '1e3', receiver: TO })).toBe('Invalid amount')
    expect(sendProblem({ namespace: 'eip155', token: { ...ETH, decimals: 6, symbol: 'USDC' }, amount: '1.1234567', receiver: TO })).toBe('USDC allows at most 6 decimals')
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '2.000000000000000001', receiver: TO })).toBe('Insufficient balance')
    expect(sendProblem({ namespace: 'eip155', token: ETH, amount: '2', receiver: TO })).toBeUndefined()
    expect(sendProblem({ namespace: 'eip155', token: HBD, amount: '1000000', receiver: TO })).toBeUndefined()
  })
  it('converts amounts to the smallest unit', () => {
    expect(amountInSmallestUnit('0.5', 18)).toBe(500_000_000_000_000_000n)
    expect(amountInSmallestUnit('10', 6)).toBe(10_000_000n)
    expect(amountInSmallestUnit('0.0000001', 6)).toBeUndefined()
  })
})

describe('send state (docs/behaviour.md §4)', () => {
  const network2 = { ...LOCALNET, id: 31338, caipNetworkId: 'eip155:31338' as const, name: 'Localnet B' }
  const filled = [
    ...connected,
    ['balance/fetched', { caipAddress: CAIP_ADDRESS, valueWei: '2000000000000000000', decimals: 18, symbol: 'ETH' }],
    ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    ['send/amount-changed', { amount: '1.5' }],
    ['send/receiver-changed', { receiver: TO }],
  ] as const
  it('the form takes the token balance from state, and the guard refuses with the first problem', () => {
    const s = fold(...filled)
    expect(selectors.send(s)).toMatchObject({ token: { symbol: 'ETH', balance: '2000000000000000000', balanceDisplay: '2' }, amount: '1.5', receiver: TO, loading: false })
    expect(refusal(s, { type: 'send/requested', payload: {} })).toBeUndefined()
    const tooMuch = fold(...filled, ['send/amount-changed', { amount: '3' }])
    expect(refusal(tooMuch, { type: 'send/requested', payload: {} })).toBe('Insufficient balance')
  })
  it('loading while sending; a failure keeps the form with the error; success resets it and returns to Account', () => {
    const sending = fold(...filled, ['modal/open-requested', { isMobile: false }], ['modal/navigate-requested', { view: 'WalletSend' }], ['modal/navigate-requested', { view: 'WalletSendPreview' }], ['send/requested', {}])
    expect(sending.send.loading).toBe(true)
    expect(refusal(sending, { type: 'send/requested', payload: {} })).toBe('A transaction is already being sent')
    const failed = project([...log(...started(), ...filled), { type: 'send/failed', payload: { message: 'Transaction rejected in the wallet', code: 4001 }, seq: 99, at: 0, v: 2, tab: 't1' }])
    expect(failed.send).toMatchObject({ loading: false, error: 'Transaction rejected in the wallet', amount: '1.5', receiver: TO })
    const done = fold(...filled, ['modal/open-requested', { isMobile: false }], ['modal/navigate-requested', { view: 'WalletSendPreview' }], ['send/requested', {}], ['send/succeeded', { caipNetworkId: 'eip155:31337', hash: '0xabc' }])
    expect(done.send).toEqual({ loading: false, lastHash: '0xabc' })
    expect(done.modal).toMatchObject({ view: 'Account', history: [] })
  })
  it('switching the active network resets the send state', () => {
    const s = project(log(...started({ networks: [LOCALNET, network2] }), ...filled, ['network/switched', { caipNetworkId: 'eip155:31338' }]))
    expect(s.send).toEqual({ loading: false })
  })
  it('lists the native currency and the listed tokens with their balances', () => {
    const token = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const, name: 'Harbour Dollar', symbol: 'HBD', decimals: 18 }
    const s = project(log(...started({ tokens: { 'eip155:31337': [token] } }), ...filled, ['tokens/fetched', { caipAddress: CAIP_ADDRESS, balances: [{ address: token.address.toLowerCase(), value: '5000000000000000000' }] }]))
    expect(selectors.send(s).tokens.map((t) => [t.symbol, t.balanceDisplay])).toEqual([
      ['ETH', '2'],
      ['HBD', '5'],
    ])
  })
})

describe('review fixes: sends never go to the wrong network or twice', () => {
  const SOLANA_A = { ...LOCALNET, id: 'A', caipNetworkId: 'solana:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' as const, chainNamespace: 'solana' as const, name: 'Sol A', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } }
  const SOLANA_B = { ...SOLANA_A, id: 'B', caipNetworkId: 'solana:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB' as const, name: 'Sol B' }
  const WALLET = 'So11111111111111111111111111111111111111112'
  it('a switch moves the connected account to the new network (a Solana wallet does not report its cluster)', () => {
    const s = project(
      log(
        ...started({ networks: [SOLANA_A, SOLANA_B] }),
        ['connect/succeeded', { connectorId: 'wallet-standard:W', namespace: 'solana', caipAddress: `${SOLANA_A.caipNetworkId}:${WALLET}` as const, via: 'prompt' }],
        ['network/switched', { caipNetworkId: SOLANA_B.caipNetworkId }],
      ),
    )
    expect(s.accounts.solana).toMatchObject({ caipAddress: `${SOLANA_B.caipNetworkId}:${WALLET}`, status: 'connected' })
  })
  it('a token picked on another network is not offered', () => {
    const s = fold(...connected, ['send/token-selected', { token: { caipNetworkId: 'eip155:1', name: 'Ether', symbol: 'ETH', decimals: 18 } }], ['send/amount-changed', { amount: '1' }], ['send/receiver-changed', { receiver: TO }])
    expect(selectors.send(s).token).toBeUndefined()
    expect(refusal(s, { type: 'send/requested', payload: {} })).toBe('A token is required')
  })
  it('after broadcast, a failure resets the form (nothing is offered for sending twice)', () => {
    const base = [...connected, ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18 } }], ['send/amount-changed', { amount: '1' }], ['send/receiver-changed', { receiver: TO }], ['send/requested', {}]] as const
    const beforeBroadcast = project([...log(...started(), ...base), { type: 'send/failed', payload: { message: 'boom' }, seq: 90, at: 0, v: 2, tab: 't1' }])
    expect(beforeBroadcast.send).toMatchObject({ amount: '1', receiver: TO, error: 'boom', loading: false })
    const afterBroadcast = project([
      ...log(...started(), ...base),
      { type: 'send/submitted', payload: { caipNetworkId: 'eip155:31337', hash: '0xabc' }, seq: 90, at: 0, v: 2, tab: 't1' },
      { type: 'send/failed', payload: { message: 'Transaction not found' }, seq: 91, at: 0, v: 2, tab: 't1' },
    ])
    expect(afterBroadcast.send).toEqual({ loading: false, lastHash: '0xabc', error: 'Transaction not found' })
  })
  it('no network switch while a send is under way; account types only where the spec has them', () => {
    const sending = fold(...connected, ['send/token-selected', { token: { caipNetworkId: 'eip155:31337', name: 'Ether', symbol: 'ETH', decimals: 18 } }], ['send/amount-changed', { amount: '1' }], ['send/receiver-changed', { receiver: TO }], ['send/requested', {}])
    expect(refusal(sending, { type: 'network/switch-requested', payload: { caipNetworkId: 'eip155:31337' } })).toBe('A transaction is being sent')
    const s = fold()
    expect(refusal(s, { type: 'account-type/switch-requested', payload: { namespace: 'eip155', accountType: 'payment' } })).toBe('Account type not available on this chain')
    expect(refusal(s, { type: 'account-type/switch-requested', payload: { namespace: 'solana', accountType: 'smartAccount' } })).toBe('Account type not available on this chain')
    // Bitcoin's two types are its own, and it has only those.
    expect(refusal(s, { type: 'account-type/switch-requested', payload: { namespace: 'solana', accountType: 'ordinal' } })).toBe('Account type not available on this chain')
    expect(refusal(s, { type: 'account-type/switch-requested', payload: { namespace: 'bip122', accountType: 'eoa' } })).toBe('Account type not available on this chain')
    expect(refusal(s, { type: 'account-type/switch-requested', payload: { namespace: 'bip122', accountType: 'ordinal' } })).toBeUndefined()
    expect(refusal(s, { type: 'account-type/switch-requested', payload: { namespace: 'bip122', accountType: 'payment' } })).toBeUndefined()
  })
})
