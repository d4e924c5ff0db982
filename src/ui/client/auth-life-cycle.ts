/**
 * Email and social login on the page (docs/behaviour.md §4): the auth source (the site's `auth`
 * adapter, or Gangway's own frame for the secure site's origin), loaded when first needed, and its
 * life cycle beside the views: a Telegram login's answer taken off the address, the calls left
 * waiting in ApproveTransaction rejected when the visitor leaves it, and the adapter started in idle
 * time after the modal first shows with email or social login on offer.
 */
import type { Intent } from '../../contract.js'
import { originOf } from '../../events/kernel/urls.js'
import { lazyAuthSource, type LazyAuthSource } from '../bridge/auth/lazy-auth-source.js'
import type { ClientSignals, StartingSignals } from './signals.js'
import { withSecureSite, type ResolvedOptions } from './options-check.js'
import { afterPaintIdle } from '../idle.js'

/** What the page's auth source needs besides the options. */
export interface PageAuthDeps {
  /**
   * The views' signals, from before the engine's start: the visitor's network is read from them
   * (undefined until the engine's first network value).
   */
  signals: StartingSignals
  /** The engine's dispatch (it waits for the engine's start). */
  dispatch(intent: Intent): Promise<void>
  /** Resolves once every event so far is stored (the engine's `flush`). */
  flush(): Promise<void>
  /** The page runs in Telegram's in-app browser: a social login leaves the page instead of a popup. */
  telegram: boolean
}

/**
 * The page's auth source: the site's `auth` adapter, else Gangway's own frame adapter for the
 * secure site's origin (`services.secureSite`, or the build's default); undefined with neither (no
 * email or social login). Nothing of it is fetched until its first use (lazy-auth-source.ts).
 */
export function pageAuth(options: ResolvedOptions, deps: PageAuthDeps): LazyAuthSource | undefined {
  const secureOrigin = originOf(withSecureSite(options).services?.secureSite)
  if (!options.auth && !secureOrigin) return undefined
  return lazyAuthSource(
    () =>
      import('../bridge/auth/auth-source.js').then((m) =>
        m.pageAuthSource({ ...options, secureOrigin, activeNetwork: () => deps.signals.network?.peek().caipNetworkId, dispatch: deps.dispatch, persist: deps.flush }),
      ),
    deps.telegram,
  )
}

/**
 * Follows the views for `auth` (see the module's comment), once the engine has started:
 * - back from a Telegram social login, the answer (`result_uri`, which holds the provider's code)
 *   comes off the address at once; the auth source redeems it only if this tab started that login,
 *   in time (else the visitor sees 'Login link expired or not started here');
 * - leaving ApproveTransaction (a close, a back) with a call still waiting rejects it there (RPC_ABORT);
 * - the adapter starts (the secure site's frame) in idle time after the modal first shows with email
 *   or social login among its methods, never inside a click.
 */
export function followAuthLifeCycle(auth: LazyAuthSource, signals: ClientSignals): void {
  const back = typeof location === 'object' ? new URL(location.href) : undefined
  const resultUri = back?.searchParams.get('result_uri')
  if (back && resultUri) {
    back.searchParams.delete('result_uri')
    history.replaceState(history.state, '', back.href)
    void auth.returnFromSocial(resultUri)
  }
  let approving = false
  signals.modal.subscribe((m) => {
    const now = m.open && m.view === 'ApproveTransaction'
    if (approving && !now) auth.abortApprovals()
    approving = now
  })
  const stop = signals.modal.subscribe((m) => {
    if (!m.open || !signals.connect.peek().methods.some((x) => x === 'email' || x === 'social')) return
    queueMicrotask(() => stop())
    afterPaintIdle(() => auth.start())
  })
}
