/**
 * SIWX's own code for the engine, in one module the effects load when a site with a
 * `siwx` option first needs it (worker/effects/siwx/siwx-check.ts, siwx-sign.ts): the message text, and
 * what counts as a session. The build makes it a file of its own (`dist/siwx-code.js`, see
 * esbuild.config.mjs `apart`), not a chunk of the worker's split build: the SIWE helpers and the
 * signature verifiers use parts of viem (ERC-6492, ERC-8010) that the worker's entry can reach
 * through viem's index, and a split build would then put them in a chunk the worker loads at start.
 */
export { siwxMessageText } from '../../siwx/message.js'
export { checkSiwxTimeWindow } from '../../siwx/validate.js'
export { isFor, verifiedSession, windowOf } from './session-check.js'
