/**
 * The engine: the event log, the projected state, and the effects that turn events into new events.
 * One implementation serves both modes: in a dedicated Worker behind comlink (entry.ts), or on the
 * main thread where no Worker can start (main-thread.ts). Every method is async so both modes
 * share one interface.
 */
import { BehaviorSubject, Observable, Subject, asyncScheduler, catchError, combineLatest, distinctUntilChanged, map, merge, type SchedulerLike, type Subscription } from 'rxjs'
import { parseCaipNetworkId } from '../chains/caip.js'
import { GangwayError, InvalidOptionError } from '../events/kernel/errors.js'
import { configuredPayload, featureOptionsProblem, TIME_ZONE, unknownOption } from '../events/kernel/host-options.js'
import type { LogStorage } from '../events/log/log.js'
import { serializeLog } from '../events/log/ndjson.js'
import { event, type GangwayEvent, type NewEvent } from '../events/types.js'
import { validateIntent } from '../events/validate.js'
import { selectors, viewSelectors, type Selected, type SelectorName, type ViewSelectorName } from '../projections/selectors.js'
import { initialState, type State } from '../projections/state.js'
import { refusal } from '../projections/rules/guards.js'
import { selectOrKeep, withCheckedImages } from '../projections/view-values.js'
import { rememberedOnSlices } from '../projections/slice-memo.js'
import { serviceOrigins } from '../events/kernel/urls.js'
import type { AnalyticsBeacon, Bridge, Engine, EngineConfig, PairingUri, ProviderRequest, PublicEvent } from '../contract.js'
import { createChainAccess } from './chain-access.js'
import { effects as defaultEffects } from './effects/index.js'
import type { Effect } from './effects/context.js'
import { deepEqual } from './deep-equal.js'
import { createRpcPipeline } from './rpc/pipeline.js'
import { createServiceFetch } from '../api/service-fetch.js'
import { serviceImageUrls } from '../api/image-urls.js'
import type { ServiceImageUrl } from '../projections/view-values.js'
import { createEngineCaches } from './cache/engine-caches.js'
import { createRemoteReader } from './effects/account-data/remote-fetch.js'
import type { CacheStorage } from './cache/two-level-cache.js'
import { checkedProviderRequest } from './provider-request.js'
import { createWalletConnectConnector, type SignClientLike } from './walletconnect/connector.js'
import { signClientLoaders, type SignClientSettings } from './walletconnect/sign-client.js'
import { routedBridge } from './walletconnect/routed-bridge.js'
import { createPasskeyConnector } from './passkey/passkey-connector.js'
import { authPolicyBridge } from './auth/auth-requests.js'
import { callsBridge } from './calls/calls-bridge.js'
import { createProjectedLog, type ProjectedLog } from './projected-log.js'
import { analyticsClient } from '../api/analytics.js'
import { analyticsEventsOf, analyticsPage } from '../projections/analytics-events.js'
import { resolveFeatures } from '../projections/select/features.js'
import { createAnalyticsOutbox } from './effects/infra/analytics.js'
import { effectFailure, failureLogLimit } from './effect-failure.js'

/** What the engine is built with. Tests inject storage, fetch, a clock, a scheduler and their own effects. */
export interface EngineDeps {
  mode: 'worker' | 'main'
  /** Log storage per project; default none (memory only). */
  storage?: (projectId: string) => LogStorage
  /** Cache storage per project (the caches' second level); default none (memory only). */
  cacheStorage?: (projectId: string) => CacheStorage
  fetch?: typeof fetch
  /** ms since the epoch; default Date.now. */
  clock?: () => number
  /**
   * What the effects' timers run on (block polling, the snackbar and shake timers, the request
   * linger, receipt polling); default `asyncScheduler`. A test passes a virtual one (and a clock
   * reading it) to move time without waiting.
   */
  scheduler?: SchedulerLike
  /** This page session's id (the `tab` of its events); default 16 random hex digits. */
  tabId?: string
  effects?: readonly Effect[]
  /** Block polling interval in ms; default 4000 (docs/behaviour.md §9). */
  pollIntervalMs?: number
  /** Starts the WalletConnect sign client; default `@walletconnect/sign-client`, loaded on demand. */
  loadSignClient?: (settings: SignClientSettings) => Promise<SignClientLike>
  /**
   * Runs after each event's fold has reached the subscriptions and before the effects see the
   * event: in a Worker, the page port posts there what that event changed, as one message
   * (worker-engine.ts), so the page renders it while the effects the event sets off still run here.
   */
  beforeEffects?: () => void
}

