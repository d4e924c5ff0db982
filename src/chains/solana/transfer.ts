/**
 * Unsigned Solana transfers, for the wallet to sign (spec §4 sending): SOL through the System
 * Program; an SPL token with the receiver's associated token account created when it has none
 * (idempotent instruction) and a checked transfer. Loaded on demand by the worker.
 */
import { Buffer } from 'buffer'
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'

export interface SolanaTransfer {
  from: string
  to: string
  /** In lamports (SOL) or the token's smallest unit. */
  amount: bigint
  /** The SPL mint; absent for SOL. */
  mint?: string
  decimals?: number
  recentBlockhash: string
}

// spl-token's instruction layouts use the global Buffer, which a worker lacks: the `buffer` package's (web3.js brings it).
;(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer

/** The transfer as an unsigned legacy transaction, base64 wire bytes. */
export function buildSolanaTransfer(t: SolanaTransfer): string {
  const from = new PublicKey(t.from)
  const to = new PublicKey(t.to)
  const tx = new Transaction({ feePayer: from, recentBlockhash: t.recentBlockhash })
  if (!t.mint) {
    tx.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: t.amount }))
  } else {
    const mint = new PublicKey(t.mint)
    const source = getAssociatedTokenAddressSync(mint, from)
    const destination = getAssociatedTokenAddressSync(mint, to)
    tx.add(createAssociatedTokenAccountIdempotentInstruction(from, destination, to, mint))
    tx.add(createTransferCheckedInstruction(source, mint, destination, from, t.amount, t.decimals ?? 0))
  }
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
}
