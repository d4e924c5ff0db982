/**
 * The views' signals (@preact/signals-core): one per selector the views follow, plus the pairing
 * URI on show and the time-travel position; and `followEngine`, which makes the selectors' signals
 * in one loop over the names the engine's start gives (Engine.start's `views`) and feeds them from
 * the engine's subscriptions. A selector's signal starts at the engine's first value, so no view
 * model has a default here: a new one is its file and its entry in projections/selectors.ts
 * `viewSelectors`, and nothing on the page.
 */
import { signal, type Signal } from '@preact/signals-core'
import type { PairingUri, Selected, ViewSelectorName } from '../../contract.js'
import { sameShallow } from '../same-value.js'
import type { ClientEngine } from './engine-start.js'

/** The signals of the selectors the views follow: one per name, holding its view model. */
export type SelectorSignals = { [K in ViewSelectorName]: Signal<Selected<K>> }

/** The views' signals (see the module's comment). */
export type ClientSignals = SelectorSignals & {
  /** The WalletConnect pairing URI on show (never logged: it carries the pairing key). */
  pairing: Signal<PairingUri | undefined>
  /** The event seq the views show while time travelling (debug panel), else null: the live state. */
  travel: Signal<number | null>
}

/**
 * The views' signals before the engine's first values: the pairing and time-travel ones, and each
 * selector's once `followEngine` has its first value (before that its key is absent).
 */
export type StartingSignals = Partial<SelectorSignals> & Pick<ClientSignals, 'pairing' | 'travel'>

/** The signals the page has before the engine starts: no pairing URI on show, the live state. */
export function createSignals(): StartingSignals {
  return { pairing: signal<PairingUri | undefined>(undefined), travel: signal<number | null>(null) }
}

/**
 * Makes and feeds the selectors' signals from `engine`, in `signals` (the same object, so what read
 * it before sees them come): for each name of `views`, a signal of the engine's first value, then
 * each value unless it equals the one shown (the engine confirming an open the page showed first
 * renders nothing again); `hooks` of that selector hears each. The pairing signal follows the
 * engine's pairing URI. Resolves to `signals`, whole, once every selector has given its first
 * value, so a started client already holds state.
 */
export async function followEngine(engine: ClientEngine, views: readonly ViewSelectorName[], signals: StartingSignals, hooks: { [K in ViewSelectorName]?: (v: Selected<K>) => void }): Promise<ClientSignals> {
  const made = signals as Partial<Record<ViewSelectorName, Signal<unknown>>>
  await Promise.all(
    views.map(
      (name) =>
        new Promise<void>((first) => {
          void engine.subscribe(name, (v) => {
            const shown = made[name]
            if (!shown) made[name] = signal(v)
            else if (!sameShallow(shown.peek(), v)) shown.value = v
            hooks[name]?.(v as never)
            first()
          })
        }),
    ),
  )
  await engine.subscribePairing((p) => void (signals.pairing.value = p))
  return signals as ClientSignals
}
