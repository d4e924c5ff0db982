/** Where the engine runs and how far its log goes (for the host and the debugging tools). A view model. Pure. */
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'

/** The engine's mode (Worker or main thread, once started) and the seq of the last event folded. */
export interface EngineModel {
  mode?: 'worker' | 'main'
  lastSeq: number
}

/** The engine model, from the state's `engineMode` and `lastSeq`. */
export function engineModel(s: State): EngineModel {
  return defined({ mode: s.engineMode, lastSeq: s.lastSeq })
}
