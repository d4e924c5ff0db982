// The hand-written SPL Token instructions against @solana/spl-token's own builders (a devDependency
// kept as the reference): program id, keys with their flags, data, byte for byte.
import { describe, expect, it } from 'vitest'
import { Keypair, PublicKey, type TransactionInstruction } from '@solana/web3.js'
import * as spl from '@solana/spl-token'
import { GangwayError } from '../../events/kernel/errors.js'
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID, associatedTokenAddress, createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction } from './token-instructions.js'

/** A fixed wallet key (on the curve) from a one-byte seed, so every run checks the same inputs. */
const wallet = (n: number): PublicKey => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey
/** Owners: seeded wallets and PublicKey.default (all zero bytes, a point on the curve). */
const owners = [wallet(1), wallet(2), wallet(200), PublicKey.default]
const mints = [wallet(7), new PublicKey('So11111111111111111111111111111111111111112'), wallet(250)]

/** Everything a transaction takes from an instruction, as plain data. */
function plain(ix: TransactionInstruction) {
  return {
    programId: ix.programId.toBase58(),
    keys: ix.keys.map((k) => ({ pubkey: k.pubkey.toBase58(), isSigner: k.isSigner, isWritable: k.isWritable })),
    data: Buffer.from(ix.data).toString('hex'),
  }
}

describe('SPL Token instructions without spl-token', () => {
  it('uses the program ids spl-token uses', () => {
    expect(TOKEN_PROGRAM_ID.equals(spl.TOKEN_PROGRAM_ID)).toBe(true)
    expect(ASSOCIATED_TOKEN_PROGRAM_ID.equals(spl.ASSOCIATED_TOKEN_PROGRAM_ID)).toBe(true)
  })

  it('derives the associated token address spl-token derives', () => {
    for (const mint of mints) {
      for (const owner of owners) {
        expect(associatedTokenAddress(mint, owner).toBase58()).toBe(spl.getAssociatedTokenAddressSync(mint, owner).toBase58())
      }
    }
  })

  it('refuses an owner off the curve, as spl-token does by default', () => {
    const pda = spl.getAssociatedTokenAddressSync(mints[0]!, owners[0]!)
    expect(PublicKey.isOnCurve(pda.toBytes())).toBe(false)
    expect(() => spl.getAssociatedTokenAddressSync(mints[1]!, pda)).toThrow(spl.TokenOwnerOffCurveError)
    let thrown: unknown
    try {
      associatedTokenAddress(mints[1]!, pda)
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(GangwayError)
    expect(thrown).toMatchObject({ message: 'Token owner is not a wallet address', category: 'INTERNAL_SDK_ERROR' })
    expect((thrown as GangwayError).details).toContain(pda.toBase58())
  })

  it('builds CreateIdempotent exactly as spl-token does', () => {
    for (const mint of mints) {
      for (const [i, owner] of owners.entries()) {
        const payer = owners[(i + 1) % owners.length]!
        const ata = spl.getAssociatedTokenAddressSync(mint, owner)
        const ours = plain(createAssociatedTokenAccountIdempotentInstruction(payer, ata, owner, mint))
        expect(ours).toEqual(plain(spl.createAssociatedTokenAccountIdempotentInstruction(payer, ata, owner, mint)))
        expect(ours.data).toBe('01')
        expect(ours.keys).toHaveLength(6)
      }
    }
  })

  it('builds TransferChecked exactly as spl-token does', () => {
    const amounts = [0n, 1n, 255n, 256n, 1_000_000n, 1_234_567_890_123_456_789n, (1n << 63n) + 5n, (1n << 64n) - 1n]
    const decimalsList = [0, 2, 6, 9, 18, 255]
    for (const [i, amount] of amounts.entries()) {
      for (const decimals of decimalsList) {
        const owner = owners[i % owners.length]!
        const mint = mints[i % mints.length]!
        const source = spl.getAssociatedTokenAddressSync(mint, owner)
        const destination = spl.getAssociatedTokenAddressSync(mint, owners[(i + 1) % owners.length]!)
        const ours = plain(createTransferCheckedInstruction(source, mint, destination, owner, amount, decimals))
        expect(ours).toEqual(plain(spl.createTransferCheckedInstruction(source, mint, destination, owner, amount, decimals)))
        expect(ours.data).toHaveLength(20)
      }
    }
  })

  it('refuses an amount outside u64 and decimals outside u8, with no instruction built', () => {
    const [a, b, c, d] = [wallet(1), wallet(2), wallet(3), wallet(4)]
    for (const amount of [-1n, 1n << 64n, (1n << 70n) + 3n]) {
      expect(() => createTransferCheckedInstruction(a, b, c, d, amount, 6)).toThrow('Token amount out of range')
    }
    expect(() => createTransferCheckedInstruction(a, b, c, d, 5 as unknown as bigint, 6)).toThrow('Token amount out of range')
    for (const decimals of [-1, 256, 1.5, Number.NaN]) {
      expect(() => createTransferCheckedInstruction(a, b, c, d, 1n, decimals)).toThrow('Token decimals out of range')
    }
  })
})
