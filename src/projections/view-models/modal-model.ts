/** What the modal shows (docs/behaviour.md §2, §4): open or closed, the view, Back, loading, shake. A view model. Pure. */
import type { ViewName } from '../../events/entities.js'
import type { ModalState } from '../slices/modal.js'
import type { State } from '../state.js'

/** What the modal shows. `canGoBack`: the view history is not empty (docs/behaviour.md §2 Going back). */
export interface ModalModel {
  open: boolean
  view: ViewName
  canGoBack: boolean
  loading: boolean
  shake: boolean
}

/** The model of a modal slice's value (the state's, or one a navigation would make: navigation-model.ts). */
export function modalModelOf(m: ModalState): ModalModel {
  return { open: m.open, view: m.view, canGoBack: m.history.length > 0, loading: m.loading, shake: m.shake }
}

/** The modal's model, from the modal slice. */
export function modalModel(s: State): ModalModel {
  return modalModelOf(s.modal)
}
