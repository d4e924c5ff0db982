/**
 * The Wallet Standard feature that marks Gangway's own registration of its Solana connections
 * (solana-standard-wallet.ts): the modal's Wallet Standard bridge leaves such a wallet out of its
 * list. In a file of its own so the bridge, in core, does not import the registration's chunk.
 */
export const GANGWAY_WALLET_FEATURE = 'gangway:connection'
