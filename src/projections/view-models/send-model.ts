/** The send form's data (docs/behaviour.md §3 Send state, §5 send rules). A view model. Pure. */
import type { SendToken } from '../../events/entities.js'
import { floorUnits } from '../format.js'
import { activeNamespace } from '../select/active-namespace.js'
import { activeNetwork } from '../select/active-network.js'
import { sendTokens } from '../select/send-tokens.js'
import { sendProblem } from '../send-rules.js'
import { sendReceiver } from '../select/send-receiver.js'
import type { State } from '../state.js'
import { defined } from '../../events/defined.js'
import { withTokenImage } from '../images.js'
import { sendPreview, sendPreviewForm } from '../tx-preview.js'
import { txPreviewModel, type TxPreviewModel } from './tx-preview-model.js'

/**
 * A token the form offers, with its balance floored to 3 decimals (whole tokens) when known; one with
 * no icon of its own shows the wallet/config service's image of its symbol.
 */
export type SendTokenRow = SendToken & { balanceDisplay?: string }

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
}

const sameToken = (a: SendToken, b: SendToken) => a.caipNetworkId === b.caipNetworkId && (a.address ?? '').toLowerCase() === (b.address ?? '').toLowerCase()
const withDisplay = (t: SendToken): SendTokenRow => (t.balance === undefined ? t : { ...t, balanceDisplay: floorUnits(t.balance, t.decimals, 3) })

/**
 * The send model: sendTokens with their balances for display, the picked token as the active
 * network lists it now, what was typed, and the first docs/behaviour.md §5 problem (send-rules.ts).
 */
export function sendModel(s: State): SendModel {
  const tokens = sendTokens(s).map(withTokenImage).map(withDisplay)
  // Only a token of the active network counts: one picked on another network is no longer offered.
  const chosen = s.send.token ? tokens.find((t) => sameToken(t, s.send.token!)) : undefined
  // A name stands for the address it resolves to; until it does, that is the form's problem.
  const to = sendReceiver(s)
  const problem = to.problem ?? sendProblem({ namespace: activeNamespace(s), token: chosen, amount: s.send.amount, receiver: to.address ?? s.send.receiver })
  const named = to.name ? { receiverName: to.name, receiverAddress: to.address, receiverImage: to.avatar } : {}
  const network = activeNetwork(s)
  const form = sendPreviewForm(s, chosen, s.send.amount ?? '', problem)
  const previewed = sendPreview(s, form)
  const preview = previewed ? txPreviewModel(previewed, network?.nativeCurrency.symbol ?? 'ETH') : undefined
  return defined({ tokens, token: chosen, amount: s.send.amount ?? '', receiver: s.send.receiver ?? '', ...named, problem, loading: s.send.loading, error: s.send.error, networkName: network?.name, preview, previewing: form !== undefined && preview === undefined ? true : undefined })
}
