/**
 * The core chunk, loaded by the loader in idle time after the page's load event: the composition of
 * the page's side of the engine (client/): the options checked (options-check.ts), the engine
 * started in a Worker or on the main thread (engine-start.ts) with the EIP-1193 bridge, the views'
 * signals fed from it (signals.ts), email and social login's life cycle (auth-life-cycle.ts), the
 * host page's wallet requests (wallet-request.ts) and the visitor's first reach (first-approach.ts).
 */
import { isMobileDevice } from './device.js'
import type { AccountModel, Engine, Intent, ModalModel, Namespace, NetworkModel, ProviderRequest } from '../contract.js'
import { createBridge } from './bridge/bridge.js'
import type { SocialProvider } from '../events/kernel/host-options.js'
import { documentLink, pageOrigin } from '../events/kernel/urls.js'
import { capturesEmail, emailCapture, lazySiwxSource } from './bridge/siwx-option.js'
import { lazyPasskeySource } from './bridge/passkey/passkey-source.js'
import type { GangwayOptions } from './options.js'
import { pagePlatform } from './platform.js'
import { writeChip } from './shell/stored-chip.js'
import { installAnalyticsBeacon } from './analytics-beacon.js'
import { followSolanaConnection } from './bridge/follow-solana-connection.js'
import { startEngine, type ClientEngine } from './client/engine-start.js'
import { createSignals, followEngine, type ClientSignals } from './client/signals.js'
import { checkedOptions, engineConfig } from './client/options-check.js'
import { followAuthLifeCycle, pageAuth } from './client/auth-life-cycle.js'
import { noConnection, walletRequester } from './client/wallet-request.js'
import { onFirstApproach } from './client/first-approach.js'
import { modalApi, type ModalApi } from './client/modal-api.js'

/** Callbacks the loader passes in to keep its synchronous snapshots current. */
export interface ClientHooks {
  account(v: AccountModel): void
  network(v: NetworkModel): void
  modal(v: ModalModel): void
  engine(mode: 'worker' | 'main'): void
}

