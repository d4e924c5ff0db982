/**
 * The engine's public contract: everything `src/ui` and `src/react` may know of the engine side,
 * as types only (nothing here ships code; `contract-types-only` in .dependency-cruiser.cjs keeps
 * it so). The page talks to the engine through `Engine` (in worker mode, the comlink wrap of
 * `WorkerEngine` plus the page port), reads named selectors as view models, implements `Bridge`
 * for the wallets only a page can touch, and catches `GangwayError`s.
 *
 * Where the definitions live: the engine (worker/engine.ts) and the page port (worker/page-port.ts)
 * implement what is declared here; the view models are computed in src/projections/view-models;
 * the errors are events/kernel/errors.ts, rebuilt on the page by events/kernel/error-wire.ts.
 */
import type { HostOptions, SiwxDescriptor } from './events/kernel/host-options.js'
import type { ErrorWire } from './events/kernel/error-wire.js'
import type { AnalyticsBody, AnalyticsEventName, AnalyticsProps, PropValue } from './projections/analytics-events.js'
import type { SelectorName, Selected, ViewSelectorName } from './projections/selectors.js'
import type { State } from './projections/state.js'

// The vocabulary: entities, intents, options, errors.
export type { AccountTab, CaipAddress, CaipNetworkId, Connector, Namespace, Network, ViewName, WalletRef } from './events/entities.js'
export type { Intent } from './events/types.js'
export type { HostOptions, ServiceUrls } from './events/kernel/host-options.js'
export type { AuthAdapter, AuthCall, AuthContext, AuthEmailAnswer, AuthNetwork, AuthOption, AuthUser, AuthUserRequest } from './events/auth-adapter.js'
export type { Platform } from './projections/rules/auth-rules.js'
export type { SiwxMessage } from './siwx/message.js'
export type { PasskeyAuthenticationJSON, PasskeyCreationOptionsJSON, PasskeyRegistrationJSON, PasskeyRequestOptionsJSON } from './chains/eip155/passkey/webauthn-json.js'
export type { ErrorCategory, GangwayError, LogFormatError, ProviderRequestError, UserRejectedError } from './events/kernel/errors.js'
export type { WALLETCONNECT_CONNECTOR_ID } from './events/entities.js'
// What the views show: one view model per selector name.
export type {
  AccountAction,
  AccountActionsModel,
  AccountModel,
  AccountTabsModel,
  AllWalletsModel,
  ApprovalModel,
  ConnectModel,
  ConnectionsModel,
  EngineModel,
  ModalModel,
  NamesModel,
  NetworkListModel,
  NetworkModel,
  NftRow,
  OpeningModel,
  ProfileAccountRow,
  ProfileConnectionRow,
  ProfileNamespace,
  ProfileWalletsModel,
  SelectorName,
  Selected,
  ViewSelectorName,
  SendModel,
  OnrampModel,
  SwapDetails,
  SwapReview,
  SwapAssetChange,
  SwapModel,
  SwapTokenRow,
  SendTokenRow,
  SnackbarModel,
  TxApprovalRow,
  TxCallRow,
  TxChangeRow,
  TxPreviewModel,
  TxTokenRef,
  WalletConnectModel,
  WalletRow,
} from './projections/selectors.js'
export type { ActivityRow } from './projections/rules/asset-rules.js'
export type { HostSelectorName, TradeResult, WalletItem, WalletItemGroup, WalletListModel } from './projections/selectors.js'

/**
 * The pairing channel (outside the log): a pairing URI on show. The URI holds the pairing's
 * symmetric key: it goes to the view, never into the log.
 */
export interface PairingUri {
  uri: string
  pairingTopic: string
  /** s since the epoch. */
  expiresAt: number
}

/**
 * What the page sends itself with navigator.sendBeacon if it is hidden or leaves now (outside the
 * log, like the pairing): POST /batch's URL (with projectId, st and sv) and the pending events.
 */
