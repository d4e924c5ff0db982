/** The view an open request would show now (docs/behaviour.md §2 Opening), so the page can show it at once. A view model. Pure. */
import type { ViewName } from '../../events/entities.js'
import { openingView } from '../select/opening-view.js'
import type { State } from '../state.js'

/**
 * The view an open request with no explicit view or namespace would show now (docs/behaviour.md §2 Opening),
 * on desktop and on mobile. The UI shows it on click without waiting for the engine, which then
 * confirms it through `modal`.
 */
export interface OpeningModel {
  view: ViewName
  mobileView: ViewName
}

/** The opening model: modal.ts's Opening rule for a bare open request, on desktop and on mobile. */
export function openingModel(s: State): OpeningModel {
  return { view: openingView(s, { isMobile: false }), mobileView: openingView(s, { isMobile: true }) }
}