/** What the views get: signals fed by the engine, and the engine's dispatch. */
export interface Client {
  mode: 'worker' | 'main'
  /** The host's `locale` option (a BCP 47 tag, docs/api.md Localisation): the views pick their language with it (src/ui/i18n/locale.ts). */
  locale?: string
  /** The views' signals (client/signals.ts), fed by the engine. */
  signals: ClientSignals
  /**
   * The legal checkbox (features.legalCheckbox, docs/api.md): the site's terms and privacy policy
   * links (checked by the URL validator, events/kernel/urls.ts documentLink; absent when not given). The
   * tick is the engine's (`legal/acceptance-changed`, the connect model's `legalAccepted`): it lasts
   * this page session, and the engine refuses a connect without it.
   */
  legal: { termsConditionsUrl?: string; privacyPolicyUrl?: string }
  /** The origins an on-ramp provider's page may be http on (the site's `services.onramp`; urls.ts providerPageUrl). */
  onrampOrigins: string[]
  /**
   * The origins whose images load in CORS mode (`crossorigin="anonymous"`, images/Icon.tsx): the
   * wallet/config service's, whose hosted images its owner's client fetches with CORS (docs/services.md).
   */
  corsImageOrigins: string[]
  dispatch(intent: Intent): Promise<void>
  /** The modal's engine-backed members (client/modal-api.ts), which the loader forwards to. */
  api: ModalApi
  /**
   * Opens the modal. Without an explicit view or namespace, the view the engine pre-computed
   * (selector `opening`) shows at once; the engine's own answer follows and confirms or corrects it.
   * Whether the device is a phone or tablet (the opening rule's `isMobile`) is read here.
   */
  open(request: Omit<Extract<Intent, { type: 'modal/open-requested' }>['payload'], 'isMobile'>): Promise<void>
  /** The log as NDJSON (src/events/log/ndjson.ts); `redact` (default true) hashes emails and social usernames. */
  exportLog(options?: { redact?: boolean }): Promise<string>
  /** The engine's whole projected state (debug). */
  state(): ReturnType<Engine['getState']>
  /** This session's events (seq, type, tab, at in ms) for the debug panel. */
  listEvents(): ReturnType<Engine['listEvents']>
  /**
   * Time travel: the views show the state as of event `seq`, read-only, until `travel(null)`.
   * @throws GangwayError 'No event with seq {seq} in this session's log (it holds {first}–{last})'.
   */
  travel(seq: number | null): Promise<void>
  /**
   * Email login: sends the code the visitor typed to the secure site from the page (it
   * never reaches the engine, whose log learns only the outcome). Absent without `auth` or `services.secureSite`.
   * @throws GangwayError 'Invalid code' for anything but 6 digits.
   */
  submitOtp?(otp: string): Promise<void>
  /** UpdateEmailWallet: the code for the step the secure site asked for, sent from the page (AuthSource.submitUpdateOtp). */
  submitUpdateOtp?(otp: string): Promise<void>
  /**
   * DataCapture: the site's `siwx.requestEmailOtp` and `confirmEmailOtp`, called from the
   * page (neither the email nor the code reaches the engine; its log learns only that it ended).
   * Absent when the site's `siwx` has no email functions.
   */
  captureEmail?: { request(email: string, account: string): Promise<'code' | 'done'>; confirm(code: string): Promise<void> }
  /**
   * Social login: call inside the visitor's click; the popup opens before anything is
   * awaited. Absent without `auth` or `services.secureSite`.
   * @throws the engine's refusal ('Social login is not enabled', 'Accept the terms to connect a wallet').
   */
  startSocial?(provider: SocialProvider): Promise<void>
  /** ConnectingFarcaster: the link to show as a QR code (AuthSource.farcasterUrl); it stays on the page. */
  farcasterUrl?(): Promise<string | undefined>
  /** ApproveTransaction: shows the secure site's approval UI over `target` until the returned function hides it. Absent without `auth` or `services.secureSite`. */
  showSecureFrame?(target: HTMLElement): () => void
  /** Makes an effect throw `message` (the debug panel's *Test error*): the engine logs and reports it like any escaped error. */
  testError(message?: string): Promise<void>
  /**
   * Sends an EIP-1193 request to the wallet connected on `namespace` (default: the active one).
   * `args.method` and `args.params` are read once each, here; the engine checks that copy (the
   * restricted path, docs/behaviour.md §5) and forwards a fresh request (Engine.walletRequest).
   * @throws typed errors (events/kernel/errors.ts; in worker mode rebuilt on this side, events/kernel/error-wire.ts),
   *   each with a numeric `code` and a string `message` (EIP-1193):
   *   ProviderRequestError 4100 'Address or auth connector not found' with no connection on the namespace;
   *   ProviderRequestError 4100 'Requested RPC call is not allowed' on the restricted path for a method docs/behaviour.md §5 calls not safe;
   *   ProviderRequestError -32600 'Request method must be a string' and the engine's other request errors
   *   (checkedProviderRequest); the wallet's error: UserRejectedError (4001, or 5000) for a refusal,
   *   else ProviderRequestError with the wallet's code, message and data, category API_ERROR, details
   *   '{method} on connector {connectorId}'; ProviderRequestError 4900 'No connector found for connection: {id}'.
   */
  walletRequest(args: ProviderRequest, options: { namespace?: Namespace; restricted?: boolean }): Promise<unknown>
}

/**
 * The account model with `byNamespace` as an object without a prototype, so that the loader's
 * `getAccount(namespace)` finds only the namespaces in it ('__proto__' or 'toString' give undefined).
 */
function withoutPrototype(v: AccountModel): AccountModel {
  return v.byNamespace ? { ...v, byNamespace: Object.assign(Object.create(null) as NonNullable<AccountModel['byNamespace']>, v.byNamespace) } : v
}

/**
 * Starts the engine and the bridge, and subscribes the signals.
 * @throws the options' errors (client/options-check.ts checkedOptions: 'Unknown option: {key}',
 *   'Invalid option: … ', the theme's), then the engine's start errors ('projectId is required',
 *   'Invalid CAIP-2 network id', …).
 */
