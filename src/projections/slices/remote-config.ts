/**
 * The remote configuration's answer (wallet/config service GET /appkit/v1/config, docs/behaviour.md
 * §7, §9) as this page session read it: which remote features it sets, or that it failed (the
 * defaults then stay). Resolved with the defaults and the site's options by select/features.ts.
 */
import type { RemoteFeatures } from '../../events/kernel/host-options.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

export interface RemoteConfigState {
  /** `unasked` until the first open or trigger approach of this page session; then the outcome. */
  status: 'unasked' | 'fetched' | 'failed'
  /** The remote features the answer set (checked; empty while unasked or after a failure). */
  features: RemoteFeatures
}

const initial: RemoteConfigState = { status: 'unasked', features: {} }

/** The slice: reset by each engine start, set by the remote configuration's outcome. */
export const remoteConfig: Slice<RemoteConfigState, State> = slice<RemoteConfigState, State>(initial, {
  // Each page session asks afresh (at most once, effects/infra/remote-config.ts).
  'engine/started': () => initial,
  'features/remote-config-fetched': (_s, e) => ({ status: 'fetched', features: e.payload.features }),
  'features/remote-config-failed': () => ({ status: 'failed', features: {} }),
})
