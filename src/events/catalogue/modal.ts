/**
 * The modal itself (docs/behaviour.md §2 views and navigation): open, close, back, navigate, the
 * shake after a failed connect, a trigger approached; and its snackbar (docs/behaviour.md §4).
 */
import { SNACKBAR_VARIANTS, VIEWS } from '../entities.js'
import { bool, nothing, object, oneOf, optional } from '../schema.js'
import { intent, outcome } from './define.js'
import { errorId, message, namespace } from './fields.js'

/** A view of the modal (entities.ts VIEWS). */
const view = oneOf(VIEWS)

/** A snackbar's message and its variant (loading, success or error). */
const snackbar = object({ variant: oneOf(SNACKBAR_VARIANTS), message, errorId: optional(errorId) })

export const modal = {
  /** Open the modal (docs/behaviour.md §2 Opening): at `view` if given, toward `namespace` if given; `isMobile` picks the WalletConnect view. */
  'modal/open-requested': intent(object({ view: optional(view), namespace: optional(namespace), isMobile: bool })),
  /** Close the modal (docs/behaviour.md §2 Closing). */
  'modal/close-requested': intent(nothing),
  /** One view back; an empty history closes (docs/behaviour.md §2 Going back). */
  'modal/back-requested': intent(nothing),
  /** Show `view`, the current one pushed on the history (a view whose feature is off gives its fallback). */
  'modal/navigate-requested': intent(object({ view })),
  /** The modal shakes after a failed connect (docs/behaviour.md §4: 500 ms). */
  'modal/shake-started': outcome(nothing),
  /** The shake is over. */
  'modal/shake-ended': outcome(nothing),
  /**
   * The visitor reached for a trigger (pointer over, focus or touch on <gangway-button> or an
   * element with `data-gangway-open`; seen by the page, ui/client/first-approach.ts): like the first open, it lets
   * the engine fetch the remote configuration (docs/behaviour.md §7). The page sends it once.
   */
  'modal/trigger-approached': intent(nothing),
  /** Ask for a snackbar; docs/behaviour.md §4: if one is open it closes and the new one shows after 150 ms. */
  'snackbar/show-requested': outcome(snackbar),
  /** The snackbar shows this message (success and error ones hide after 2.5 s, loading ones stay until replaced). */
  'snackbar/shown': outcome(snackbar),
  /** The snackbar hid. */
  'snackbar/hidden': outcome(nothing),
}
