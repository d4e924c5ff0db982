/**
 * Sign In With X (docs/behaviour.md §3 SIWX message, §4 SIWX) as the engine knows it: the
 * accounts with a session it verified, and the sign-in SIWXSignMessage asks for. The messages,
 * their signatures and the site's sessions stay with the site's `siwx` (on the page): none of them
 * is in any event.
 *
 * The verified sessions are folded from the shared `siwx/session-verified` and `siwx/signed-out`,
 * so every tab of a connection is signed in alike; the sign-in under way is this tab's. A new page
 * session starts with none verified: each connect and restore asks the site's sessions again and
 * verifies them (worker/effects/siwx/siwx-check.ts).
 */
import type { CaipAddress } from '../../events/entities.js'
import { fromSafeEntries, withKey } from '../../events/kernel/safe-json.js'
import { SIWX_NOT_ENABLED } from '../../events/kernel/errors.js'
import { readCaipAddress } from '../../chains/caip.js'
import { slice, type Slice } from '../reducer.js'
import { NO_SIGN_IN_UNDER_WAY, SIGN_IN_BEING_ASKED } from '../rules/refusals.js'
import { activeAccount } from '../select/active-account.js'
import { isLiveConnector, sameConnector } from '../select/connections.js'
import { isAsking, sameSiwxAccount, siwxKey } from '../select/siwx-sessions.js'
import type { State } from '../state.js'

export interface SiwxState {
  /** The accounts (siwxKey of their CAIP-10 id) with a verified session: the id as verified, and when it expires (ms since the epoch). */
  sessions: Record<string, { caipAddress: CaipAddress; expiresAt?: number }>
  /**
   * The sessions of a connection that was disconnected while `signOutOnDisconnect` is on, until the
   * site's `revokeSession` was asked for each (worker/effects/siwx/siwx-sign-out.ts; `siwx/signed-out`).
   */
  signingOut: CaipAddress[]
  /** The account SIWXSignMessage asks to sign in, in this tab. */
  asking?: CaipAddress
  /** The visitor's Sign in is under way (the wallet's prompt is open). */
  signing: boolean
  /** Why the last sign-in failed ('Error signing message'), shown on SIWXSignMessage. */
  error?: string
}

const initial: SiwxState = { sessions: {}, signingOut: [], signing: false }

/** SIWXSignMessage shown for the active account (the guard refuses it with nobody connected). */
const asking = (s: SiwxState, root: State): SiwxState => {
  const caipAddress = activeAccount(root)?.caipAddress
  return caipAddress ? { ...s, asking: caipAddress, signing: false, error: undefined } : s
}

const settled = (s: SiwxState, caipAddress: string): SiwxState => (isAsking(s, caipAddress) ? { ...s, asking: undefined, signing: false, error: undefined } : s)

export const siwx: Slice<SiwxState, State> = slice<SiwxState, State>(initial, {
  'engine/started': () => initial,
  'siwx/session-verified': (s, e) => settled({ ...s, sessions: withKey(s.sessions, siwxKey(e.payload.caipAddress), { caipAddress: e.payload.caipAddress, ...(e.payload.expiresAt === undefined ? {} : { expiresAt: e.payload.expiresAt }) }) }, e.payload.caipAddress),
  'siwx/sign-in-needed': (s, e) => ({ ...s, asking: e.payload.caipAddress, signing: false, error: undefined }),
  /** The site opens SIWXSignMessage itself (docs/api.md `open({ view })`): the active account is the one asked to sign in. */
  'modal/open-requested': (s, e, root) => (e.payload.view === 'SIWXSignMessage' ? asking(s, root) : s),
  'modal/navigate-requested': (s, e, root) => (e.payload.view === 'SIWXSignMessage' ? asking(s, root) : s),
  'siwx/sign-requested': (s) => ({ ...s, signing: true, error: undefined }),
  // A failure for another account than the one asked now (a late one) only ends the signing.
  'siwx/sign-failed': (s, e) => ({ ...s, signing: false, ...(isAsking(s, e.payload.caipAddress) ? { error: e.payload.message } : {}) }),
  'siwx/sign-in-declined': (s, e) => settled(s, e.payload.caipAddress),
  'siwx/sign-in-moot': (s, e) => settled(s, e.payload.caipAddress),
  'siwx/failed': (s, e) => settled(s, e.payload.caipAddress),
  'siwx/signed-out': (s, e) => {
    const key = siwxKey(e.payload.caipAddress)
    const { [key]: _gone, ...sessions } = s.sessions
    return { ...s, sessions, signingOut: s.signingOut.filter((a) => siwxKey(a) !== key) }
  },
  /**
   * docs/behaviour.md §4: a disconnect signs out unless the site said not to. In the tab that
   * disconnected (the revokes are its to make): the connection's accounts on the namespace's
   * network, and every verified session of those accounts, wait for the site's `revokeSession`;
   * an address another live connection of the namespace still holds stays signed in. Every tab
   * drops the sign-in it asked for when the gone connection served that account.
   */
  'disconnect/succeeded': (s, e, root) => {
    const { namespace, connectorId } = e.payload
    const connections = root.connections[namespace] ?? []
    const gone = connections.find((c) => sameConnector(c.connectorId, connectorId))
    const norm = (a: string) => (namespace === 'eip155' ? a.toLowerCase() : a)
    const goneAddresses = new Set((gone?.accounts ?? []).map((a) => norm(a.address)))
    const askedAddress = s.asking ? readCaipAddress(s.asking) : undefined
    const asking = askedAddress?.namespace === namespace && goneAddresses.has(norm(askedAddress.address)) ? { asking: undefined, signing: false, error: undefined } : {}
    if (!gone || !root.config.siwx?.signOutOnDisconnect || (root.tab !== undefined && e.tab !== root.tab)) return { ...s, ...asking }
    const kept = new Set(connections.filter((c) => c !== gone && isLiveConnector(root, namespace, c.connectorId)).flatMap((c) => c.accounts.map((a) => norm(a.address))))
    const leaving = new Set([...goneAddresses].filter((a) => !kept.has(a)))
    const network = root.accounts[namespace]?.caipNetworkId
    const candidates: CaipAddress[] = [
      ...(network ? (gone.accounts.map((a) => `${network}:${a.address}`) as CaipAddress[]) : []),
      ...Object.values(s.sessions).map((x) => x.caipAddress),
    ]
    const out = new Map<string, CaipAddress>()
    for (const c of candidates) {
      const a = readCaipAddress(c)
      if (a?.namespace === namespace && leaving.has(norm(a.address)) && !out.has(siwxKey(c))) out.set(siwxKey(c), c)
    }
    if (out.size === 0) return { ...s, ...asking }
    return { ...s, ...asking, sessions: fromSafeEntries(Object.entries(s.sessions).filter(([k]) => !out.has(k))), signingOut: [...s.signingOut, ...[...out.values()].filter((c) => !s.signingOut.some((x) => sameSiwxAccount(x, c)))] }
  },
}, {
  'siwx/sign-requested': (s) => {
    if (!s.config.siwx) return SIWX_NOT_ENABLED
    if (!s.siwx.asking) return NO_SIGN_IN_UNDER_WAY
    return s.siwx.signing ? SIGN_IN_BEING_ASKED : undefined
  },
  'siwx/cancel-requested': (s) => {
    if (!s.config.siwx) return SIWX_NOT_ENABLED
    return s.siwx.asking ? undefined : NO_SIGN_IN_UNDER_WAY
  },
})
