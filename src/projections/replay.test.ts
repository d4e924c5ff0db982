import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, connected, log, started } from '../../tests/unit/fixtures.js'
import type { GangwayEvent } from '../events/types.js'
import { replayLog, replaySteps, stateDiff } from './replay.js'
import { initialState, project } from './state.js'

const header = (tab: string) => ({ gangway: 'log' as const, v: 2, projection: 1, tab, exportedAt: 0, redacted: true })
const as = (tab: string, events: GangwayEvent[]) => events.map((e) => ({ ...e, tab }))

describe('replaying a log', () => {
  const events = log(...started(), ['modal/open-requested', { isMobile: false }], ...connected)
  it('folds to the state at the end, or as of --at', () => {
    expect(replayLog({ events })).toEqual(project(events))
    expect(replayLog({ events }, 3).modal.open).toBe(true)
    expect(replayLog({ events }, 3).connection.status).toBe('disconnected')
    expect(() => replayLog({ events }, 9)).toThrow('No event with seq 9 in this log (it holds 0–5)')
  })
  it("is the exporting tab's view: another tab's modal is not ours, its connection is", () => {
    const mine = as('a', log(...started()))
    const theirs = as('b', log(['modal/open-requested', { isMobile: false }], ...connected)).map((e) => ({ ...e, seq: e.seq + 2 }))
    const state = replayLog({ header: header('a'), events: [...mine, ...theirs] })
    expect(state.modal.open).toBe(false)
    expect(state.connection.status).toBe('connected')
    expect(state.accounts.eip155?.address).toBe(ADDRESS)
    expect(state.lastSeq).toBe(5)
    // b's own view opens its modal.
    expect(replayLog({ header: header('b'), events: [...mine, ...theirs] }).modal.open).toBe(true)
  })
  it('starts from the snapshot, as the exporting tab', () => {
    const snapshot = { seq: 2, projection: 1, at: 0, state: { ...project(log(...started())), tab: '*' } }
    const rest = as('a', log(...started(), ['modal/open-requested', { isMobile: false }])).slice(2)
    expect(replayLog({ header: header('a'), snapshot, events: rest }).modal.open).toBe(true)
    expect(() => replayLog({ snapshot: { ...snapshot, projection: 9 }, events: [] })).toThrow('Snapshot of projection version 9; this build reads version 1')
  })
  it('lists each event with the state changes it caused', () => {
    const steps = [...replaySteps({ events })]
    expect(steps.map((s) => s.event.seq)).toEqual([1, 2, 3, 4, 5])
    expect(steps[4]!.changes).toContainEqual({ path: 'accounts.eip155.caipAddress', before: undefined, after: CAIP_ADDRESS })
    expect(steps.every((s) => s.changes.every((c) => c.path !== 'lastSeq'))).toBe(true)
  })
  it('diffs leaves only', () => {
    expect(stateDiff(initialState, initialState)).toEqual([])
    expect(stateDiff({ a: { b: 1, c: [1] } }, { a: { b: 2, c: [1] } })).toEqual([{ path: 'a.b', before: 1, after: 2 }])
  })
})
