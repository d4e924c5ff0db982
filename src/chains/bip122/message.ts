/**
 * Bitcoin signed messages (docs/behaviour.md §5 Bitcoin): BIP-322's simple form for P2WPKH and P2TR
 * (key path) addresses, and the legacy form wallets from before it make (the
 * "\x18Bitcoin Signed Message:\n" prefix, a 65-byte recoverable ECDSA signature whose header byte
 * says the address type, BIP-137) for P2PKH, P2SH-P2WPKH and P2WPKH. No maintained library does
 * both in a browser (bip322-js needs Node's Buffer and bitcoinjs-lib), so the BIP-322 virtual
 * transactions are built with @scure/btc-signer, their sighashes are its BIP-143 and BIP-341 ones,
 * and the signatures are checked with @noble/curves; BIP-322's own test vectors and signatures
 * made by other software are the tests. Pure.
 */
import { Address, CompactSize, OutScript, RawWitness, Script, Transaction } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { fromBase64 } from '../../events/kernel/base64.js'
import { bitcoinNetworkParams } from './networks.js'

/** The largest signature text read (base64): a BIP-322 witness of a few items, or 65 legacy bytes. */
const MAX_SIGNATURE_CHARS = 2048
/** The options BIP-322's virtual transactions need: version 0, an OP_RETURN output and a bare input. */
const VIRTUAL_TX = { version: 0, allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true } as const

/** HASH160: RIPEMD-160 of SHA-256, as P2PKH and P2WPKH pay a key. */
const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes))
/** The output script `decoded`'s 20-byte hash as hex, where it has one. */
const hashOf = (decoded: ReturnType<typeof OutScript.decode>): string | undefined => ('hash' in decoded && decoded.hash instanceof Uint8Array ? bytesToHex(decoded.hash) : undefined)

/** BIP-322's message hash: the tagged hash "BIP0322-signed-message" of the message's bytes. */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  const tag = sha256(utf8ToBytes('BIP0322-signed-message'))
  return sha256(concatBytes(tag, tag, message))
}

/**
 * BIP-322's `to_sign` transaction for `message` and the address's output `script`, unsigned: a
 * wallet signs its one input as it would spend `script` (amount 0), and that input's witness is the
 * simple signature.
 * @example const toSign = bip322ToSign(utf8ToBytes('Hello World'), script); toSign.signIdx(privateKey, 0)
 */
export function bip322ToSign(message: Uint8Array, script: Uint8Array): Transaction {
  const toSpend = new Transaction(VIRTUAL_TX)
  // Outputs first: btc-signer locks a transaction's outputs once an input carries a final scriptSig.
  toSpend.addOutput({ script, amount: 0n })
  toSpend.addInput({ txid: new Uint8Array(32), index: 0xffffffff, sequence: 0, finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]) })
  const toSign = new Transaction(VIRTUAL_TX)
  toSign.addInput({ txid: toSpend.id, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return toSign
}

/** The legacy signed-message hash: double SHA-256 of the prefix, the message's length and the message. */
export function legacyMessageHash(message: Uint8Array): Uint8Array {
  return sha256(sha256(concatBytes(utf8ToBytes('\x18Bitcoin Signed Message:\n'), CompactSize.encode(BigInt(message.length)), message)))
}

/** Whether the BIP-322 simple signature `witness` signs `message` for the output `decoded` (P2WPKH, or P2TR on the key path). */
function verifyBip322(witness: Uint8Array[], message: Uint8Array, decoded: ReturnType<typeof OutScript.decode>): boolean {
  const script = OutScript.encode(decoded)
  const toSign = bip322ToSign(message, script)
  if (decoded.type === 'wpkh') {
    const [sig, publicKey] = witness
    if (witness.length !== 2 || !sig || sig.length < 9 || publicKey?.length !== 33 || bytesToHex(hash160(publicKey)) !== hashOf(decoded)) return false
    const digest = toSign.preimageWitnessV0(0, OutScript.encode({ type: 'pkh', hash: decoded.hash }), sig[sig.length - 1]!, 0n)
    try {
      return secp256k1.verify(secp256k1.Signature.fromDER(sig.subarray(0, -1)), digest, publicKey, { lowS: false })
    } catch {
      return false
    }
  }
  if (decoded.type === 'tr') {
    const sig = witness[0]
    if (witness.length !== 1 || !sig || (sig.length !== 64 && sig.length !== 65) || (sig.length === 65 && sig[64] === 0)) return false
    const digest = toSign.preimageWitnessV1(0, [script], sig.length === 65 ? sig[64]! : 0, [0n])
    return schnorr.verify(sig.subarray(0, 64), digest, decoded.pubkey)
  }
  return false
}

/**
 * Whether the legacy 65-byte signature `sig` signs `message` for the output `decoded`: the key
 * recovered from it (BIP-137's header: 27–30 an uncompressed key, 31 and up a compressed one) pays
 * that P2PKH, P2WPKH or P2SH-P2WPKH output. Any header of a compressed key is taken for any of the
 * three, as Electrum's and others' headers differ.
 */
function verifyLegacy(sig: Uint8Array, message: Uint8Array, decoded: ReturnType<typeof OutScript.decode>): boolean {
  const header = sig[0]!
  if (header < 27 || header > 42) return false
  let publicKey: Uint8Array
  try {
    publicKey = secp256k1.Signature.fromCompact(sig.subarray(1)).addRecoveryBit((header - 27) & 3).recoverPublicKey(legacyMessageHash(message)).toRawBytes(header >= 31)
  } catch {
    return false
  }
  const keyHash = hash160(publicKey)
  if (decoded.type === 'pkh' || decoded.type === 'wpkh') return bytesToHex(keyHash) === hashOf(decoded) && (decoded.type === 'pkh' || publicKey.length === 33)
  // P2SH-P2WPKH: the script hash of the witness program OP_0 <key hash>.
  if (decoded.type === 'sh' && publicKey.length === 33) return bytesToHex(hash160(OutScript.encode({ type: 'wpkh', hash: keyHash }))) === hashOf(decoded)
  return false
}

/**
 * Whether `signature` (base64) signs `message` (UTF-8 text) for `address` on the Bitcoin network
 * `caipNetworkId`: a BIP-322 simple signature (a witness stack) for a P2WPKH or P2TR address, or a
 * legacy one (65 bytes) for a P2PKH, P2SH-P2WPKH or P2WPKH address. False for anything else: another
 * network's address, a signature that is no base64 or too long, another address type.
 * @example verifyBitcoinMessage({ address: 'bc1q…', message: 'Hello World', signature: 'AkcwRAIg…', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' }) // true
 */
export function verifyBitcoinMessage({ address, message, signature, caipNetworkId }: { address: string; message: string; signature: string; caipNetworkId: string }): boolean {
  const params = bitcoinNetworkParams(caipNetworkId)
  if (!params || typeof signature !== 'string' || signature.length === 0 || signature.length > MAX_SIGNATURE_CHARS || typeof message !== 'string') return false
  let decoded: ReturnType<typeof OutScript.decode>
  let sig: Uint8Array
  try {
    decoded = OutScript.decode(OutScript.encode(Address(params).decode(address)))
    sig = fromBase64(signature)
  } catch {
    return false
  }
  const bytes = utf8ToBytes(message)
  if (sig.length === 65 && verifyLegacy(sig, bytes, decoded)) return true
  let witness: Uint8Array[]
  try {
    witness = RawWitness.decode(sig)
  } catch {
    return false
  }
  return verifyBip322(witness, bytes, decoded)
}
