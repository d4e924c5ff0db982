/**
 * A navigation shown in the click's own task (docs/behaviour.md §2): the views' dispatch of
 * `modal/navigate-requested` and `modal/back-requested` sets the modal signal to the model the engine
 * said that navigation would make (the `navigation` view model, computed by the fold's own rules)
 * before the intent reaches the engine in its worker; the engine's modal model for it then equals
 * what shows, and renders nothing again (signals.ts skips an equal value).
 *
 * The engine stays the truth: while a navigation shown ahead is under way, the engine's modal
 * models are held (`holding`, which signals.ts `followEngine` asks), and once the engine has folded
 * it (the navigation model's `count` reached it), or refused it, the modal shows the engine's last
 * modal model, should the two differ (a navigation folded on a state that moved meanwhile, or one
 * that left the modal as it was). Two quick navigations show the second's model until the engine
 * has folded both, never the first's in between.
 */
import type { Signal } from '@preact/signals-core'
import type { Intent, ModalModel, NavigationModel } from '../../contract.js'
import { sameShallow } from '../same-value.js'

/** The signals a shown navigation reads and sets; `travel` non-null (time travel) shows nothing ahead. */
export interface NavigationSignals {
  modal?: Signal<ModalModel>
  navigation?: Signal<NavigationModel>
  travel: Signal<number | null>
}

/**
 * The views' dispatch with navigations shown ahead, and the two hooks that keep it with the engine.
 * - `dispatch(intent)`: as `send(intent)`; a navigation with a model ahead shows it first. Rejects as
 *   `send` does (after showing the engine's modal again).
 * - `heardModal(v)`: each modal model the engine delivers.
 * - `heardNavigation(v)`: each navigation model the engine delivers.
 * - `holding()`: whether a navigation shown ahead is under way (the engine's modal models wait).
 * @example
 * const shown = showNavigations(signals, (intent) => engine.dispatch(intent))
 * followEngine(engine, views, signals, { modal: shown.heardModal, navigation: shown.heardNavigation }, { modal: shown.holding })
 * void shown.dispatch({ type: 'modal/navigate-requested', payload: { view: 'WalletSend' } })
 */
export function showNavigations(
  signals: NavigationSignals,
  send: (intent: Intent) => Promise<void>,
): { dispatch: (intent: Intent) => Promise<void>; heardModal: (v: ModalModel) => void; heardNavigation: (v: NavigationModel) => void; holding: () => boolean } {
  /** The engine's last modal model. */
  let engineModal: ModalModel | undefined
  /** The navigation count the engine last delivered, and the count each navigation sent so far will have once folded. */
  let heard = 0
  let sent = 0
  /** The model shown ahead, and the count at which the engine will have folded its navigation. */
  let ahead: { model: ModalModel; at: number } | undefined

  /** Nothing ahead any more: the engine's last modal model shows, where it differs from what shows. */
  const settle = () => {
    ahead = undefined
    const modal = signals.modal
    if (modal && engineModal && !sameShallow(modal.peek(), engineModal)) modal.value = engineModal
  }

  const modelAhead = (intent: Intent): ModalModel | undefined => {
    const next = signals.navigation?.peek()
    if (!next || signals.travel.peek() !== null || !signals.modal?.peek().open) return undefined
    if (intent.type === 'modal/back-requested') return next.back
    return intent.type === 'modal/navigate-requested' ? next.to[intent.payload.view] : undefined
  }

  return {
    dispatch(intent) {
      if (intent.type !== 'modal/navigate-requested' && intent.type !== 'modal/back-requested') return send(intent)
      const at = (sent = Math.max(sent, heard) + 1)
      const model = modelAhead(intent)
      if (model && signals.modal) {
        ahead = { model, at }
        signals.modal.value = model
      }
      return send(intent).catch((error: unknown) => {
        // Refused: never folded, so the later navigations fold one count earlier.
        sent--
        if (ahead && ahead.at === at) settle()
        else if (ahead && ahead.at > at) ahead.at--
        throw error
      })
    },
    heardModal(v) {
      engineModal = v
    },
    holding: () => ahead !== undefined,
    heardNavigation(v) {
      // A new engine counts from 0 again: nothing sent before is awaited.
      const restarted = v.count < heard
      if (restarted) sent = v.count
      heard = v.count
      const target = ahead
      // After the rest of the engine's message: its modal model for the same event comes in it too.
      if (target && (restarted || heard >= target.at)) queueMicrotask(() => void (ahead === target && settle()))
    },
  }
}
