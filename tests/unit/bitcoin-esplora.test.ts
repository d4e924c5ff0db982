/**
 * The Bitcoin regtest stand-in's Esplora API (localnet/bitcoin/esplora.ts) over HTTP: what a client
 * of a real Esplora reads (electrs `src/rest.rs`, docs/services.md "Bitcoin").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { startEsplora, type Esplora } from '../../localnet/bitcoin/esplora.js'
import { COINBASE_MATURITY, REGTEST } from '../../localnet/bitcoin/regtest-chain.js'

const privateKey = sha256(utf8ToBytes('gangway esplora test'))
const payer = p2wpkh(secp256k1.getPublicKey(privateKey, true), REGTEST)
const receiver = p2tr(schnorr.getPublicKey(sha256(utf8ToBytes('gangway esplora receiver'))), undefined, REGTEST)
let esplora: Esplora
const get = async (path: string) => {
  const r = await fetch(`${esplora.url}${path}`)
  return { status: r.status, type: r.headers.get('content-type'), body: r.headers.get('content-type') === 'application/json' ? await r.json() : await r.text() }
}
const post = async (path: string, body: string) => {
  const r = await fetch(`${esplora.url}${path}`, { method: 'POST', body })
  return { status: r.status, body: await r.text() }
}

beforeAll(async () => {
  esplora = await startEsplora()
  esplora.chain.mine(1, payer.address!)
  esplora.chain.mine(COINBASE_MATURITY, receiver.address!)
})
afterAll(() => esplora.stop())

describe('the Esplora API of the regtest stand-in', () => {
  it('answers the tip, an address’s stats and UTXOs, and takes a transaction by POST /tx', async () => {
    expect(await get('/blocks/tip/height')).toEqual({ status: 200, type: 'text/plain', body: String(COINBASE_MATURITY + 1) })
    const [utxo] = (await get(`/address/${payer.address}/utxo`)).body as { txid: string; vout: number; value: number; status: { confirmed: boolean; block_height: number } }[]
    expect(utxo).toEqual({ txid: expect.stringMatching(/^[0-9a-f]{64}$/), vout: 0, value: 5_000_000_000, status: { confirmed: true, block_height: 1, block_hash: expect.any(String), block_time: expect.any(Number) } })
    const tx = new Transaction()
    tx.addInput({ txid: utxo!.txid, index: 0, witnessUtxo: { script: payer.script, amount: 5_000_000_000n } })
    tx.addOutputAddress(receiver.address!, 100_000n, REGTEST)
    tx.addOutputAddress(payer.address!, 5_000_000_000n - 100_000n - 500n, REGTEST)
    tx.sign(privateKey)
    tx.finalize()
    expect(await post('/tx', tx.hex)).toEqual({ status: 200, body: tx.id })
    // In the mempool: Esplora's status, stats and the transaction itself.
    expect((await get(`/tx/${tx.id}/status`)).body).toEqual({ confirmed: false })
    expect((await get(`/address/${payer.address}`)).body).toEqual({
      address: payer.address,
      chain_stats: { funded_txo_count: 1, funded_txo_sum: 5_000_000_000, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 1 },
      mempool_stats: { funded_txo_count: 1, funded_txo_sum: 4_999_899_500, spent_txo_count: 1, spent_txo_sum: 5_000_000_000, tx_count: 1 },
    })
    const shown = (await get(`/tx/${tx.id}`)).body as Record<string, unknown>
    expect(shown).toMatchObject({
      txid: tx.id,
      version: 2,
      locktime: 0,
      fee: 500,
      weight: tx.weight,
      status: { confirmed: false },
      vin: [{ txid: utxo!.txid, vout: 0, is_coinbase: false, scriptsig: '', scriptsig_asm: '', witness: [expect.stringMatching(/^30/), expect.stringMatching(/^0[23]/)], prevout: { scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: payer.address, value: 5_000_000_000 } }],
      vout: [
        { scriptpubkey_type: 'v1_p2tr', scriptpubkey_address: receiver.address, value: 100_000, scriptpubkey_asm: expect.stringMatching(/^OP_PUSHNUM_1 OP_PUSHBYTES_32 [0-9a-f]{64}$/) },
        { scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: payer.address, value: 4_999_899_500, scriptpubkey_asm: expect.stringMatching(/^OP_0 OP_PUSHBYTES_20 [0-9a-f]{40}$/) },
      ],
    })
    expect((await get(`/address/${receiver.address}/txs`)).body).toEqual([expect.objectContaining({ txid: tx.id })].concat(Array.from({ length: 25 }, () => expect.objectContaining({ status: expect.objectContaining({ confirmed: true }) }))))
    expect((await get(`/tx/${tx.id}/hex`)).body).toBe(tx.hex)

    // The same inputs again: bitcoind's refusal, as Esplora relays it.
    expect(await post('/tx', tx.hex.replace(/..$/, (b) => (b === '00' ? '01' : '00')))).toEqual({ status: 400, body: 'sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict"}' })
    expect(await post('/regtest/mine', JSON.stringify({ blocks: 1, address: receiver.address }))).toMatchObject({ status: 200 })
    expect((await get(`/tx/${tx.id}/status`)).body).toMatchObject({ confirmed: true, block_height: COINBASE_MATURITY + 2 })
  })

  it('answers bad requests as Esplora does: plain-text 400s and 404s', async () => {
    expect(await get('/address/not-an-address')).toEqual({ status: 400, type: 'text/plain', body: 'Invalid Bitcoin address' })
    // A mainnet address on regtest.
    expect(await get(`/address/${p2wpkh(secp256k1.getPublicKey(privateKey, true)).address}/utxo`)).toEqual({ status: 400, type: 'text/plain', body: 'Address on invalid network' })
    expect(await get(`/tx/${'ab'.repeat(32)}`)).toEqual({ status: 404, type: 'text/plain', body: 'Transaction not found' })
    expect(await get(`/tx/${'ab'.repeat(32)}/status`)).toMatchObject({ status: 200, body: { confirmed: false } })
    expect(await get('/tx/xyz')).toMatchObject({ status: 400, body: 'Invalid hex string' })
    expect(await get('/nothing/here')).toEqual({ status: 404, type: 'text/plain', body: 'endpoint does not exist "/nothing/here"' })
    expect(await post('/tx', 'zz')).toEqual({ status: 400, body: 'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}' })
    expect((await get('/fee-estimates')).body).toMatchObject({ '1': 2, '6': 1, '144': 1, '1008': 1 })
  })
})
