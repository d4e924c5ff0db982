import { describe, expect, it } from 'vitest'
import { parseLog, serializeLog, type LogFile } from './ndjson.js'

const e = (seq: number, tab = 'a') => ({ type: 'modal/close-requested' as const, payload: {}, seq, at: seq, v: 2, tab })
const header = { gangway: 'log' as const, v: 2, projection: 1, tab: 'a', exportedAt: 9, redacted: true }

describe('the exported log file', () => {
  it('round-trips a header, a snapshot and events', () => {
    const file: LogFile = { header, snapshot: { seq: 4, projection: 1, at: 3, state: { lastSeq: 4 } }, events: [e(5), e(6, 'b')] }
    const text = serializeLog(file)
    expect(text.split('\n')).toHaveLength(5)
    expect(parseLog(text)).toEqual(file)
  })
  it.each([
    ['a line that is not JSON', `${JSON.stringify(e(1))}\n{nope\n`, 'Malformed log: line 2 is not JSON'],
    ['a gap', `${JSON.stringify(e(1))}\n${JSON.stringify(e(3))}\n`, 'Malformed log: line 2: seq 3 follows 1'],
    ['a repeat', `${JSON.stringify(e(1))}\n${JSON.stringify(e(1))}\n`, 'Malformed log: line 2: seq 1 follows 1'],
    ['events without a snapshot not starting at 1', `${JSON.stringify(e(7))}\n`, 'Malformed log: line 1: seq 7 follows 0'],
    ['a header after events', `${JSON.stringify(e(1))}\n${JSON.stringify(header)}\n`, 'Malformed log: line 2: a header or snapshot must come first'],
    ['a newer header', `${JSON.stringify({ ...header, v: 3 })}\n${JSON.stringify(e(1))}\n`, 'Log written by a newer Gangway: schema version 3; this build reads up to version 2'],
    ['a newer event', `${JSON.stringify({ ...e(1), v: 7 })}\n`, 'Log written by a newer Gangway: schema version 7 at line 1'],
    ['nothing', '\n\n', 'Malformed log: no events'],
    ['a bad snapshot', `${JSON.stringify({ snapshot: { seq: 'x' } })}\n`, 'Malformed log: line 1: bad snapshot'],
  ])('refuses %s with a clear message', (_what, text, message) => {
    expect(() => parseLog(text)).toThrow(message)
  })
  it('drops __proto__, constructor and prototype keys on reading and writing', () => {
    // An outcome whose schema lets other keys be (the log keeps what it does not read).
    const line = '{"type":"origins/failed","payload":{"__proto__":{"x":1},"message":"m","k":{"constructor":1,"prototype":2,"ok":3}},"seq":1,"at":1,"v":2,"tab":"a"}'
    const file = parseLog(`${line}\n`)
    expect(file.events[0]!.payload).toEqual({ message: 'm', k: { ok: 3 } })
    // Written from a value that holds them as own keys (a structured clone of parsed JSON), they are left out.
    const held = structuredClone(JSON.parse(line)) as LogFile['events'][number]
    expect(serializeLog({ events: [held] })).toBe('{"type":"origins/failed","payload":{"message":"m","k":{"ok":3}},"seq":1,"at":1,"v":2,"tab":"a"}\n')
  })
})

describe('an imported snapshot is untrusted', () => {
  const header = JSON.stringify({ gangway: 'log', v: 2, projection: 1, tab: 't' })
  const event = JSON.stringify({ type: 'modal/close-requested', payload: {}, seq: 11, at: 1, v: 2, tab: 't' })
  it('refuses a snapshot whose balance is not an integer, and drops a javascript: deep link choice', () => {
    const bad = JSON.stringify({ snapshot: { seq: 10, projection: 1, at: 1, state: { accounts: { eip155: { status: 'connected', balanceRaw: 'zz' } } } } })
    expect(() => parseLog([header, bad, event].join('\n'))).toThrow('Malformed log: line 2: bad snapshot: state.accounts.eip155: malformed')
    const link = JSON.stringify({ snapshot: { seq: 10, projection: 1, at: 1, state: { wallets: { recent: [], deepLink: { name: 'x', href: 'javascript:alert(1)' } } } } })
    expect(parseLog([header, link, event].join('\n')).snapshot!.state).toEqual({ wallets: { recent: [] } })
  })
})
