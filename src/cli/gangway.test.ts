import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
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