export interface AnalyticsBeacon {
  url: string
  events: AnalyticsBody<AnalyticsProps>[]
}

/**
 * One entry of the public event stream (`Engine.subscribeEvents`): something this page session did,
 * named as analytics name it (projections/analytics-events.ts; docs/behaviour.md §7, Analytics and
 * error reports), in AppKit's shape without `reportedErrors`. Delivered whether analytics are on or
 * off, and redacted as analytics are: emails and social usernames as stable hashes, messages
 * scrubbed (URLs cut to their origin; keys, tokens and `wc:` URIs replaced) and cut to 256
 * characters; never a WalletConnect URI or key, a wallet link, the send form's receiver, an email
 * login's address or code, or a SIWX message, nonce or signature.
 *
 * Versioning: adding an event name, or an optional property to an event, keeps `version` 1;
 * renaming or removing an event or a property, or changing a property's type, makes it 2.
 * tests/unit/public-events.test.ts pins the names and their property keys.
 *
 * @example
 * ```ts
 * headless.subscribeEvents((e) => e.data.event === 'CONNECT_SUCCESS' && console.log(e.data.properties?.connectorId))
 * ```
 */
export interface PublicEvent {
  version: 1
  /** When it happened: the log event's `at`, in ms since the epoch. */
  timestamp: number
  data: {
    type: 'track'
    /** What happened: 'MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', … (docs/api.md, Events). */
    event: AnalyticsEventName
    /** The event's data, flat (strings, numbers, booleans); absent when it has none. */
    properties?: Record<string, PropValue>
    /** The account concerned (the connected one, or the one just connected or disconnected), as the wallet gave it. */
    address?: string
  }
}

/** The page port (worker mode, worker/page-port.ts): a call the worker asks of the page; `id` is unique among the calls in flight. */
export type PageCall =
  | { id: number; call: 'request'; args: [connectorId: string, request: ProviderRequest, options?: { waitMs?: number }] }
  | { id: number; call: 'watch'; args: [connectorIds: string[]] }

/** The page's answer to the call with the same `id`. */
export type PageReply = { id: number; result: unknown } | { id: number; error: ErrorWire }

/**
 * The engine as the worker exposes it through comlink (worker/worker-engine.ts): the same methods,
 * except that nothing the page hands over is a live object. `start` takes the page port (a
 * MessagePort, transferred) instead of a bridge object, and subscriptions take a key the page chose
 * instead of a callback: their values go back over the same port as `{ subscription, value }`.
 */
export interface WorkerEngine extends Omit<Engine, 'start' | 'subscribe' | 'subscribePairing' | 'subscribeAnalytics' | 'subscribeEvents'> {
  /**
   * Engine.start with the page port as the bridge (src/worker/page-port.ts).
   * @throws GangwayError 'The page port must be a MessagePort'; Engine.start's errors.
   */
  start(config: EngineConfig, port: MessagePort): ReturnType<Engine['start']>
  /**
   * Engine.subscribe, delivering each value as `{ subscription, value }` on the page port. Resolves to
   * the engine's subscription id (for `unsubscribe`).
   * @throws GangwayError 'Engine not started' (no port yet); 'Unknown selector: {name}'.
   */
  subscribe(name: SelectorName, subscription: number): Promise<number>
  /** Engine.subscribePairing, delivered the same way. @throws GangwayError 'Engine not started'. */
  subscribePairing(subscription: number): Promise<number>
  /** Engine.subscribeAnalytics, delivered the same way. @throws GangwayError 'Engine not started'. */
  subscribeAnalytics(subscription: number): Promise<number>
  /** Engine.subscribeEvents, delivered the same way. @throws GangwayError 'Engine not started'. */
  subscribeEvents(subscription: number): Promise<number>
}
export type { State } from './projections/state.js'

/**
 * What the engine is started with: the host options (events/kernel/host-options.ts, declared there once)
 * and the host page's origin (`location.origin`, set by ui/client/options-check.ts): images its own options name
 * (network and token icons) may be on it or be paths on it (every other image must be https,
 * data:image/ or on a service's origin, docs/security.md).
 */
