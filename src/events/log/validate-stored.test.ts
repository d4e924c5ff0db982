import { describe, expect, it } from 'vitest'
import { createUpcaster } from './upcast.js'
import { checkedSnapshotState, storedEventProblem } from './validate-stored.js'
import { plainDataProblem } from '../kernel/plain-data.js'
import type { GangwayEvent } from '../types.js'
import { project } from '../../projections/state.js'
import { selectors } from '../../projections/selectors.js'

const ADDRESS = '0x00000000000000000000000000000000000000ab'
const CAIP10 = `eip155:31337:${ADDRESS}`
let seq = 0
const stored = (type: string, payload: unknown, extra: Record<string, unknown> = {}) => ({ type, payload, seq: ++seq, at: 1000 + seq, v: 2, tab: 't', ...extra })
/** Reads raw records back the way the log does (upcast, then checked). */
const readBack = (...raw: unknown[]): GangwayEvent[] => {
  const up = createUpcaster()
  return raw.map((r, i) => up(r, `seq ${i + 1}`))
}
const quiet = { warn: console.warn }

describe('stored events are checked like intents', () => {
  it('refuses a balance that is not an integer, keeping the seq, so the account selector still reads', () => {
    seq = 0
    console.warn = () => undefined
    const events = readBack(
      stored('engine/configured', { projectId: 'p', networks: [{ id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'L', nativeCurrency: { name: 'E', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } }], enableEmbedded: false, manualWCControl: false, adapterCount: 1 }),
      stored('connect/succeeded', { connectorId: 'c', namespace: 'eip155', caipAddress: CAIP10, via: 'prompt' }),
      stored('balance/fetched', { caipAddress: CAIP10, decimals: 18, symbol: 'ETH', valueWei: 'zz' }),
    )
    console.warn = quiet.warn
    expect(events.map((e) => e.type)).toEqual(['engine/configured', 'connect/succeeded', 'log/event-refused'])
    expect(events[2]).toMatchObject({ seq: 3, payload: { refusedType: 'balance/fetched' } })
    const account = selectors.account(project(events))
    expect(account).toMatchObject({ isConnected: true, address: ADDRESS })
    expect(account.balance).toBeUndefined()
  })

  it('reads back WalletConnect off (walletConnect: false), and refuses any other value there', () => {
    seq = 0
    const configured = { projectId: 'p', networks: [{ id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'L', nativeCurrency: { name: 'E', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [] } } }], enableEmbedded: false, manualWCControl: false, adapterCount: 1 }
    console.warn = () => undefined
    const events = readBack(stored('engine/configured', { ...configured, walletConnect: false }), stored('engine/configured', { ...configured, walletConnect: true }), stored('engine/configured', { ...configured, walletConnect: { relayUrl: 'wss://relay.example' } }))
    console.warn = quiet.warn
    expect(events.map((e) => e.type)).toEqual(['engine/configured', 'log/event-refused', 'log/event-refused'])
  })

  it('refuses non-finite numbers: an `at` of Infinity ends the readable log, a payload number of Infinity is refused', () => {
    seq = 0
    expect(() => readBack(stored('balance/failed', { caipAddress: CAIP10, message: 'x' }, { at: Infinity }))).toThrow('Malformed event at seq 1')
    console.warn = () => undefined
    const [e] = readBack(stored('balance/fetch-skipped', { caipAddress: CAIP10, reason: 'retry-blocked', retryInMs: Infinity }))
    console.warn = quiet.warn
    expect(e!.type).toBe('log/event-refused')
  })

  it('refuses __proto__, constructor and prototype keys anywhere in a payload', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const payload = JSON.parse(`{"connectorId":"c","namespace":"eip155","caipAddress":"${CAIP10}","via":"prompt","wallet":{"id":"w","name":"W","${key}":{"polluted":true}}}`)
      expect(plainDataProblem(payload, 'payload')).toBe(`payload.wallet.${key}: a forbidden key`)
      console.warn = () => undefined
      const [e] = readBack(stored('connect/succeeded', payload))
      console.warn = quiet.warn
      expect(e!.type).toBe('log/event-refused')
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses a stored intent its validator refuses, and a stored deep link choice to javascript:', () => {
    seq = 0
    console.warn = () => undefined
    const events = readBack(
      stored('wallets/page-requested', { page: -1 }),
      stored('walletconnect/deep-link-opened', { name: 'Evil', href: 'javascript:alert(1)%0A//x' }),
      stored('walletconnect/deep-link-opened', { name: 'Fine', href: 'fine://' }),
    )
    console.warn = quiet.warn
    expect(events.map((e) => e.type)).toEqual(['log/event-refused', 'log/event-refused', 'walletconnect/deep-link-opened'])
  })

  it('drops refused wallet links and images from stored listings and wallet refs, keeping the rest', () => {
    seq = 0
    const evil = { id: 'w', name: 'Evil', mobile_link: 'javascript:alert(1)%0A//x', desktop_link: 'HTTP://attacker.example/', webapp_link: 'https://evil.example/', image_url: 'javascript:alert(1)' }
    const [lists, connected] = readBack(
      stored('wallets/lists-fetched', { featured: [], recommended: [evil], count: 1 }),
      stored('connect/succeeded', { connectorId: 'walletConnect', namespace: 'eip155', caipAddress: CAIP10, via: 'prompt', wallet: { id: 'w', name: 'Evil', mobileLink: 'data:text/html,x', desktopLink: 'evil://', imageUrl: 'blob:http://x/y' } }),
    )
    expect(lists!.payload).toEqual({ featured: [], recommended: [{ id: 'w', name: 'Evil', webapp_link: 'https://evil.example/' }], count: 1 })
    expect((connected!.payload as { wallet: unknown }).wallet).toEqual({ id: 'w', name: 'Evil', desktopLink: 'evil://' })
  })

  it('checks the transaction preview’s events: addresses, base units, bounded symbols and lists, known kinds', () => {
    const HBD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
    const problem = (type: string, payload: unknown) => storedEventProblem(stored(type, payload) as GangwayEvent).problem
    const preview = {
      id: 'send',
      caipNetworkId: 'eip155:31337',
      account: ADDRESS,
      calls: [{ kind: 'erc20-transfer', to: HBD, value: '0', token: { address: HBD, symbol: 'HBD', decimals: 18 }, recipient: ADDRESS, amount: '10' }],
      send: { token: HBD, amount: '10', receiver: ADDRESS },
      simulated: true,
      changes: [{ token: HBD, diff: '-10', symbol: 'HBD', decimals: 18 }],
      approvals: [],
    }
    expect(problem('tx-preview/simulated', preview)).toBeUndefined()
    expect(problem('tx-preview/requested', { id: 'a1', caipNetworkId: 'eip155:31337', from: ADDRESS, call: { to: HBD, data: '0xa9059cbb', valueWei: '0' } })).toBeUndefined()
    expect(problem('auth/approval-requested', { method: 'eth_sendTransaction', id: 'a1' })).toBeUndefined()
    expect(problem('auth/approval-requested', { method: 'eth_sendTransaction' })).toBeUndefined()
    const refused = 'Invalid payload: tx-preview/simulated'
    expect(problem('tx-preview/simulated', { ...preview, calls: [{ ...preview.calls[0], kind: 'steal-everything' }] })).toBe(refused)
    expect(problem('tx-preview/simulated', { ...preview, calls: [{ ...preview.calls[0], amount: '1.5' }] })).toBe(refused)
    expect(problem('tx-preview/simulated', { ...preview, calls: [{ ...preview.calls[0], token: { address: HBD, symbol: 'H'.repeat(21) } }] })).toBe(refused)
    expect(problem('tx-preview/simulated', { ...preview, calls: [{ ...preview.calls[0], recipient: 'javascript:alert(1)' }] })).toBe(refused)
    expect(problem('tx-preview/simulated', { ...preview, changes: [{ token: HBD, diff: '--1' }] })).toBe(refused)
    expect(problem('tx-preview/simulated', { ...preview, changes: Array.from({ length: 22 }, () => preview.changes[0]) })).toBe(refused)
    expect(problem('tx-preview/simulated', { ...preview, calls: Array.from({ length: 11 }, () => preview.calls[0]) })).toBe(refused)
    expect(problem('tx-preview/simulated', { ...preview, approvals: [{ token: HBD, spender: ADDRESS, kind: 'everything' }] })).toBe(refused)
    expect(problem('tx-preview/simulated', { ...preview, id: '<img src=x>' })).toBe(refused)
    expect(problem('tx-preview/requested', { id: 'a1', caipNetworkId: 'eip155:31337', from: ADDRESS, call: { to: HBD, data: '0xabc', valueWei: '0' } })).toBe('Invalid payload: tx-preview/requested')
    expect(problem('auth/approval-settled', { method: 'eth_sendTransaction', outcome: 'approved', id: 'x'.repeat(65) })).toBe('Invalid payload: auth/approval-settled')
  })

  it('makes a snapshot safe or refuses it', () => {
    const state = { accounts: { eip155: { status: 'connected', caipAddress: CAIP10, balanceRaw: '1' } }, connection: { connectorIds: { eip155: 'c' } }, wallets: { recent: [{ id: 'w', name: 'W', mobileLink: 'javascript:x' }], deepLink: { name: 'W', href: 'javascript:x' } } }
    expect(checkedSnapshotState(state)).toEqual({ state: { ...state, wallets: { recent: [{ id: 'w', name: 'W' }] } } })
    expect(checkedSnapshotState({ ...state, accounts: { eip155: { ...state.accounts.eip155, balanceRaw: 'zz' } } })).toEqual({ problem: 'state.accounts.eip155: malformed' })
    expect(checkedSnapshotState({ ...state, accounts: { eip155: { ...state.accounts.eip155, balanceFailedAt: Infinity } } })).toEqual({ problem: 'state.accounts.eip155.balanceFailedAt: a number that is not finite' })
    expect(checkedSnapshotState(JSON.parse('{"accounts":{"__proto__":{"eip155":{"status":"connected"}}}}'))).toEqual({ problem: 'state.accounts.__proto__: a forbidden key' })
  })
})
