/** Solana address rule of spec §5: base58 characters, 32 to 44 long. */
export function isSolanaAddress(value: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)
}
