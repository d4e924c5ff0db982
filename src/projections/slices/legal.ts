/**
 * The legal checkbox's tick (features.legalCheckbox, docs/api.md): whether the visitor of this page
 * session accepted the site's terms and privacy policy. Each engine start (a page load) begins
 * unticked, and another tab's tick is not folded (the event is not shared), so each page asks again.
 * The engine refuses `connect/requested` while the checkbox is on and unticked (`refuse` below).
 */
import { slice, type Slice } from '../reducer.js'
import { LEGAL_NOT_ACCEPTED } from '../rules/refusals.js'
import { resolvedFeatures } from '../select/features.js'
import type { State } from '../state.js'

export interface LegalState {
  /** The visitor ticked the checkbox in this page session. */
  accepted: boolean
}

const initial: LegalState = { accepted: false }

/** The slice: reset by each engine start, set by each tick or untick; a connect refused while the checkbox is on and unticked. */
export const legal: Slice<LegalState, State> = slice<LegalState, State>(
  initial,
  {
    'engine/started': () => initial,
    'legal/acceptance-changed': (_s, e) => ({ accepted: e.payload.accepted }),
  },
  {
    'connect/requested': (s) => {
      // Every way to a connect passes here: the views' rows, All Wallets, the WalletConnect basic view.
      return resolvedFeatures(s).legalCheckbox && !s.legal.accepted ? LEGAL_NOT_ACCEPTED : undefined
    },
  },
)
