/**
 * The core chunk, loaded by the loader in idle time after the page's load event: it starts the
 * engine (in a module Worker through comlink, or on the main thread where no Worker can start),
 * attaches the EIP-1193 bridge, and turns engine subscriptions into signals for the views.
 *
 * In worker mode nothing live of the page goes to the worker: the bridge is
 * served on a MessagePort (bridge/page-port-server.ts: two named calls, plain data), and the
 * subscriptions' values come back on that port under keys this side chose, so the worker holds no
 * comlink proxy of any page object or callback.
 */
import { isMobileDevice } from './device.js'
import { transfer, transferHandlers, wrap } from 'comlink'
import { signal, type Signal } from '@preact/signals-core'
import type { AccountActionsModel, AccountModel, AccountTabsModel, AllWalletsModel, ApprovalModel, Bridge, ConnectionsModel, ConnectModel, Engine, EngineConfig, Intent, ModalModel, Namespace, NetworkListModel, NetworkModel, NamesModel, OpeningModel, PairingUri, ProfileWalletsModel, ProviderRequest, SendModel, SnackbarModel, SwapModel, OnrampModel, WalletConnectModel, WorkerEngine } from '../contract.js'
import { createBridge } from './bridge/bridge.js'
import { servePagePort } from './bridge/page-port-server.js'
import { ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND, GangwayError, PROVIDER_ERROR_CODES, ProviderRequestError } from '../events/errors.js'
import { installErrorWire } from '../events/error-wire.js'
import { PAGE_OPTION_KEYS, themeProblem, type GangwayOptions } from './options.js'
import { featureOptionsProblem, hostOptionsOf, unknownOption, withServicePreset, type ServiceUrls, type SocialProvider } from '../events/host-options.js'
import { documentLink, originOf, pageOrigin } from '../events/urls.js'
import { lazyAuthSource } from './bridge/auth/lazy-auth-source.js'
import { capturesEmail, emailCapture, isSiwxConfig, lazySiwxSource, SIWX_FUNCTIONS } from './bridge/siwx-option.js'
import { pagePlatform } from './platform.js'
import { sameShallow } from './same-value.js'
import { writeChip } from './shell/stored-chip.js'
import { installAnalyticsBeacon } from './analytics-beacon.js'
import { followSolanaConnection } from './bridge/follow-solana-connection.js'

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
  signals: {
    modal: Signal<ModalModel>
    account: Signal<AccountModel>
    network: Signal<NetworkModel>
    connect: Signal<ConnectModel>
    snackbar: Signal<SnackbarModel>
    opening: Signal<OpeningModel>
    networkList: Signal<NetworkListModel>
    send: Signal<SendModel>
    /** The buying views' data. */
    onramp: Signal<OnrampModel>
    /** The swap views' data. */
    swap: Signal<SwapModel>
    connections: Signal<ConnectionsModel>
    allWallets: Signal<AllWalletsModel>
    walletConnect: Signal<WalletConnectModel>
    accountTabs: Signal<AccountTabsModel>
    accountActions: Signal<AccountActionsModel>
    /** The ProfileWallets view's connections by namespace. */
    profileWallets: Signal<ProfileWalletsModel>
    names: Signal<NamesModel>
    /** ApproveTransaction's data: Gangway's preview of the transaction the secure site's panel shows. */
    approval: Signal<ApprovalModel>
    /** The WalletConnect pairing URI on show (never logged: it carries the pairing key). */
    pairing: Signal<PairingUri | undefined>
    /** The event seq the views show while time travelling (debug panel), else null: the live state. */
    travel: Signal<number | null>
  }
  /**
   * The legal checkbox (features.legalCheckbox, docs/api.md): the site's terms and privacy policy
   * links (checked by the URL validator, events/urls.ts documentLink; absent when not given). The
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
  /**
   * Opens the modal. Without an explicit view or namespace, the view the engine pre-computed
   * (selector `opening`) shows at once; the engine's own answer follows and confirms or corrects it.
   * Whether the device is a phone or tablet (the opening rule's `isMobile`) is read here.
   */
  open(request: Omit<Extract<Intent, { type: 'modal/open-requested' }>['payload'], 'isMobile'>): Promise<void>
  /** The log as NDJSON (src/events/ndjson.ts); `redact` (default true) hashes emails and social usernames. */
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
   * @throws typed errors (events/errors.ts; in worker mode rebuilt on this side, events/error-wire.ts),
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

