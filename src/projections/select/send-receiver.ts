/**
 * The send form's receiver as an address (docs/behaviour.md §3 send state: receiver address, its
 * profile name and image): on eip155 a name (`alice.reown.id`) stands for the address it
 * resolves to (names.ts, worker/effects/names/names.ts); anything else is the address as typed.
 */
import { isNameLike } from '../../events/name-rules.js'
import { activeNamespace } from './active-namespace.js'
import { activeNetworkId } from './active-network.js'
import type { State } from '../state.js'
import { ERRORS } from '../../events/kernel/error-registry.js'

/** Resolving a name: it has no address yet. */
export const NAME_RESOLVING = ERRORS.resolvingName.message

export interface SendReceiver {
  /** The address to send to: the receiver as typed, or the address its name resolved to. */
  address?: string
  /** The name typed (lowercased), when the receiver is one. */
  name?: string
  /** The name's avatar, when the name service gave one. */
  avatar?: string
  /** Why a name has no address: NAME_RESOLVING while asked, else the lookup's error ('Name not found'…). */
  problem?: string
}

/** The receiver of `s.send` (none typed: an empty receiver). */
export function sendReceiver(s: State): SendReceiver {
  const typed = s.send.receiver?.trim() ?? ''
  if (typed === '' || activeNamespace(s) !== 'eip155' || !isNameLike(typed)) return typed === '' ? {} : { address: typed }
  const name = typed.toLowerCase()
  // An address resolved for another network is not this one's (the coin types differ).
  const found = s.names.resolved[name]
  const r = found?.caipNetworkId === undefined || found.caipNetworkId === activeNetworkId(s) ? found : undefined
  if (r?.address) return { address: r.address, name, ...(r.avatar ? { avatar: r.avatar } : {}) }
  return { name, problem: r?.error ?? NAME_RESOLVING }
}
