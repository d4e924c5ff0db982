/** The snackbar's message (docs/behaviour.md §4 snackbar). A view model. Pure. */
import type { SnackbarVariant } from '../../events/entities.js'
import type { State } from '../state.js'

/** The snackbar: open or not, its variant (loading, success, error) and its message. */
export interface SnackbarModel {
  open: boolean
  variant: SnackbarVariant
  message: string
}

/** The snackbar model: a copy of the snackbar slice. */
export function snackbarModel(s: State): SnackbarModel {
  return { ...s.snackbar }
}