/** Runs `task` in idle time after the next paint (a timeout where there is no requestIdleCallback). */
function afterPaint(task: () => void): void {
  requestAnimationFrame(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => task(), { timeout: 2000 }) : setTimeout(task, 50)))
}

/** How long a Worker gets to answer before the engine falls back to the main thread, in ms. */
export const WORKER_START_TIMEOUT_MS = 10_000

declare const GANGWAY_SECURE_SITE: string | undefined
/**
 * docs/behaviour.md §9: the secure site's origin when the site names none, from the build's
 * environment (esbuild.config.mjs `GANGWAY_SECURE_SITE`); none (no email or social login) unless set.
 */
export const DEFAULT_SECURE_SITE: string | undefined = typeof GANGWAY_SECURE_SITE === 'string' && GANGWAY_SECURE_SITE ? GANGWAY_SECURE_SITE : undefined

/** The options with `services: 'reown'` made the hosted services' base URLs. */
type ResolvedOptions = Omit<GangwayOptions, 'services'> & { services?: ServiceUrls }

/** The options with the secure site's default origin filled in where the site named none. */
function withSecureSite(o: ResolvedOptions): ResolvedOptions {
  return o.services?.secureSite || !DEFAULT_SECURE_SITE ? o : { ...o, services: { ...o.services, secureSite: DEFAULT_SECURE_SITE } }
}

/** The engine's config: the host options (declared once, events/host-options.ts), this page's origin and its path (analytics name the page by both). */
function engineConfig(o: ResolvedOptions): EngineConfig {
  return {
    ...hostOptionsOf(withSecureSite(o)),
    // An auth adapter offers email and social login as a secure site does (the engine's flag keeps its name in stored logs).
    ...(o.auth ? { authAdapter: true } : {}),
    ...(o.siwx ? { siwx: { signOutOnDisconnect: o.siwx.signOutOnDisconnect !== false, ...(capturesEmail(o.siwx) ? { emailCapture: true } : {}) } } : {}),
    ...(typeof location === 'object' && /^https?:/.test(location.origin) ? { hostOrigin: location.origin, hostPath: location.pathname } : {}),
  }
}

/**
 * The triggers (loader.ts): <gangway-button> and the site's elements with `data-gangway-open`. The
 * loader writes the same selector and intent events inline: a module shared by both costs the loader
 * 6 B gzip, the last it has.
 */
const TRIGGERS = '[data-gangway-open],gangway-button'

/**
 * Calls `approached` once, the first time the visitor reaches for a trigger: pointer over, focus or
 * touch (capture listeners on the document, so triggers the site adds later count), or at once
 * when a trigger is already under the pointer or focused (the reach that loaded this chunk early).
 * The engine then fetches the remote configuration (docs/behaviour.md §7): nothing is asked of a
 * service before a visitor reaches for the modal.
 */
function onFirstApproach(approached: () => void): void {
  if (typeof document !== 'object') return
  const types = ['pointerover', 'focusin', 'touchstart']
  const reached = () => {
    for (const type of types) document.removeEventListener(type, listener, { capture: true })
    approached()
  }
  const listener = (e: Event) => void (e.target instanceof Element && e.target.closest(TRIGGERS) && reached())
  for (const type of types) document.addEventListener(type, listener, { passive: true, capture: true })
  if (document.querySelector('gangway-button:hover,[data-gangway-open]:hover') || document.activeElement?.closest(TRIGGERS)) reached()
}

