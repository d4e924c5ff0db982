/**
 * Analytics and error reports (docs/behaviour.md §7, §8, §9), sent to the analytics
 * service (events in batches to POST /batch, each error report to POST /e; api/analytics.ts), and
 * only where the site has them on.
 *
 * - **Off means off**: without `services.analytics`, or with `features.analytics: false`, this effect
 *   does nothing at all: no config request, no event, no report. `errorReports: false` stops the
 *   reports only.
 * - **Not before the visitor reaches for the modal**: until the first `modal/open-requested` or
 *   `modal/trigger-approached` of the page life, nothing is asked or sent; what happened before
 *   (an error at load, a wallet's disconnect delivered at load) waits, within the same bounds, and
 *   goes with the first send after it (docs/behaviour.md network quiet).
 * - **The remote switch**: before the first thing is sent, GET /getAnalyticsConfig is asked once on the wallet/config
 *   service; only an exact `isAnalyticsEnabled: true` keeps analytics on (false, another answer or a
 *   failure turns them off for the page); without a wallet/config service the site's setting stands.
 *   The answer never turns analytics on against the site.
 * - **Events**: each log event the projection maps (projections/analytics-events.ts) becomes a body
 *   `{ eventId, url, domain, timestamp, props }` in the pending batch (at most ANALYTICS_MAX_PENDING,
 *   the oldest dropped), sent FLUSH_MS (10 s) after the batch's first event. A failed send puts the
 *   batch back once for the next flush; a second failure drops it, silently (logged as
 *   `analytics/send-failed`).
 * - **The page's beacon**: a worker has no `navigator.sendBeacon`, and a round trip does not finish
 *   in `pagehide`, so the pending batch (not the one in flight) goes to the page as it changes
 *   (`beacon$`, Engine.subscribeAnalytics); the page sends it when hidden or leaving
 *   (ui/analytics-beacon.ts) and dispatches `analytics/beacon-sent`, and those events leave the batch.
 * - **Error reports**: each `engine/effect-failed` is reported at once with props `type, event,
 *   errorType, stackTrace`, at most REPORTS_PER_WINDOW (5) per rolling
 *   REPORT_WINDOW_MS (60 s, by the events' time); a failed report is dropped.
 * - **403**: the origin is not on the project's allowlist. `analytics/forbidden` is logged and the
 *   alert 'Invalid App Configuration' shows once per page life, in the open modal (at the next open
 *   if it is closed); nothing new is collected or sent and the page holds no batch; the batch that
 *   met the 403 gets the one retry every failed batch gets, and is then dropped.
 */
import { BehaviorSubject, EMPTY, Observable, type Subscription } from 'rxjs'
import type { AnalyticsClient } from '../../../api/analytics.js'
import type { AnalyticsBeacon } from '../../../contract.js'
import { INVALID_APP_CONFIGURATION, loggedMessage } from '../../../events/kernel/errors.js'
import { ANALYTICS_MAX_PENDING } from '../../../events/kernel/limits.js'
import { event, isType, type GangwayEvent, type NewEvent } from '../../../events/types.js'
import { analyticsBody, analyticsEventsOf, errorReportProps, type AnalyticsBody, type AnalyticsProps, type ErrorReportProps } from '../../../projections/analytics-events.js'
import type { State } from '../../../projections/state.js'
import { REACH_EVENTS, type Effect } from '../context.js'

/** docs/behaviour.md §7: the pending batch is sent 10 s after its first event, in ms. */
export const FLUSH_MS = 10_000
/** docs/behaviour.md §9 Error reporting: at most 5 reports… */
export const REPORTS_PER_WINDOW = 5
/** …per rolling 60 s, in ms. */
export const REPORT_WINDOW_MS = 60_000

/** The largest beacon body, in bytes of JSON: under navigator.sendBeacon's 64 KiB, which refuses a larger one outright. */
export const BEACON_MAX_BYTES = 60_000
/** The longest failure message logged, in characters. */
const MAX_LOGGED_MESSAGE = 256

/** The newest of `events` whose JSON array fits BEACON_MAX_BYTES, in their order. */
export function beaconEvents<T>(events: T[]): T[] {
  const encoder = new TextEncoder()
  let bytes = 2
  let first = events.length
  while (first > 0) {
    const size = encoder.encode(JSON.stringify(events[first - 1])).length + 1
    if (bytes + size > BEACON_MAX_BYTES) break
    bytes += size
    first--
  }
  return events.slice(first)
}


