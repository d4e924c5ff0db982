/**
 * What the modal's navigations would show, so the page can show a navigation's result in the click's
 * own task, before the engine (in its worker) has folded it: the engine then confirms the same
 * modal model, which the page does not render again (docs/behaviour.md §2). A view model. Pure.
 */
import { VIEWS, type ViewName } from '../../events/entities.js'
import { navigatedTo, wentBack } from '../select/navigation.js'
import type { State } from '../state.js'
import { modalModelOf, type ModalModel } from './modal-model.js'

/**
 * The modal models the navigations from the current view would make, as the fold makes them:
 * - `count`: the navigations (`modal/navigate-requested`, `modal/back-requested`) the modal has
 *   folded, moved or not: a new value for each, so the page hears every navigation's outcome, also
 *   one that left the modal as it was;
 * - `back`: after `modal/back-requested`, while the modal would stay open (a Back that closes is
 *   not shown ahead);
 * - `to`: after `modal/navigate-requested` to each view whose navigation no guard refuses (a
 *   guarded one, such as SIWXSignMessage, has no entry), while the modal is open.
 * Nothing but `count` while the modal is closed.
 */
export interface NavigationModel {
  count: number
  back?: ModalModel
  to: Partial<Record<ViewName, ModalModel>>
}

/** The navigation model (select/navigation.ts `navigatedTo`, `wentBack`). */
export function navigationModel(s: State): NavigationModel {
  const count = s.modal.navigations ?? 0
  if (!s.modal.open) return { count, to: {} }
  const to: Partial<Record<ViewName, ModalModel>> = {}
  for (const view of VIEWS) {
    const next = navigatedTo(s, view)
    if (next) to[view] = modalModelOf(next)
  }
  const back = wentBack(s)
  return back.open ? { count, back: modalModelOf(back), to } : { count, to }
}
