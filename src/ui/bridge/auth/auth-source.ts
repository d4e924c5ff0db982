/**
 * The auth connector's page side (docs/behaviour.md §4 email and social login) over an auth adapter
 * (events/auth-adapter.ts: the provider's wire), started by `start()` (client/auth-life-cycle.ts
 * calls it in idle time after the modal's first open, never inside a click, never at page load; a
 * request for the AUTH connector, such as a restore, starts it too). Its parts, one concern each,
 * mirroring the engine's worker/effects/auth/auth-*.ts:
 * - auth-session.ts: the adapter's start (the frame's life cycle) and what the parts share;
 * - auth-methods.ts: the engine's calls (its own steps, EIP-1193, the site's calls by its policy);
 * - auth-otp.ts: the codes the visitor types, which go to the adapter from here and never to the
 *   engine (it learns only `auth/otp-verified` or `auth/otp-failed`);
 * - auth-social.ts: social login through the popup or, in Telegram, by leaving the page;
 * - auth-farcaster.ts: Farcaster's link and its approval;
 * - auth-approvals.ts: the calls the visitor approves in the secure site's UI, and its frame over the view.
 */
import type { AuthContext, AuthOption, Network } from '../../../contract.js'
import type { SocialProvider } from '../../../events/kernel/host-options.js'
import { AUTH_CONNECTOR_ID } from '../../../events/kernel/page-kernel.js'
import type { ConnectorSource } from '../eip1193-bridge.js'
import { authApprovals } from './auth-approvals.js'
import { authFarcaster } from './auth-farcaster.js'
import { authMethods } from './auth-methods.js'
import { authOtp } from './auth-otp.js'
import { authSession, type AuthSourceOptions } from './auth-session.js'
import { authSocial } from './auth-social.js'

export type { AuthSourceOptions } from './auth-session.js'

/** The auth connector's page side: a connector source, plus what only the page may do. */
export interface AuthSource extends ConnectorSource {
  /** Starts the adapter (its frame), once; later calls do nothing. A failure is told the engine (`auth/frame-failed`), and the next use starts it again. */
  start(): void
  /**
   * Sends the code the visitor typed to the secure site, and tells the engine the outcome
   * (`auth/otp-verified`, or `auth/otp-failed` with the secure site's message).
   * @throws GangwayError 'Invalid code' for anything but 6 digits (nothing is sent).
   */
  submitOtp(otp: string): Promise<void>
  /**
   * A social login with `provider` through `popup`, the window the visitor's click opened, blank
   * (null when the browser refused it): the provider's page in the popup,
   * its answer taken only from that window and the secure site's origin, and only when it carries
   * the OAuth state of that provider's page and comes within SOCIAL_LOGIN_TTL_MS
   * (social-login-state.ts), then CONNECT_SOCIAL. The engine hears the steps
   * (`auth/social-requested`, `auth/social-result-received`, `auth/social-connected`) or
   * `auth/social-failed` with 'Failed to initiate social connection' (no popup, no provider page or
   * no state in it), 'Popup closed' (closed before the answer; checked every 1 s), 'Login link
   * expired or not started here' (another login's answer, or too late) or 'Failed to connect' (the
   * provider refused, or the secure site did). The answer, which carries the provider's code, never
   * leaves the page.
   * @throws the engine's refusal of `auth/social-requested` (the popup is closed first).
   */
  connectSocial(provider: SocialProvider, popup: Window | null): Promise<void>
  /**
   * Social login in Telegram's in-app browser (docs/behaviour.md §4): no popup; the page itself
   * goes to the provider's page, whose `state` carries this page's origin and path (`--` and the
   * address, encoded; never its query or fragment) so the secure site sends the visitor back here
   * with `result_uri`. This tab keeps the login (the provider page's OAuth state, the lifetime, the
   * page's query and fragment) in its sessionStorage; the engine keeps the provider meanwhile
   * (`auth/telegram-social-started`, without the state). `auth/social-failed` 'Failed to initiate
   * social connection' when the secure site gives no provider page with a state, or the tab's
   * storage refuses the login.
   * @throws the engine's refusal of `auth/social-requested`.
   */
  leaveForSocial(provider: SocialProvider): Promise<void>
  /**
   * Back from a Telegram social login with the secure site's answer (`result_uri`, which the core
   * already took off the address): the login this tab kept is taken (once) and the page's query and
   * fragment are put back. The answer is redeemed only when it is on the secure site's origin,
   * carries that login's state and comes within its lifetime: CONNECT_SOCIAL, then
   * `auth/social-connected` (or `auth/social-failed` 'Failed to connect'). Otherwise nothing is sent
   * to the secure site and the engine hears `auth/social-return-refused` ('not-started', 'expired',
   * 'mismatch'; also 'expired' when the engine no longer waits for that login), which shows 'Login
   * link expired or not started here'.
   */
  returnFromSocial(resultUri: string): Promise<void>
  /**
   * UpdateEmailWallet: sends the code the visitor typed for the step the secure site asked for (the
   * current address's, then the new one's) and tells the engine the outcome:
   * `auth/email-update-verified`, `auth/email-updated` with the new email, or
   * `auth/email-update-failed` with the secure site's message.
   * @throws GangwayError 'Invalid code' for anything but 6 digits (nothing is sent).
   */
  submitUpdateOtp(otp: string): Promise<void>
  /**
   * Farcaster login (ConnectingFarcaster): the link the visitor's Farcaster app opens (shown as a QR
   * code), asked of the secure site once (GET_FARCASTER_URI) and kept here until the visitor leaves
   * the view; the wait for its approval (CONNECT_FARCASTER) starts with it and ends in
   * `auth/social-connected` or `auth/social-failed` 'Failed to connect to farcaster'. The link is a
   * bearer channel: it never reaches the engine.
   * @returns the link, or undefined when the secure site gave none (the failure is dispatched).
   */
  farcasterUrl(): Promise<string | undefined>
  /**
   * The visitor left ApproveTransaction (closed the modal, went back) with calls still waiting: the
   * secure site drops them (RPC_ABORT) and each caller gets UserRejectedError 4001 'User rejected the request.'.
   */
  abortApprovals(): void
  /**
   * Lays the secure site's iframe over `target` (the ApproveTransaction view's box), following it
   * each frame, until the returned function hides it again. Nothing happens before the frame exists.
   */
  showFrame(target: HTMLElement): () => void
}

