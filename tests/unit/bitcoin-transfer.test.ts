/**
 * A Bitcoin transfer built by src/chains/bip122/transfer.ts, signed as a wallet signs a PSBT
 * (@scure/btc-signer), and taken by the regtest stand-in's chain (localnet/bitcoin/regtest-chain.ts).
 */
import { describe, expect, it } from 'vitest'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'
import { hexToBytes } from '@noble/hashes/utils'
import { bitcoinTransfer, finalizedTransfer, NO_SIGNED_TRANSFER, type BitcoinUtxo } from '../../src/chains/bip122/transfer.js'
import { COINBASE_MATURITY, createRegtestChain, REGTEST } from '../../localnet/bitcoin/regtest-chain.js'
import { BITCOIN_WALLET_KEY } from '../../localnet/bitcoin/localnet-bitcoin.js'
import { bitcoinAccounts, signPsbt } from '../../localnet/wallet/bitcoin-sign.js'

const REGTEST_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const keyOf = (label: string) => sha256(utf8ToBytes(`gangway transfer test ${label}`))
const payerKey = keyOf('payer')
const payer = p2wpkh(secp256k1.getPublicKey(payerKey, true), REGTEST)
const taprootKey = keyOf('taproot')
const taproot = p2tr(schnorr.getPublicKey(taprootKey), undefined, REGTEST)
const receiver = p2tr(schnorr.getPublicKey(keyOf('receiver')), undefined, REGTEST)
const burn = p2wpkh(secp256k1.getPublicKey(keyOf('burn'), true), REGTEST)

/** A chain where `address` holds two mature coinbases (50 BTC each). */
function chainPaying(address: string) {
  const chain = createRegtestChain({ now: () => 1_700_000_000 })
  chain.mine(2, address)
  chain.mine(COINBASE_MATURITY, burn.address!)
  const utxos = (): BitcoinUtxo[] => chain.utxosOf(address).map((u) => ({ txid: u.txid, vout: u.vout, valueSatoshis: u.value }))
  return { chain, utxos }
}
/** `psbt` signed by `privateKey`, finalised and extracted, as a wallet's signTransaction then a broadcast do. */
const signed = (psbt: Uint8Array, privateKey: Uint8Array) => {
  const tx = Transaction.fromPSBT(psbt)
  tx.sign(privateKey)
  tx.finalize()
  return tx
}

describe('a Bitcoin transfer (docs/behaviour.md §5 Bitcoin)', () => {
  it('pays exactly the amount to the receiver, once, with the change back to a P2WPKH sender, at the fee rate asked', () => {
    const { chain, utxos } = chainPaying(payer.address!)
    const transfer = bitcoinTransfer({ caipNetworkId: REGTEST_ID, sender: { address: payer.address! }, receiver: receiver.address!, amountSatoshis: 100_000n, utxos: utxos(), feeRate: 3n })
    expect(transfer).toMatchObject({ signingIndexes: [0], change: true })
    const tx = signed(transfer.psbt, payerKey)
    expect(transfer.feeSatoshis).toBeGreaterThanOrEqual(BigInt(tx.vsize) * 3n)
    chain.accept(tx.hex)
    chain.mine(1, burn.address!)
    expect(chain.utxosOf(receiver.address!).map((u) => u.value)).toEqual([100_000n])
    expect(chain.tx(tx.id)!.fee).toBe(transfer.feeSatoshis)
    expect(chain.utxosOf(payer.address!).reduce((s, u) => s + u.value, 0n)).toBe(2n * 5_000_000_000n - 100_000n - transfer.feeSatoshis)
  })

  it('sends from a P2TR account on the key path, its x-only key given', () => {
    const { chain, utxos } = chainPaying(taproot.address!)
    const transfer = bitcoinTransfer({ caipNetworkId: REGTEST_ID, sender: { address: taproot.address!, publicKey: bytesToHex(schnorr.getPublicKey(taprootKey)) }, receiver: payer.address!, amountSatoshis: 6_000_000_000n, utxos: utxos(), feeRate: 1n })
    // Both coinbases are needed.
    expect(transfer.signingIndexes).toEqual([0, 1])
    chain.accept(signed(transfer.psbt, taprootKey).hex)
    expect(chain.utxosOf(payer.address!).map((u) => u.value)).toEqual([6_000_000_000n])
  })

  it('refuses before any wallet: a dust amount, more than the balance, a bad or foreign receiver, a sender it cannot spend from', () => {
    const { utxos } = chainPaying(payer.address!)
    const refusal = (over: Partial<Parameters<typeof bitcoinTransfer>[0]>) => {
      try {
        bitcoinTransfer({ caipNetworkId: REGTEST_ID, sender: { address: payer.address! }, receiver: receiver.address!, amountSatoshis: 100_000n, utxos: utxos(), feeRate: 2n, ...over })
      } catch (error) {
        return [(error as Error).message, (error as { details?: string }).details]
      }
      throw new Error('built')
    }
    expect(refusal({ amountSatoshis: 329n })).toEqual(['Amount below the dust limit', 'at least 330 satoshis to a P2TR address'])
    expect(refusal({ amountSatoshis: 0n })).toEqual(['Invalid amount', 'a positive whole number of satoshis'])
    // 100 BTC held: 100 BTC and a fee is too much.
    expect(refusal({ amountSatoshis: 10_000_000_000n })).toEqual(['Insufficient balance', '10000000000 satoshis and the fee from 10000000000'])
    expect(refusal({ receiver: 'bcrt1qnotanaddress' })[0]).toBe('Invalid receiver address')
    expect(refusal({ receiver: p2wpkh(secp256k1.getPublicKey(payerKey, true)).address! })).toEqual(['Invalid receiver address', 'an address of Bitcoin, not of Bitcoin Regtest'])
    expect(refusal({ sender: { address: taproot.address! } })).toEqual(['Invalid receiver address', 'the sender is P2TR without its public key: Gangway sends from P2WPKH and P2TR addresses'])
  })
})

