/** The snackbar (docs/behaviour.md §4). */
import { useClient } from '../client-context.js'
import { useSignalValue } from '../use-signal.js'

export function Snackbar() {
  const { signals } = useClient()
  const s = useSignalValue(signals.snackbar)
  if (!s.open) return null
  return (
    <div className="gw-snackbar" role="status" data-variant={s.variant} data-testid="gw-snackbar">
      {s.message}
    </div>
  )
}
