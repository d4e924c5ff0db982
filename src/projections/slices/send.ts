/**
 * Send state (docs/behaviour.md §3): token, amount, receiver, loading, error. docs/behaviour.md §4: loading while sending;
 * on success the state resets (and the modal returns to Account); switching the active network
 * resets it; a failure (a wallet rejection too) keeps the form and shows the error. The last send's
 * hash stays until the form is edited or another send starts, so it always names this form's send.
 */
import { sameConnector } from '../select/connections.js'
import type { SendToken } from '../../events/entities.js'
import { slice, type Slice } from '../reducer.js'
import { selectors } from '../selectors.js'
import type { State } from '../state.js'
import { ERRORS } from '../../events/kernel/error-registry.js'

export interface SendState {
  token?: SendToken
  /** Decimal string in whole tokens, as typed. */
  amount?: string
  receiver?: string
  loading: boolean
  error?: string
  /**
   * Hash of the last transaction sent: it landed, or (with `error`) it was broadcast and then failed.
   * Gone once the form is edited or another send starts.
   */
  lastHash?: string
  /** Hash of a transaction broadcast and not yet confirmed: never offered for sending again. */
  submittedHash?: string
}

const initial: SendState = { loading: false }

/** The form changes, or a send starts: the last error and the last send's hash are gone. */
const edit = (s: SendState, patch: Partial<SendState>): SendState => {
  const { error: _e, lastHash: _h, ...rest } = s
  return { ...rest, ...patch }
}

export const send: Slice<SendState, State> = slice<SendState, State>(initial, {
  'engine/started': (s) => {
    const { error: _e, ...rest } = s
    return { ...rest, loading: false }
  },
  'send/token-selected': (s, e) => edit(s, { token: e.payload.token }),
  'send/amount-changed': (s, e) => edit(s, { amount: e.payload.amount }),
  'send/receiver-changed': (s, e) => edit(s, { receiver: e.payload.receiver }),
  'send/requested': (s) => edit(s, { loading: true }),
  'send/submitted': (s, e) => ({ ...s, submittedHash: e.payload.hash }),
  /** A failure before broadcast keeps the form; after broadcast it resets it, so nothing is sent twice. */
  'send/failed': (s, e) => (s.submittedHash ? { ...initial, lastHash: s.submittedHash, error: e.payload.message } : { ...s, loading: false, error: e.payload.message }),
  'send/succeeded': (_s, e) => ({ ...initial, lastHash: e.payload.hash }),
  /** docs/behaviour.md §4: switching the active network resets the send state (not while a send is under way: the guard refuses that switch). */
  'network/switched': (s) => (s.loading ? s : initial),
  'wallet/chain-changed': (s, e, root) => (!s.loading && root.connection.activeNamespace === e.payload.namespace ? initial : s),
  /** The form belongs to the active connection: it resets when that one goes, not when another connection of the namespace does. */
  'disconnect/succeeded': (s, e, root) => {
    const active = root.connection.connectorIds[e.payload.namespace]
    const other = active !== undefined && !sameConnector(active, e.payload.connectorId)
    return root.connection.activeNamespace === e.payload.namespace && !other ? initial : s
  },
}, {
  'send/requested': (s) => {
    if (s.send.loading) return ERRORS.alreadySending.message
    // The form's problem, with the token's current balance.
    return selectors.send(s).problem
  },
})
