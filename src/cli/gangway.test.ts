import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { initialStateFor, NO_TAB } from '../projections/state.js'
import { main } from './gangway.js'

const dir = mkdtempSync(join(tmpdir(), 'gangway-cli-'))
const file = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}
const run = (...argv: string[]) => {
  let out = ''
  let err = ''
  const code = main(argv, (s) => void (out += s), (s) => void (err += s))
  return { code, out, err }
}
const v1 = 'tests/fixtures/log-v1.ndjson'

describe('gangway replay', () => {
  it('prints the final state as JSON', () => {
    const { code, out } = run('replay', v1)
    expect(code).toBe(0)
    const state = JSON.parse(out)
    expect(state.lastSeq).toBe(35)
    expect(state.connection.status).toBe('disconnected')
  })
  it('prints the state as of --at <seq>', () => {
    const state = JSON.parse(run('replay', v1, '--at', '10').out)
    expect(state.lastSeq).toBe(10)
    expect(state.connection.status).toBe('connected')
  })
  it('prints each event with its state changes under --diff', () => {
    const { code, out } = run('replay', v1, '--diff')
    expect(code).toBe(0)
    expect(out).toContain('#10 connect/succeeded [v1]\n  modal.view: "ConnectingExternal" → "Account"\n')
    expect(out).toContain('  connection.status: "connecting" → "connected"\n')
    expect(out.split('\n').filter((l) => l.startsWith('#'))).toHaveLength(35)
  })
  it('exits 1 with a clear message on a malformed or newer log, or a seq it does not hold', () => {
    expect(run('replay', file('bad.ndjson', '{"type":"modal/close-requested"\n'))).toMatchObject({ code: 1, err: 'gangway replay: Malformed log: line 1 is not JSON\n' })
    const future = file('future.ndjson', '{"gangway":"log","v":3,"projection":1,"tab":"a","exportedAt":0,"redacted":true}\n')
    expect(run('replay', future)).toMatchObject({ code: 1, err: 'gangway replay: Log written by a newer Gangway: schema version 3; this build reads up to version 2\n' })
    expect(run('replay', v1, '--at', '99')).toMatchObject({ code: 1, err: 'gangway replay: No event with seq 99 in this log (it holds 0–35)\n' })
    expect(run('replay', join(dir, 'missing.ndjson')).err).toMatch(/^gangway replay: cannot read .*missing\.ndjson/)
  })
  it('exits 2 on a usage error', () => {
    expect(run().code).toBe(2)
    expect(run('replay').code).toBe(2)
    expect(run('replay', v1, '--at', 'x').code).toBe(2)
    expect(run('replay', v1, '--bogus').code).toBe(2)
  })
})

describe('gangway replay on a hostile file', () => {
  const ESC = '\u001b'
  // Terminal-controlling characters: C0 (ESC, CR, BEL…), DEL, C1 (CSI U+009B), bidi overrides and isolates, line/paragraph separators.
  const HOSTILE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/
  const header = '{"gangway":"log","v":2,"projection":1,"tab":"a","exportedAt":0,"redacted":true}'
  const event = (seq: number, type: string, tab: string, payload: object) => JSON.stringify({ type, payload, seq, at: seq, v: 2, tab })
  // A snapshot whose state carries crafted keys and values, then events with crafted types, tabs and payloads.
  const state = {
    ...initialStateFor(NO_TAB),
    lastSeq: 1,
    accountData: { portfolio: {}, nfts: {}, history: {}, identities: { [`k${ESC}[2J`]: { name: `v${ESC}]0;title\u0007` }, ['\u202eevil']: { name: 'x\u2028y\u0085z\u009b31m' } } },
  }
  const crafted = file(
    'crafted.ndjson',
    [
      header,
      JSON.stringify({ snapshot: { seq: 1, projection: 1, at: 0, state } }),
      event(2, `modal/close-requested${ESC}[2J${ESC}[H`, `\u2066b\u2069\r#3 faked [a]\n`, {}),
      event(3, 'engine/configured', 'a', { projectId: `p${ESC}[8m\u202e`, networks: [], enableEmbedded: false, manualWCControl: false, adapterCount: 1, [`x\r\u009b`]: 1 }),
    ].join('\n'),
  )

  it.each([
    ['the final state', [] as string[]],
    ['--at', ['--at', '3']],
    ['--diff', ['--diff']],
  ])('prints every string from the file escaped: %s', (_mode, args) => {
    const { code, out, err } = run('replay', crafted, ...args)
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(out).not.toMatch(HOSTILE)
    // Shown visibly instead.
    expect(out).toContain('\\u001b')
    expect(out).toContain('\\u202e')
  })
  it('keeps the final state valid JSON holding the same values', () => {
    const printed = JSON.parse(run('replay', crafted).out)
    expect(printed.accountData.identities[`k${ESC}[2J`].name).toBe(`v${ESC}]0;title\u0007`)
    expect(printed.accountData.identities['\u202eevil'].name).toBe('x\u2028y\u0085z\u009b31m')
    expect(printed.config.projectId).toBe(`p${ESC}[8m\u202e`)
  })
  it('prints crafted event types, tabs and keys on one line each under --diff', () => {
    const lines = run('replay', crafted, '--diff').out.split('\n')
    expect(lines.filter((l) => l.startsWith('#'))).toEqual([
      '#2 modal/close-requested\\u001b[2J\\u001b[H [\\u2066b\\u2069\\u000d#3 faked [a]\\u000a]',
      '#3 engine/configured [a]',
    ])
    expect(lines).toContain('  config.projectId: "" → "p\\u001b[8m\\u202e"')
    expect(lines).toContain('  config.x\\u000d\\u009b: (none) → 1')
  })
  it('escapes what it quotes from the file or the command line in error messages', () => {
    const type = event(1, `x${ESC}[2J`, 'a', {}).replace('"x', '"')
    const bad = file('bad-type.ndjson', `${header}\n${type}\n`)
    const r1 = run('replay', bad)
    expect(r1.code).toBe(1)
    expect(r1.err).not.toMatch(HOSTILE)
    const r2 = run('replay', join(dir, `missing${ESC}[2J\u202e.ndjson`))
    expect(r2.code).toBe(1)
    expect(r2.err).toMatch(/^gangway replay: cannot read .*missing\\u001b\[2J\\u202e\.ndjson/)
    expect(r2.err.slice(0, -1)).not.toMatch(HOSTILE)
    expect(run('replay', v1, `--bo${ESC}[2Jgus`).err).toContain('--bo\\u001b[2Jgus')
  })
  it('refuses a file over the size limit before reading it', () => {
    const big = file('big.ndjson', '')
    truncateSync(big, 256 * 2 ** 20 + 1) // sparse: nothing is written
    try {
      expect(run('replay', big)).toEqual({ code: 1, out: '', err: `gangway replay: ${big} is 256.1 MB; the limit is 256 MB\n` })
    } finally {
      rmSync(big)
    }
  })
})
