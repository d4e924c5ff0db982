/**
 * SIWX after a connect (docs/behaviour.md §4 SIWX: "after connect, if no session exists, the
 * SIWXSignMessage view opens"): when the site has a `siwx` option and a namespace's
 * active account (CAIP-10: the address and its network) changes in this tab (a connect, a restore,
 * an account, connection or network switch), the site's sessions for that account are asked
 * (`siwx.getSessions` on the page) and verified (worker/siwx/session-check.ts). A verified one gives
 * `siwx/session-verified` (via 'stored'); none, `siwx/sign-in-needed`, which opens SIWXSignMessage.
 * An answer for an account that is no longer the namespace's active one is dropped. A failing
 * `getSessions` gives `siwx/failed` 'A problem occurred while trying initialize authentication',
 * shown, and that connection is disconnected (docs/behaviour.md §8).
 */
import { EMPTY, distinctUntilChanged, filter, from, groupBy, mergeMap, switchMap, tap, type Observable } from 'rxjs'
import { SIWX_CONNECTOR_ID, type CaipAddress, type Namespace } from '../../../events/entities.js'
import { SIWX_INIT_FAILED } from '../../../events/kernel/errors.js'
import { event, type NewEvent } from '../../../events/types.js'
import { namespaceOf, readCaipAddress } from '../../../chains/caip.js'
import { connectedAccount } from '../../../projections/select/active-account.js'
import { isSignedIn, sameSiwxAccount } from '../../../projections/select/siwx-sessions.js'
import type { ChainAccess } from '../../chain-access.js'
import type { State } from '../../../projections/state.js'
import type { SessionCandidate, SessionVerifiers } from '../../siwx/session-check.js'
import type { Effect, EffectContext } from '../context.js'

/** The SIWX calls of the page's source (ui/bridge/siwx-source.ts). */
export const SIWX_CALLS = {
  getSessions: 'siwx_getSessions',
  createMessage: 'siwx_createMessage',
  addSession: 'siwx_addSession',
  revokeSession: 'siwx_revokeSession',
  getRequired: 'siwx_getRequired',
} as const

/** The site's SIWX failed: `siwx/failed`, shown, and the connection that served the account ends. */
export const siwxFailure = (caipAddress: CaipAddress, namespace: Namespace, connectorId: string | undefined): NewEvent[] => [
  event('siwx/failed', { caipAddress, message: SIWX_INIT_FAILED }),
  event('snackbar/show-requested', { variant: 'error', message: SIWX_INIT_FAILED }),
  ...(connectorId ? [event('disconnect/requested', { namespace, connectorId })] : []),
]

/** True while `caipAddress` is still `namespace`'s active account (an answer about it still matters). */
export const stillActive = (s: State, caipAddress: CaipAddress): boolean => {
  const namespace = namespaceOf(caipAddress)
  const now = namespace ? connectedAccount(s, namespace)?.caipAddress : undefined
  return now !== undefined && sameSiwxAccount(now, caipAddress)
}

/**
 * What SIWX verifies `caipAddress`'s signatures with: on eip155 its network's viem client (none on a
 * network the site did not configure: EOA signatures still verify without one); on bip122 the
 * Bitcoin message verifier, whose code loads then (chains/bip122/message.ts); nothing on solana.
 */
export async function sessionVerifiers(chains: ChainAccess, caipAddress: CaipAddress): Promise<SessionVerifiers> {
  const account = readCaipAddress(caipAddress)
  if (account?.namespace === 'bip122') return { verifyBitcoin: (await import('../../bitcoin/bitcoin-code.js')).verifyBitcoinMessage }
  if (account?.namespace !== 'eip155') return {}
  try {
    return { client: chains.evmClient(account.caipNetworkId) }
  } catch {
    return {}
  }
}

