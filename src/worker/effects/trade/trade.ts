/**
 * The swap and on-ramp effects, one chunk of the worker with the swap service's and the
 * on-ramp's clients: index.ts runs them through lazyEffect once a visitor reaches for Swap or Buy.
 */
export { swapCheckEffect } from './swap-check.js'
export { swapExecuteEffect } from './swap-execute.js'
export { swapQuoteEffect } from './swap-quote.js'
export { swapTokensEffect } from './swap-tokens.js'
export { onrampBuyEffect, onrampWatchEffect } from './onramp-buy.js'
export { onrampOptionsEffect, onrampQuoteEffect } from './onramp-form.js'