export interface EngineConfig extends HostOptions {
  /** The site's `siwx` option, as the engine knows it (its functions stay on the page: ui/bridge/siwx-source.ts). */
  siwx?: SiwxDescriptor
  hostOrigin?: string
  /** The host page's path (`location.pathname`, no query or fragment): analytics name the page by origin and path (effects/infra/analytics.ts). */
  hostPath?: string
  /**
   * The site gave an auth adapter (its `auth` option, events/auth-adapter.ts), which stays on the
   * page: email and social login are offered through it as through `services.secureSite`
   * (`engine/configured` records `secureSite: true` for either).
   */
  authAdapter?: boolean
}

/** An EIP-1193 request. */
export interface ProviderRequest {
  method: string
  params?: unknown[] | Record<string, unknown>
}

/**
 * What the engine asks of the main thread: only a page can touch injected and announced wallet
 * providers. In worker mode the engine's `Bridge` is the worker's end of the page port
 * (worker/page-port.ts: two named calls, plain data, checked by the page; never a proxy of a page
 * object); in main-thread mode, the page's bridge object itself (same realm, see main-thread.ts).
 */
export interface Bridge {
  /**
   * Calls `provider.request(args)` on the connector's EIP-1193 provider and resolves with its result.
   * `waitMs`: how long to wait for the connector to be discovered first (for session restore), default 0.
   * @throws the provider's error typed (events/kernel/errors.ts `walletError`: UserRejectedError for a
   *         refusal, 4001, else ProviderRequestError with its code), or ProviderRequestError 4900
   *         'No connector found for connection: {id}' when the connector is not there.
   */
  request(connectorId: string, args: ProviderRequest, options?: { waitMs?: number }): Promise<unknown>
  /** Follows the wallet events (accountsChanged, chainChanged, disconnect) of exactly these connectors (the connected ones); [] stops. */
  watch(connectorIds: string[]): Promise<void> | void
}

