// The legal checkbox's tick (features.legalCheckbox): folded per page session, and the engine's refusal of a connect without it.
import { describe, expect, it } from 'vitest'
import { log, started } from '../../../tests/unit/fixtures.js'
import type { GangwayEvent, Intent } from '../../events/types.js'
import { refusal } from '../rules/guards.js'
import { LEGAL_NOT_ACCEPTED } from '../rules/refusals.js'
import { initialStateFor, project } from '../state.js'
import { connectModel } from '../view-models/connect-model.js'

const connect: Intent = { type: 'connect/requested', payload: { connectorId: 'dev.gangway.localnet', namespace: 'eip155' } }
const tick = (accepted: boolean) => ['legal/acceptance-changed', { accepted }] as const
const asked = started({ features: { legalCheckbox: true } })

describe('the legal checkbox', () => {
  it('refuses a connect until the tick, and again after an untick', () => {
    expect(refusal(project(log(...asked)), connect)).toBe(LEGAL_NOT_ACCEPTED)
    expect(refusal(project(log(...asked, tick(true))), connect)).toBeUndefined()
    expect(refusal(project(log(...asked, tick(true), tick(false))), connect)).toBe(LEGAL_NOT_ACCEPTED)
    expect(connectModel(project(log(...asked, tick(true))))).toMatchObject({ legalCheckbox: true, legalAccepted: true })
  })
  it('asks nothing where the site did not turn it on', () => {
    expect(refusal(project(log(...started())), connect)).toBeUndefined()
  })
  it("holds for its page session only: a new page load asks again, and another tab's tick is not this tab's", () => {
    const first = log(...asked, tick(true))
    // The same log read by the next page of this tab's site: a new engine start, in a new tab id.
    const next = [...first, ...log(...asked).map((e, i) => ({ ...e, seq: first.length + i + 1, tab: 't2' }) as GangwayEvent)]
    expect(project(next, initialStateFor('t2')).legal.accepted).toBe(false)
    expect(project(first, initialStateFor('t2')).legal.accepted).toBe(false)
    expect(project(first, initialStateFor('t1')).legal.accepted).toBe(true)
  })
})
