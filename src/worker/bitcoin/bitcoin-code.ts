/**
 * The engine's Bitcoin code (docs/behaviour.md §5 Bitcoin), one chunk loaded at its first use (a
 * bip122 network's balance or tip, a WalletConnect session's Bitcoin call, a send, Activity, a SIWX
 * check): the worker reaches it through this one dynamic import, so the build splits the start-up
 * code once for it, not once for each of its parts (each split costs every page bytes before the
 * click). Its modules import nothing else of the start-up code but the errors, the limits and base64.
 * @example const { bitcoinReads } = await import('./bitcoin-code.js'); await bitcoinReads(api).tipHeight()
 */
export { bitcoinReads } from './bitcoin-reads.js'
export { verifyBitcoinMessage } from '../../chains/bip122/message.js'
export { bitcoinHistory } from './bitcoin-history.js'
export { sendBitcoin } from './bitcoin-send.js'
export { bitcoinSessionCall } from '../walletconnect/bitcoin-calls.js'
