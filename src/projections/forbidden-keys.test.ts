import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, LOCALNET } from '../../tests/unit/fixtures.js'
import { parseLog, serializeLog } from '../events/log/ndjson.js'
import { parseJson } from '../events/kernel/safe-json.js'
import { replayLog } from './replay.js'
import { selectors } from './selectors.js'
import { initialStateFor, NO_TAB, reduce, type State } from './state.js'
import type { GangwayEvent } from '../events/types.js'

// A `__proto__` key in an exported log's snapshot or payloads must never become a
// prototype: what the replay prints (JSON) and what the selectors see have to agree.
const header = { gangway: 'log', v: 2, projection: 1, tab: 'a', exportedAt: 0, redacted: true }
const account = { status: 'connected', caipAddress: CAIP_ADDRESS, address: ADDRESS, caipNetworkId: LOCALNET.caipNetworkId, balanceLoading: false }
const ev = (seq: number, type: string, payload: unknown) => JSON.stringify({ type, payload, seq, at: seq, v: 2, tab: 'a' })
/** A hand-written file (JSON text, so `__proto__` is an own key as JSON.parse makes it). */
const file = (...lines: string[]) => `${[JSON.stringify(header), ...lines].join('\n')}\n`
const snapshotLine = (accounts: string) => {
  const state = { ...initialStateFor(NO_TAB), lastSeq: 4, connection: { status: 'connected', activeNamespace: 'eip155', connectorIds: { eip155: 'x' }, connectedNamespaces: ['eip155'], disconnectedConnectorIds: {} } }
  return JSON.stringify({ snapshot: { seq: 4, projection: 1, at: 0, state } }).replace('"accounts":{}', `"accounts":${accounts}`)
}
/** What `gangway replay` prints, read back. */
const printed = (s: State) => JSON.parse(JSON.stringify(s)) as State

describe('__proto__, constructor and prototype keys in a replayed log', () => {
  it('a snapshot account hidden under __proto__ is seen neither by the printout nor by the selectors', () => {
    const text = file(snapshotLine(`{"__proto__":{"eip155":${JSON.stringify(account)}}}`), ev(5, 'engine/started', { mode: 'main' }))
    const state = replayLog(parseLog(text))
    expect(printed(state).accounts).toEqual({})
    expect(selectors.account(state).isConnected).toBe(false)
    expect(Object.getPrototypeOf(state.accounts)).toBe(Object.prototype)
    expect(selectors.account(state)).toEqual(selectors.account(printed(state)))
  })
  it('a payload key __proto__ carries nothing into the state', () => {
    const payload = `{"__proto__":{"connectorId":"x","namespace":"eip155","caipAddress":"${CAIP_ADDRESS}","via":"prompt"},"connectorId":"y","namespace":"eip155","caipAddress":"${CAIP_ADDRESS}","via":"prompt"}`
    const text = file(ev(1, 'engine/started', { mode: 'main' }), `{"type":"connect/succeeded","payload":${payload},"seq":2,"at":2,"v":2,"tab":"a"}`)
    const log = parseLog(text)
    expect(Object.keys(log.events[1]!.payload)).toEqual(['connectorId', 'namespace', 'caipAddress', 'via'])
    expect(replayLog(log).connection.connectorIds).toEqual({ eip155: 'y' })
    // The file re-exported reads the same.
    expect(parseLog(serializeLog(log))).toEqual(log)
  })
  it('the engine/started fold never assigns a forbidden key, even on a state that holds one (a stored snapshot)', () => {
    const accounts = JSON.parse(`{"__proto__":{"eip155":${JSON.stringify(account)}},"constructor":{"status":"connected"}}`)
    const state = { ...initialStateFor('a'), accounts } as State
    const next = reduce(state, { type: 'engine/started', payload: { mode: 'main' }, seq: 1, at: 1, v: 2, tab: 'a' } as GangwayEvent)
    expect(Object.getPrototypeOf(next.accounts)).toBe(Object.prototype)
    expect(next.accounts.eip155).toBeUndefined()
    expect(Object.keys(next.accounts)).toEqual([])
  })
  it('payload values naming a forbidden key never become one: the state survives JSON, as a snapshot or export must', () => {
    const lines = [ev(1, 'engine/started', { mode: 'main' })]
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const n = lines.length
      lines.push(
        ev(n + 1, 'connect/succeeded', { connectorId: 'x', namespace: key, caipAddress: `${key}:1:0xabc`, via: 'prompt' }),
        ev(n + 2, 'account-type/switch-requested', { namespace: key, accountType: 'eoa' }),
        ev(n + 3, 'identity/fetched', { address: key, name: 'n' }),
        ev(n + 4, 'tokens/fetched', { caipAddress: key, balances: [{ address: key, value: '1' }] }),
        ev(n + 5, 'disconnect/succeeded', { connectorId: 'x', namespace: key, reason: 'user' }),
      )
    }
    const state = replayLog(parseLog(file(...lines)))
    // What any reader of an export or snapshot gets back.
    expect(parseJson(JSON.stringify(state))).toEqual(state)
    expect(Object.getPrototypeOf(state.accounts)).toBe(Object.prototype)
    expect(Object.keys(state.accounts)).toEqual([])
    expect(Object.keys(state.connection.connectorIds)).toEqual([])
    expect(Object.keys(state.accountData.identities)).toEqual([])
  })
})