/** The browser's IANA time zone for `engine/configured` (the on-ramp's restricted time zones, docs/behaviour.md §9), when it names one. */
function visitorTimeZone(): { timeZone?: string } {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    return typeof zone === 'string' && TIME_ZONE.test(zone) ? { timeZone: zone } : {}
  } catch {
    return {}
  }
}

/** `bytes` random bytes as hex digits (crypto.getRandomValues works outside secure contexts too). */
function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
}
/** A page session id: 16 random hex digits. */
const newTabId = () => randomHex(8)

/** Refusal while time travelling (a debug message, not a docs/behaviour.md §8 one): the selectors show a past state. */
export const READ_ONLY_TRAVEL = 'Read-only while time travelling'

export function createEngine(deps: EngineDeps): Engine {
  let projected: ProjectedLog | undefined
  let log: ProjectedLog['log'] | undefined
  const state$ = new BehaviorSubject<State>(initialState)
  /** The state the selectors follow while time travelling (null: live). */
  const travel$ = new BehaviorSubject<State | null>(null)
  let projectId = ''
  const appended$ = new Subject<GangwayEvent>()
  const subscriptions = new Map<number, Subscription>()
  let effectsSubscription: Subscription | undefined
  let routed: Bridge | undefined
  /** The same, as the site calls it (getWalletProvider): the auth connector's connection calls other than reads pass its policy. */
  let siteRouted: Bridge | undefined
  /** The configured services' origins: the only http origins an image may come from. */
  let imageOrigins: string[] = []
  /** The host page's origin: image paths in the host's own options are read against it. */
  let imageBase: string | undefined
  /** The wallet/config service's image URLs: what the view models' service image references become. */
  let serviceImage: ServiceImageUrl | undefined
  let pairing$: Observable<PairingUri | undefined> | undefined
  /** The analytics batch the page sends itself if it is hidden or leaves (effects/infra/analytics.ts). */
  let analytics$: Observable<AnalyticsBeacon | undefined> | undefined
  /** The event being handed to the effects now (the guard against an effect that fails on its own failure). */
  let delivering: GangwayEvent | undefined
  const deliver = (e: GangwayEvent) => {
    deps.beforeEffects?.()
    const outer = delivering
    delivering = e
    try {
      appended$.next(e)
    } finally {
      delivering = outer
    }
  }
  let nextSubscriptionId = 1

  // Appends run one at a time: an event an effect emits while another is being delivered waits its
  // turn, so every listener sees events in seq order.
  const pending: NewEvent[] = []
  let draining = false
  // An event the log refuses (its fold throws) is dropped: the caller's own rethrows, an effect's is logged.
  const append = (e: NewEvent) => {
    pending.push(e)
    if (draining) return
    draining = true
    let refused: { error: unknown } | undefined
    try {
      for (let next = pending.shift(); next; next = pending.shift()) {
        try {
          log!.append(next)
        } catch (error) {
          if (next === e) refused = { error }
          else console.error(`[gangway] event refused: ${next.type}`, error)
        }
      }
    } finally {
      draining = false
    }
    if (refused) throw refused.error
  }

  /**
   * Delivers each value of `source` to `callback` under a new subscription id. In a Worker, at once:
   * the callback only posts the value on the page port (worker-engine.ts), so the page can render
   * it while the effects this event sets off still run here (a microtask would hold every view
   * update of a visitor's click until that whole cascade had run). On the main thread, in a
   * microtask: the callback is the page's own, and must not run inside an append.
   */
  const follow = <T>(source: Observable<T>, callback: (value: T) => void): number => {
    const id = nextSubscriptionId++
    // A callback that throws (or a closed comlink port) must not break the engine.
    const call = (v: T) => {
      try {
        void Promise.resolve(callback(v)).catch(() => undefined)
      } catch {
        // dropped, as a rejection is
      }
    }
    subscriptions.set(id, source.subscribe((v) => (deps.mode === 'worker' ? call(v) : void Promise.resolve(v).then(call))))
    return id
  }

  /**
   * The public events (contract.ts PublicEvent) of each event appended from the moment of
   * subscribing: analyticsEventsOf of the state before it and the state it made, as the analytics
   * effect reads them (effects/infra/analytics.ts), so the stream and what analytics send agree; it
   * gives nothing for another tab's events. A projection that throws on one event loses that
   * event's entries only.
   */
  const publicEvents$ = new Observable<PublicEvent>((out) => {
    let before = state$.value
    return appended$.subscribe((e) => {
      const prev = before
      before = state$.value
      try {
        // Empty properties are left out (AppKit's events without data have none).
        for (const { properties, ...rest } of analyticsEventsOf(prev, before, e)) out.next({ version: 1, timestamp: e.at, data: Object.keys(properties).length ? { ...rest, properties } : rest })
      } catch (error) {
        console.error(`[gangway] no public event for ${e.type}`, error)
      }
    })
  })

  const validateConfig = (config: EngineConfig) => {
    if (!config || typeof config.projectId !== 'string' || !config.projectId) throw new InvalidOptionError('projectId is required')
    if (!Array.isArray(config.networks) || config.networks.length === 0) throw new InvalidOptionError('At least one network is required')
    const unknown = unknownOption(config, ['hostOrigin', 'hostPath', 'siwx', 'authAdapter'])
    if (unknown) throw new InvalidOptionError(unknown.message, { details: unknown.details })
    if (config.authAdapter !== undefined && typeof config.authAdapter !== 'boolean') throw new InvalidOptionError('Invalid option: authAdapter must be a boolean')
    if (config.siwx !== undefined && (!config.siwx || typeof config.siwx.signOutOnDisconnect !== 'boolean' || (config.siwx.emailCapture !== undefined && typeof config.siwx.emailCapture !== 'boolean'))) throw new InvalidOptionError('Invalid option: siwx must be a SIWX config')
    // The feature values and the site's document links (docs/behaviour.md §3 Options): 'Invalid option: …'.
    const problem = featureOptionsProblem(config, config.hostOrigin)
    if (problem) throw new InvalidOptionError(problem)
    for (const n of config.networks) parseCaipNetworkId(n.caipNetworkId)
    if (config.defaultNetwork) parseCaipNetworkId(config.defaultNetwork.caipNetworkId)
  }

  return {
    async start(config, bridge) {
      if (log) throw new GangwayError('Engine already started')
      validateConfig(config)
      projectId = config.projectId
      projected = createProjectedLog({
        tab: deps.tabId ?? newTabId(),
        clock: deps.clock ?? Date.now,
        ...(deps.storage ? { storage: deps.storage(config.projectId) } : {}),
      })
      log = projected.log
      const { replayed } = await projected.open()
      projected.state$.subscribe(state$)
      log.subscribe(deliver)
      projected.foreign$.subscribe(deliver)
      const rpc = createRpcPipeline(deps.fetch ? { fetch: deps.fetch } : {})
      const services = config.services ?? {}
      imageOrigins = [...serviceOrigins(services), ...(config.hostOrigin ? [config.hostOrigin] : [])]
      imageBase = config.hostOrigin
      const api = createServiceFetch({ services, projectId: config.projectId, ...(deps.fetch ? { fetch: deps.fetch } : {}) })
      // Analytics and error reports: only where the site has them on (effects/infra/analytics.ts).
      // The site's own `features.analytics` (the remote configuration never touches it), defaults and all from the one resolution.
      const analyticsOn = resolveFeatures(config.features, config.remoteFeatures, undefined).analytics && Boolean(services.analytics)
      const analytics = createAnalyticsOutbox(
        { analytics: analyticsOn, errorReports: analyticsOn && config.errorReports !== false, page: analyticsPage(config.hostOrigin, config.hostPath), askSwitch: Boolean(services.walletConfig) },
        analyticsClient(api),
      )
      analytics$ = analytics.beacon$
      serviceImage = serviceImageUrls(api, services.walletConfig)
      const clock = deps.clock ?? Date.now
      const scheduler = deps.scheduler ?? asyncScheduler
      const walletConnect = createWalletConnectConnector({
        ...signClientLoaders(config.walletConnect, { projectId: config.projectId, metadata: config.metadata }, deps.loadSignClient),
        networks: () => config.networks,
        activeChain: (ns) => state$.value.networks.active[ns],
        clock,
      })
      pairing$ = walletConnect.pairing$
      // The auth connector's call policy wraps both the effects' calls and the site's (worker/auth/auth-requests.ts).
      const evmNetwork = () => state$.value.accounts.eip155?.caipNetworkId
      const evmAccount = () => state$.value.accounts.eip155?.address
      // The passkey connector's calls are answered here; only its ceremonies go to the page (worker/passkey/).
      const passkey = createPasskeyConnector({
        page: bridge,
        state: () => state$.value,
        chains: () => ctx.chains,
        options: () => config.passkeys,
        site: () => ({ ...(config.hostOrigin ? { origin: config.hostOrigin } : {}), ...(config.metadata?.name ? { name: config.metadata.name } : {}) }),
      })
      routed = authPolicyBridge(routedBridge(bridge, walletConnect, passkey), append, evmNetwork, { account: evmAccount })
      // The site's calls also get EIP-5792's sequential fallback where the wallet has no batches (worker/calls/calls-bridge.ts).
      siteRouted = callsBridge(authPolicyBridge(routedBridge(bridge, walletConnect, passkey), append, evmNetwork, { site: true, account: evmAccount }), {
        append,
        events$: appended$.asObservable(),
        state: () => state$.value,
        networks: () => config.networks,
        chains: () => ctx.chains,
        newId: () => `0x${randomHex(32)}`,
      })
      const ctx = {
        events$: appended$.asObservable(),
        state: () => state$.value,
        bridge: routed,
        walletConnect,
        passkey,
        // The networks with their RPC URLs live here, in memory: URLs can carry API keys, so the log never holds them.
        chains: createChainAccess(
          () => config.networks,
          rpc,
          () => ({
            projectId: config.projectId,
            ...(config.rpcUrls ? { rpcUrls: config.rpcUrls } : {}),
            ...(services.blockchain ? { providerUrl: services.blockchain } : {}),
            providerChains: state$.value.config.providerChains,
          }),
          { clock, scheduler },
          services.bitcoin ? api : undefined,
        ),
        api,
        services,
        networks: () => config.networks,
        caches: createEngineCaches(deps.cacheStorage?.(config.projectId), clock),
        clock,
        scheduler,
        read: createRemoteReader(scheduler),
        pollIntervalMs: deps.pollIntervalMs ?? 4000,
        analytics,
      }
      // One effect that fails is restarted; the others never notice. Its error, as the typed SDK
      // error, scrubbed and bounded, is logged as `engine/effect-failed` (and reported, effects/infra/analytics.ts),
      // unless it failed on such an event (an effect that fails on every event must not feed itself),
      // and at most 50 a minute (failureLogLimit).
      const logFailure = failureLogLimit()
      const guarded = (deps.effects ?? defaultEffects).map((f, i) =>
        f(ctx).pipe(
          catchError((error, restarted) => {
            console.error('[gangway] effect failed; restarting it', error)
            if (delivering?.type !== 'engine/effect-failed' && logFailure(clock())) {
              try {
                append(event('engine/effect-failed', effectFailure(error, `${f.name || 'effect'}#${i}`, config.projectId)))
              } catch (refused) {
                console.error('[gangway] event refused: engine/effect-failed', refused)
              }
            }
            return restarted
          }),
        ),
      )
      effectsSubscription = merge(...guarded).subscribe((e) => {
        try {
          append(e)
        } catch (error) {
          console.error(`[gangway] event refused: ${e.type}`, error)
        }
      })
      append(event('engine/configured', { ...configuredPayload(config), ...(config.authAdapter === true ? { secureSite: true } : {}), ...visitorTimeZone(), ...(config.siwx ? { siwx: { signOutOnDisconnect: config.siwx.signOutOnDisconnect, ...(config.siwx.emailCapture === true ? { emailCapture: true } : {}) } } : {}) }))
      append(event('engine/started', { mode: deps.mode }))
      // The names the views follow: the page makes their signals from them (it does not load the selectors).
      return { mode: deps.mode, replayed, views: Object.keys(viewSelectors) as ViewSelectorName[] }
    },
    async dispatch(intent) {
      if (!log) throw new GangwayError('Engine not started')
      if (travel$.value) throw new GangwayError(READ_ONLY_TRAVEL)
      const valid = validateIntent(intent)
      const refused = refusal(state$.value, valid, (deps.clock ?? Date.now)())
      if (refused) throw new GangwayError(refused)
      append(valid)
    },
    async subscribe(name, callback) {
      if (!selectors[name]) throw new GangwayError(`Unknown selector: ${String(name)}`)
      // Runs only when a slice it read has changed since (slice-memo.ts): most events leave most view models alone.
      const select = rememberedOnSlices(selectors[name] as (s: State) => Selected<typeof name>)
      const view$ = combineLatest([state$, travel$]).pipe(map(([live, past]) => past ?? live))
      // A selector that cannot read a state keeps its last value (reported once until it reads again);
      // every image URL it gives passes the URL validator before any view sees it, a service image reference made its URL first.
      let raw = select(initialState)
      let last = withCheckedImages(raw, imageOrigins, imageBase, serviceImage)
      let failing = false
      const report = (error: unknown) => {
        if (!failing) console.error(`[gangway] selector ${String(name)} failed; its last value stays`, error)
        failing = true
      }
      const checked = (s: State): Selected<typeof name> => {
        const before = raw
        raw = selectOrKeep(select, s, raw, report)
        if (raw === before) return last
        failing = false
        last = withCheckedImages(raw, imageOrigins, imageBase, serviceImage)
        return last
      }
      return follow(view$.pipe(map(checked), distinctUntilChanged<Selected<typeof name>>(deepEqual)), callback)
    },
    async subscribeAnalytics(callback) {
      if (!analytics$) throw new GangwayError('Engine not started')
      return follow(analytics$, callback)
    },
    async subscribeEvents(callback) {
      if (!log) throw new GangwayError('Engine not started')
      return follow(publicEvents$, callback)
    },
    async subscribePairing(callback) {
      if (!pairing$) throw new GangwayError('Engine not started')
      return follow(pairing$, callback)
    },
    async walletRequest(connectorId, args, options) {
      if (!siteRouted) throw new GangwayError('Engine not started')
      return siteRouted.request(connectorId, checkedProviderRequest(args, options?.restricted === true))
    },
    async unsubscribe(id) {
      subscriptions.get(id)?.unsubscribe()
      subscriptions.delete(id)
    },
    async exportLog(options) {
      if (!projected) return ''
      return serializeLog(projected.file(options?.redact ?? true, projectId))
    },
    async listEvents() {
      return { base: log?.base ?? 0, events: (log?.events() ?? []).map(({ seq, type, tab, at }) => ({ seq, type, tab, at })) }
    },
    async travel(seq) {
      if (!projected) throw new GangwayError('Engine not started')
      if (seq === null) return travel$.next(null)
      const past = projected.stateAt(seq)
      // The modal shows the state of that moment even if it was closed then.
      travel$.next({ ...past, modal: { ...past.modal, open: true } })
    },
    async getState() {
      return state$.value
    },
    async flush() {
      await log?.flush()
    },
    async stop() {
      effectsSubscription?.unsubscribe()
      await log?.close()
      for (const s of subscriptions.values()) s.unsubscribe()
      subscriptions.clear()
    },
  }
}
