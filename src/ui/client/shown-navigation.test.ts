// A navigation shown in the click's task (docs/behaviour.md §2), and the engine staying the truth.
import { signal } from '@preact/signals-core'
import { describe, expect, it } from 'vitest'
import type { Intent, ModalModel, NavigationModel } from '../../contract.js'
import { showNavigations } from './shown-navigation.js'

const model = (view: ModalModel['view'], canGoBack = false): ModalModel => ({ open: true, view, canGoBack, loading: false, shake: false })
const ACCOUNT = model('Account')
const SEND = model('WalletSend', true)
const NETWORKS = model('SwitchNetwork', true)
const SEND_INTENT: Intent = { type: 'modal/navigate-requested', payload: { view: 'WalletSend' } }
const NETWORKS_INTENT: Intent = { type: 'modal/navigate-requested', payload: { view: 'SwitchNetwork' } }

/** Signals and a showNavigations whose engine answers each dispatch when the test says. */
function setUp(navigation: NavigationModel = { count: 0, to: { WalletSend: SEND, SwitchNetwork: NETWORKS } }) {
  const signals = { modal: signal(ACCOUNT), navigation: signal(navigation), travel: signal<number | null>(null) }
  const sent: { intent: Intent; answer: (error?: Error) => void }[] = []
  const shown = showNavigations(signals, (intent) => new Promise<void>((resolve, reject) => sent.push({ intent, answer: (error) => (error ? reject(error) : resolve()) })))
  shown.heardModal(ACCOUNT)
  shown.heardNavigation(navigation)
  /** The engine's message for a folded navigation, as signals.ts applies it: its modal model where it changed (unless held), then the navigation model. */
  const engine = (modal: ModalModel | undefined, count: number) => {
    if (modal) {
      if (!shown.holding()) signals.modal.value = modal
      shown.heardModal(modal)
    }
    shown.heardNavigation({ count, to: {} })
  }
  return { signals, sent, shown, engine }
}

const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve))

describe('showNavigations', () => {
  it('shows the navigation’s model before the engine answers; the engine’s equal model renders nothing again', async () => {
    const { signals, sent, shown, engine } = setUp()
    const done = shown.dispatch(SEND_INTENT)
    expect(signals.modal.value).toBe(SEND)
    expect(sent.map((s) => s.intent)).toEqual([SEND_INTENT])
    // signals.ts skips an equal value: the modal signal keeps the object shown.
    shown.heardModal({ ...SEND })
    shown.heardNavigation({ count: 1, to: {} })
    sent[0]!.answer()
    await done
    await microtasks()
    expect(signals.modal.value).toBe(SEND)
  })

  it('a refused navigation shows the engine’s modal again, and rejects as the engine did', async () => {
    const { signals, sent, shown } = setUp()
    const done = shown.dispatch(SEND_INTENT)
    expect(signals.modal.value).toBe(SEND)
    sent[0]!.answer(new Error('Engine is time travelling'))
    await expect(done).rejects.toThrow('Engine is time travelling')
    expect(signals.modal.value).toEqual(ACCOUNT)
  })

  it('a navigation the engine folded without moving the modal: its modal shows again once the count says so', async () => {
    const { signals, shown, engine } = setUp()
    void shown.dispatch(SEND_INTENT)
    expect(signals.modal.value).toBe(SEND)
    // Folded on a state where it changed nothing: no modal value comes, only the count.
    engine(undefined, 1)
    expect(signals.modal.value).toBe(SEND)
    await microtasks()
    expect(signals.modal.value).toEqual(ACCOUNT)
  })

  it('the first of two quick navigations folded does not take back the second one shown', async () => {
    const { signals, shown, engine } = setUp()
    void shown.dispatch(SEND_INTENT)
    void shown.dispatch(NETWORKS_INTENT)
    expect(signals.modal.value).toBe(NETWORKS)
    // The engine's model for the first is held: the second's stays until the engine has folded both.
    engine(SEND, 1)
    await microtasks()
    expect(signals.modal.value).toBe(NETWORKS)
    engine(NETWORKS, 2)
    await microtasks()
    expect(signals.modal.value).toBe(NETWORKS)
    expect(shown.holding()).toBe(false)
  })

  it('a refused first navigation leaves the second one awaited at its new count', async () => {
    const { signals, sent, shown, engine } = setUp()
    const first = shown.dispatch(SEND_INTENT)
    void shown.dispatch(NETWORKS_INTENT)
    sent[0]!.answer(new Error('refused'))
    await expect(first).rejects.toThrow('refused')
    expect(signals.modal.value).toBe(NETWORKS)
    // The second folds as the first navigation, without moving the modal: the engine's model shows again.
    engine(undefined, 1)
    await microtasks()
    expect(signals.modal.value).toEqual(ACCOUNT)
  })

  it('shows nothing ahead while time travelling, while closed, for a view with no model, or for another intent', () => {
    const travelling = setUp()
    travelling.signals.travel.value = 3
    void travelling.shown.dispatch(SEND_INTENT).catch(() => undefined)
    expect(travelling.signals.modal.value).toBe(ACCOUNT)

    const closed = setUp()
    closed.signals.modal.value = { ...ACCOUNT, open: false }
    void closed.shown.dispatch(SEND_INTENT)
    expect(closed.signals.modal.value.view).toBe('Account')

    const guarded = setUp()
    void guarded.shown.dispatch({ type: 'modal/navigate-requested', payload: { view: 'SIWXSignMessage' } })
    void guarded.shown.dispatch({ type: 'modal/back-requested', payload: {} })
    void guarded.shown.dispatch({ type: 'modal/close-requested', payload: {} })
    expect(guarded.signals.modal.value).toBe(ACCOUNT)
    expect(guarded.sent.map((s) => s.intent.type)).toEqual(['modal/navigate-requested', 'modal/back-requested', 'modal/close-requested'])
  })

  it('Back shows the model the engine gave for it', () => {
    const { signals, shown } = setUp({ count: 4, back: ACCOUNT, to: {} })
    signals.modal.value = SEND
    void shown.dispatch({ type: 'modal/back-requested', payload: {} })
    expect(signals.modal.value).toBe(ACCOUNT)
  })

  it('an engine modal model that came while a navigation was ahead shows once it settles', async () => {
    const { signals, shown, engine } = setUp()
    void shown.dispatch(SEND_INTENT)
    expect(shown.holding()).toBe(true)
    // Another event moved the modal first (a send landed: Account, no history), then the navigation folded on it.
    engine(undefined, 0)
    shown.heardModal(model('Account'))
    const folded = { ...SEND, loading: true }
    engine(folded, 1)
    expect(signals.modal.value).toBe(SEND)
    await microtasks()
    expect(signals.modal.value).toEqual(folded)
    expect(shown.holding()).toBe(false)
  })
})