/** What the core gives to start the auth source: the site's options it needs, the visitor's network, the engine's dispatch. */
export interface PageAuthOptions extends Pick<AuthSourceOptions, 'projectId' | 'dispatch' | 'persist'> {
  /** The site's `auth` option: its adapter's loader. */
  auth?: AuthOption
  /** Without `auth`: the secure site's origin (`services.secureSite`), served by Gangway's own frame adapter. */
  secureOrigin?: string
  metadata?: AuthContext['metadata']
  networks: readonly Network[]
  /** The visitor's network (CAIP-2), in any namespace. */
  activeNetwork(): string | undefined
}

/**
 * The auth source of a page: the site's adapter, loaded now with the site's context (its project,
 * metadata, networks and the visitor's network), or Gangway's frame adapter for `secureOrigin`.
 * @throws what the adapter's `load` throws (the next use loads it again: lazy-auth-source.ts).
 */
export async function pageAuthSource(o: PageAuthOptions): Promise<AuthSource> {
  // The eip155 network the visitor is on, else the site's first: the one the provider's calls are for.
  const network = () => {
    const active = o.activeNetwork()
    return active?.startsWith('eip155:') ? active : o.networks.find((n) => n.chainNamespace === 'eip155')?.caipNetworkId
  }
  const context: AuthContext = {
    projectId: o.projectId,
    ...(o.metadata ? { metadata: o.metadata } : {}),
    networks: o.networks,
    activeNetwork: (namespace = 'eip155') => o.networks.find((n) => n.caipNetworkId === o.activeNetwork() && n.chainNamespace === namespace) ?? o.networks.find((n) => n.chainNamespace === namespace),
  }
  const adapter = o.auth ? await o.auth.load(context) : (await import('./frame-adapter.js')).createFrameAdapter({ origin: o.secureOrigin!, projectId: o.projectId, ...(o.metadata ? { metadata: o.metadata } : {}), network })
  return createAuthSource({ adapter, projectId: o.projectId, network, dispatch: o.dispatch, ...(o.persist ? { persist: o.persist } : {}) })
}

/** The auth connector's page side (see the module's comment). */
export function createAuthSource(o: AuthSourceOptions): AuthSource {
  const s = authSession(o)
  const approvals = authApprovals(s)
  const otp = authOtp(s)
  const farcaster = authFarcaster(s)
  const social = authSocial(s)
  const request = authMethods(s, { approve: approvals.approve, updateAsked: otp.updateAsked, farcasterReset: farcaster.reset })
  return {
    owns: (connectorId) => connectorId === AUTH_CONNECTOR_ID,
    // Started ahead of use (idle time): a failure is told the engine (auth-session.ts), and the next use tries again.
    start: () => void s.start().catch(() => undefined),
    request: (_connectorId, args) => request(args),
    watch: () => undefined,
    submitOtp: otp.submitOtp,
    submitUpdateOtp: otp.submitUpdateOtp,
    connectSocial: social.connectSocial,
    leaveForSocial: social.leaveForSocial,
    returnFromSocial: social.returnFromSocial,
    farcasterUrl: farcaster.farcasterUrl,
    abortApprovals: approvals.abortApprovals,
    showFrame: approvals.showFrame,
    close: () => o.adapter.close(),
  }
}
