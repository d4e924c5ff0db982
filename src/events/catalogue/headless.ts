/**
 * A site's own wallet UI on the engine (docs/api.md headless): what the site's page shows of
 * Gangway's data and forms, so that the engine fetches, quotes, checks and previews for it as it
 * does for the modal's views (docs/behaviour.md §2).
 */
import { bool, object, type Infer } from '../schema.js'
import { intent } from './define.js'

/**
 * What a site's own UI may show, each standing for a modal view (projections/select/showing.ts):
 * the Account tabs Tokens, NFTs and Activity, the Swap form, its review (SwapPreview) and the send
 * form's review (WalletSendPreview).
 */
export const SHOWABLE = ['tokens', 'nfts', 'activity', 'swap', 'swapReview', 'sendReview'] as const

/** One of SHOWABLE. */
export type Showable = (typeof SHOWABLE)[number]

/** Every SHOWABLE as a required flag, and no other key. */
const showing = object(Object.fromEntries(SHOWABLE.map((k) => [k, bool])) as Record<Showable, typeof bool>, true)

/** What the site's page shows now: `{ tokens, nfts, activity, swap, swapReview, sendReview }`, each a boolean. */
export type Showing = Infer<typeof showing>

/** The site's own UI's events by type (one today). */
export const headless = {
  /**
   * What the site's own UI shows now, all six flags at once (docs/behaviour.md §2): each flag on
   * makes the engine do what the matching modal view makes it do (the tab's fetches, the swap
   * tokens and quote, the swap's checks, the send form's preview), modal open or not. This tab's
   * only, like the modal's intents; each engine start (a page load) begins with every flag off.
   */
  'headless/showing-changed': intent(showing),
}
