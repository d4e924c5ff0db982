/**
 * The address rules of docs/behaviour.md §5, per namespace: pure format checks on strings, used where
 * intents and stored events are validated (validate.ts, validate-stored.ts), by the send form's
 * rules and by the wallet calls. Checksums and on-chain facts are the chains' business.
 */

/** §5: an EVM address is an optional 0x plus 40 hex characters (any case; the checksum is not checked here). */
export function isEvmAddress(value: string): boolean {
  return /^(0x)?[0-9a-fA-F]{40}$/.test(value)
}

/** §5: a Solana address is 32 to 44 base58 characters (no 0, O, I or l). */
export function isSolanaAddress(value: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)
}

/**
 * §5 Bitcoin, the form only: a segwit address (the `bc`, `tb` or `bcrt` prefix, `1`, then 8 to 87
 * bech32 characters, in one case) or a legacy one (base58, 26 to 35 characters, starting 1, 3, m, n
 * or 2). Its checksum, witness program and network are checked where a transfer is built
 * (chains/bip122/address.ts).
 */
export function isBitcoinAddress(value: string): boolean {
  const segwit = /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/
  return segwit.test(value) || (value === value.toUpperCase() && segwit.test(value.toLowerCase())) || /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(value)
}

/** An address of `namespace` by the rules above (eip155, solana, bip122); for another namespace any plain string up to 128 characters. */
export function isAddressOf(namespace: string, value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 128 || value.includes(':')) return false
  if (namespace === 'eip155') return isEvmAddress(value)
  if (namespace === 'solana') return isSolanaAddress(value)
  if (namespace === 'bip122') return isBitcoinAddress(value)
  return true
}
