/**
 * The engine's Bitcoin code (docs/behaviour.md §5 Bitcoin), one chunk loaded at its first use (a
 * bip122 network's balance, a Bitcoin wallet's call, send, Activity, SIWX or account type): the
 * worker reaches it through this one dynamic import, so the build splits the start-up code once for
 * it, not once for each of its parts (each split costs every page bytes before the click).
 */
export { bitcoinReads } from './bitcoin-reads.js'
export { verifyBitcoinMessage } from '../../chains/bip122/message.js'
export { bitcoinHistory } from './bitcoin-history.js'
export { sendBitcoin } from './bitcoin-send.js'
export { bitcoinSessionCall } from '../walletconnect/bitcoin-calls.js'
