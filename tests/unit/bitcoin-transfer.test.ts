/**
 * A Bitcoin transfer built by src/chains/bip122/transfer.ts, signed as a wallet signs a PSBT
 * (@scure/btc-signer), and taken by the regtest stand-in's chain (localnet/bitcoin/regtest-chain.ts).
 */
import { describe, expect, it } from 'vitest'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'
import { bitcoinTransfer, type BitcoinUtxo } from '../../src/chains/bip122/transfer.js'
import { COINBASE_MATURITY, createRegtestChain, REGTEST } from '../../localnet/bitcoin/regtest-chain.js'

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