export async function startClient(given: GangwayOptions, hooks: ClientHooks): Promise<Client> {
  const origin = typeof location === 'object' ? location.origin : undefined
  const options = checkedOptions(given, origin)
  // The bridge reports wallets from its first moment; those reports wait for the engine, none is lost.
  let engineReady!: (e: ClientEngine) => void
  const ready = new Promise<ClientEngine>((resolve) => (engineReady = resolve))
  const dispatch = async (intent: Intent) => {
    await (await ready).dispatch(intent)
  }
  // The views' signals, made before the engine starts: the engine's restore may ask the auth
  // source during its start, and that source reads the visitor's network from them (none yet: undefined).
  const starting = createSignals()
  const platform = pagePlatform()
  const auth = pageAuth(options, { signals: starting, dispatch, flush: async () => (await ready).flush(), telegram: platform.telegram })
  const siwx = options.siwx ? lazySiwxSource(options.siwx) : undefined
  const passkey = options.passkeys ? lazyPasskeySource() : undefined
  const bridge = createBridge(dispatch, [auth, siwx, passkey].filter((s) => s !== undefined))
  const { engine, mode, views } = await startEngine(engineConfig(options), bridge, options.engine)
  engineReady(engine)

  // A signal per selector the views follow, each with its first value before the client is returned, so it (and the loader's snapshots) already hold state.
  const signals = await followEngine(engine, views, starting, { modal: hooks.modal, account: (v) => (writeChip(options.projectId, v), hooks.account(withoutPrototype(v))), network: hooks.network })
  // The pending analytics batch, held here so that a hidden or leaving page can still send it (docs/behaviour.md §7).
  installAnalyticsBeacon((callback) => engine.subscribeAnalytics(callback), (intent) => engine.dispatch(intent))
  hooks.engine(mode)
  // A Solana connection no page wallet provides is registered through the Wallet Standard, for the site's Solana libraries.
  followSolanaConnection({
    account: () => signals.account.value,
    connectorId: () => signals.connections.value.connectorIds.solana,
    pageWallet: (connectorId) => bridge.pageWallet(connectorId),
    request: (method, params) => {
      const connectorId = signals.connections.peek().connectorIds.solana
      if (!connectorId) return Promise.reject(noConnection('solana'))
      return engine.walletRequest(connectorId, { method, params })
    },
    disconnect: () => engine.dispatch({ type: 'disconnect/requested', payload: { namespace: 'solana' } }),
  })
  // The visitor's first reach (docs/behaviour.md §7): a trigger approached, or the site's first headless subscribe or action.
  let reached = false
  const reach = () => void (reached || ((reached = true), engine.dispatch({ type: 'modal/trigger-approached', payload: {} }).catch(() => undefined)))
  onFirstApproach(reach)
  // Where the page runs, when it matters (Telegram, the phones, a Mac, iOS Safari): the social options and the pairing reuse read it.
  if (Object.values(platform).some(Boolean)) await engine.dispatch({ type: 'page/platform-detected', payload: platform }).catch(() => undefined)
  if (auth) followAuthLifeCycle(auth, signals)
  const walletRequest = walletRequester(() => engine, signals.connections)
  const terms = documentLink(options.termsConditionsUrl, origin)
  const privacy = documentLink(options.privacyPolicyUrl, origin)

  return {
    mode,
    locale: options.locale,
    signals,
    legal: { ...(terms ? { termsConditionsUrl: terms } : {}), ...(privacy ? { privacyPolicyUrl: privacy } : {}) },
    onrampOrigins: pageOrigin(options.services?.onramp),
    corsImageOrigins: pageOrigin(options.services?.walletConfig),
    dispatch: (intent) => engine.dispatch(intent),
    api: modalApi({ dispatch: (intent) => engine.dispatch(intent), walletRequest, exportLog: (options) => engine.exportLog(options), // The headless surface is a chunk of its own: only a site that asks for it fetches it.
    headless: (api) => import('./client/headless.js').then(({ createHeadless }) => createHeadless({ engine, signals, dispatch: (intent) => engine.dispatch(intent), api, reach, ...(auth ? { auth: { submitOtp: (otp: string) => auth.submitOtp(otp), startSocial: (provider: SocialProvider) => auth.startSocial(provider) } } : {}) })) }),
    open(options) {
      // Whether this is a phone or tablet is read here, not in the loader, which keeps it small.
      const request = { ...options, isMobile: isMobileDevice() }
      const modal = signals.modal.value
      if (!modal.open && !request.view && !request.namespace) {
        const view = request.isMobile ? signals.opening.value.mobileView : signals.opening.value.view
        signals.modal.value = { ...modal, open: true, view, canGoBack: false }
      }
      return engine.dispatch({ type: 'modal/open-requested', payload: request })
    },
    exportLog: (options) => engine.exportLog(options),
    state: () => engine.getState(),
    listEvents: () => engine.listEvents(),
    async travel(seq) {
      await engine.travel(seq)
      signals.travel.value = seq
    },
    ...(options.siwx && capturesEmail(options.siwx) ? { captureEmail: emailCapture(options.siwx) } : {}),
    ...(auth ? { submitOtp: (otp: string) => auth.submitOtp(otp), submitUpdateOtp: (otp: string) => auth.submitUpdateOtp(otp), showSecureFrame: (target: HTMLElement) => auth.showFrame(target), startSocial: (provider: SocialProvider) => auth.startSocial(provider), farcasterUrl: () => auth.farcasterUrl() } : {}),
    testError: (message = 'Gangway test error') => engine.dispatch({ type: 'debug/test-error-requested', payload: { message } }),
    walletRequest,
  }
}
