// The unsigned transfer's wire bytes against the same transaction built with @solana/spl-token's
// builders (the reference, a devDependency), for SOL and for SPL tokens.
import { describe, expect, it } from 'vitest'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import * as spl from '@solana/spl-token'
import { buildSolanaTransfer } from './transfer.js'

const key = (n: number): string => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey.toBase58()
const recentBlockhash = key(99)

/** What buildSolanaTransfer produced while it used spl-token's builders. */
function reference(from: string, to: string, amount: bigint, mint?: string, decimals = 0): string {
  const [f, t] = [new PublicKey(from), new PublicKey(to)]
  const tx = new Transaction({ feePayer: f, recentBlockhash })
  if (!mint) {
    tx.add(SystemProgram.transfer({ fromPubkey: f, toPubkey: t, lamports: amount }))
  } else {
    const m = new PublicKey(mint)
    const destination = spl.getAssociatedTokenAddressSync(m, t)
    tx.add(spl.createAssociatedTokenAccountIdempotentInstruction(f, destination, t, m))
    tx.add(spl.createTransferCheckedInstruction(spl.getAssociatedTokenAddressSync(m, f), m, destination, f, amount, decimals))
  }
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
}

describe('buildSolanaTransfer', () => {
  it('sends SOL through the System program', () => {
    for (const amount of [1n, 1_000_000_000n]) {
      expect(buildSolanaTransfer({ from: key(1), to: key(2), amount, recentBlockhash })).toBe(reference(key(1), key(2), amount))
    }
  })

  it('sends an SPL token with the same bytes spl-token gave', () => {
    const cases = [
      { from: key(1), to: key(2), mint: key(7), amount: 1n, decimals: 6 },
      { from: key(3), to: key(4), mint: key(8), amount: 123_456_789_000n, decimals: 9 },
      { from: key(5), to: key(5), mint: key(9), amount: (1n << 64n) - 1n, decimals: 0 },
    ]
    for (const c of cases) {
      expect(buildSolanaTransfer({ ...c, recentBlockhash })).toBe(reference(c.from, c.to, c.amount, c.mint, c.decimals))
    }
    // Decimals default to 0 when absent.
    expect(buildSolanaTransfer({ from: key(1), to: key(2), mint: key(7), amount: 5n, recentBlockhash })).toBe(reference(key(1), key(2), 5n, key(7), 0))
  })

  it('refuses a token receiver off the curve and a bad address', () => {
    const pda = spl.getAssociatedTokenAddressSync(new PublicKey(key(7)), new PublicKey(key(2))).toBase58()
    expect(() => buildSolanaTransfer({ from: key(1), to: pda, mint: key(7), amount: 1n, decimals: 6, recentBlockhash })).toThrow('Token owner is not a wallet address')
    expect(() => buildSolanaTransfer({ from: key(1), to: '0OIl', amount: 1n, recentBlockhash })).toThrow('Non-base58 character')
  })
})