/** What the site decided, and where the page is. */
export interface AnalyticsSettings {
  /** The site has analytics on: `services.analytics` is set and `features.analytics` is not false. */
  analytics: boolean
  /** Error reports too: analytics on and `errorReports` not false. */
  errorReports: boolean
  /** The page as analytics names it (origin and path only: projections/analytics-events.ts analyticsPage). */
  page: { url: string; domain: string }
  /** A wallet/config service is configured: the remote switch is asked there. */
  askSwitch: boolean
}

/** An analytics event waiting, and how many sends of it failed (0 or 1). */
interface Pending {
  body: AnalyticsBody<AnalyticsProps>
  failures: number
}

/**
 * The analytics state of one engine (page life), shared by the effect (which a failure restarts) and
 * the engine (which hands `beacon$` to the page). Created by `createAnalyticsOutbox`.
 */
export interface AnalyticsOutbox {
  readonly settings: AnalyticsSettings
  readonly client: AnalyticsClient
  /** The batch the page must send if it is hidden or leaves now; undefined while nothing may be sent or nothing waits. */
  readonly beacon$: BehaviorSubject<AnalyticsBeacon | undefined>
  /** 'idle' until something is to be sent, 'asking' the remote switch, then 'on', 'off' or 'forbidden' (a 403). */
  status: 'idle' | 'asking' | 'on' | 'off' | 'forbidden'
  pending: Pending[]
  /** Error reports made before the switch answered. */
  waitingReports: AnalyticsBody<ErrorReportProps>[]
  /** When the reports of the current window were made (ms, the events' `at`). */
  reportsAt: number[]
  /** The 403 alert: 'due' until the modal shows it, then 'shown' (once per page life). */
  alert: 'none' | 'due' | 'shown'
  /** The visitor reached for the modal in this page life: from then on the switch may be asked and things sent. */
  reached: boolean
  /**
   * Appends an event through the effect's current run: a restart (after a failure) replaces it, so
   * an answer that arrives after the restart is still logged.
   */
  emit: (e: NewEvent) => void
}

/** The analytics state of a new page life. */
export function createAnalyticsOutbox(settings: AnalyticsSettings, client: AnalyticsClient): AnalyticsOutbox {
  return { settings, client, beacon$: new BehaviorSubject<AnalyticsBeacon | undefined>(undefined), status: 'idle', pending: [], waitingReports: [], reportsAt: [], alert: 'none', reached: false, emit: () => undefined }
}

/** A random version 4 UUID (crypto.getRandomValues works outside secure contexts too). */
export function newEventId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** The HTTP status of a service fetch error, when it has one. */
const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}

/**
 * The analytics effect (see the module's comment for the rules): emits `analytics/config-fetched` or
 * `analytics/config-failed`, `analytics/sent`, `analytics/send-failed`, `analytics/forbidden` and,
 * once, the alert's `snackbar/show-requested`. Nothing at all (EMPTY) without `ctx.analytics` or
 * where the site has analytics off. Its timers run on `ctx.scheduler`; the batch, the switch and the
 * report window live in `ctx.analytics`, so a restart after a failure loses none of them.
 */
