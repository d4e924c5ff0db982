/**
 * The analytics service's client (docs/behaviour.md §7 Analytics and error reports) and the
 * wallet/config service's analytics switch, on the hosted wire (reown-com/appkit
 * `packages/controllers/src/controllers/EventsController.ts` and `TelemetryController.ts`;
 * docs/services.md): events in batches to /batch, each error report alone to /e, both as text.
 * Answers are untrusted: only an exact `true` keeps analytics on.
 */
import type { ServiceFetch } from './service-fetch.js'

/** One entry as the engine makes it (projections/analytics-events.ts `AnalyticsBody`): `timestamp` in ms since the epoch. */
export interface AnalyticsEntry {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: object
}

/** The analytics service's path for a batch of events (an array), as the hosted service takes them (docs/services.md). */
export const ANALYTICS_BATCH_PATH = 'batch'
/** The analytics service's path for one error report (a single object, its timestamp ISO 8601). */
export const ANALYTICS_ERROR_PATH = 'e'

export interface AnalyticsClient {
  /**
   * GET /getAnalyticsConfig on the wallet/config service: true only when the answer's
   * `isAnalyticsEnabled` is exactly true (any other answer or shape: false).
   * @throws the service fetch's errors ('Service not configured: walletConfig', HttpRequestError, TimeoutError).
   */
  isEnabled(): Promise<boolean>
  /**
   * POST /batch on the analytics service with projectId, st and sv: the event bodies (`{ eventId,
   * url, domain, timestamp, props }`, `timestamp` in ms; projections/analytics-events.ts) as one JSON
   * array, sent as text (no preflight). Resolves on a 2xx answer, whatever its body.
   * @throws HttpRequestError 'HTTP request failed.' with `status` on a non-2xx answer (403: the origin is
   *   not on the project's allowlist), without one on a network failure; TimeoutError after 10 s.
   */
  send(bodies: readonly AnalyticsEntry[]): Promise<void>
  /**
   * POST /e on the analytics service: one error report, a single object whose `timestamp` is ISO
   * 8601 (`2026-11-29T05:00:00.000Z`), sent as text. Same errors as `send`.
   */
  report(body: AnalyticsEntry): Promise<void>
  /** The URL of POST /batch (with projectId, st and sv), for the page's navigator.sendBeacon. */
  beaconUrl(): string
}

/**
 * The analytics client over the service fetch helper (its base URLs, projectId, st, sv and 10 s timeout).
 * @example
 * const analytics = analyticsClient(createServiceFetch({ services: { analytics: 'https://pulse.walletconnect.org' }, projectId }))
 * await analytics.send([body]) // POST https://pulse.walletconnect.org/batch?projectId=…&st=…&sv=…
 */
export function analyticsClient(api: ServiceFetch): AnalyticsClient {
  return {
    async isEnabled() {
      const answer = await api.get<unknown>('walletConfig', 'getAnalyticsConfig')
      return (answer as { isAnalyticsEnabled?: unknown } | null | undefined)?.isAnalyticsEnabled === true
    },
    async send(bodies) {
      await api.post('analytics', ANALYTICS_BATCH_PATH, bodies, { plainText: true })
    },
    async report(body) {
      await api.post('analytics', ANALYTICS_ERROR_PATH, { ...body, timestamp: new Date(body.timestamp).toISOString() }, { plainText: true })
    },
    beaconUrl: () => api.url('analytics', ANALYTICS_BATCH_PATH),
  }
}
