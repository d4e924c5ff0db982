/**
 * The send form as both the Send view (view-models/send-model.ts) and the send effects read it
 * (docs/behaviour.md §3 Send state, §5 send rules): the tokens the active network offers with their
 * balances for display, the picked token as that network lists it now, and the form's first
 * problem. Pure.
 */
import type { SendToken } from '../../events/entities.js'
import { floorUnits } from '../format.js'
import { withTokenImage } from '../images.js'
import { sendProblem } from '../rules/send-rules.js'
import type { State } from '../state.js'
import { activeNamespace } from './active-namespace.js'
import { sendReceiver } from './send-receiver.js'
import { sendTokens } from './send-tokens.js'

/**
 * A token the form offers, with its balance floored to 3 decimals (whole tokens) when known; one with
 * no icon of its own shows the wallet/config service's image of its symbol.
 */
export type SendTokenRow = SendToken & { balanceDisplay?: string }

const sameToken = (a: SendToken, b: SendToken) => a.caipNetworkId === b.caipNetworkId && (a.address ?? '').toLowerCase() === (b.address ?? '').toLowerCase()
const withDisplay = (t: SendToken): SendTokenRow => (t.balance === undefined ? t : { ...t, balanceDisplay: floorUnits(t.balance, t.decimals, 3) })

/** The send form (see the module's comment): `to` is the receiver as typed or as the name it names resolves (select/send-receiver.ts). */
export function sendForm(s: State): { tokens: SendTokenRow[]; token?: SendTokenRow; problem?: string; to: ReturnType<typeof sendReceiver> } {
  const tokens = sendTokens(s).map(withTokenImage).map(withDisplay)
  // Only a token of the active network counts: one picked on another network is no longer offered.
  const token = s.send.token ? tokens.find((t) => sameToken(t, s.send.token!)) : undefined
  // A name stands for the address it resolves to; until it does, that is the form's problem.
  const to = sendReceiver(s)
  const problem = to.problem ?? sendProblem({ namespace: activeNamespace(s), token, amount: s.send.amount, receiver: to.address ?? s.send.receiver })
  return { tokens, ...(token ? { token } : {}), ...(problem ? { problem } : {}), to }
}
