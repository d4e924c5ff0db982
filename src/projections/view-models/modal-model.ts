/** What the modal shows (docs/behaviour.md §2, §4): open or closed, the view, Back, loading, shake. A view model. Pure. */
import type { ViewName } from '../../events/entities.js'
import type { State } from '../state.js'

/** What the modal shows. `canGoBack`: the view history is not empty (docs/behaviour.md §2 Going back). */
export interface ModalModel {
  open: boolean
  view: ViewName
  canGoBack: boolean
  loading: boolean
  shake: boolean
}

/** The modal's model, from the modal slice. */
export function modalModel(s: State): ModalModel {
  return { open: s.modal.open, view: s.modal.view, canGoBack: s.modal.history.length > 0, loading: s.modal.loading, shake: s.modal.shake }
}