/** The engine's public interface: the only way the UI reaches it. */
export interface Engine {
  /**
   * Opens the log, replays it, records the configuration and starts the effects.
   * @throws GangwayError 'Engine already started'; 'Invalid CAIP-2 network id' for a malformed network id;
   *   'projectId is required'; 'At least one network is required'; 'Unknown option: {key}' for an
   *   option the engine does not take (events/kernel/host-options.ts); 'Invalid option: {name} must …' for a
   *   feature value of the wrong type or a terms or privacy link the URL validator refuses
   *   (host-options.ts featureOptionsProblem); 'Invalid option: authAdapter must be a boolean'.
   * Resolves to `{ mode, replayed, views }`: where the engine runs, how many stored events it
   * folded, and the names of the selectors the views follow (projections/selectors.ts
   * `viewSelectors`, every name but `engine`): the page, which may not import the selectors, makes
   * one signal per name from them (ui/client/signals.ts).
   */
  start(config: EngineConfig, bridge: Bridge): Promise<{ mode: 'worker' | 'main'; replayed: number; views: ViewSelectorName[] }>
  /**
   * Appends an intent (or a fact the bridge observed) to the log.
   * @throws GangwayError 'Engine not started', or the validation errors of validateIntent; the log is unchanged.
   */
  dispatch(intent: unknown): Promise<void>
  /** Calls `callback` now with the named selector's value, then each time it changes. Resolves to a subscription id. */
  subscribe<N extends SelectorName>(name: N, callback: (value: Selected<N>) => void): Promise<number>
  unsubscribe(id: number): Promise<void>
  /**
   * Calls back now and on each change with the WalletConnect pairing URI on show (or undefined).
   * The URI carries the pairing's symmetric key: it is delivered here only, never logged. Resolves
   * to a subscription id for `unsubscribe`.
   */
  subscribePairing(callback: (pairing: PairingUri | undefined) => void): Promise<number>
  /**
   * Calls back now and on each change with the analytics batch the page must send itself if it is
   * hidden or leaves (`{ url, events }`: POST /e's URL with projectId, st and sv, and the pending
   * events; undefined while nothing waits or analytics are off). A worker has no
   * navigator.sendBeacon and a round trip does not finish in `pagehide` (ui/analytics-beacon.ts
   * sends it, then dispatches `analytics/beacon-sent` with the ids it sent). Resolves to a
   * subscription id for `unsubscribe`.
   * @throws GangwayError 'Engine not started'.
   */
  subscribeAnalytics(callback: (beacon: AnalyticsBeacon | undefined) => void): Promise<number>
  /**
   * Calls back with each public event (`PublicEvent`: `{ version: 1, timestamp, data: { type:
   * 'track', event, properties?, address? } }`, `timestamp` in ms) that this page session's events
   * make, in their order, from the moment of subscribing (nothing earlier is replayed). The events
   * are analytics' (projections/analytics-events.ts `analyticsEventsOf`, docs/behaviour.md §7), already
   * redacted, and come whether analytics are on or off; this stream sends nothing anywhere. What
   * another tab of the site does (a connection made there) is that tab's to deliver. Resolves to a
   * subscription id for `unsubscribe`.
   * @throws GangwayError 'Engine not started'.
   */
  subscribeEvents(callback: (event: PublicEvent) => void): Promise<number>
  /**
   * Sends the host page's wallet call (`modal.getWalletProvider()`) through the engine's connectors
   * (the WalletConnect session; page wallets through the bridge). `args.method` is read once and
   * the wallet gets a fresh `{ method, params }` (params a structured clone), so a getter cannot
   * answer the check one thing and the wallet another (worker/provider-request.ts). `restricted`
   * allows only the methods docs/behaviour.md §5 calls safe.
   * @throws GangwayError 'Engine not started'; ProviderRequestError 4100 'Requested RPC call is not
   *   allowed' on the restricted path; ProviderRequestError -32600 | -32602 for a malformed request
   *   ('Request method must be a string', …, see checkedProviderRequest); the wallet's error, typed
   *   (events/kernel/errors.ts `walletError`): UserRejectedError (4001, or 5000) for a refusal, else a
   *   ProviderRequestError with the wallet's code, message and data (category API_ERROR, details
   *   '{method} on connector {connectorId}'); ProviderRequestError 4900 'No connector found for
   *   connection: {id}'. Each has a numeric `code` and a string `message` (EIP-1193); in worker mode
   *   they reach the page as the same classes (events/kernel/error-wire.ts).
   */
  walletRequest(connectorId: string, args: ProviderRequest, options?: { restricted?: boolean }): Promise<unknown>
  /**
   * The log as an NDJSON file (src/events/log/ndjson.ts): a header, the snapshot this session's log
   * starts from when not seq 1, then one event a line in seq order. `redact` (default true) replaces
   * emails and social usernames with stable hashes.
   */
  exportLog(options?: { redact?: boolean }): Promise<string>
  /** This session's events in memory, for the debug panel: seq, type, tab and `at` (ms), oldest first; `base` is the seq before the first. */
  listEvents(): Promise<{ base: number; events: { seq: number; type: string; tab: string; at: number }[] }>
  /**
   * Time travel: the selectors follow the state as of event `seq` (the modal shown, read-only:
   * `dispatch` throws 'Read-only while time travelling') until `travel(null)` returns to the live state.
   * @throws GangwayError 'Engine not started'; 'No event with seq {seq} in this session's log (it holds {first}–{last})'.
   */
  travel(seq: number | null): Promise<void>
  /** The whole projected state (for debugging and tests). */
  getState(): Promise<State>
  /** Resolves when every event so far is persisted. */
  flush(): Promise<void>
  /** Stops effects and subscriptions. */
  stop(): Promise<void>
}
