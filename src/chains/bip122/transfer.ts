/**
 * An unsigned Bitcoin transfer (docs/behaviour.md §5 Bitcoin): `amountSatoshis` to `receiver` from
 * the account's UTXOs, as a PSBT (BIP-174) the wallet signs. The coins are picked by
 * @scure/btc-signer's `selectUTXO` at the fee rate asked, the change goes back to the sender, and
 * BIP-69 orders inputs and outputs. The sender is a P2WPKH address, or a P2TR one spent on the key
 * path (its x-only key given). Pure.
 */
import { selectUTXO, Transaction } from '@scure/btc-signer'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { GangwayError } from '../../events/kernel/errors.js'
import { ERRORS } from '../../events/kernel/error-registry.js'
import { bitcoinAddress, DUST_SATOSHIS, isDust } from './address.js'
import { bitcoinNetworkParams } from './networks.js'

/** An unspent output of the sender: its outpoint and amount in satoshis. */
export interface BitcoinUtxo {
  txid: string
  vout: number
  valueSatoshis: bigint
}

/** The transfer to sign, and what it costs. */
export interface BitcoinTransfer {
  /** The unsigned PSBT (BIP-174), each input with its spent output (and, for P2TR, its internal key). */
  psbt: Uint8Array
  /** The fee in satoshis. */
  feeSatoshis: bigint
  /** The indexes of the inputs the sender signs: all of them. */
  signingIndexes: number[]
  /** Whether a change output goes back to the sender. */
  change: boolean
}

/**
 * The transfer of `amountSatoshis` from `sender` to `receiver` on `caipNetworkId`, paying
 * `feeRate` sat/vB, over `utxos`.
 * @throws GangwayError 'Invalid receiver address' (the receiver is no address of the network; the
 *   sender neither, or not P2WPKH nor P2TR with its key, in `details`); 'Invalid amount' (not a
 *   positive whole number of satoshis); 'Amount below the dust limit' (under the receiver type's
 *   threshold, in `details`); 'Insufficient balance' (the UTXOs cannot pay the amount and the fee).
 * @example bitcoinTransfer({ caipNetworkId, sender: { address }, receiver, amountSatoshis: 100_000n, utxos, feeRate: 2n })
 */
export function bitcoinTransfer({
  caipNetworkId,
  sender,
  receiver,
  amountSatoshis,
  utxos,
  feeRate,
}: {
  caipNetworkId: string
  /** The sender's address and, for a P2TR one, its x-only public key (32 bytes hex). */
  sender: { address: string; publicKey?: string }
  receiver: string
  amountSatoshis: bigint
  utxos: readonly BitcoinUtxo[]
  /** sat/vB, at least 1. */
  feeRate: bigint
}): BitcoinTransfer {
  const to = bitcoinAddress(receiver, caipNetworkId)
  if (typeof amountSatoshis !== 'bigint' || amountSatoshis <= 0n) throw new GangwayError(ERRORS.invalidAmount.message, { category: 'DATA_PARSING_ERROR', details: 'a positive whole number of satoshis' })
  if (isDust(amountSatoshis, to.type)) throw new GangwayError(ERRORS.dustAmount.message, { category: 'DATA_PARSING_ERROR', details: `at least ${DUST_SATOSHIS[to.type]} satoshis to a ${to.type.toUpperCase()} address` })
  const from = bitcoinAddress(sender.address, caipNetworkId)
  const internalKey = from.type === 'p2tr' && sender.publicKey && /^(0x)?[0-9a-fA-F]{64}$/.test(sender.publicKey) ? hexToBytes(sender.publicKey.replace(/^0x/, '')) : undefined
  if (from.type !== 'p2wpkh' && !(from.type === 'p2tr' && internalKey)) throw new GangwayError(ERRORS.invalidReceiver.message, { category: 'DATA_PARSING_ERROR', details: `the sender is ${from.type.toUpperCase()}${from.type === 'p2tr' ? ' without its public key' : ''}: Gangway sends from P2WPKH and P2TR addresses` })
  const network = bitcoinNetworkParams(caipNetworkId)!
  const inputs = utxos.map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script: from.script, amount: u.valueSatoshis }, ...(internalKey ? { tapInternalKey: internalKey } : {}) }))
  const selected = selectUTXO(inputs, [{ address: receiver, amount: amountSatoshis }], 'default', { feePerByte: feeRate < 1n ? 1n : feeRate, changeAddress: sender.address, network, createTx: true, bip69: true })
  if (!selected?.tx || selected.fee === undefined) {
    const balance = utxos.reduce((sum, u) => sum + u.valueSatoshis, 0n)
    throw new GangwayError(ERRORS.insufficientBalance.message, { category: 'DATA_PARSING_ERROR', details: `${amountSatoshis} satoshis and the fee from ${balance}` })
  }
  return { psbt: selected.tx.toPSBT(), feeSatoshis: selected.fee, signingIndexes: selected.inputs.map((_, i) => i), change: selected.change }
}

/** What a wallet's answer that is not the transfer asked, signed, is called. */
export const NO_SIGNED_TRANSFER = 'The wallet returned no signed transaction'

/**
 * The wallet's signed PSBT of a transfer finalised: the raw transaction to broadcast (hex) and its
 * txid. The wallet is untrusted: its PSBT must decode, be the transaction asked (the same unsigned
 * transaction: inputs, outputs, amounts) and finalise (every input signed, or already finalised
 * by the wallet).
 * @throws GangwayError 'The wallet returned no signed transaction' (API_ERROR, the reason in `details`).
 * @example const { hex, txid } = finalizedTransfer(signedPsbt, transfer.psbt)
 */
export function finalizedTransfer(signedPsbt: Uint8Array, unsignedPsbt: Uint8Array): { hex: string; txid: string } {
  const refuse = (details: string) => new GangwayError(NO_SIGNED_TRANSFER, { category: 'API_ERROR', details })
  let signed: Transaction
  try {
    signed = Transaction.fromPSBT(signedPsbt)
  } catch {
    throw refuse('the PSBT does not decode')
  }
  const asked = Transaction.fromPSBT(unsignedPsbt)
  if (bytesToHex(signed.unsignedTx) !== bytesToHex(asked.unsignedTx)) throw refuse('not the transaction asked')
  try {
    // A wallet may have finalised its inputs itself (Reown's sample wallet does): those are kept.
    for (let i = 0; i < signed.inputsLength; i++) {
      const input = signed.getInput(i)
      // A segwit input's empty script sig is no finalisation.
      if (!input.finalScriptWitness?.length && !input.finalScriptSig?.length) signed.finalizeIdx(i)
    }
  } catch (error) {
    throw refuse(`an input is not signed: ${String((error as Error)?.message ?? error).slice(0, 120)}`)
  }
  return { hex: signed.hex, txid: signed.id }
}
