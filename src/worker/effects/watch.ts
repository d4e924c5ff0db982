/** Keeps the bridge following the provider events of the connected connector only. Emits nothing. */
import { distinctUntilChanged, ignoreElements, map, tap } from 'rxjs'
import type { Effect } from './context.js'

export const watchEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    map(() => {
      const s = state()
      const ns = s.connection.activeNamespace
      return (ns && s.connection.connectorIds[ns]) || null
    }),
    distinctUntilChanged(),
    tap((connectorId) => void Promise.resolve(bridge.watch(connectorId)).catch(() => undefined)),
    ignoreElements(),
  )
