/**
 * Gangway's Esplora client (src/api/esplora.ts) against the regtest stand-in's real answers
 * (localnet/bitcoin/esplora.ts), and against malformed ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Transaction } from '@scure/btc-signer'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { esploraBroadcast, esploraFeeRate, esploraHistory, esploraUtxos, ESPLORA_CHAIN_PAGE, ESPLORA_LIST_MAX, readFeeRate, readHistory, readUtxos, type EsploraTransport } from '../../src/api/esplora.js'
import { bitcoinTransfer } from '../../src/chains/bip122/transfer.js'
import { startEsplora, type Esplora } from '../../localnet/bitcoin/esplora.js'
import { COINBASE_MATURITY } from '../../localnet/bitcoin/regtest-chain.js'
import { bitcoinAccounts, signPsbt } from '../../localnet/wallet/bitcoin-sign.js'

const key = sha256(utf8ToBytes('gangway esplora client test'))
const [payer] = bitcoinAccounts(key)
const [receiver] = bitcoinAccounts(sha256(utf8ToBytes('gangway esplora client receiver')))
let esplora: Esplora
const transport: EsploraTransport = {
  getJson: async (path) => (await fetch(`${esplora.url}${path}`)).json(),
  postText: async (path, body) => {
    const r = await fetch(`${esplora.url}${path}`, { method: 'POST', body })
    const text = await r.text()
    if (!r.ok) throw new Error(text)
    return text
  },
}

beforeAll(async () => {
  esplora = await startEsplora()
  esplora.chain.mine(1, payer.address)
  esplora.chain.mine(COINBASE_MATURITY, receiver.address)
})
afterAll(() => esplora.stop())

describe('the Esplora client', () => {
  it("pages an address's history as the stand-in serves it: 25 confirmed a page, each page after the last txid of the one before, every transaction once", async () => {
    const seen: string[] = []
    let after: string | undefined
    for (;;) {
      const page = await esploraHistory(transport, receiver.address, undefined, after)
      seen.push(...page.map((t) => t.txid))
      if (page.length < ESPLORA_CHAIN_PAGE) break
      after = page[page.length - 1]!.txid
    }
    expect(seen).toHaveLength(COINBASE_MATURITY)
    expect(new Set(seen).size).toBe(COINBASE_MATURITY)
  })

  it('reads UTXOs, a fee rate and the history, and broadcasts a signed transfer', async () => {
    const utxos = await esploraUtxos(transport, payer.address)
    expect(utxos).toEqual([{ txid: expect.stringMatching(/^[0-9a-f]{64}$/), vout: 0, valueSatoshis: 5_000_000_000n, confirmed: true }])
    const feeRate = await esploraFeeRate(transport, 6)
    expect(feeRate).toBe(1n)
    const transfer = bitcoinTransfer({ caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', sender: { address: payer.address }, receiver: receiver.address, amountSatoshis: 1_000_000n, utxos, feeRate: 2n })
    const signed = Transaction.fromPSBT(signPsbt(transfer.psbt, [{ account: payer, signingIndexes: transfer.signingIndexes }], key))
    signed.finalize()
    expect(await esploraBroadcast(transport, signed.hex)).toBe(signed.id)
    const [latest, coinbase] = await esploraHistory(transport, payer.address)
    expect(latest).toEqual({ txid: signed.id, confirmed: false, netSatoshis: -(1_000_000n + transfer.feeSatoshis), feeSatoshis: transfer.feeSatoshis })
    expect(coinbase).toMatchObject({ confirmed: true, netSatoshis: 5_000_000_000n, feeSatoshis: 0n, blockTime: expect.any(Number) })
    expect((await esploraHistory(transport, receiver.address))[0]).toMatchObject({ txid: signed.id, netSatoshis: 1_000_000n })
    // The node's refusal, as the transport gives it.
    await expect(esploraBroadcast(transport, signed.hex.replace(/..$/, '01'))).rejects.toThrow('txn-mempool-conflict')
  })

  it('drops malformed entries, bounds lists, and refuses an answer that is no txid', async () => {
    const txid = 'ab'.repeat(32)
    expect(readUtxos([{ txid, vout: 0, value: 5, status: { confirmed: true } }, { txid: 'zz', vout: 0, value: 5 }, { txid, vout: -1, value: 5 }, { txid, vout: 0, value: 1.5 }, { txid, vout: 0, value: 2.2e15 }, null, 'x'])).toEqual([{ txid, vout: 0, valueSatoshis: 5n, confirmed: true }])
    expect(readUtxos(Array.from({ length: ESPLORA_LIST_MAX + 10 }, (_, vout) => ({ txid, vout, value: 1 })))).toHaveLength(ESPLORA_LIST_MAX)
    expect(readUtxos({ not: 'a list' })).toEqual([])
    expect(readHistory([{ txid, fee: 10, vin: [], vout: [{ scriptpubkey_address: 'a', value: 7 }], status: { confirmed: false } }, { txid, fee: -1, vin: [], vout: [] }, { txid }], 'a')).toEqual([{ txid, confirmed: false, netSatoshis: 7n, feeSatoshis: 10n }])
    expect(readFeeRate({ '1': 20.5, '6': 4.2, '144': 1.1 }, 6)).toBe(5n)
    expect(readFeeRate({ '1': 20.5, '6': 'x', '3': 1e9 }, 6)).toBe(21n)
    expect(readFeeRate({}, 6)).toBe(1n)
    await expect(esploraBroadcast({ ...transport, postText: async () => '<html>' }, '00')).rejects.toMatchObject({ message: 'Invalid transaction hash', details: '<html>' })
  })
})
