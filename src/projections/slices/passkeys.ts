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
  /**
   * Known passkeys, at most MAX_PASSKEYS, one per credential id: the newest connected with first, so
   * an account's first entry is the passkey in use; an added one goes after its account's in use.
   */
  credentials: KnownPasskey[]
  /** The ceremony under way in this tab (`create`, `use`, or `add` a passkey to the account), until it succeeds or fails. */
  asking?: 'create' | 'use' | 'add'
  /** How this tab's last `add` ended: the added passkey's credential id, or the failure's message. Cleared by the next ask. */
  added?: { id: string } | { error: string }
}

const initial: PasskeysState = { credentials: [] }

/** The credentials without `asking` or `added`. */
const idle = (s: PasskeysState): PasskeysState => (s.asking || s.added ? { credentials: s.credentials } : s)

/** `known` placed in `list` (one entry per id) after the entry in use of its account, else first; at most MAX_PASSKEYS. */
function besideInUse(list: KnownPasskey[], known: KnownPasskey): KnownPasskey[] {
  const rest = list.filter((c) => c.id !== known.id)
  const inUse = rest.findIndex((c) => c.address.toLowerCase() === known.address.toLowerCase())
  return [...rest.slice(0, inUse + 1), known, ...rest.slice(inUse + 1)].slice(0, MAX_PASSKEYS)
}

/** The slice: a ceremony asked for and ended, a credential learnt (docs/behaviour.md §2 Passkey). */
export const passkeys: Slice<PasskeysState, State> = slice<PasskeysState, State>(initial, {
  'engine/started': idle,
  'passkey/create-requested': (s) => ({ credentials: s.credentials, asking: 'create' }),
  'passkey/use-requested': (s) => ({ credentials: s.credentials, asking: 'use' }),
  'passkey/add-requested': (s) => ({ credentials: s.credentials, asking: 'add' }),
  'passkey/credential-known': (s, e) => ({ ...s, credentials: [e.payload, ...s.credentials.filter((c) => c.id !== e.payload.id)].slice(0, MAX_PASSKEYS) }),
  'passkey/added': (s, e) => {
    const { id, publicKey, address, signer } = e.payload
    const credentials = besideInUse(s.credentials, { id, publicKey, address, signer })
    // Another tab's add: learnt, with this tab's own ask left as it is.
    return s.asking === 'add' ? { credentials, added: { id } } : { ...s, credentials }
  },
  'passkey/add-failed': (s, e) => (s.asking === 'add' ? { credentials: s.credentials, added: { error: e.payload.message } } : s),
  'connect/succeeded': (s, e) => (e.payload.connectorId === PASSKEY_CONNECTOR_ID ? idle(s) : s),
  'connect/failed': (s, e) => (e.payload.connectorId === PASSKEY_CONNECTOR_ID ? idle(s) : s),
  'modal/close-requested': (s) => (s.added && !s.asking ? { credentials: s.credentials } : s),
})
