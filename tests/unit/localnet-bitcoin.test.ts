/**
 * The localnet's Bitcoin (localnet/bitcoin/localnet-bitcoin.ts): the Localnet Wallet's payment
 * address is funded and spendable, and a transaction broadcast is mined without a call to mine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Transaction } from '@scure/btc-signer'
import { hexToBytes } from '@noble/hashes/utils'
import { esploraBroadcast, esploraUtxos, type EsploraTransport } from '../../src/api/esplora.js'
import { bitcoinTransfer } from '../../src/chains/bip122/transfer.js'
import { BITCOIN_WALLET_KEY, startLocalnetBitcoin, type LocalnetBitcoin } from '../../localnet/bitcoin/localnet-bitcoin.js'
import { bitcoinAccounts, signPsbt } from '../../localnet/wallet/bitcoin-sign.js'
import { WAIT_MS } from './wait-bound.js'

let bitcoin: LocalnetBitcoin
const transport: EsploraTransport = {
  getJson: async (path) => (await fetch(`${bitcoin.url}${path}`)).json(),
  postText: async (path, body) => (await fetch(`${bitcoin.url}${path}`, { method: 'POST', body })).text(),
}
beforeAll(async () => {
  bitcoin = await startLocalnetBitcoin()
})
afterAll(() => bitcoin.stop())

describe('the localnet’s Bitcoin', () => {
  it('funds the Localnet Wallet’s payment address with a spendable coinbase, and mines what it is sent', async () => {
    const key = hexToBytes(BITCOIN_WALLET_KEY)
    const [payment, ordinals] = bitcoinAccounts(key)
    expect(bitcoin.walletAddress).toBe(payment.address)
    expect(bitcoin.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    const utxos = await esploraUtxos(transport, payment.address)
    expect(utxos.map((u) => [u.valueSatoshis, u.confirmed])).toEqual([[5_000_000_000n, true]])
    const transfer = bitcoinTransfer({ caipNetworkId: bitcoin.caipNetworkId, sender: { address: payment.address }, receiver: ordinals.address, amountSatoshis: 100_000n, utxos, feeRate: 1n })
    const signed = Transaction.fromPSBT(signPsbt(transfer.psbt, [{ account: payment, signingIndexes: transfer.signingIndexes }], key))
    signed.finalize()
    const txid = await esploraBroadcast(transport, signed.hex)
    await expect.poll(async () => (await transport.getJson(`/tx/${txid}/status`)) as { confirmed: boolean }, { timeout: WAIT_MS }).toMatchObject({ confirmed: true })
    expect((await esploraUtxos(transport, ordinals.address)).map((u) => [u.valueSatoshis, u.confirmed])).toEqual([[100_000n, true]])
  })
})
