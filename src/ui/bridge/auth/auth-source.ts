/**
 * The auth connector's page side (docs/behaviour.md §4 email and social login) over an auth adapter
 * (events/auth-adapter.ts: the provider's wire), started by `start()` (client/auth-life-cycle.ts calls it in idle time after
 * the modal's first open, never inside a click, never at page load; a request for the AUTH
 * connector, such as a restore, starts it too). The connector's calls, each one adapter step:
 * - the engine's own steps (worker/effects/auth-email.ts): `gangway_auth_connectEmail { email }` →
 *   connectEmail → `{ action }`; `gangway_auth_awaitDevice` → connectDevice; `gangway_auth_getUser
 *   { caipNetworkId, preferredAccountType }` → getUser → the user's non-secret fields;
 * - EIP-1193 as the connect, restore, switch and disconnect effects ask any wallet: `eth_accounts`
 *   (isConnected first: [] without a session), `eth_requestAccounts` (getUser: the preferred type's
 *   address first), `eth_chainId` (getChainId), `wallet_switchEthereumChain` (switchNetwork),
 *   `wallet_revokePermissions` (signOut, at most 3 s);
 * - the site's calls, which the engine's policy (worker/auth/auth-requests.ts) sends as
 *   `gangway_auth_rpc` or `gangway_auth_approve` → request on the current network.
 * The code the visitor types goes to the adapter from here (`submitOtp`) and never to the engine,
 * which learns only that it was accepted (`auth/otp-verified`) or refused (`auth/otp-failed`).
 */
import type { Intent, ProviderRequest } from '../../../contract.js'
import { GangwayError, ProviderRequestError, SOCIAL_RETURN_REFUSED, UserRejectedError } from '../../../events/errors.js'
import type { SocialProvider } from '../../../events/host-options.js'
import { SOCIAL_LOGIN_TTL_MS } from '../../../events/limits.js'
import { documentLink } from '../../../events/urls.js'
import { AUTH_CONNECTOR_ID, RPC_CALL_NOT_ALLOWED } from '../../../events/page-kernel.js'
import type { ConnectorSource } from '../eip1193-bridge.js'
import type { AuthAdapter, AuthContext, AuthOption, AuthUserRequest, Network } from '../../../contract.js'
import { checkSocialReturn, keepSocialLogin, pageOf, providerState, restoredHref, takeSocialLogin, telegramSocialUrl, type SocialLogin } from './social-login-state.js'

/** How long a sign-out may hold up a disconnect, in ms (AppKit's cap). */
export const SIGN_OUT_TIMEOUT_MS = 3000
/** How long a call the visitor need not approve (a read) may wait for its answer, in ms. */
const CALL_TIMEOUT_MS = 120_000
/** The code the visitor types: 6 digits. */
export const OTP_PATTERN = /^\d{6}$/
/** What `submitOtp` refuses before asking the secure site. */
export const INVALID_CODE = 'Invalid code'

type Dispatch = (intent: Intent) => Promise<void> | void

export interface AuthSourceOptions {
  /** The provider's wire (events/auth-adapter.ts). */
  adapter: AuthAdapter
  projectId: string
  /** The eip155 network the site is on (CAIP-2): the site's calls go to the provider for it. */
  network(): string | undefined
  dispatch: Dispatch
  /** Resolves once every event so far is stored (the engine's `flush`): the Telegram path awaits it before the page leaves, or the provider it keeps is lost with the page. */
  persist?: () => Promise<void>
  /** The page's document (default `document`): its window hears the social popup and is the one the Telegram path leaves. */
  doc?: Document
  /** This tab's storage for a Telegram login under way (default `sessionStorage`; undefined where the browser denies it). */
  sessionStorage?: () => Storage | undefined
  /** ms since the epoch (default `Date.now`): a social login's lifetime is read with it. */
  now?: () => number
}

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

