/**
 * Events of the engine itself and the services around it: configuration and start, the supported chains, allowed origins, the remote
 * configuration, caches, refused stored events, effect failures, analytics and the debug test error.
 */
import { CACHE_NAMES } from '../entities.js'
import { ERROR_CATEGORIES } from '../kernel/errors.js'
import { featureOptionsProblem, TIME_ZONE, type ConfiguredPayload, type RemoteFeatures } from '../kernel/host-options.js'
import { ANALYTICS_MAX_PENDING } from '../kernel/limits.js'
import { bool, check, exactly, list, matching, nothing, object, oneOf, optional, text, whole } from '../schema.js'
import { intent, outcome } from './define.js'
import { caip2, errorCode, errorId, message, namespace } from './fields.js'

/** A list of at most 1000 strings of 1 to 256 characters (chain ids, origins). */
const strings = list(text(), 1000)

/** The fields of `engine/configured` its shape fixes: the project, the networks (their other fields as given), the SIWX descriptor, the time zone. */
const configuredShape = object({
  projectId: text(),
  networks: list(object({ caipNetworkId: caip2, chainNamespace: namespace, name: text() }), Infinity),
  defaultNetworkId: optional(caip2),
  siwx: optional(object({ signOutOnDisconnect: bool, emailCapture: optional(bool) })),
  timeZone: optional(matching(TIME_ZONE)),
  walletConnect: optional(exactly(false)),
})

/** The host site's options as `engine/configured` records them: its shape, and the feature options as host-options.ts featureOptionsProblem reads them. */
const configured = check<ConfiguredPayload>((v) => {
  if (!configuredShape(v)) return false
  const p = v as ConfiguredPayload
  return (
    featureOptionsProblem({
      features: p.features,
      remoteFeatures: p.remoteFeatures,
      addressLabels: p.addressLabels,
      onrampRestrictedTimeZones: p.onrampRestrictedTimeZones,
      swap: p.swap,
      onramp: p.onramp,
    }) === undefined
  )
})

/** Remote features as host-options.ts featureOptionsProblem reads them (an object of flags, socials false or a list of providers). */
const remoteFeatures = check<RemoteFeatures>((v) => !!v && featureOptionsProblem({ remoteFeatures: v as RemoteFeatures }) === undefined)

/** The caches of docs/behaviour.md §3 by name (entities.ts CacheName). */
const cacheName = oneOf(CACHE_NAMES)

/** A cache key: an address, a CAIP-10 id, a name lookup, at most 512 characters. */
const cacheKey = text(512)

export const infra = {
  /** The host site's options as the engine uses them (host-options.ts: configuredPayload); written once per engine start. */
  'engine/configured': outcome(configured),
  /** The engine finished replaying its log and runs; session-scoped state (open modal, pending connect) resets. */
  'engine/started': outcome(object({ mode: oneOf(['worker', 'main']) })),
  /** The wallet provider's supported chains (blockchain service GET v1/supported-chains): CAIP-2 ids. */
  'rpc/supported-chains-fetched': outcome(object({ http: strings, ws: strings })),
  /** The project's allowed origins (wallet/config service, docs/behaviour.md §7), and whether this page's origin is one of them. */
  'origins/fetched': outcome(object({ allowedOrigins: strings, originAllowed: bool })),
  /** docs/behaviour.md §8: 'RATE_LIMITED' on 429, 'SERVER_ERROR' on 5xx. */
  'origins/failed': outcome(object({ message, errorId: optional(errorId) })),
  /**
   * The remote configuration (wallet/config service GET /appkit/v1/config, docs/behaviour.md §7, §9),
   * checked and reduced to the remote features it sets (api/wallet-config.ts remoteFeaturesOf).
   * Asked at most once per page life, on the first open or trigger approach.
   */
  'features/remote-config-fetched': outcome(object({ features: remoteFeatures })),
  /** The remote configuration could not be read: the defaults stay (logged, never shown). */
  'features/remote-config-failed': outcome(object({ message, errorId: optional(errorId) })),
  /** A cache answered (docs/behaviour.md §3 caches): which cache, key, level and the entry's age in ms. */
  'cache/hit': outcome(object({ cache: cacheName, key: cacheKey, level: oneOf(['memory', 'storage']), ageMs: whole() })),
  /** A cache had no fresh entry, so the value is fetched. */
  'cache/missed': outcome(object({ cache: cacheName, key: cacheKey })),
  /**
   * A stored or imported event that failed its checks when read back (src/events/log/validate-stored.ts):
   * it keeps its seq so the log stays gap-free, and nothing folds or acts on it.
   */
  'log/event-refused': outcome(object({ refusedType: text(64), reason: message })),
  /**
   * An error escaped an effect (docs/behaviour.md §8: wrapped in the typed SDK error, category
   * INTERNAL_SDK_ERROR by default); the engine restarts the effect. `effect`: which one (its name
   * and place in the engine's list); `errorType`: the error's class name; `message` (at most 500
   * characters) and `stack` (the frames, at most 4000) scrubbed of secrets (events/log/redact.ts
   * scrubText); `code` when the error has one. Reported to the analytics service.
   */
  'engine/effect-failed': outcome(
    object({ effect: text(128), errorType: text(64), category: oneOf(ERROR_CATEGORIES), message: text(500, 0), errorId: optional(errorId), code: optional(errorCode), stack: optional(text(4000)) }),
  ),
  /**
   * Analytics and error reports (docs/behaviour.md §7, worker/effects/infra/analytics.ts). The wallet/config
   * service's switch (GET /getAnalyticsConfig): false turns both off for this page; it never turns
   * them on against the site.
   */
  'analytics/config-fetched': outcome(object({ isAnalyticsEnabled: bool })),
  /** The switch could not be read: analytics and error reports stay off for this page. */
  'analytics/config-failed': outcome(object({ message, errorId: optional(errorId) })),
  /** A POST /e was answered: `events` analytics events and `reports` error reports delivered. */
  'analytics/sent': outcome(object({ events: whole(), reports: whole() })),
  /** A POST /e failed: its analytics events wait for the next flush once (then `dropped`); a report is dropped. `status`: the HTTP status, when there was one. */
  'analytics/send-failed': outcome(object({ events: whole(), reports: whole(), dropped: whole(), message, errorId: optional(errorId), status: optional(whole(999)) })),
  /** The analytics service answered 403: the origin is not on the project's allowlist. Analytics stop for this page; 'Invalid App Configuration' shows once. */
  'analytics/forbidden': outcome(nothing),
  /** The page sent these pending analytics events itself (navigator.sendBeacon, on hide or leave): the engine does not send them again. */
  'analytics/beacon-sent': intent(object({ eventIds: list(text(64), ANALYTICS_MAX_PENDING) })),
  /**
   * The site asked for a test error (the debug panel's *Test error*, shown only with the `debug` option): an effect
   * throws `message` (at most 200 characters), which escapes it like any bug would, so the site can
   * see its error report arrive (docs/behaviour.md §8).
   */
  'debug/test-error-requested': intent(object({ message: text(200), errorId: optional(errorId) })),
}
