import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLog } from './ndjson.js'
import { createUpcaster, upcastLog, V1_TAB } from './upcast.js'
import { replayLog } from '../../projections/replay.js'
import { initialState } from '../../projections/state.js'

/** A log a schema-1 build wrote in Chromium (connect, switch network, balances, disconnect), and the state that build projected from it. */
const v1Log = readFileSync('tests/fixtures/log-v1.ndjson', 'utf8')
const v1State = JSON.parse(readFileSync('tests/fixtures/log-v1.state.json', 'utf8'))

describe('upcasting schema-1 logs', () => {
  it('replays a log written by the previous version to the state that version projected', () => {
    const file = parseLog(v1Log)
    expect(file.events.every((e) => e.v === 2 && e.tab === V1_TAB)).toBe(true)
    // The one difference is deliberate: wallet links the URL validator refuses (this
    // registry's http: web-app links) are dropped when a stored event is read back.
    const withoutHttpLinks = JSON.parse(JSON.stringify(v1State), (key, value) => (key === 'webapp_link' && /^http:/.test(value) ? undefined : value))
    expect(JSON.stringify(v1State)).toContain('"webapp_link":"http:')
    // Slices added since (the shape only grew) hold their initial value, except what they fold from
    // the old events: the connections hold the wallet that log connected and then
    // disconnected, and the balances read per account the two that log read.
    const added = Object.fromEntries(Object.entries(initialState).filter(([key]) => !(key in withoutHttpLinks)))
    const replayed = replayLog(file)
    expect(replayed.connections).toEqual({ eip155: [{ connectorId: 'dev.gangway.localnet', accounts: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }], name: 'Localnet Wallet' }] })
    expect(Object.keys(replayed.addressBalances)).toEqual(['eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'eip155:31338:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    expect({ ...replayed, connections: {}, addressBalances: {} }).toEqual({ ...added, ...withoutHttpLinks })
  })
  it('names on connect/succeeded the wallet version 1 remembered: the picked listing, else the discovered connector', () => {
    const succeeded = parseLog(v1Log).events.find((e) => e.type === 'connect/succeeded')!
    expect(succeeded.payload).toMatchObject({ wallet: { id: 'dev.gangway.localnet', name: 'Localnet Wallet' } })
    const picked = { id: 'w1', name: 'Harbor Wallet' }
    const [, , done] = upcastLog([
      { type: 'engine/started', payload: { mode: 'main' }, seq: 1, at: 0, v: 1 },
      { type: 'connect/requested', payload: { connectorId: 'walletConnect', namespace: 'eip155', wallet: picked }, seq: 2, at: 0, v: 1 },
      { type: 'connect/succeeded', payload: { connectorId: 'walletConnect', namespace: 'eip155', caipAddress: 'eip155:1:0x00000000000000000000000000000000000000ab', via: 'prompt' }, seq: 3, at: 0, v: 1 },
    ])
    expect(done!.payload).toEqual({ connectorId: 'walletConnect', namespace: 'eip155', caipAddress: 'eip155:1:0x00000000000000000000000000000000000000ab', via: 'prompt', wallet: picked })
  })
  it('leaves current events as they are and refuses newer or malformed ones', () => {
    const up = createUpcaster()
    const current = { type: 'modal/close-requested', payload: {}, seq: 1, at: 5, v: 2, tab: 'a' }
    expect(up(current, 'line 1')).toEqual(current)
    expect(() => up({ ...current, v: 3 }, 'line 2')).toThrow('Log written by a newer Gangway: schema version 3 at line 2; this build reads up to version 2')
    expect(() => up({ ...current, tab: undefined }, 'line 3')).toThrow('Malformed event at line 3')
    expect(() => up({ type: 'x', payload: {}, seq: 1, at: 0, v: 2, tab: 'a' }, 'line 4')).toThrow('Malformed event at line 4')
    expect(() => up('hello', 'line 5')).toThrow('Malformed event at line 5')
  })

  it('gives an event of a log written before error ids the id of its message, and folds it to the same state as one appended now', () => {
    const before = [
      { type: 'send/failed', payload: { message: 'Insufficient balance' }, seq: 1, at: 0, v: 2, tab: 'a' },
      { type: 'connect/failed', payload: { connectorId: 'io.metamask', namespace: 'eip155', message: 'Connection rejected', code: 4001 }, seq: 2, at: 0, v: 2, tab: 'a' },
    ]
    const ids = ['insufficientBalance', 'connectionRejected']
    const read = upcastLog(before)
    expect(read.map((e) => (e.payload as { errorId?: string }).errorId)).toEqual(ids)
    const now = upcastLog(before.map((e, i) => ({ ...e, payload: { ...e.payload, errorId: ids[i] } })))
    expect(now).toEqual(read)
    expect(replayLog({ events: read })).toEqual(replayLog({ events: now }))
  })
})