/** What the client uses of the engine, in either mode. */
type ClientEngine = Pick<Engine, 'dispatch' | 'subscribe' | 'subscribePairing' | 'subscribeAnalytics' | 'walletRequest' | 'exportLog' | 'listEvents' | 'travel' | 'getState' | 'flush'>

/**
 * Starts the engine in a Worker with `bridge` served on the page port; rejects if the Worker cannot
 * start (no support, CSP) or never answers. Subscription callbacks stay here: the worker posts their
 * values on the port under the key `listen` gave. What the worker throws arrives as the same typed
 * error (class, category, code, details: events/error-wire.ts, installed on both ends).
 */
async function startInWorker(config: EngineConfig, bridge: Bridge): Promise<ClientEngine> {
  installErrorWire(transferHandlers)
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'gangway-engine' })
  const remote = wrap<WorkerEngine>(worker)
  const { port1, port2 } = new MessageChannel()
  const page = servePagePort(port1, bridge)
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(`Worker failed to start: ${e.message || 'error'}`)), { once: true })
    setTimeout(() => reject(new Error('Worker did not answer')), WORKER_START_TIMEOUT_MS)
  })
  try {
    await Promise.race([remote.start(config, transfer(port2, [port2])), failed])
  } catch (error) {
    worker.terminate()
    page.close()
    throw error
  }
  return {
    dispatch: (intent) => remote.dispatch(intent),
    subscribe: (name, callback) => remote.subscribe(name, page.listen(callback as (value: unknown) => void)),
    subscribePairing: (callback) => remote.subscribePairing(page.listen(callback as (value: unknown) => void)),
    subscribeAnalytics: (callback) => remote.subscribeAnalytics(page.listen(callback as (value: unknown) => void)),
    walletRequest: (connectorId, args, options) => remote.walletRequest(connectorId, args, options),
    exportLog: (options) => remote.exportLog(options),
    listEvents: () => remote.listEvents(),
    travel: (seq) => remote.travel(seq),
    getState: () => remote.getState(),
    flush: () => remote.flush(),
  }
}

/**
 * Starts the engine and the bridge, and subscribes the signals.
 * @throws GangwayError 'Unknown option: {key}' (`'services.{name}'` for a service Gangway does not
 *   call; the known options in `details`); 'Invalid themeMode: {value}', 'Unknown theme variable: {name}'
 *   or 'Invalid theme variable {name}' (options.ts themeProblem); 'Invalid option: {name} must …'
 *   (host-options.ts featureOptionsProblem: a feature value of the wrong type, a terms or privacy
 *   link the URL validator refuses); 'Invalid option: siwx must have createMessage, addSession,
 *   revokeSession, setSessions and getSessions' (and getRequired a function, signOutOnDisconnect a
 *   boolean, when given); 'Invalid option: auth must have load'; each also logged with console.error.
 *   Then the engine's start errors ('projectId is required', 'Invalid CAIP-2 network id', …).
 */
/** A `siwx` option without its functions. */
const SIWX_INVALID = `Invalid option: siwx must have ${SIWX_FUNCTIONS.slice(0, -1).join(', ')} and ${SIWX_FUNCTIONS.at(-1)}`
/** An `auth` option that is not an adapter's loader. */
const AUTH_INVALID = 'Invalid option: auth must have load'