/** What a call left waiting in ApproveTransaction gets when the visitor leaves it. */
export const USER_REJECTED_REQUEST = 'User rejected the request.'
/** How long a call may wait for the visitor's approval, in ms. */
const APPROVAL_WAIT_MS = 30 * 60_000

/** docs/behaviour.md §8 social login errors. */
export const POPUP_CLOSED = 'Popup closed'
export const FAILED_TO_CONNECT = 'Failed to connect'
export const FAILED_TO_INITIATE_SOCIAL = 'Failed to initiate social connection'
export const FAILED_TO_CONNECT_FARCASTER = 'Failed to connect to farcaster'
/** How long the Farcaster approval may take, in ms: the visitor's time, bounded. */
const FARCASTER_WAIT_MS = 30 * 60_000
/** docs/behaviour.md §9: how often the popup is checked for having been closed, in ms. */
export const POPUP_POLL_MS = 1000
/** The longest answer URI taken from the popup, in characters. */
const MAX_RESULT_URI = 4096

/** A wait for the provider's answer (socialResult): its outcome, and its end without one. */
export interface SocialWait {
  result: Promise<string | { failed: string } | undefined>
  /** Stops listening and polling; `result` resolves undefined. */
  cancel(): void
}

/**
 * The provider's answer the popup posts: `{ resultUri }` from `popup` itself and the secure site's
 * origin exactly, a URL on that origin; anything else is ignored. `result` resolves with the URI,
 * or with `{ failed: 'Popup closed' }` once the popup is found closed (checked every `pollMs`).
 */
export function socialResult(win: Pick<Window, 'addEventListener' | 'removeEventListener'>, popup: Pick<Window, 'closed'>, origin: string, pollMs = POPUP_POLL_MS): SocialWait {
  let done!: (value: string | { failed: string } | undefined) => void
  const result = new Promise<string | { failed: string } | undefined>((resolve) => {
    done = (value) => {
      win.removeEventListener('message', listener as EventListener)
      clearInterval(poll)
      resolve(value)
    }
  })
  const listener = (e: MessageEvent) => {
    if (e.origin !== origin || e.source !== popup) return
    const uri = (e.data as { resultUri?: unknown } | null)?.resultUri
    if (typeof uri !== 'string' || uri.length > MAX_RESULT_URI || documentLink(uri) === undefined || new URL(uri).origin !== origin) return
    done(uri)
  }
  win.addEventListener('message', listener as EventListener)
  const poll = setInterval(() => popup.closed && done({ failed: POPUP_CLOSED }), pollMs)
  return { result, cancel: () => done(undefined) }
}

/** A provider's page or app link the secure site gives: https, or on the secure site's own origin (a localnet's http). */
const providerLink = (value: unknown, origin: string): string | undefined => {
  const url = documentLink(value)
  return url && (url.startsWith('https:') || new URL(url).origin === origin) ? url : undefined
}

/** The fields of the secure site's user the engine reads (it checks them again). */
const USER_FIELDS = ['email', 'userName', 'socialProvider', 'address', 'chainId', 'accounts', 'preferredAccountType', 'smartAccountDeployed'] as const

const firstParam = (params: ProviderRequest['params']): Record<string, unknown> => {
  const p = Array.isArray(params) ? params[0] : params
  return p && typeof p === 'object' ? (p as Record<string, unknown>) : {}
}

