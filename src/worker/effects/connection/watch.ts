/**
 * Keeps the bridge following the events of every live connection's connector (each namespace's
 * active one and the others: a wallet's accountsChanged (docs/behaviour.md §5) or disconnect counts for a
 * connection that is not the active one too). Emits nothing.
 */
import { distinctUntilChanged, ignoreElements, map, tap } from 'rxjs'
import { liveConnectorIds } from '../../../projections/select/connections.js'
import type { State } from '../../../projections/state.js'
import type { Effect } from '../context.js'

/** The connector ids to watch: every connected namespace's active and other live connections, sorted, each once. */
export function watchedConnectors(s: State): string[] {
  return [...new Set(s.connection.connectedNamespaces.flatMap((namespace) => liveConnectorIds(s, namespace)))].sort()
}

export const watchEffect: Effect = ({ events$, state, bridge }) =>
  events$.pipe(
    map(() => watchedConnectors(state()).join('\n')),
    distinctUntilChanged(),
    tap((ids) => void Promise.resolve(bridge.watch(ids ? ids.split('\n') : [])).catch(() => undefined)),
    ignoreElements(),
  )