export async function startClient(given: GangwayOptions, hooks: ClientHooks): Promise<Client> {
  // `services: 'reown'` is the hosted services' base URLs (docs/services.md).
  const options = withServicePreset(given) as ResolvedOptions
  // The options are checked here, before anything starts, not in the loader (which stays small):
  // an option Gangway does not take, then the theme, which is the page's alone.
  const unknown = unknownOption(options, PAGE_OPTION_KEYS)
  const origin = typeof location === 'object' ? location.origin : undefined
  const invalid = unknown ? undefined : featureOptionsProblem(options, origin)
  // The page's own options: the theme, and the siwx functions.
  const own = themeProblem(options) ?? (options.siwx !== undefined && !isSiwxConfig(options.siwx) ? SIWX_INVALID : undefined) ?? (options.auth !== undefined && typeof (options.auth as { load?: unknown } | null)?.load !== 'function' ? AUTH_INVALID : undefined)
  const problem = unknown ? new GangwayError(unknown.message, { details: unknown.details }) : invalid ? new GangwayError(invalid) : own ? new GangwayError(own) : undefined
  if (problem) {
    // The core starts in idle time after load, ahead of any call that would report it: said at once.
    console.error('[gangway] the modal does not start:', problem.message, problem.details ?? '')
    throw problem
  }
  let engine: ClientEngine | undefined
  // The bridge reports wallets from its first moment; those reports wait for the engine, none is lost.
  let engineReady!: (e: ClientEngine) => void
  const ready = new Promise<ClientEngine>((resolve) => (engineReady = resolve))
  const dispatch = async (intent: Intent) => {
    await (await ready).dispatch(intent)
  }
  // The views' signals, declared before the engine starts: the engine's restore may ask the auth
  // source during its start, and that source reads the visitor's network from here.
  const signals = {
    modal: signal<ModalModel>({ open: false, view: 'Connect', canGoBack: false, loading: false, shake: false }),
    account: signal<AccountModel>({ status: 'disconnected', balanceLoading: false, isConnected: false }),
    network: signal<NetworkModel>({}),
    connect: signal<ConnectModel>({ rows: [], status: 'disconnected', methods: ['wallet'], legalCheckbox: false, legalAccepted: false, collapseWallets: false, branding: false, socials: [] }),
    snackbar: signal<SnackbarModel>({ open: false, variant: 'success', message: '' }),
    opening: signal<OpeningModel>({ view: 'Connect', mobileView: 'Connect' }),
    networkList: signal<NetworkListModel>({ groups: [] }),
    send: signal<SendModel>({ tokens: [], amount: '', receiver: '', loading: false }),
    swap: signal<SwapModel>({ tokens: [], amount: '', quoting: false, canSwap: false, checking: false, canConfirm: false }),
    onramp: signal<OnrampModel>({ loading: true, sample: false, purchaseCurrencies: [], paymentCurrencies: [], paymentCurrency: 'USD', amount: '', quotesLoading: false, providers: [], status: 'idle' }),
    connections: signal<ConnectionsModel>({ connectorIds: {} }),
    allWallets: signal<AllWalletsModel>({ wallets: [], count: 0, loading: false, hasMore: true, nextPage: 1 }),
    walletConnect: signal<WalletConnectModel>({ connecting: false }),
    accountTabs: signal<AccountTabsModel>({ tab: 'Tokens', tabs: ['Tokens'], tokens: [], tokensLoading: false, nfts: [], nftsLoading: false, activity: [], activityLoading: false, activityLoadingMore: false }),
    accountActions: signal<AccountActionsModel>({ actions: [] }),
    profileWallets: signal<ProfileWalletsModel>({ multiWallet: false, namespaces: [], canDisconnect: false }),
    names: signal<NamesModel>({ canChoose: false, zone: '', label: '', suggestions: [], loading: false }),
    approval: signal<ApprovalModel>({ checking: false }),
    pairing: signal<PairingUri | undefined>(undefined),
    travel: signal<number | null>(null),
  }
  // Email and social login: the site's auth adapter (or the secure site's own frame), loaded when first needed.
  const secureOrigin = originOf(withSecureSite(options).services?.secureSite)
  const platform = pagePlatform()
  const auth =
    options.auth || secureOrigin
      ? lazyAuthSource(
          () =>
            import('./bridge/auth/auth-source.js').then((m) =>
              m.pageAuthSource({ ...options, secureOrigin, activeNetwork: () => signals.network.peek().caipNetworkId, dispatch, persist: async () => (await ready).flush() }),
            ),
          platform.telegram,
        )
      : undefined
  const siwx = options.siwx ? lazySiwxSource(options.siwx) : undefined
  const bridge = createBridge(dispatch, [auth, siwx].filter((s) => s !== undefined))
  const config = engineConfig(options)
  let mode: 'worker' | 'main' = 'main'
  if (options.engine !== 'main' && typeof Worker === 'function') {
    try {
      engine = await startInWorker(config, bridge)
      mode = 'worker'
    } catch (error) {
      console.warn('[gangway] no Worker; the engine runs on the main thread', error)
    }
  }
  if (!engine) {
    const { createMainThreadEngine } = await import('../worker/main-thread.js')
    const local = createMainThreadEngine()
    engine = local
    // Same realm: the bridge object and the callbacks go to the engine as they are (main-thread.ts says why).
    await local.start(config, bridge)
  }
  engineReady(engine)

  // Each follow resolves on its first value, so a started client (and the loader's snapshots) already hold state.
  const follow = <K extends Exclude<keyof typeof signals, 'pairing' | 'travel'>>(name: K, hook?: (v: (typeof signals)[K]['value']) => void) =>
    new Promise<void>((first) => {
      void engine!.subscribe(name, ((v: (typeof signals)[K]['value']) => {
        // A value equal to the one shown (the engine confirming an open the page showed first) renders nothing again.
        if (!sameShallow(signals[name].peek(), v)) (signals[name] as Signal<unknown>).value = v
        hook?.(v)
        first()
      }) as never)
    })
  await Promise.all([follow('modal', hooks.modal), follow('account', (v) => (writeChip(options.projectId, v), hooks.account(withoutPrototype(v)))), follow('network', hooks.network), follow('connect'), follow('snackbar'), follow('opening'), follow('networkList'), follow('send'), follow('swap'), follow('onramp'), follow('connections'), follow('allWallets'), follow('walletConnect'), follow('accountTabs'), follow('accountActions'), follow('profileWallets'), follow('names'), follow('approval')])
  await engine.subscribePairing((p: PairingUri | undefined) => void (signals.pairing.value = p))
  // The pending analytics batch, held here so that a hidden or leaving page can still send it (docs/behaviour.md §7).
  installAnalyticsBeacon((callback) => engine!.subscribeAnalytics(callback), (intent) => engine!.dispatch(intent))
  hooks.engine(mode)
  // A Solana connection no page wallet provides is registered through the Wallet Standard, for the site's Solana libraries.
  followSolanaConnection({
    account: () => signals.account.value,
    connectorId: () => signals.connections.value.connectorIds.solana,
    pageWallet: (connectorId) => bridge.pageWallet(connectorId),
    request: (method, params) => {
      const connectorId = signals.connections.peek().connectorIds.solana
      if (!connectorId) return Promise.reject(new ProviderRequestError(ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND, { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError, details: 'no wallet connected on solana' }))
      return engine!.walletRequest(connectorId, { method, params })
    },
    disconnect: () => engine!.dispatch({ type: 'disconnect/requested', payload: { namespace: 'solana' } }),
  })
  onFirstApproach(() => void engine!.dispatch({ type: 'modal/trigger-approached', payload: {} }).catch(() => undefined))
  // Where the page runs, when it matters (Telegram, the phones, a Mac, iOS Safari): the social options and the pairing reuse read it.
  if (Object.values(platform).some(Boolean)) await engine.dispatch({ type: 'page/platform-detected', payload: platform }).catch(() => undefined)
  // The secure site's frame: in idle time after the modal first shows, when email or social login is offered.
  if (auth) {
    // Back from a Telegram social login: the answer comes off the address at once (it holds the
    // provider's code); the auth source redeems it only if this tab started that login, in time
    // (else the visitor sees 'Login link expired or not started here').
    const back = typeof location === 'object' ? new URL(location.href) : undefined
    const resultUri = back?.searchParams.get('result_uri')
    if (back && resultUri) {
      back.searchParams.delete('result_uri')
      history.replaceState(history.state, '', back.href)
      void auth.returnFromSocial(resultUri)
    }
    // Leaving ApproveTransaction (a close, a back) with a call still waiting rejects it there (RPC_ABORT).
    let approving = false
    signals.modal.subscribe((m) => {
      const now = m.open && m.view === 'ApproveTransaction'
      if (approving && !now) auth.abortApprovals()
      approving = now
    })
    const stop = signals.modal.subscribe((m) => {
      if (!m.open || !signals.connect.peek().methods.some((x) => x === 'email' || x === 'social')) return
      queueMicrotask(() => stop())
      afterPaint(() => auth.start())
    })
  }
  const terms = documentLink(options.termsConditionsUrl, origin)
  const privacy = documentLink(options.privacyPolicyUrl, origin)

  return {
    mode,
    locale: options.locale,
    signals,
    legal: { ...(terms ? { termsConditionsUrl: terms } : {}), ...(privacy ? { privacyPolicyUrl: privacy } : {}) },
    onrampOrigins: pageOrigin(options.services?.onramp),
    corsImageOrigins: pageOrigin(options.services?.walletConfig),
    dispatch: (intent) => engine!.dispatch(intent),
    open(options) {
      // Whether this is a phone or tablet is read here, not in the loader, which keeps it small.
      const request = { ...options, isMobile: isMobileDevice() }
      const modal = signals.modal.value
      if (!modal.open && !request.view && !request.namespace) {
        const view = request.isMobile ? signals.opening.value.mobileView : signals.opening.value.view
        signals.modal.value = { ...modal, open: true, view, canGoBack: false }
      }
      return engine!.dispatch({ type: 'modal/open-requested', payload: request })
    },
    exportLog: (options) => engine!.exportLog(options),
    state: () => engine!.getState(),
    listEvents: () => engine!.listEvents(),
    async travel(seq) {
      await engine!.travel(seq)
      signals.travel.value = seq
    },
    ...(options.siwx && capturesEmail(options.siwx) ? { captureEmail: emailCapture(options.siwx) } : {}),
    ...(auth ? { submitOtp: (otp: string) => auth.submitOtp(otp), submitUpdateOtp: (otp: string) => auth.submitUpdateOtp(otp), showSecureFrame: (target: HTMLElement) => auth.showFrame(target), startSocial: (provider: SocialProvider) => auth.startSocial(provider), farcasterUrl: () => auth.farcasterUrl() } : {}),
    testError: (message = 'Gangway test error') => engine!.dispatch({ type: 'debug/test-error-requested', payload: { message } }),
    async walletRequest(args, { namespace, restricted }) {
      // The caller's object is read once, here (a getter or Proxy answers once); the engine checks
      // this copy and forwards a fresh one.
      const { method, params } = (args ?? {}) as Partial<ProviderRequest>
      const request = (params === undefined ? { method } : { method, params }) as ProviderRequest
      const { connectorIds, activeNamespace } = signals.connections.value
      const connectorId = connectorIds[namespace ?? activeNamespace ?? 'eip155']
      if (!connectorId) throw new ProviderRequestError(ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND, { code: PROVIDER_ERROR_CODES.UnauthorizedProviderError, details: `no wallet connected on ${String(namespace ?? activeNamespace ?? 'eip155')}` })
      // The engine routes it: a WalletConnect session answers in the engine, a page wallet through the bridge.
      // Fails closed: any truthy `restricted` restricts.
      return engine!.walletRequest(connectorId, request, { restricted: Boolean(restricted) })
    },
  }
}