/** The user's addresses, the preferred type's first. */
function addressesOf(user: Record<string, unknown>): string[] {
  const accounts = Array.isArray(user.accounts) ? (user.accounts as { address?: unknown; type?: unknown }[]) : []
  const preferred = accounts.filter((a) => a?.type === user.preferredAccountType)
  const list = [...preferred.map((a) => a?.address), user.address, ...accounts.map((a) => a?.address)].filter((a): a is string => typeof a === 'string')
  return [...new Set(list)]
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
  /** The page's window (read when needed: nothing of the page is touched before). */
  const pageWindow = () => o.doc?.defaultView ?? window
  const now = o.now ?? Date.now
  const tabStorage = (): Storage | undefined => {
    try {
      return o.sessionStorage ? o.sessionStorage() : sessionStorage
    } catch {
      return undefined
    }
  }
  const adapter = o.adapter
  /** The Farcaster link, while ConnectingFarcaster shows; its round, so a wait from before a reload is ignored. */
  let farcaster: Promise<string | undefined> | undefined
  let farcasterRound = 0
  /** Tells the engine a fact, which it may refuse (the login ended meanwhile): nothing more to do then. */
  const tell = (intent: Intent) => Promise.resolve().then(() => o.dispatch(intent)).catch(() => undefined)
  /** The social login under way: its wait for the popup's answer. */
  let socialWait: SocialWait | undefined
  /** The code UpdateEmailWallet waits for: the current address's, then the new one's. */
  let updateStep: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' | undefined

  /** The adapter's start, once at a time: a failed one is told the engine, and the next use starts again. */
  let started: Promise<void> | undefined
  const start = (): Promise<void> =>
    (started ??= adapter.init().catch((error: unknown) => {
      started = undefined
      void tell({ type: 'auth/frame-failed', payload: { message: String((error as Error)?.message ?? error).slice(0, 256) } })
      throw error
    }))

  /** The user request for the EVM connection's network (none when the site has no eip155 network). */
  const onNetwork = (): AuthUserRequest => {
    const caipNetworkId = o.network()
    return caipNetworkId ? { caipNetworkId } : {}
  }
  /** The site's call for the provider: its method and params, on the EVM connection's network. */
  const call = (p: Record<string, unknown>) => ({ method: String(p.method), params: p.params, caipNetworkId: typeof p.caipNetworkId === 'string' ? p.caipNetworkId : o.network() })
  /** The calls waiting for the visitor in the secure site's approval UI, to reject when the visitor leaves it. */
  const approvals = new Set<(error: Error) => void>()
  const approve = (payload: ReturnType<typeof call>) =>
    new Promise<unknown>((resolve, reject) => {
      const leave = (error: Error) => {
        approvals.delete(leave)
        reject(error)
      }
      approvals.add(leave)
      // The visitor's time, bounded: never the 120 s of a connect, or a late approval would be sent after the site gave up.
      adapter.request(payload, APPROVAL_WAIT_MS).then(
        (answer) => (approvals.delete(leave), resolve(answer)),
        (error: Error) => (approvals.delete(leave), reject(error)),
      )
    })

  /** The networks with smart accounts, asked once a user logs in or is restored (the account type switch reads them). */
  let smartAccountNetworks: Promise<void> | undefined
  const fetchSmartAccountNetworks = () =>
    (smartAccountNetworks ??= adapter.getSmartAccountEnabledNetworks().then(
      (answer) => {
        const ids = Array.isArray(answer) ? answer.filter((n): n is number => Number.isSafeInteger(n) && n > 0).slice(0, 100) : []
        return tell({ type: 'auth/smart-account-networks-fetched', payload: { caipNetworkIds: ids.map((n) => `eip155:${n}` as const) } })
      },
      () => void (smartAccountNetworks = undefined),
    ))

  /**
   * The user's known fields only (the engine checks them again), its `chainId` as CAIP-2: a secure
   * site names an eip155 chain by its number (Reown's client reads a number as eip155's).
   */
  const picked = (user: unknown): Record<string, unknown> => {
    const from = user && typeof user === 'object' ? (user as Record<string, unknown>) : {}
    const out: Record<string, unknown> = {}
    for (const k of USER_FIELDS) if (from[k] !== undefined) out[k] = from[k]
    if (typeof out.chainId === 'number' || (typeof out.chainId === 'string' && /^\d{1,18}$/.test(out.chainId))) out.chainId = `eip155:${out.chainId}`
    return out
  }
  /** The user (asked once the adapter started: `request` awaits it), and the smart account networks beside. */
  const getUser = async (request: AuthUserRequest): Promise<Record<string, unknown>> => {
    void fetchSmartAccountNetworks()
    return picked(await adapter.getUser(request))
  }

  return {
    owns: (connectorId) => connectorId === AUTH_CONNECTOR_ID,
    // Started ahead of use (idle time): a failure is told the engine above, and the next use tries again.
    start: () => void start().catch(() => undefined),
    async request(_connectorId, { method, params }) {
      await start()
      const p = firstParam(params)
      switch (method) {
        case 'gangway_auth_connectEmail':
          return { action: (await adapter.connectEmail(String(p.email))).action }
        case 'gangway_auth_awaitDevice':
          await adapter.connectDevice()
          return {}
        case 'gangway_auth_getUser':
          return getUser({ ...(typeof p.caipNetworkId === 'string' ? { caipNetworkId: p.caipNetworkId } : {}), ...(typeof p.preferredAccountType === 'string' ? { preferredAccountType: p.preferredAccountType } : {}) })
        case 'eth_accounts':
          return (await adapter.isConnected()) ? addressesOf(await getUser({})) : []
        case 'eth_requestAccounts':
          return addressesOf(await getUser({}))
        case 'eth_chainId': {
          const chainId = await adapter.getChainId()
          // CAIP-2 on eip155, or the chain id as a number or a decimal string.
          const reference = typeof chainId === 'number' ? chainId : typeof chainId === 'string' ? Number(/^(?:eip155:)?(\d{1,18})$/.exec(chainId)?.[1]) : NaN
          if (!Number.isSafeInteger(reference) || reference <= 0) throw new GangwayError('Invalid chain id from the secure site', { category: 'SECURE_SITE_ERROR' })
          return `0x${reference.toString(16)}`
        }
        case 'wallet_switchEthereumChain':
          await adapter.switchNetwork(`eip155:${Number(p.chainId)}`)
          return null
        case 'gangway_auth_updateEmail': {
          const { action } = await adapter.updateEmail(String(p.email))
          updateStep = action === 'VERIFY_SECONDARY_OTP' ? 'VERIFY_SECONDARY_OTP' : 'VERIFY_PRIMARY_OTP'
          return { action }
        }
        case 'gangway_auth_setPreferredAccount': {
          const answer = await adapter.setPreferredAccount(String(p.type))
          return { type: answer?.type, address: answer?.address }
        }
        case 'gangway_auth_reload':
          // Leaving ConnectingFarcaster unconnected: the link goes, the secure site starts afresh.
          farcaster = undefined
          farcasterRound++
          await adapter.reload()
          return null
        case 'wallet_revokePermissions':
          // Best effort: a secure site that is down or slow never keeps the visitor connected here.
          await Promise.race([adapter.signOut(), new Promise((r) => setTimeout(r, SIGN_OUT_TIMEOUT_MS))]).catch(() => undefined)
          return null
        case 'gangway_auth_rpc':
          return adapter.request(call(p), CALL_TIMEOUT_MS)
        case 'gangway_auth_approve':
          return approve(call(p))
        default:
          // The engine's policy sends the site's calls as gangway_auth_rpc or gangway_auth_approve (worker/auth/auth-requests.ts).
          throw new ProviderRequestError(RPC_CALL_NOT_ALLOWED, { code: 4100, details: `${method.slice(0, 64)} is not served by the secure site` })
      }
    },
    watch: () => undefined,
    async submitOtp(otp) {
      if (!OTP_PATTERN.test(otp)) throw new GangwayError(INVALID_CODE)
      try {
        await start()
        await adapter.connectOtp(otp)
      } catch (error) {
        return tell({ type: 'auth/otp-failed', payload: { message: ((error as Error).message || INVALID_CODE).slice(0, 256) } })
      }
      await tell({ type: 'auth/otp-verified', payload: {} })
    },
    async connectSocial(provider, popup) {
      // One social login at a time: a new one ends the one before (whose popup the new click closed).
      socialWait?.cancel()
      const fail = async (message: string) => {
        popup?.close()
        await tell({ type: 'auth/social-failed', payload: { provider, message } })
      }
      try {
        await o.dispatch({ type: 'auth/social-requested', payload: { provider } })
      } catch (error) {
        popup?.close()
        throw error
      }
      if (!popup) return fail(FAILED_TO_INITIATE_SOCIAL)
      let uri: string | undefined
      try {
        await start()
        uri = providerLink(await adapter.getSocialRedirectUri(provider), adapter.origin)
      } catch {
        uri = undefined
      }
      const state = uri && providerState(uri)
      if (!uri || !state) return fail(FAILED_TO_INITIATE_SOCIAL)
      const login: SocialLogin = { provider, state, expiresAt: now() + SOCIAL_LOGIN_TTL_MS }
      popup.location.href = uri
      const wait = (socialWait = socialResult(pageWindow(), popup, adapter.origin))
      const result = await wait.result
      if (socialWait === wait) socialWait = undefined
      // Ended by a newer social login, which closed this one's popup.
      if (result === undefined) return
      if (typeof result !== 'string') return fail(result.failed)
      popup.close()
      // Only the answer to the provider's page this login opened, in time: a page holding the popup may navigate it.
      if (checkSocialReturn(result, login, adapter.origin, now()) !== 'ok') return fail(SOCIAL_RETURN_REFUSED)
      // The provider's refusal comes back as an error parameter (access_denied…).
      if (new URL(result).searchParams.has('error')) return fail(FAILED_TO_CONNECT)
      try {
        // Refused when the login ended meanwhile (the modal closed, the visitor went back): nothing more is done.
        await o.dispatch({ type: 'auth/social-result-received', payload: { provider } })
      } catch {
        return
      }
      try {
        await adapter.connectSocial(result, onNetwork())
      } catch {
        return fail(FAILED_TO_CONNECT)
      }
      await tell({ type: 'auth/social-connected', payload: { provider } })
    },
    async leaveForSocial(provider) {
      await o.dispatch({ type: 'auth/social-requested', payload: { provider } })
      const fail = (message: string) => tell({ type: 'auth/social-failed', payload: { provider, message } })
      const win = pageWindow()
      let uri: string | undefined
      try {
        await start()
        uri = providerLink(await adapter.getSocialRedirectUri(provider), adapter.origin)
      } catch {
        uri = undefined
      }
      const state = uri && providerState(uri)
      // The login this tab started, for the return to be checked against (its state never goes to the engine).
      if (!uri || !state || !keepSocialLogin(tabStorage(), o.projectId, { provider, state, expiresAt: now() + SOCIAL_LOGIN_TTL_MS, page: pageOf(win.location.href) })) return fail(FAILED_TO_INITIATE_SOCIAL)
      await tell({ type: 'auth/telegram-social-started', payload: { provider } })
      // The log persists in a later task; leaving first would lose the provider the return needs.
      await o.persist?.().catch(() => undefined)
      win.location.assign(telegramSocialUrl(uri, win.location.href))
    },
    async returnFromSocial(resultUri) {
      const win = pageWindow()
      const login = takeSocialLogin(tabStorage(), o.projectId)
      const restored = restoredHref(win.location.href, login)
      if (restored) win.history.replaceState(win.history.state, '', restored)
      const verdict = checkSocialReturn(resultUri, login, adapter.origin, now())
      if (verdict !== 'ok' || !login) return tell({ type: 'auth/social-return-refused', payload: { reason: verdict === 'ok' ? 'not-started' : verdict } })
      const provider = login.provider
      try {
        await o.dispatch({ type: 'auth/social-result-received', payload: { provider } })
      } catch {
        // The engine waits for it no more (its lifetime passed, another tab ended it).
        return tell({ type: 'auth/social-return-refused', payload: { reason: 'expired' } })
      }
      if (new URL(resultUri).searchParams.has('error')) return tell({ type: 'auth/social-failed', payload: { provider, message: FAILED_TO_CONNECT } })
      try {
        await start()
        await adapter.connectSocial(resultUri, onNetwork())
      } catch {
        return tell({ type: 'auth/social-failed', payload: { provider, message: FAILED_TO_CONNECT } })
      }
      await tell({ type: 'auth/social-connected', payload: { provider } })
    },
    async submitUpdateOtp(otp) {
      if (!OTP_PATTERN.test(otp)) throw new GangwayError(INVALID_CODE)
      const failed = (error: unknown) => tell({ type: 'auth/email-update-failed', payload: { message: ((error as Error).message || INVALID_CODE).slice(0, 256) } })
      if (updateStep === 'VERIFY_PRIMARY_OTP') {
        try {
          await start()
          await adapter.updateEmailPrimaryOtp(otp)
        } catch (error) {
          return void (await failed(error))
        }
        updateStep = 'VERIFY_SECONDARY_OTP'
        return tell({ type: 'auth/email-update-verified', payload: {} })
      }
      let answer: { newEmail?: unknown } | undefined
      try {
        await start()
        answer = await adapter.updateEmailSecondaryOtp(otp)
      } catch (error) {
        return void (await failed(error))
      }
      updateStep = undefined
      // An email the secure site names (checked again where the engine takes it).
      if (typeof answer?.newEmail !== 'string') return void (await failed(new Error('Failed to connect')))
      await tell({ type: 'auth/email-updated', payload: { namespace: 'eip155', email: answer.newEmail } })
    },
    farcasterUrl() {
      if (farcaster) return farcaster
      const round = ++farcasterRound
      const failed = () => void (round === farcasterRound && tell({ type: 'auth/social-failed', payload: { provider: 'farcaster', message: FAILED_TO_CONNECT_FARCASTER } }))
      farcaster = start()
        .then(() => adapter.getFarcasterUri())
        .then(
        (answer) => {
          const url = providerLink(answer, adapter.origin)
          if (!url) return void failed()
          // Pending until the visitor approves in Farcaster: no time limit but the visitor's. Either
          // way the link is spent: the next visit asks for a new one.
          const settle = () => void (round === farcasterRound && (farcaster = undefined))
          adapter.connectFarcaster(FARCASTER_WAIT_MS).then(
            () => {
              if (round === farcasterRound) void tell({ type: 'auth/social-connected', payload: { provider: 'farcaster' } })
              settle()
            },
            () => (failed(), settle()),
          )
          return url
        },
        () => void failed(),
      )
      return farcaster
    },
    abortApprovals() {
      if (approvals.size === 0) return
      for (const leave of [...approvals]) leave(new UserRejectedError(USER_REJECTED_REQUEST, { code: 4001, category: 'SECURE_SITE_ERROR' }))
      adapter.abortRequests()
    },
    showFrame(target) {
      const f = adapter.frame()
      if (!f) return () => undefined
      const win = pageWindow()
      let raf = 0
      // Followed every frame: the modal's height animates and the page may scroll under it.
      const place = () => {
        const r = target.getBoundingClientRect()
        f.style.cssText = `display:block;position:fixed;border:0;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;z-index:2147483647;background:transparent`
        raf = win.requestAnimationFrame(place)
      }
      place()
      f.removeAttribute('aria-hidden')
      f.tabIndex = 0
      return () => {
        win.cancelAnimationFrame(raf)
        f.style.cssText = 'display:none;position:fixed;border:0'
        f.setAttribute('aria-hidden', 'true')
        f.tabIndex = -1
      }
    },
    close: () => adapter.close(),
  }
}
