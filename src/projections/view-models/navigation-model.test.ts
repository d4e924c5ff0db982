// What a navigation would show (docs/behaviour.md §2): the page shows it in the click's task, so it
// must be exactly what the fold makes of the navigation, the engine's own modal model after it.
import { describe, expect, it } from 'vitest'
import { connected, fold } from '../../../tests/unit/fixtures.js'
import { VIEWS, type ViewName } from '../../events/entities.js'
import { EVENT_SCHEMA_VERSION, type GangwayEvent } from '../../events/types.js'
import { reduce, type State } from '../state.js'
import { modalModel } from './modal-model.js'
import { navigationModel } from './navigation-model.js'

/** The state after this tab's navigation intent, folded as the engine folds it. */
const after = (s: State, intent: Pick<GangwayEvent, 'type' | 'payload'>): State =>
  reduce(s, { ...intent, seq: s.lastSeq + 1, at: 1000 * (s.lastSeq + 1), v: EVENT_SCHEMA_VERSION, tab: 't1' } as GangwayEvent)

const open = ['modal/open-requested', { isMobile: false }] as const
const states: Record<string, State> = {
  'Connect, not connected': fold(open),
  'Account, connected': fold(...connected, open),
  'WalletSend over Account': fold(...connected, open, ['modal/navigate-requested', { view: 'WalletSend' }]),
  'AllWallets over Connect': fold(open, ['modal/navigate-requested', { view: 'AllWallets' }]),
}

describe('the navigation model', () => {
  for (const [name, s] of Object.entries(states)) {
    it(`${name}: each view's model and Back's are the fold's modal model after that navigation`, () => {
      const next = navigationModel(s)
      const views = Object.keys(next.to) as ViewName[]
      expect(views.length).toBeGreaterThan(20)
      for (const view of views) expect(next.to[view]).toEqual(modalModel(after(s, { type: 'modal/navigate-requested', payload: { view } })))
      const back = after(s, { type: 'modal/back-requested', payload: {} })
      if (back.modal.open) expect(next.back).toEqual(modalModel(back))
      else expect(next.back).toBeUndefined()
    })
  }

  it('has no model for a view a guard may refuse, nor for a Back that closes, nor anything while closed', () => {
    const next = navigationModel(states['Account, connected']!)
    for (const view of ['SIWXSignMessage', 'DataCapture', 'RegisterAccountName', 'RegisterAccountNameSuccess', 'UpdateEmailWallet'] as const) expect(next.to[view]).toBeUndefined()
    expect(next.to.WalletSend).toMatchObject({ open: true, view: 'WalletSend', canGoBack: true })
    expect(next.back).toBeUndefined()
    expect(navigationModel(fold(...connected))).toEqual({ count: 0, to: {} })
    expect(VIEWS.filter((v) => next.to[v] === undefined)).toHaveLength(5)
  })

  it('counts every navigation folded, also one that leaves the modal as it was', () => {
    const s = states['Account, connected']!
    const same = after(s, { type: 'modal/navigate-requested', payload: { view: 'Account' } })
    expect(modalModel(same)).toEqual(modalModel(s))
    expect(navigationModel(same).count).toBe(navigationModel(s).count + 1)
    expect(navigationModel(after(same, { type: 'modal/back-requested', payload: {} })).count).toBe(navigationModel(s).count + 2)
  })
})
