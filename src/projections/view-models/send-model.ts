/** The send form's data (docs/behaviour.md §3 Send state, §5 send rules). A view model. Pure. */
import { activeNetwork } from '../select/active-network.js'
import { sendForm, type SendTokenRow } from '../select/send-form.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'
import { sendPreview, sendPreviewForm } from '../select/tx-preview.js'
import { txPreviewModel, type TxPreviewModel } from './tx-preview-model.js'

export type { SendTokenRow } from '../select/send-form.js'

/**
 * A send's or a swap's transaction, once broadcast (docs/behaviour.md §4): `hash` the transaction's
 * hash (0x hex on eip155, base58 on solana); `status` 'submitted' while it is awaited, or when it was
 * broadcast and then failed (the model's `error` says why), 'succeeded' once it landed.
 */
export interface TradeResult {
  hash: string
  status: 'submitted' | 'succeeded'
}

/**
 * The result of the send or swap slice's last transaction (docs/behaviour.md §4): the one under way (`submittedHash`),
 * else the last one (`lastHash`: landed, or failed after broadcast when `error` is there). None
 * before a broadcast: the slices drop the last hash when the form is edited or another one starts.
 */
export function tradeResult(s: { submittedHash?: string; lastHash?: string; error?: string }): TradeResult | undefined {
  if (s.submittedHash) return { hash: s.submittedHash, status: 'submitted' }
  if (s.lastHash) return { hash: s.lastHash, status: s.error === undefined ? 'succeeded' : 'submitted' }
  return undefined
}

/** The send form's data (docs/behaviour.md §3 Send state). Amounts in whole tokens; `balance` floored to 3 decimals. */
export interface SendModel {
  tokens: SendTokenRow[]
  token?: SendTokenRow
  amount: string
  receiver: string
  /** The receiver typed is a name (EVM): the name, the address it resolves to and its avatar (docs/behaviour.md §3 receiver profile name and image). */
  receiverName?: string
  receiverAddress?: string
  receiverImage?: string
  /** The first docs/behaviour.md §5 problem with the form, if any. */
  problem?: string
  loading: boolean
  error?: string
  networkName?: string
  /** WalletSendPreview (EVM): what the send does, as Gangway decoded and simulated it for the form as it is now. */
  preview?: TxPreviewModel
  /** Its preview is being computed (absent otherwise). */
  previewing?: true
  /**
   * The send's transaction once broadcast (`tradeResult`): 'submitted' until it lands, then
   * 'succeeded' (the form is reset by then, docs/behaviour.md §4); with `error`, broadcast and then
   * failed. Absent before the broadcast, and again once the form is edited or another send starts.
   */
  result?: TradeResult
}

/**
 * The send model: the send form (select/send-form.ts: the tokens with their balances for display,
 * the picked token as the active network lists it now, the first docs/behaviour.md §5 problem),
 * what was typed, the receiver's name, the preview, and the result of the last send.
 */
export function sendModel(s: State): SendModel {
  const { tokens, token: chosen, problem, to } = sendForm(s)
  const named = to.name ? { receiverName: to.name, receiverAddress: to.address, receiverImage: to.avatar } : {}
  const network = activeNetwork(s)
  const form = sendPreviewForm(s, chosen, s.send.amount ?? '', problem)
  const previewed = sendPreview(s, form)
  const preview = previewed ? txPreviewModel(previewed, network?.nativeCurrency.symbol ?? 'ETH') : undefined
  return defined({ tokens, token: chosen, amount: s.send.amount ?? '', receiver: s.send.receiver ?? '', ...named, problem, loading: s.send.loading, error: s.send.error, networkName: network?.name, preview, previewing: form !== undefined && preview === undefined ? true : undefined, result: tradeResult(s.send) })
}
