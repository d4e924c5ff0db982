/**
 * The Solana localnet node (litesvm behind JSON-RPC + websocket) driven by web3.js 1.x and
 * @solana/spl-token, as the product and the wallet will drive it: airdrop, a SOL transfer confirmed
 * over the websocket, an SPL mint, and a token transfer that creates the receiver's associated
 * token account; token accounts by owner, parsed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import { createMint, getOrCreateAssociatedTokenAccount, mintTo, createAssociatedTokenAccountIdempotentInstruction, createTransferInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { SOLANA_GENESIS_HASH, startSolanaNode, type SolanaNode } from '../../localnet/solana/node.js'
import { freePortPair } from '../../localnet/ports.js'

let node: SolanaNode
let connection: Connection
beforeAll(async () => {
  node = await startSolanaNode({ port: await freePortPair() })
  connection = new Connection(node.url, { commitment: 'confirmed', wsEndpoint: node.wsUrl })
})
afterAll(async () => {
  // The websocket client (rpc-websockets, under web3.js) is told never to reconnect, then closed with
  // code 1000, before the node stops: web3.js reconnects a socket that closes while it still holds
  // a subscription, and the client would retry once a second for the rest of the lane.
  const ws = (connection as unknown as { _rpcWebSocket?: { setAutoReconnect(on: boolean): void; close(): void } } | undefined)?._rpcWebSocket
  ws?.setAutoReconnect(false)
  ws?.close()
  await node?.stop()
})

/** An airdrop, confirmed through web3.js (websocket signatureSubscribe). */
async function funded(sol = 10): Promise<Keypair> {
  const k = Keypair.generate()
  const sig = await connection.requestAirdrop(k.publicKey, sol * LAMPORTS_PER_SOL)
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
  await connection.confirmTransaction({ signature: sig, blockhash, lastValidBlockHeight })
  return k
}

describe('Solana localnet node', () => {
  it('answers the identity calls', async () => {
    expect(await connection.getGenesisHash()).toBe(SOLANA_GENESIS_HASH)
    expect((await connection.getVersion())['solana-core']).toContain('litesvm')
  })

  it('airdrops, and transfers SOL with confirmation over the websocket', async () => {
    const from = await funded()
    const to = Keypair.generate().publicKey
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL }))
    const signature = await sendAndConfirmTransaction(connection, tx, [from])
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL)
    const [status] = (await connection.getSignatureStatuses([signature])).value
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    // Two transfers in a row: each gets the blockhash issued after the one before.
    await sendAndConfirmTransaction(connection, new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: 5 })), [from])
    expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL + 5)
  })

  it('mints an SPL token and transfers it, creating the receiver’s associated token account', async () => {
    const payer = await funded()
    const mint = await createMint(connection, payer, payer.publicKey, null, 6)
    const source = await getOrCreateAssociatedTokenAccount(connection, payer, mint, payer.publicKey)
    await mintTo(connection, payer, mint, source.address, payer, 1_000_000_000n)
    const receiver = Keypair.generate().publicKey
    const receiverAta = getAssociatedTokenAddressSync(mint, receiver)
    expect(await connection.getAccountInfo(receiverAta)).toBeNull()
    const tx = new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, receiverAta, receiver, mint),
      createTransferInstruction(source.address, receiverAta, payer.publicKey, 5_000_000n),
    )
    await sendAndConfirmTransaction(connection, tx, [payer])
    const parsed = await connection.getParsedTokenAccountsByOwner(receiver, { mint })
    expect(parsed.value).toHaveLength(1)
    expect(parsed.value[0]!.account.data.parsed.info).toMatchObject({ mint: mint.toBase58(), owner: receiver.toBase58(), tokenAmount: { amount: '5000000', decimals: 6, uiAmount: 5 } })
    expect((await connection.getTokenAccountBalance(source.address)).value.amount).toBe('995000000')
  })

  it('refuses a transaction that fails preflight, with the simulation error', async () => {
    const poor = Keypair.generate()
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: poor.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }))
    await expect(sendAndConfirmTransaction(connection, tx, [poor])).rejects.toThrow(/simulation failed/i)
  })
})
