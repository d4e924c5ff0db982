/**
 * A Bitcoin send (docs/behaviour.md §4 Send, §5 Bitcoin), the engine's part of it: the sender's
 * unspent outputs and the fee rate read from the site's Esplora, the transfer built as a PSBT
 * (chains/bip122/transfer.ts: the receiver, the amount, the dust limit and the balance checked
 * before the wallet is asked; a P2TR sender, an ordinals account, with the x-only public key the
 * wallet gives for it, `bitcoin:getPublicKey`), the wallet asked to sign its inputs (`bitcoin:signTransaction`), the
 * signed PSBT checked and finalised, and the transaction broadcast through the Esplora. Loaded with
 * its chunk on the first Bitcoin send only.
 */
import { esploraBroadcast, esploraFeeRate, esploraOver, esploraUtxos } from '../../api/esplora.js'
import type { ServiceFetch } from '../../api/service-fetch.js'
import { finalizedTransfer, NO_SIGNED_TRANSFER, bitcoinTransfer } from '../../chains/bip122/transfer.js'
import type { Bridge } from '../../contract.js'
import { fromBase64, toBase64 } from '../../events/kernel/base64.js'
import { GangwayError } from '../../events/kernel/errors.js'
import { MAX_SIGNED_PSBT_CHARS } from '../../events/kernel/limits.js'

/** A P2TR address (a witness v1 program: bech32m's `p` after the separator) on any Bitcoin network. */
const P2TR = /^(bc|tb|bcrt)1p/i

/** The confirmation target the fee rate is asked for, in blocks (about an hour). */
export const FEE_TARGET_BLOCKS = 6

/**
 * Sends `amountSatoshis` from the connected `address` to `receiver` on `caipNetworkId`.
 * @returns the txid, once the Esplora took the transaction.
 * @throws GangwayError 'Invalid receiver address', 'Amount below the dust limit', 'Insufficient
 *   balance' or 'Invalid amount' before the wallet is asked (bitcoinTransfer); the wallet's refusal
 *   as the bridge throws it; GangwayError 'The wallet returned no signed transaction' for an answer
 *   that is not the transfer asked, signed; 'Invalid transaction hash' when the Esplora's txid is
 *   another; the Esplora's refusal (HttpRequestError).
 * @example const txid = await sendBitcoin({ api, bridge, connectorId, caipNetworkId, address, receiver, amountSatoshis: 100_000n })
 */
export async function sendBitcoin({
  api,
  bridge,
  connectorId,
  caipNetworkId,
  address,
  receiver,
  amountSatoshis,
}: {
  api: ServiceFetch
  bridge: Bridge
  connectorId: string
  caipNetworkId: string
  /** The sender: the connected address (payment, P2WPKH; or ordinals, P2TR). */
  address: string
  receiver: string
  amountSatoshis: bigint
}): Promise<string> {
  const esplora = esploraOver(api)
  const [utxos, feeRate] = await Promise.all([esploraUtxos(esplora, address), esploraFeeRate(esplora, FEE_TARGET_BLOCKS)])
  // A key-path spend names the output's internal key, which only the wallet knows (its last 32 bytes: x-only).
  const publicKey = P2TR.test(address) ? await bridge.request(connectorId, { method: 'bitcoin:getPublicKey', params: [address] }) : undefined
  const sender = typeof publicKey === 'string' ? { address, publicKey: publicKey.slice(-64) } : { address }
  const transfer = bitcoinTransfer({ caipNetworkId, sender, receiver, amountSatoshis, utxos, feeRate })
  const answer = await bridge.request(connectorId, { method: 'bitcoin:signTransaction', params: [toBase64(transfer.psbt), address, transfer.signingIndexes] })
  if (typeof answer !== 'string' || answer.length > MAX_SIGNED_PSBT_CHARS) throw new GangwayError(NO_SIGNED_TRANSFER, { category: 'API_ERROR', details: 'not a base64 PSBT' })
  let signed: Uint8Array
  try {
    signed = fromBase64(answer)
  } catch {
    throw new GangwayError(NO_SIGNED_TRANSFER, { category: 'API_ERROR', details: 'not a base64 PSBT' })
  }
  const { hex, txid } = finalizedTransfer(signed, transfer.psbt)
  const taken = await esploraBroadcast(esplora, hex)
  if (taken !== txid) throw new GangwayError('Invalid transaction hash', { category: 'API_ERROR', details: `the Esplora answered ${taken} for ${txid}` })
  return txid
}
