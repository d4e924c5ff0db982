/**
 * What an effect gets, after redux-observable: the stream of newly appended events (never the
 * replayed ones), a reader of the current state, the main-thread bridge and the chain access.
 * An effect is an RxJS pipeline from events to new events. Time is injected too: an effect reads
 * the time with `clock()` and waits with `scheduler` (`timer(ms, scheduler)`, `delay(ms, scheduler)`),
 * never with `Date.now()` or `setTimeout`, so a test can drive it with a virtual scheduler.
 */
import { filter, groupBy, mergeMap, switchMap, take, type Observable, type ObservableInput, type OperatorFunction, type SchedulerLike } from 'rxjs'
import type { EventOf, EventType, GangwayEvent, NewEvent } from '../../events/types.js'
import type { Network } from '../../events/entities.js'
import type { ServiceFetch } from '../../api/service-fetch.js'
import type { ServiceUrls } from '../../events/kernel/host-options.js'
import type { State } from '../../projections/state.js'
import type { Bridge } from '../../contract.js'
import type { ChainAccess } from '../chain-access.js'
import type { EngineCaches } from '../cache/engine-caches.js'
import type { WalletConnectConnector } from '../walletconnect/connector.js'
import type { PasskeyConnector } from '../passkey/passkey-connector.js'
import type { RemoteReader } from './account-data/remote-fetch.js'
import type { AnalyticsOutbox } from './infra/analytics.js'

export interface EffectContext {
  /** Events as they are appended, after the state has folded them in. */
  events$: Observable<GangwayEvent>
  state: () => State
  bridge: Bridge
  chains: ChainAccess
  /** The docs/behaviour.md §7 REST services, with projectId, st and sv on every call. */
  api: ServiceFetch
  services: ServiceUrls
  /** The site's networks with their RPC URLs (kept in memory, out of the log). */
  networks: () => readonly Network[]
  /** The engine's caches (docs/behaviour.md §3), by name. */
  caches: EngineCaches
  /** ms since the epoch (the log's clock). */
  clock: () => number
  /** What every timer of an effect runs on (`asyncScheduler` in the engine; a virtual one in tests). */
  scheduler: SchedulerLike
  /** The WalletConnect connector (its calls also go through `bridge`). */
  walletConnect: WalletConnectConnector
  /** The passkey connector (worker/passkey/; its calls also go through `bridge`). */
  passkey: PasskeyConnector
  /** Cached, shared, cancellable service reads for the views (remote-fetch.ts). */
  read: RemoteReader
  /** Poll interval for new blocks where no subscription transport exists: 4 s (docs/behaviour.md §9). */
  pollIntervalMs: number
  /** Analytics and error reports of this page life (effects/infra/analytics.ts); absent: none are sent. */
  analytics?: AnalyticsOutbox
}

export type Effect = (ctx: EffectContext) => Observable<NewEvent>

/** Keeps the events of the given types, narrowed. */
export function ofType<T extends EventType>(...types: T[]): OperatorFunction<GangwayEvent, EventOf<T>> {
  return filter((e): e is EventOf<T> => (types as EventType[]).includes(e.type))
}

/**
 * The events by which the visitor reaches for the modal (network quiet, docs/behaviour.md §7): an open, or
 * `modal/trigger-approached` (pointer, focus or touch on a trigger, sent by the page).
 */
export const REACH_EVENTS = ['modal/open-requested', 'modal/trigger-approached'] as const
type ReachEvent = (typeof REACH_EVENTS)[number]

/**
 * The visitor's first reach for the modal in this page life: the first of REACH_EVENTS, once;
 * plus, for `also`, the first of those event types. Effects that ask a service for the modal's sake
 * (the wallet lists, the allowed origins, the remote configuration) start from it, never from
 * `engine/started`, so a visitor who does not reach for the modal causes no request.
 */
export function firstReach<T extends EventType>(...also: T[]): OperatorFunction<GangwayEvent, EventOf<ReachEvent | T>> {
  return (source) => source.pipe(ofType<ReachEvent | T>(...REACH_EVENTS, ...also), take(1))
}

/** switchMap per key: a newer value replaces an older one with the same key; different keys run side by side. */
export function switchMapPerKey<T, R>(key: (value: T) => string, project: (value: T) => ObservableInput<R>): OperatorFunction<T, R> {
  return (source) => source.pipe(groupBy(key), mergeMap((perKey$) => perKey$.pipe(switchMap(project))))
}
