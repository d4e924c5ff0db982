/** Main-thread task time after a click, read from a Chromium trace. */

/** The User Timing mark bench/browser/embed-probe.ts sets while the first click is dispatched. */
export const CLICK_MARK = 'gangway-bench-click'

/** The trace categories clickTaskMs reads: the tasks (toplevel) and the click's mark (blink.user_timing); both cost next to nothing to record. */
export const CLICK_TRACE_CATEGORIES = ['toplevel', 'blink.user_timing']

/** A Chromium trace event, as far as the benches read it. */
export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  /** µs */
  ts: number
  /** µs */
  dur?: number
  /** With devtools.timeline: a forced layout's stack, a function call's script and function. */
  args?: { beginData?: { stackTrace?: { functionName: string; url: string; lineNumber: number }[] }; data?: { url?: string; functionName?: string; lineNumber?: number } }
}

/**
 * The time the page's main thread spent in tasks from the start of the task that dispatched the
 * first click to `windowMs` after it, in ms: the union of the thread's ThreadControllerImpl::RunTask
 * events, clipped to that window. `trace` is a Chromium trace (JSON, `{ traceEvents }`) recorded
 * with CLICK_TRACE_CATEGORIES across the click and the window; the thread is the one that holds
 * the CLICK_MARK mark.
 * @throws Error 'no gangway-bench-click mark in the trace' when the mark is missing.
 */
export function clickTaskMs(trace: Buffer, windowMs: number): number {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }
  const click = traceEvents.find((e) => e.name === CLICK_MARK)
  if (!click) throw new Error(`no ${CLICK_MARK} mark in the trace`)
  const tasks = traceEvents
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.pid === click.pid && e.tid === click.tid)
    .map((e) => ({ start: e.ts, end: e.ts + (e.dur ?? 0) }))
    .sort((a, b) => a.start - b.start)
  const from = tasks.find((t) => t.start <= click.ts && t.end >= click.ts)?.start ?? click.ts
  const to = from + windowMs * 1000
  let busy = 0
  let reached = from
  for (const t of tasks) {
    const start = Math.max(t.start, reached)
    const end = Math.min(t.end, to)
    if (end > start) busy += end - start
    reached = Math.max(reached, end)
  }
  return busy / 1000
}
