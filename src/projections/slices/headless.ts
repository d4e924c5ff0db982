/**
 * What a site's own wallet UI shows now (docs/behaviour.md §2; docs/api.md headless): the flags of
 * the last `headless/showing-changed` of this tab. Like the modal, they belong to the tab (the
 * intent is not shared) and each engine start (a page load) begins with every flag off, so a reload
 * never runs a fetch, a quote or a preview nobody shows. `select/showing.ts` reads them with the
 * modal's view. No guard: every set of flags is a fact about the page.
 */
import { SHOWABLE, type Showing } from '../../events/catalogue/headless.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

/** The tab's showing flags: `{ showing: { tokens, nfts, activity, swap, swapReview, sendReview } }`, each a boolean. */
export interface HeadlessState {
  /** What the site's page shows now, as its last `headless/showing-changed` said (all off before any). */
  showing: Showing
}

/** Nothing shown. */
const initial: HeadlessState = { showing: Object.fromEntries(SHOWABLE.map((k) => [k, false])) as Showing }

/** The slice: reset by each engine start, replaced by each `headless/showing-changed` (docs/behaviour.md §2). */
export const headless: Slice<HeadlessState, State> = slice<HeadlessState, State>(initial, {
  'engine/started': () => initial,
  'headless/showing-changed': (_s, e) => ({ showing: Object.fromEntries(SHOWABLE.map((k) => [k, e.payload[k]])) as Showing }),
})
