/**
 * Seeds the Solana localnet for the demo and the tests: the Localnet Wallet's dev keypair (fixed
 * seed) with 100 SOL, and an SPL mint ("Harbour Dollar" on Solana, 6 decimals) with 1 000 000 of it
 * in the wallet's associated token account. The seed is demo tooling: it reaches only the demo
 * page's Localnet Wallet, never Gangway.
 */
import { createHash } from 'node:crypto'
import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token'
import type { SolanaNode } from './node.js'

export interface SolanaSeed {
  /** Hex of the 32-byte ed25519 seed of the Localnet Wallet's Solana account. */
  walletSeedHex: string
  walletAddress: string
  /** The SPL mint. */
  mint: { address: string; name: string; symbol: string; decimals: number }
}

export async function seedSolana(node: SolanaNode): Promise<SolanaSeed> {
  const seed = createHash('sha256').update('gangway-localnet-solana-wallet').digest()
  const wallet = Keypair.fromSeed(seed)
  const connection = new Connection(node.url, { commitment: 'confirmed', wsEndpoint: node.wsUrl })
  const signature = await connection.requestAirdrop(wallet.publicKey, 100 * LAMPORTS_PER_SOL)
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
  await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
  const mint = await createMint(connection, wallet, wallet.publicKey, null, 6, Keypair.fromSeed(createHash('sha256').update('gangway-localnet-spl-mint').digest()))
  const ata = await getOrCreateAssociatedTokenAccount(connection, wallet, mint, wallet.publicKey)
  await mintTo(connection, wallet, mint, ata.address, wallet, 1_000_000n * 1_000_000n)
  return { walletSeedHex: seed.toString('hex'), walletAddress: wallet.publicKey.toBase58(), mint: { address: mint.toBase58(), name: 'Harbour Dollar', symbol: 'HBD', decimals: 6 } }
}