describe("the wallet's signed transfer, finalised (finalizedTransfer)", () => {
  const walletKey = hexToBytes(BITCOIN_WALLET_KEY)
  const [payment, ordinals] = bitcoinAccounts(walletKey)
  /** A transfer from the Localnet Wallet's payment account over two coinbases, and the chain that holds them. */
  const transferOf = (over: Partial<Parameters<typeof bitcoinTransfer>[0]> = {}) => {
    const { chain, utxos } = chainPaying(payment.address)
    const transfer = bitcoinTransfer({ caipNetworkId: REGTEST_ID, sender: { address: payment.address }, receiver: receiver.address!, amountSatoshis: 100_000n, utxos: utxos(), feeRate: 2n, ...over })
    return { chain, transfer }
  }
  /** `transfer` signed as the Localnet Wallet's bitcoin:signTransaction signs it (not finalised). */
  const walletSigned = (transfer: { psbt: Uint8Array; signingIndexes: number[] }, signingIndexes = transfer.signingIndexes) => signPsbt(transfer.psbt, [{ account: payment, signingIndexes }], walletKey)
  /** The error finalizedTransfer throws, as { name, message, category, details }. */
  const refusal = (signedPsbt: Uint8Array, unsignedPsbt: Uint8Array) => {
    try {
      finalizedTransfer(signedPsbt, unsignedPsbt)
    } catch (error) {
      const e = error as { name: string; message: string; category: string; details?: string }
      return { name: e.name, message: e.message, category: e.category, details: e.details }
    }
    throw new Error('finalised')
  }

  it('finalises a properly signed PSBT to the raw hex and its txid, which the chain takes', () => {
    const { chain, transfer } = transferOf()
    const { hex, txid } = finalizedTransfer(walletSigned(transfer), transfer.psbt)
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(hex).toMatch(/^[0-9a-f]+$/)
    expect(Transaction.fromRaw(hexToBytes(hex)).id).toBe(txid)
    // The unsigned transaction asked, now with its witnesses.
    expect(bytesToHex(Transaction.fromRaw(hexToBytes(hex), { allowUnknownOutputs: true }).unsignedTx)).toBe(bytesToHex(Transaction.fromPSBT(transfer.psbt).unsignedTx))
    expect(chain.accept(hex)).toBe(txid)
    chain.mine(1, burn.address!)
    expect(chain.utxosOf(receiver.address!).map((u) => u.value)).toEqual([100_000n])
  })

  it('keeps the inputs a wallet finalised itself', () => {
    const { chain, transfer } = transferOf()
    const finalised = Transaction.fromPSBT(walletSigned(transfer))
    finalised.finalize()
    const { hex, txid } = finalizedTransfer(finalised.toPSBT(), transfer.psbt)
    expect({ hex, txid }).toEqual({ hex: finalised.hex, txid: finalised.id })
    expect(chain.accept(hex)).toBe(txid)
  })

  it(`refuses a PSBT the wallet signed nothing of: '${NO_SIGNED_TRANSFER}'`, () => {
    const { transfer } = transferOf()
    expect(refusal(transfer.psbt, transfer.psbt)).toEqual({ name: 'GangwayError', message: NO_SIGNED_TRANSFER, category: 'API_ERROR', details: expect.stringMatching(/^an input is not signed: /) })
  })

  it('refuses a PSBT with one input of two left unsigned', () => {
    // 60 BTC from two coinbases of 50: both inputs are needed.
    const { transfer } = transferOf({ amountSatoshis: 6_000_000_000n })
    expect(transfer.signingIndexes).toEqual([0, 1])
    expect(refusal(walletSigned(transfer, [0]), transfer.psbt)).toMatchObject({ message: NO_SIGNED_TRANSFER, details: expect.stringMatching(/^an input is not signed: /) })
    expect(finalizedTransfer(walletSigned(transfer), transfer.psbt).txid).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses a PSBT signed for another transfer: another amount, another receiver, another fee', () => {
    const { transfer } = transferOf()
    const others = [
      transferOf({ amountSatoshis: 100_001n }).transfer,
      transferOf({ receiver: ordinals.address }).transfer,
      transferOf({ feeRate: 3n }).transfer,
    ]
    for (const other of others) {
      const signedOther = walletSigned(other)
      // Signed properly, every input.
      const complete = Transaction.fromPSBT(signedOther)
      complete.finalize()
      expect(complete.isFinal).toBe(true)
      expect(refusal(signedOther, transfer.psbt)).toEqual({ name: 'GangwayError', message: NO_SIGNED_TRANSFER, category: 'API_ERROR', details: 'not the transaction asked' })
    }
  })

  it('refuses bytes that are no PSBT: garbage, nothing, a raw transaction', () => {
    const { transfer } = transferOf()
    const complete = Transaction.fromPSBT(walletSigned(transfer))
    complete.finalize()
    const raw = complete.extract()
    const truncated = walletSigned(transfer).slice(0, 40)
    for (const bytes of [utf8ToBytes('not a psbt at all'), new Uint8Array(0), Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff), truncated, raw]) {
      expect(refusal(bytes, transfer.psbt)).toEqual({ name: 'GangwayError', message: NO_SIGNED_TRANSFER, category: 'API_ERROR', details: 'the PSBT does not decode' })
    }
  })
})
