/**
 * Unsigned Solana transfers, for the wallet to sign (docs/behaviour.md §4 sending): SOL through the System
 * Program; an SPL token with the receiver's associated token account created when it has none
 * (idempotent instruction) and a checked transfer. Loaded on demand by the worker.
 */
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { associatedTokenAddress, createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction } from './token-instructions.js'

/** One transfer to build: base58 addresses, the amount in the smallest unit, a recent blockhash (base58). */
export interface SolanaTransfer {
  from: string
  to: string
  /** In lamports (SOL) or the token's smallest unit. */
  amount: bigint
  /** The SPL mint; absent for SOL. */
  mint?: string
  /** The mint's decimals, checked by TransferChecked; 0 when absent. */
  decimals?: number
  recentBlockhash: string
}

/**
 * The transfer as an unsigned legacy transaction (fee payer `from`), base64 wire bytes.
 * Throws web3.js's Error for an address that is not 32 bytes in base58 ('Non-base58 character',
 * 'Invalid public key input'), and for a token send the
 * GangwayErrors of `token-instructions.ts`: 'Token owner is not a wallet address' (a sender or
 * receiver off the ed25519 curve), 'Token amount out of range', 'Token decimals out of range'.
 */
export function buildSolanaTransfer(t: SolanaTransfer): string {
  const from = new PublicKey(t.from)
  const to = new PublicKey(t.to)
  const tx = new Transaction({ feePayer: from, recentBlockhash: t.recentBlockhash })
  if (!t.mint) {
    tx.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: t.amount }))
  } else {
    const mint = new PublicKey(t.mint)
    const source = associatedTokenAddress(mint, from)
    const destination = associatedTokenAddress(mint, to)
    tx.add(createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint))
    tx.add(createTransferCheckedInstruction(source, mint, destination, from, t.amount, t.decimals ?? 0))
  }
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
}
