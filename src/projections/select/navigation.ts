/**
 * The modal's moves between views (docs/behaviour.md §2 Closing and Going back): closing, pushing a
 * view, going back, and what a navigation would make of the modal, for the modal slice that folds
 * them and for the page, which shows a navigation's result before the engine confirms it
 * (view-models/navigation-model.ts). Pure.
 */
import type { ViewName } from '../../events/entities.js'
import type { ModalState } from '../slices/modal.js'
import type { State } from '../state.js'
import { activeAccount } from './active-account.js'
import { availableView } from './opening-view.js'

/** docs/behaviour.md §2 Closing: resets to Connect; in embedded mode, Account if connected, else Connect. */
export function closingView(root: State): ViewName {
  return root.config.enableEmbedded && activeAccount(root) ? 'Account' : 'Connect'
}

/** The modal closed (docs/behaviour.md §2 Closing): the closing view, no history, not loading. */
export const closed = (s: ModalState, root: State): ModalState => ({ ...s, open: false, view: closingView(root), history: [], loading: false })

/** `view` shown over the current one, which goes on the history; the same modal when it already shows. */
export const pushed = (s: ModalState, view: ViewName): ModalState => (s.view === view ? s : { ...s, view, history: [...s.history, s.view] })

/** One view back (docs/behaviour.md §2 Going back): pop the history, or close when it is empty; with an address, a previous Connect shows Account. */
export function poppedBack(s: ModalState, root: State): ModalState {
  const previous = s.history[s.history.length - 1]
  if (!previous) return closed(s, root)
  const view: ViewName = previous === 'Connect' && activeAccount(root) ? 'Account' : previous
  return { ...s, view, history: s.history.slice(0, -1), loading: false }
}

/**
 * The views whose open or navigation a guard may refuse (slices/modal.ts `viewRefusal`: they
 * depend on the time or on sessions); every other view shows once asked for.
 */
export const GUARDED_VIEWS: ReadonlySet<ViewName> = new Set<ViewName>(['SIWXSignMessage', 'DataCapture', 'RegisterAccountName', 'RegisterAccountNameSuccess', 'UpdateEmailWallet'])

/** `next`, with one more navigation counted (ModalState.navigations). */
export const counted = (s: ModalState, next: ModalState): ModalState => ({ ...next, navigations: (s.navigations ?? 0) + 1 })

/**
 * The modal after this tab's `modal/navigate-requested` to `view`, as the fold makes it; undefined
 * for a view of GUARDED_VIEWS, whose navigation may be refused.
 */
export function navigatedTo(root: State, view: ViewName): ModalState | undefined {
  return GUARDED_VIEWS.has(view) ? undefined : counted(root.modal, pushed(root.modal, availableView(root, view)))
}

/** The modal after this tab's `modal/back-requested`, as the fold makes it. */
export function wentBack(root: State): ModalState {
  return counted(root.modal, poppedBack(root.modal, root))
}
