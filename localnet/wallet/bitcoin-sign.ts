/**
 * The Localnet Wallet's Bitcoin keys and signatures, as a Wallet Standard Bitcoin wallet makes them
 * (the shapes of ExodusMovement/bitcoin-wallet-standard `packages/core/features`: `bitcoin:connect`,
 * `bitcoin:signMessage`, `bitcoin:signTransaction`): one regtest key, its payment account (P2WPKH)
 * and its ordinals account (P2TR, key path); a PSBT's inputs signed where the wallet was asked and
 * the input is its own, left for the site to finalise; a message signed with BIP-322's simple form
 * or, for a wallet from before it, the legacy prefixed form. Pure (no prompt: bitcoin.ts asks).
 * Demo and test tooling only.
 */
import { p2tr, p2wpkh, RawWitness, Transaction } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { base64 } from '@scure/base'
import { bytesToHex } from '@noble/hashes/utils'
import { bip322ToSign, legacyMessageHash } from '../../src/chains/bip122/message.js'
import { REGTEST } from '../bitcoin/regtest-chain.js'

/** A Wallet Standard Bitcoin account: its address, public key (33 bytes for P2WPKH, 32 x-only for P2TR) and purpose. */
export interface BitcoinWalletAccount {
  address: string
  publicKey: Uint8Array
  purpose: 'payment' | 'ordinals'
}

/** The wallet's two accounts on regtest for `privateKey`: payment (P2WPKH) first, then ordinals (P2TR). */
export function bitcoinAccounts(privateKey: Uint8Array): [BitcoinWalletAccount, BitcoinWalletAccount] {
  const compressed = secp256k1.getPublicKey(privateKey, true)
  const xOnly = schnorr.getPublicKey(privateKey)
  return [
    { address: p2wpkh(compressed, REGTEST).address!, publicKey: compressed, purpose: 'payment' },
    { address: p2tr(xOnly, undefined, REGTEST).address!, publicKey: xOnly, purpose: 'ordinals' },
  ]
}

/** One `inputsToSign` entry: the account that signs and the input indexes it signs. */
export interface InputToSign {
  account: { address: string }
  signingIndexes: number[]
}

/**
 * `psbt` (BIP-174 bytes) with the inputs `inputsToSign` names signed by `privateKey` (SIGHASH_DEFAULT
 * for P2TR, SIGHASH_ALL for P2WPKH), not finalised.
 * @throws Error 'bitcoin:signTransaction: <why>' for a PSBT that does not decode, an account that is
 *   not this wallet's, an index out of range, or an input that does not spend that account's output.
 */
export function signPsbt(psbt: Uint8Array, inputsToSign: readonly InputToSign[], privateKey: Uint8Array): Uint8Array {
  const refuse = (why: string) => new Error(`bitcoin:signTransaction: ${why}`)
  let tx: Transaction
  try {
    tx = Transaction.fromPSBT(psbt)
  } catch {
    throw refuse('the PSBT does not decode')
  }
  const accounts = bitcoinAccounts(privateKey)
  for (const { account, signingIndexes } of inputsToSign) {
    const own = accounts.find((a) => a.address === account?.address)
    if (!own) throw refuse("the account is not this wallet's")
    const script = own.purpose === 'payment' ? p2wpkh(own.publicKey, REGTEST).script : p2tr(own.publicKey, undefined, REGTEST).script
    for (const index of signingIndexes) {
      if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) throw refuse(`input ${index} is out of range`)
      const input = tx.getInput(index)
      if (!input.witnessUtxo || bytesToHex(input.witnessUtxo.script) !== bytesToHex(script)) throw refuse(`input ${index} does not spend ${own.address}`)
      if (own.purpose === 'ordinals' && !input.tapInternalKey) tx.updateInput(index, { tapInternalKey: own.publicKey })
      tx.signIdx(privateKey, index)
    }
  }
  return tx.toPSBT()
}

/**
 * `message` signed for `account` (one of bitcoinAccounts'): BIP-322's simple form (base64 of the
 * witness), or with `legacy` the prefixed form (base64 of 65 bytes, BIP-137's P2WPKH header).
 * @throws Error 'bitcoin:signMessage: the account is not this wallet's'; 'bitcoin:signMessage: the
 *   legacy form has no P2TR account' for the ordinals account with `legacy`.
 */
export function signBitcoinMessage(message: Uint8Array, account: { address: string }, privateKey: Uint8Array, legacy = false): string {
  const own = bitcoinAccounts(privateKey).find((a) => a.address === account?.address)
  if (!own) throw new Error("bitcoin:signMessage: the account is not this wallet's")
  if (legacy) {
    if (own.purpose !== 'payment') throw new Error('bitcoin:signMessage: the legacy form has no P2TR account')
    const signature = secp256k1.sign(legacyMessageHash(message), privateKey)
    // BIP-137: 39 + recovery id for a P2WPKH address.
    return base64.encode(Uint8Array.of(39 + signature.recovery, ...signature.toCompactRawBytes()))
  }
  const script = own.purpose === 'payment' ? p2wpkh(own.publicKey, REGTEST).script : p2tr(own.publicKey, undefined, REGTEST).script
  const toSign = bip322ToSign(message, script)
  if (own.purpose === 'ordinals') toSign.updateInput(0, { tapInternalKey: own.publicKey })
  toSign.signIdx(privateKey, 0)
  toSign.finalizeIdx(0)
  return base64.encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness!))
}
