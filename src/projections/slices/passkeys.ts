/**
 * The passkeys this site's tabs know (docs/behaviour.md §2 Passkey): each credential's id, public
 * key and Safe address, from `passkey/credential-known` (shared: a reload or another tab signs with
 * them), and the ceremony under way in this tab, if any.
 */
import { PASSKEY_CONNECTOR_ID } from '../../events/kernel/page-kernel.js'
import type { EventPayloads } from '../../events/types.js'
import { slice, type Slice } from '../reducer.js'
import type { State } from '../state.js'

/** A known passkey: its credential id (base64url), its public key (x ‖ y hex) and its account's address. */
export type KnownPasskey = EventPayloads['passkey/credential-known']

/** The most passkeys kept: the oldest goes first. */
export const MAX_PASSKEYS = 20

export interface PasskeysState {
  /** Known passkeys, the newest first, at most MAX_PASSKEYS, one per credential id. */
  credentials: KnownPasskey[]
  /** The ceremony under way in this tab (`create` or `use`), until the passkey connector's connect succeeds or fails. */
  asking?: 'create' | 'use'
}

const initial: PasskeysState = { credentials: [] }

/** The credentials without `asking`. */
const idle = (s: PasskeysState): PasskeysState => (s.asking ? { credentials: s.credentials } : s)

/** The slice: a ceremony asked for and ended, a credential learnt (docs/behaviour.md §2 Passkey). */
export const passkeys: Slice<PasskeysState, State> = slice<PasskeysState, State>(initial, {
  'engine/started': idle,
  'passkey/create-requested': (s) => ({ ...s, asking: 'create' }),
  'passkey/use-requested': (s) => ({ ...s, asking: 'use' }),
  'passkey/credential-known': (s, e) => ({ ...s, credentials: [e.payload, ...s.credentials.filter((c) => c.id !== e.payload.id)].slice(0, MAX_PASSKEYS) }),
  'connect/succeeded': (s, e) => (e.payload.connectorId === PASSKEY_CONNECTOR_ID ? idle(s) : s),
  'connect/failed': (s, e) => (e.payload.connectorId === PASSKEY_CONNECTOR_ID ? idle(s) : s),
})
