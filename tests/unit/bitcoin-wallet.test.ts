/**
 * The Localnet Wallet's Bitcoin signatures (localnet/wallet/bitcoin-sign.ts): a PSBT Gangway builds,
 * signed by the wallet, finalised and taken by the regtest stand-in; messages that Gangway's
 * verifier accepts.
 */
import { describe, expect, it } from 'vitest'
import { Transaction } from '@scure/btc-signer'
import { sha256 } from '@noble/hashes/sha2'
import { utf8ToBytes } from '@noble/hashes/utils'
import { bitcoinTransfer } from '../../src/chains/bip122/transfer.js'
import { verifyBitcoinMessage } from '../../src/chains/bip122/message.js'
import { COINBASE_MATURITY, createRegtestChain } from '../../localnet/bitcoin/regtest-chain.js'
import { bitcoinAccounts, signBitcoinMessage, signPsbt } from '../../localnet/wallet/bitcoin-sign.js'

const REGTEST_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const key = sha256(utf8ToBytes('gangway localnet wallet test'))
const [payment, ordinals] = bitcoinAccounts(key)
const other = bitcoinAccounts(sha256(utf8ToBytes('someone else')))[0]

describe('the Localnet Wallet’s Bitcoin side', () => {
  it('signs the PSBT of a transfer from either account; finalised, the stand-in takes it', () => {
    for (const from of [payment, ordinals]) {
      const chain = createRegtestChain({ now: () => 1_700_000_000 })
      chain.mine(1, from.address)
      chain.mine(COINBASE_MATURITY, other.address)
      const utxos = chain.utxosOf(from.address).map((u) => ({ txid: u.txid, vout: u.vout, valueSatoshis: u.value }))
      const transfer = bitcoinTransfer({ caipNetworkId: REGTEST_ID, sender: { address: from.address, publicKey: Buffer.from(from.publicKey).toString('hex') }, receiver: other.address, amountSatoshis: 250_000n, utxos, feeRate: 2n })
      const signed = Transaction.fromPSBT(signPsbt(transfer.psbt, [{ account: from, signingIndexes: transfer.signingIndexes }], key))
      signed.finalize()
      chain.accept(signed.hex)
      expect(chain.utxosOf(other.address).filter((u) => !u.coinbase).map((u) => u.value)).toEqual([250_000n])
    }
  })

  it('refuses to sign an account or an input that is not its own, and an index out of range', () => {
    const chain = createRegtestChain({ now: () => 1_700_000_000 })
    chain.mine(1, payment.address)
    chain.mine(COINBASE_MATURITY, other.address)
    const utxos = chain.utxosOf(payment.address).map((u) => ({ txid: u.txid, vout: u.vout, valueSatoshis: u.value }))
    const { psbt } = bitcoinTransfer({ caipNetworkId: REGTEST_ID, sender: { address: payment.address }, receiver: other.address, amountSatoshis: 10_000n, utxos, feeRate: 1n })
    expect(() => signPsbt(psbt, [{ account: other, signingIndexes: [0] }], key)).toThrow("bitcoin:signTransaction: the account is not this wallet's")
    expect(() => signPsbt(psbt, [{ account: ordinals, signingIndexes: [0] }], key)).toThrow(`bitcoin:signTransaction: input 0 does not spend ${ordinals.address}`)
    expect(() => signPsbt(psbt, [{ account: payment, signingIndexes: [1] }], key)).toThrow('bitcoin:signTransaction: input 1 is out of range')
    expect(() => signPsbt(Uint8Array.of(1, 2, 3), [], key)).toThrow('bitcoin:signTransaction: the PSBT does not decode')
  })

  it('signs messages Gangway verifies: BIP-322 from either account, legacy from the payment one', () => {
    const message = 'localhost wants you to sign in with your Bitcoin account'
    const bytes = utf8ToBytes(message)
    for (const [account, legacy] of [[payment, false], [ordinals, false], [payment, true]] as const) {
      const signature = signBitcoinMessage(bytes, account, key, legacy)
      expect(verifyBitcoinMessage({ address: account.address, message, signature, caipNetworkId: REGTEST_ID })).toBe(true)
      expect(verifyBitcoinMessage({ address: account.address, message: `${message}!`, signature, caipNetworkId: REGTEST_ID })).toBe(false)
    }
    expect(() => signBitcoinMessage(bytes, ordinals, key, true)).toThrow('bitcoin:signMessage: the legacy form has no P2TR account')
    expect(() => signBitcoinMessage(bytes, other, key)).toThrow("bitcoin:signMessage: the account is not this wallet's")
  })
})
