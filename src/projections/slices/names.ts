/**
 * Account names (docs/behaviour.md §3 name suggestions state, §4 name registration):
 * what RegisterAccountName shows (the label typed, its suggestions, a registration under way and
 * its error, the name just registered) and the send form's receiver names resolved to addresses.
 * A registered name becomes the address's profile name through account-data.ts.
 */
import { fromSafeEntries, withKey } from '../../events/kernel/safe-json.js'
import { RESOLVED_NAMES_MAX } from '../../events/kernel/limits.js'
import type { NameSuggestion } from '../../events/types.js'
import { INVALID_NAME_LABEL, isValidNameLabel } from '../../events/name-rules.js'
import { slice, type Slice } from '../reducer.js'
import { nameRefusal } from '../rules/refusal-rules.js'
import { NAME_BEING_REGISTERED } from '../rules/refusals.js'
import type { State } from '../state.js'

/** A receiver name's resolution: its address (EVM) on `caipNetworkId` and avatar, or why it has none; neither while asked. */
export interface ResolvedName {
  caipNetworkId?: string
  address?: string
  avatar?: string
  error?: string
}

export interface NamesState {
  /** The label last typed on RegisterAccountName (its suggestions are for it). */
  label?: string
  suggestions: NameSuggestion[]
  /** Suggestions are being fetched for `label`. */
  loading: boolean
  /** The label whose registration is under way (the wallet's prompt, then the service). */
  registering?: string
  /** Why the last registration or suggestion fetch failed, shown on RegisterAccountName. */
  error?: string
  /** The full name this tab's last registration gave (RegisterAccountNameSuccess shows it). */
  registered?: string
  /** Receiver names (lowercased) of the send form, at most RESOLVED_NAMES_MAX, in the order asked. */
  resolved: Record<string, ResolvedName>
}

const initial: NamesState = { suggestions: [], loading: false, resolved: {} }

/** `resolved` with `name` set last, the oldest dropped past RESOLVED_NAMES_MAX. */
function resolvedWith(resolved: Record<string, ResolvedName>, name: string, value: ResolvedName): Record<string, ResolvedName> {
  const { [name]: _old, ...rest } = resolved
  const kept = Object.entries(rest).slice(-(RESOLVED_NAMES_MAX - 1))
  return withKey(fromSafeEntries(kept) as Record<string, ResolvedName>, name, value)
}

export const names: Slice<NamesState, State> = slice<NamesState, State>(initial, {
  // A new page session keeps no registration or suggestion under way.
  'engine/started': () => initial,
  // A registration under way outlives a close (its wallet prompt may still be open): one at a time holds.
  'modal/close-requested': (s) => ({ ...initial, resolved: s.resolved, ...(s.registering !== undefined ? { registering: s.registering } : {}) }),
  'name/suggestions-requested': (s, e) => ({ ...s, label: e.payload.label, loading: true, error: undefined, registered: undefined }),
  'name/suggestions-fetched': (s, e) => (e.payload.label === s.label ? { ...s, suggestions: e.payload.suggestions, loading: false } : s),
  'name/suggestions-failed': (s, e) => (e.payload.label === s.label ? { ...s, suggestions: [], loading: false, error: e.payload.message } : s),
  'name/register-requested': (s, e) => ({ ...s, registering: e.payload.label, error: undefined }),
  'name/registered': (s, e, root) => ((root.tab === undefined || e.tab === root.tab) && s.registering !== undefined ? { ...s, registering: undefined, registered: e.payload.name } : s),
  'name/register-failed': (s, e) => (s.registering === e.payload.label ? { ...s, registering: undefined, error: e.payload.message } : s),
  'name/register-cancelled': (s, e) => (s.registering === e.payload.label ? { ...s, registering: undefined } : s),
  'send/receiver-changed': (s, e) => {
    // A name typed again is asked again (the cache answers a repeat at once).
    const name = e.payload.receiver.trim().toLowerCase()
    return s.resolved[name] ? { ...s, resolved: resolvedWith(s.resolved, name, {}) } : s
  },
  'name/resolved': (s, e) => ({ ...s, resolved: resolvedWith(s.resolved, e.payload.name, { caipNetworkId: e.payload.caipNetworkId, address: e.payload.address, ...(e.payload.avatar ? { avatar: e.payload.avatar } : {}) }) }),
  'name/resolve-failed': (s, e) => ({ ...s, resolved: resolvedWith(s.resolved, e.payload.name, { error: e.payload.message }) }),
}, {
  'name/suggestions-requested': (s) => nameRefusal(s),
  'name/register-requested': (s, intent) => {
    if (nameRefusal(s)) return nameRefusal(s)
    if (!isValidNameLabel(intent.payload.label)) return INVALID_NAME_LABEL
    return s.names.registering !== undefined ? NAME_BEING_REGISTERED : undefined
  },
})
