/**
 * The snackbar (docs/behaviour.md §4), and its message as text for the modal's polite live region
 * (Modal.tsx), which announces it: the visible snackbar itself is not a live region, so nothing is
 * announced twice.
 */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'

export function Snackbar() {
  const { signals } = useClient()
  const s = useSignalValue(signals.snackbar)
  // The message is the engine's English (docs/behaviour.md §8 strings): shown translated.
  const { known } = useT()
  if (!s.open) return null
  return (
    <div className="gw-snackbar" aria-hidden="true" data-variant={s.variant} data-testid="gw-snackbar">
      {known(s.message)}
    </div>
  )
}

/** The snackbar's message, translated, while it shows (for the live region). */
export function SnackbarMessage() {
  const { signals } = useClient()
  const s = useSignalValue(signals.snackbar)
  const { known } = useT()
  return s.open ? <>{known(s.message)}</> : null
}
