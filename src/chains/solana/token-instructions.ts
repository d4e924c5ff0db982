/**
 * The three SPL Token instructions a token send needs (docs/behaviour.md §4 sending), built for @solana/web3.js
 * 1.x without @solana/spl-token (whose layouts pull `bigint-buffer`, an unpatched advisory).
 * The keys, their order and flags, and the data bytes equal spl-token's own builders
 * (`getAssociatedTokenAddressSync`, `createAssociatedTokenAccountIdempotentInstruction`,
 * `createTransferCheckedInstruction`) for the classic Token program, as
 * `token-instructions.test.ts` checks byte for byte.
 */
import { Buffer } from 'buffer'
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'
import { GangwayError } from '../../events/kernel/errors.js'

/** The SPL Token program (classic, not Token-2022). */
export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
/** The SPL Associated Token Account program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

const U64_MAX = (1n << 64n) - 1n
/** Token program instruction index of TransferChecked. */
const TRANSFER_CHECKED = 12
/** Associated Token Account program instruction index of CreateIdempotent. */
const CREATE_IDEMPOTENT = 1

/**
 * The associated token account of `owner` for `mint`: the program address of the seeds
 * [owner, Token program, mint] under the Associated Token Account program.
 * Throws GangwayError 'Token owner is not a wallet address' (category INTERNAL_SDK_ERROR) when `owner`
 * is off the ed25519 curve (a program-derived address), as spl-token does by default.
 */
export function associatedTokenAddress(mint: PublicKey, owner: PublicKey): PublicKey {
  if (!PublicKey.isOnCurve(owner.toBytes())) {
    throw new GangwayError('Token owner is not a wallet address', { details: `${owner.toBase58()} is off the ed25519 curve (a program-derived address)` })
  }
  return PublicKey.findProgramAddressSync([owner.toBuffer(), TOKEN_PROGRAM_ID.toBuffer(), mint.toBuffer()], ASSOCIATED_TOKEN_PROGRAM_ID)[0]
}

/**
 * Creates `owner`'s associated token account `associatedToken` for `mint`, paid by `payer`, and
 * succeeds when it already exists (CreateIdempotent). Keys: payer (signer, writable), the account
 * (writable), owner, mint, the System program, the Token program; data: [1].
 */
export function createAssociatedTokenAccountIdempotentInstruction(payer: PublicKey, associatedToken: PublicKey, owner: PublicKey, mint: PublicKey): TransactionInstruction {
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: associatedToken, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: TOKEN_PROGRAM_ID, isSigner: false, isWritable: false },
    ],
    data: Buffer.from([CREATE_IDEMPOTENT]),
  })
}

/**
 * Moves `amount` (the token's smallest unit) from `source` to `destination`, signed by the
 * single `owner` of `source`; the program checks `mint` and `decimals`. Keys: source (writable),
 * mint, destination (writable), owner (signer); data: 10 bytes, [12, amount as u64 little-endian,
 * decimals].
 * Throws GangwayError (category INTERNAL_SDK_ERROR) 'Token amount out of range' when `amount` is not
 * within 0 to 2^64 - 1, and 'Token decimals out of range' when `decimals` is not an integer from
 * 0 to 255.
 */
export function createTransferCheckedInstruction(source: PublicKey, mint: PublicKey, destination: PublicKey, owner: PublicKey, amount: bigint, decimals: number): TransactionInstruction {
  if (typeof amount !== 'bigint' || amount < 0n || amount > U64_MAX) {
    throw new GangwayError('Token amount out of range', { details: `${String(amount)} is not a u64 (0 to ${U64_MAX})` })
  }
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new GangwayError('Token decimals out of range', { details: `${String(decimals)} is not an integer from 0 to 255` })
  }
  const data = Buffer.alloc(10)
  data[0] = TRANSFER_CHECKED
  data.writeBigUInt64LE(amount, 1)
  data[9] = decimals
  return new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data,
  })
}