/** Whether `caipAddress` has a live, verified session in the site's `siwx`, as events. */
export async function checkSessions({ bridge, chains, clock, state }: Pick<EffectContext, 'bridge' | 'chains' | 'clock' | 'state'>, caipAddress: CaipAddress): Promise<NewEvent[]> {
  const account = readCaipAddress(caipAddress)!
  const namespace = account.namespace as Namespace
  const connectorId = state().connection.connectorIds[namespace]
  let sessions: unknown
  try {
    sessions = await bridge.request(SIWX_CONNECTOR_ID, { method: SIWX_CALLS.getSessions, params: [{ chainId: account.caipNetworkId, address: account.address }] })
  } catch {
    return stillActive(state(), caipAddress) ? siwxFailure(caipAddress, namespace, connectorId) : []
  }
  try {
    // SIWX's own code (the message parsers, the verifiers) loads when a site that uses it first needs it.
    const { verifiedSession, windowOf } = await import('../../siwx/siwx-code.js')
    const verifiers = await sessionVerifiers(chains, caipAddress)
    for (const candidate of Array.isArray(sessions) ? sessions.slice(0, 20) : []) {
      const message = await verifiedSession(candidate as SessionCandidate, caipAddress, clock(), verifiers)
      if (!message) continue
      const { expiresAt } = windowOf(message)
      return [event('siwx/session-verified', { caipAddress, via: 'stored', ...(expiresAt !== undefined ? { expiresAt } : {}) })]
    }
  } catch {
    return stillActive(state(), caipAddress) ? siwxFailure(caipAddress, namespace, connectorId) : []
  }
  // None, or only expired, tampered or foreign ones: those are not used, and the visitor signs in again.
  return stillActive(state(), caipAddress) ? [event('siwx/sign-in-needed', { caipAddress })] : []
}

const NAMESPACES: readonly Namespace[] = ['eip155', 'solana', 'bip122']

export const siwxCheckEffect: Effect = (ctx) => {
  // The namespaces whose connection this page session has confirmed (a connect, or the restore of
  // a stored one). An account the replayed log names is not asked about before: its connector is
  // not live yet, and a sign-in asked of it then would be cut short by the restore.
  const confirmedHere = new Set<Namespace>()
  return ctx.events$.pipe(
    // From this page session's start: what the replayed log says is not yet confirmed by the wallet.
    filter((e) => e.type !== 'engine/configured' && !!ctx.state().config.siwx),
    tap((e) => {
      if (e.type === 'connect/succeeded') confirmedHere.add(e.payload.namespace)
    }),
    // Every namespace's active account after each event, once confirmed here; whether this tab's
    // event changed it, or confirmed it (a connect or restore of it: a new page session verifies its
    // session afresh).
    mergeMap((e) =>
      NAMESPACES.map((namespace) => ({
        namespace,
        caipAddress: confirmedHere.has(namespace) ? connectedAccount(ctx.state(), namespace)?.caipAddress : undefined,
        own: e.tab === ctx.state().tab,
        confirmed: e.type === 'connect/succeeded' && e.payload.namespace === namespace,
      })),
    ),
    groupBy((x) => x.namespace),
    mergeMap((perNamespace) =>
      perNamespace.pipe(
        distinctUntilChanged((a, b) => !b.confirmed && sameSiwxAccount(a.caipAddress, b.caipAddress)),
        // The namespace's latest account wins: a switch or a disconnect makes the earlier check moot.
        // Only the tab whose event changed it asks (another tab's connect is that tab's to sign in).
        switchMap(({ caipAddress, own }) => {
          if (!own || !caipAddress) return EMPTY
          if (!isSignedIn(ctx.state().siwx, caipAddress, ctx.clock())) return from(checkSessions(ctx, caipAddress)).pipe(mergeMap((events) => events))
          // Back on a signed-in account while SIWXSignMessage asks another of this namespace: that ends.
          const asked = ctx.state().siwx.asking
          return asked && !sameSiwxAccount(asked, caipAddress) && readCaipAddress(asked)?.namespace === readCaipAddress(caipAddress)?.namespace ? [event('siwx/sign-in-moot', { caipAddress: asked })] : EMPTY
        }),
      ),
    ),
  ) as Observable<NewEvent>
}
