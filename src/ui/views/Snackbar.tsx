/** The snackbar (docs/behaviour.md §4). */
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
    <div className="gw-snackbar" role="status" data-variant={s.variant} data-testid="gw-snackbar">
      {known(s.message)}
    </div>
  )
}
