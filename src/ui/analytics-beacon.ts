/**
 * The page's half of analytics (docs/behaviour.md §7): the engine hands over its pending batch as it changes
 * (Engine.subscribeAnalytics), and this module sends it with `navigator.sendBeacon` when the page is
 * hidden (`visibilitychange` to hidden) or leaves (`pagehide`): a worker has no sendBeacon, and a
 * round trip would not finish while the page goes away. It then tells the engine which events it
 * sent (`analytics/beacon-sent`), so they are not sent again, and never sends an event twice itself.
 */
import type { AnalyticsBeacon, Intent } from '../contract.js'

/** What the beacon needs of the page (the real `document` and `navigator` by default; tests pass their own). */
export interface BeaconPage {
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
  /** Where `pagehide` fires. */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>
  navigator: { sendBeacon?: (url: string, data?: BodyInit | null) => boolean }
}

/**
 * Follows the engine's pending analytics batch and sends it when the page is hidden or leaves.
 * `subscribe` is Engine.subscribeAnalytics; `dispatch` the engine's (its failure is ignored: the page
 * may be going away). The body is the events as a JSON array in a string, so the browser sends it
 * as `text/plain` (a CORS-safelisted type: no preflight, which a beacon cannot make); a browser
 * without sendBeacon, or one that refuses the beacon (its 64 KB queue is full), leaves the batch to
 * the engine's next flush. Returns a function that removes the listeners.
 */
export function installAnalyticsBeacon(
  subscribe: (callback: (beacon: AnalyticsBeacon | undefined) => void) => Promise<unknown>,
  dispatch: (intent: Intent) => Promise<void>,
  page: BeaconPage | undefined = typeof document === 'object' && typeof window === 'object' ? { document, window, navigator } : undefined,
): () => void {
  if (!page) return () => undefined
  let held: AnalyticsBeacon | undefined
  /** The ids this page sent; an engine value that still holds one (it had not read the dispatch yet) does not send it again. */
  const sent = new Set<string>()
  const send = () => {
    const events = held?.events.filter((e) => !sent.has(e.eventId)) ?? []
    if (!held || events.length === 0 || typeof page.navigator.sendBeacon !== 'function') return
    if (!page.navigator.sendBeacon(held.url, JSON.stringify(events))) return
    const eventIds = events.map((e) => e.eventId)
    for (const id of eventIds) sent.add(id)
    dispatch({ type: 'analytics/beacon-sent', payload: { eventIds } }).catch(() => undefined)
  }
  const onVisibility = () => void (page.document.visibilityState === 'hidden' && send())
  page.document.addEventListener('visibilitychange', onVisibility)
  page.window.addEventListener('pagehide', send)
  void subscribe((beacon) => void (held = beacon))
  return () => {
    page.document.removeEventListener('visibilitychange', onVisibility)
    page.window.removeEventListener('pagehide', send)
  }
}
