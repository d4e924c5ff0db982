/**
 * What shows now, for the effects that work only while something is on show (docs/behaviour.md §2
 * Account tabs and WalletSendPreview, §4 swap): the modal's view, or what the site's own UI said it
 * shows (`headless/showing-changed`, slices/headless.ts). A domain selector: state → fact. Pure.
 */
import type { Showable } from '../../events/catalogue/headless.js'
import type { ViewName } from '../../events/entities.js'
import type { State } from '../state.js'
import { activeAccount } from './active-account.js'

/** The modal is open on `view`. */
const onView = (s: State, view: ViewName): boolean => s.modal.open && s.modal.view === view

/** The Account view shows with `tab` picked for the active account (no pick is Tokens). */
const onTab = (s: State, tab: 'NFTs' | 'Activity'): boolean => onView(s, 'Account') && activeAccount(s)?.currentTab === tab

/**
 * When the modal shows each showable: the Account view for the holdings (its header totals them
 * whatever the tab), the Account view with the NFTs or the Activity tab picked, Swap, SwapPreview,
 * WalletSendPreview.
 */
const IN_MODAL: Record<Showable, (s: State) => boolean> = {
  tokens: (s) => onView(s, 'Account'),
  nfts: (s) => onTab(s, 'NFTs'),
  activity: (s) => onTab(s, 'Activity'),
  swap: (s) => onView(s, 'Swap'),
  swapReview: (s) => onView(s, 'SwapPreview'),
  sendReview: (s) => onView(s, 'WalletSendPreview'),
}

/**
 * Whether `what` shows now (docs/behaviour.md §2): the modal is open on its view (see the table
 * above: `tokens` the Account view, `nfts` and `activity` the Account view on that tab, `swap` Swap,
 * `swapReview` SwapPreview, `sendReview` WalletSendPreview), or this tab's site UI said it shows it
 * (`headless/showing-changed`). The effects of those views run while it holds.
 * @example
 * shows(state, 'swap') // true while the modal shows Swap, or after { swap: true, … } with the modal closed
 */
export function shows(s: State, what: Showable): boolean {
  return IN_MODAL[what](s) || s.headless.showing[what]
}
