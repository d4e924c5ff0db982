/**
 * The social providers on offer (docs/behaviour.md §5): the `socials` remote feature in its order,
 * none without social login (no secure site, no EVM network, pay on), and in Telegram only those
 * its platform keeps (auth-rules.ts socialsFor: Apple's devices lose google, a Mac x, Android
 * facebook and x). A domain selector. Pure.
 */
import type { SocialProvider } from '../../events/kernel/host-options.js'
import { socialsFor } from '../rules/auth-rules.js'
import type { State } from '../state.js'
import { connectMethods, resolvedFeatures } from './features.js'

export function offeredSocials(s: State): SocialProvider[] {
  const socials = resolvedFeatures(s).socials
  if (!socials || !connectMethods(s).includes('social')) return []
  return s.auth.platform ? socialsFor(socials, s.auth.platform) : [...socials]
}
