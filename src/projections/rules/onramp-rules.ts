/**
 * Where buying is offered (docs/behaviour.md §9 chain support and restricted time zones),
 * pure: on EVM and Solana accounts, with the onramp feature on, and not in a restricted time zone.
 */
import type { State } from '../state.js'
import { activeNamespace } from '../select/active-namespace.js'
import { resolvedFeatures } from '../select/features.js'

/**
 * docs/behaviour.md §9: the China-region IANA time zones the on-ramp is not offered in (a site may
 * name others with `onrampRestrictedTimeZones`).
 */
export const ONRAMP_RESTRICTED_TIME_ZONES: readonly string[] = ['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Chungking', 'Asia/Harbin', 'Asia/Urumqi', 'Asia/Kashgar', 'PRC']

/** Whether the on-ramp is offered now: the site brought a meld key (the `onramp` option), the feature on, an eip155 or solana account active, the visitor's time zone not restricted. */
export function onrampOffered(s: State): boolean {
  const namespace = activeNamespace(s)
  const restricted = s.config.onrampRestrictedTimeZones ?? ONRAMP_RESTRICTED_TIME_ZONES
  // A provider key the site brought (the `onramp` option): without one there is nothing to open.
  if (!s.config.onramp?.meldPublicKey) return false
  return resolvedFeatures(s).onramp && (namespace === 'eip155' || namespace === 'solana') && !(s.config.timeZone !== undefined && restricted.includes(s.config.timeZone))
}