export const analyticsEffect: Effect = (ctx) => {
  const box = ctx.analytics
  if (!box?.settings.analytics) return EMPTY
  return new Observable<NewEvent>((out) => {
    const { settings, client } = box
    let before: State = ctx.state()
    let flushTimer: Subscription | undefined

    /** Hands the page what it must send if it goes away now: the newest events that fit one beacon (BEACON_MAX_BYTES). */
    const publish = () => {
      const events = box.status === 'on' ? beaconEvents(box.pending.map((p) => p.body)) : []
      box.beacon$.next(events.length ? { url: client.beaconUrl(), events } : undefined)
    }
    const schedule = () => {
      if (flushTimer || box.pending.length === 0 || (box.status !== 'on' && box.status !== 'forbidden')) return
      flushTimer = ctx.scheduler.schedule(() => {
        flushTimer = undefined
        flush()
      }, FLUSH_MS)
    }
    const dropAll = () => {
      box.pending = []
      box.waitingReports = []
    }
    /** A 403: only the batch that met it stays, for its one retry; the alert is due once. */
    const forbidden = () => {
      box.status = 'forbidden'
      box.pending = box.pending.filter((p) => p.failures > 0)
      box.waitingReports = []
      publish()
      if (box.alert !== 'none') return
      box.alert = 'due'
      box.emit(event('analytics/forbidden', {}))
    }
    /** Sends the pending batch; a failure puts back what failed for the first time. */
    const flush = () => {
      if (box.pending.length === 0 || (box.status !== 'on' && box.status !== 'forbidden')) return
      const batch = box.pending.splice(0, box.pending.length)
      publish()
      client.send(batch.map((p) => p.body)).then(
        () => box.emit(event('analytics/sent', { events: batch.length, reports: 0 })),
        (error: unknown) => {
          const status = statusOf(error)
          const retry = batch.filter((p) => p.failures === 0).map((p) => ({ ...p, failures: 1 }))
          // Back at the front, before what came meanwhile (none once forbidden), within the bound.
          box.pending = [...retry, ...box.pending].slice(-ANALYTICS_MAX_PENDING)
          if (status === 403) forbidden()
          else publish()
          box.emit(event('analytics/send-failed', { events: batch.length, reports: 0, dropped: batch.length - retry.length, message: loggedMessage(error), ...(status !== undefined ? { status } : {}) }))
          schedule()
        },
      )
    }
    const sendReport = (body: AnalyticsBody<ErrorReportProps>) =>
      client.report(body).then(
        () => box.emit(event('analytics/sent', { events: 0, reports: 1 })),
        (error: unknown) => {
          const status = statusOf(error)
          if (status === 403) forbidden()
          box.emit(event('analytics/send-failed', { events: 0, reports: 1, dropped: 1, message: loggedMessage(error), ...(status !== undefined ? { status } : {}) }))
        },
      )
    const switchedOn = () => {
      publish()
      schedule()
      for (const report of box.waitingReports.splice(0)) void sendReport(report)
    }
    /** Asks the remote switch once, when there is first something to send and the visitor has reached for the modal. */
    const askSwitch = () => {
      if (box.status !== 'idle' || !box.reached) return
      if (!settings.askSwitch) {
        box.status = 'on'
        return switchedOn()
      }
      box.status = 'asking'
      client.isEnabled().then(
        (enabled) => {
          box.status = enabled ? 'on' : 'off'
          if (!enabled) dropAll()
          box.emit(event('analytics/config-fetched', { isAnalyticsEnabled: enabled }))
          if (enabled) switchedOn()
        },
        (error: unknown) => {
          box.status = 'off'
          dropAll()
          box.emit(event('analytics/config-failed', { message: loggedMessage(error) }))
        },
      )
    }
    const collecting = () => box.status === 'idle' || box.status === 'asking' || box.status === 'on'

    const onEvent = (prev: State, after: State, e: GangwayEvent) => {
      if (!box.reached && isType(e, ...REACH_EVENTS)) {
        box.reached = true
        if (box.pending.length || box.waitingReports.length) askSwitch()
      }
      if (e.type === 'analytics/beacon-sent') {
        const taken = new Set(e.payload.eventIds)
        box.pending = box.pending.filter((p) => !taken.has(p.body.eventId))
        return publish()
      }
      if (e.type === 'engine/effect-failed') {
        if (!settings.errorReports || !collecting()) return
        box.reportsAt = box.reportsAt.filter((at) => e.at - at < REPORT_WINDOW_MS)
        if (box.reportsAt.length >= REPORTS_PER_WINDOW) return
        box.reportsAt.push(e.at)
        const body = analyticsBody(errorReportProps(e.payload), { eventId: newEventId(), timestamp: e.at, page: settings.page })
        if (box.status === 'on') return void sendReport(body)
        box.waitingReports.push(body)
        return askSwitch()
      }
      if (!collecting()) return
      const made = analyticsEventsOf(prev, after, e)
      if (!made.length) return
      for (const props of made) box.pending.push({ body: analyticsBody(props, { eventId: newEventId(), timestamp: e.at, page: settings.page }), failures: 0 })
      if (box.pending.length > ANALYTICS_MAX_PENDING) box.pending.splice(0, box.pending.length - ANALYTICS_MAX_PENDING)
      askSwitch()
      if (box.status === 'on') {
        publish()
        schedule()
      }
    }

    box.emit = (e) => out.next(e)
    const subscription = ctx.events$.subscribe((e) => {
      // A throw here would escape the engine's guard (a subscriber's error is not the stream's): hand it over.
      try {
        const prev = before
        before = ctx.state()
        onEvent(prev, before, e)
        // The 403 alert shows in the open modal: now, or when the visitor next opens it.
        if (box.alert === 'due' && before.modal.open) {
          box.alert = 'shown'
          box.emit(event('snackbar/show-requested', { variant: 'error', message: INVALID_APP_CONFIGURATION }))
        }
      } catch (error) {
        out.error(error)
      }
    })
    // Restarted after a failure: what was pending is still due.
    schedule()
    return () => {
      subscription.unsubscribe()
      flushTimer?.unsubscribe()
    }
  })
}
