import type { Samples } from './samples.js'

/** Well-formed payloads of the site's own UI's events (events/catalogue/headless.ts). */
export const headless: Samples = {
  'headless/showing-changed': [
    { tokens: false, nfts: false, activity: false, swap: false, swapReview: false, sendReview: false },
    { tokens: true, nfts: true, activity: true, swap: true, swapReview: true, sendReview: true },
    { tokens: true, nfts: false, activity: true, swap: false, swapReview: true, sendReview: false },
  ],
}
