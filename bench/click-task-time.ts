/** What the benches share to find a click in a Chromium trace: its mark, the categories to record, the events' shape. bench/click-breakdown.ts reads the time. */

/** The User Timing mark bench/browser/embed-probe.ts sets while the first click is dispatched. */
export const CLICK_MARK = 'gangway-bench-click'

/** The trace categories bench/click-breakdown.ts's task time needs: the tasks (toplevel) and the click's mark (blink.user_timing); both cost next to nothing to record. */
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
