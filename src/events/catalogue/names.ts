/**
 * Names (docs/behaviour.md §4 name registration): suggestions for a label, registering a name, and
 * resolving a name the send form's receiver names.
 */
import { NAME_SUGGESTIONS_MAX } from '../kernel/limits.js'
import { bool, check, list, object, optional, text, type Infer } from '../schema.js'
import { intent, outcome } from './define.js'
import { caip2, errorId, evm, imageUrl, message } from './fields.js'

/** A label as typed: at most 64 characters, possibly empty (the rule is the guard's; a label being typed may break it). */
const label = text(64, 0)

/** A name as the name service gives it back (at most 255 characters). */
const name = text(255)

const nameSuggestion = object({ name: text(64), registered: bool })

/** A suggested name (docs/behaviour.md §3 name suggestions state): `registered` when someone has it already. */
export type NameSuggestion = Infer<typeof nameSuggestion>

export const names = {
  /**
   * RegisterAccountName (docs/behaviour.md §4 name registration): the visitor typed
   * `label` (at most 64 characters); suggestions follow once typing stops for 500 ms
   * (docs/behaviour.md §9 debounce). I (P).
   */
  'name/suggestions-requested': intent(object({ label }, true)),
  /** The name service's suggestions for `label`: full names, each marked when taken. */
  'name/suggestions-fetched': outcome(object({ label: text(Infinity, 0), suggestions: list(nameSuggestion, NAME_SUGGESTIONS_MAX) })),
  /** 'Error fetching name suggestions', or the service's first reason. */
  'name/suggestions-failed': outcome(object({ label: text(Infinity, 0), message, errorId: optional(errorId) })),
  /**
   * The visitor's Register for `label` (the name `label.reown.id`, events/name-rules.ts). I (P).
   * Refused: 'Names are EVM only', 'A name has at least 4 characters: letters, digits and hyphens',
   * 'A name registration is already under way'.
   */
  'name/register-requested': intent(object({ label }, true)),
  /** The name service registered `name` for the EVM `address` (signed by it): its profile name now. Shared. */
  'name/registered': outcome(object({ address: evm, name: text(64) }), { shared: true }),
  /** Registration failed: the service's first reason, else 'Error registering name {name}'. RegisterAccountName shows it. */
  'name/register-failed': outcome(object({ label: text(Infinity, 0), message, errorId: optional(errorId) })),
  /** The visitor refused to sign the registration message: back to RegisterAccountName. */
  'name/register-cancelled': outcome(object({ label })),
  /** The send form's receiver `name` (lowercased) resolves to the EVM `address` on `caipNetworkId` (its coin type's; the name service's lookup, 5 min name cache). */
  'name/resolved': outcome(object({ name, caipNetworkId: caip2, address: evm, avatar: optional(imageUrl) })),
  /** It does not: 'Name not found' (a 404, or no address for an EVM chain), 'Bad response status', 'Error resolving name', or the service's first reason. */
  'name/resolve-failed': outcome(object({ name, message, errorId: optional(errorId) })),
}
