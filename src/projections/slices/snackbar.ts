/** The snackbar (docs/behaviour.md §4): one message at a time, variant loading, success or error. The 150 ms swap delay is an effect. */
import type { SnackbarVariant } from '../../events/entities.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

export interface SnackbarState {
  open: boolean
  variant: SnackbarVariant
  message: string
}

export const snackbar: Slice<SnackbarState, State> = slice<SnackbarState, State>(
  { open: false, variant: 'success', message: '' },
  {
    'engine/started': (s) => ({ ...s, open: false }),
    'snackbar/shown': (_s, e) => ({ open: true, variant: e.payload.variant, message: e.payload.message }),
    'snackbar/hidden': (s) => ({ ...s, open: false }),
  },
)
