/**
 * Send state (spec §3): token, amount, receiver, loading, error. Spec §4: loading while sending;
 * on success the state resets (and the modal returns to Account); switching the active network
 * resets it; a failure (a wallet rejection too) keeps the form and shows the error.
 */
import type { SendToken } from '../events/entities.js'
import { slice } from './reducer.js'
import type { State } from './state.js'

export interface SendState {
  token?: SendToken
  /** Decimal string in whole tokens, as typed. */
  amount?: string
  receiver?: string
  loading: boolean
  error?: string
  /** Hash of the last transaction sent. */
  lastHash?: string
}

const initial: SendState = { loading: false }

const edit = (s: SendState, patch: Partial<SendState>): SendState => {
  const { error: _e, ...rest } = s
  return { ...rest, ...patch }
}

export const send = slice<SendState, State>(initial, {
  'engine/started': (s) => edit(s, { loading: false }),
  'send/token-selected': (s, e) => edit(s, { token: e.payload.token }),
  'send/amount-changed': (s, e) => edit(s, { amount: e.payload.amount }),
  'send/receiver-changed': (s, e) => edit(s, { receiver: e.payload.receiver }),
  'send/requested': (s) => edit(s, { loading: true }),
  'send/failed': (s, e) => ({ ...s, loading: false, error: e.payload.message }),
  'send/succeeded': (_s, e) => ({ ...initial, lastHash: e.payload.hash }),
  'network/switched': () => initial,
  'disconnect/succeeded': () => initial,
})
