/**
 * `gangway/auth-reown`: email and social login through Reown's hosted secure site, with Reown's own
 * client (`@reown/appkit-wallet`, a peer dependency the site installs; its licence is in the README).
 * The client is imported only when the visitor reaches for email or social login, or a stored login
 * is restored: until then nothing of it is fetched or evaluated.
 */
import type { AuthOption } from '../events/auth-adapter.js'
import { createReownAdapter } from './reown-adapter.js'

/**
 * The `auth` option for Reown's secure site (docs/behaviour.md §4 email and social login).
 * @returns an AuthOption whose `load` imports `@reown/appkit-wallet` and starts its client for the site.
 * @example
 * ```ts
 * import { createModal } from 'gangway'
 * import { reownAuth } from 'gangway/auth-reown'
 * createModal({ projectId, networks, auth: reownAuth() })
 * ```
 */
export function reownAuth(): AuthOption {
  return { load: async (context) => createReownAdapter(await import('@reown/appkit-wallet'), context) }
}
