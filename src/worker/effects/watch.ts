/** Keeps the bridge following the events of every connected connector (one per namespace). Emits nothing. */
import { distinctUntilChanged, ignoreElements, map, tap } from 'rxjs'
import type { Effect } from './context.js'

export const watchEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    map(() => Object.values(state().connection.connectorIds).sort().join('\n')),
    distinctUntilChanged(),
    tap((ids) => void Promise.resolve(bridge.watch(ids ? ids.split('\n') : [])).catch(() => undefined)),
    ignoreElements(),
  )
