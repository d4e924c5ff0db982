/**
 * The analytics service's client (docs/behaviour.md §7 Analytics and error reports) and the
 * wallet/config service's analytics switch. Answers are untrusted: only an exact `true` keeps
 * analytics on.
 */
import type { ServiceFetch } from './service-fetch.js'

/** The analytics service's path for events and error reports. */
export const ANALYTICS_PATH = 'e'

export interface AnalyticsClient {
  /**
   * GET /getAnalyticsConfig on the wallet/config service: true only when the answer's
   * `isAnalyticsEnabled` is exactly true (any other answer or shape: false).
   * @throws the service fetch's errors ('Service not configured: walletConfig', HttpRequestError, TimeoutError).
   */
  isEnabled(): Promise<boolean>
  /**
   * POST /e on the analytics service with projectId, st and sv: the bodies (`{ eventId, url, domain,
   * timestamp, props }`, projections/analytics-events.ts) as one JSON array (docs/api.md "Analytics
   * and error reports"). Resolves on a 2xx answer, whatever its body.
   * @throws HttpRequestError 'HTTP request failed.' with `status` on a non-2xx answer (403: the origin is
   *   not on the project's allowlist), without one on a network failure; TimeoutError after 10 s.
   */
  send(bodies: readonly object[]): Promise<void>
  /** The URL of POST /e (with projectId, st and sv), for the page's navigator.sendBeacon. */
  beaconUrl(): string
}

/** The analytics client over the service fetch helper (its base URLs, projectId, st, sv and 10 s timeout). */
export function analyticsClient(api: ServiceFetch): AnalyticsClient {
  return {
    async isEnabled() {
      const answer = await api.get<unknown>('walletConfig', 'getAnalyticsConfig')
      return (answer as { isAnalyticsEnabled?: unknown } | null | undefined)?.isAnalyticsEnabled === true
    },
    async send(bodies) {
      await api.post('analytics', ANALYTICS_PATH, bodies)
    },
    beaconUrl: () => api.url('analytics', ANALYTICS_PATH),
  }
}
