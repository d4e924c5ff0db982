/**
 * The snackbar (docs/behaviour.md §4), and its message as text for the modal's polite live region
 * (Modal.tsx), which announces it: the visible snackbar itself is not a live region, so nothing is
 * announced twice.
 */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'
import { useT } from '../i18n/i18n.js'

/** The snackbar on show: its variant and its message, translated (the engine's English, docs/behaviour.md §8 strings); undefined while closed. */
function useSnackbar(): { variant: string; text: string } | undefined {
  const { signals } = useClient()
  const s = useSignalValue(signals.snackbar)
  const { known } = useT()
  return s.open ? { variant: s.variant, text: known(s.message) } : undefined
}

export function Snackbar() {
  const s = useSnackbar()
  if (!s) return null
  return (
    <div className="gw-snackbar" aria-hidden="true" data-variant={s.variant} data-testid="gw-snackbar">
      {s.text}
    </div>
  )
}

/** The snackbar's message while it shows (for the live region). */
export function SnackbarMessage() {
  return <>{useSnackbar()?.text}</>
}
