/**
 * Where the main thread's time goes after a click, read from a Chromium trace and a CPU profile
 * recorded across it: the window that ends when the thread has gone quiet, the task time in it,
 * that time by kind of work (script, style, layout, paint, GC, other), and the JS self time by
 * script file and by function. Pure functions over recorded data: bench/embed and
 * bench/click-profile.ts record, this reads.
 */
import { CLICK_MARK, type TraceEvent } from './click-task-time.js'

/** A CDP Profiler profile, as far as the benches read it. Times in µs, on the trace's clock. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/** The quiet rule: the window ends where the main thread has had no task of `minTaskMs` or more for `quietMs`, at most `capMs` after the click. */
export interface QuietRule {
  /** How long the thread must stay free of tasks, in ms. */
  quietMs: number
  /** The window's longest span from the click, in ms. */
  capMs: number
  /** Tasks shorter than this (the browser's own sub-millisecond housekeeping) do not break the quiet, in ms; their time still counts. */
  minTaskMs: number
}

/** bench/embed's rule: 2 s free of tasks, at most 5 s; tasks under 1 ms do not break the quiet. */
export const QUIET: QuietRule = { quietMs: 2000, capMs: 5000, minTaskMs: 1 }

/** A fixed window of `ms` from the click, quiet or not (nothing breaks a quiet that never comes). */
export const windowOf = (ms: number): QuietRule => ({ quietMs: Infinity, capMs: ms, minTaskMs: 0 })

/** How long to record after the click so that any window QUIET can give is seen with its quiet span, in ms. */
export const QUIET_RECORD_MS = QUIET.capMs + QUIET.quietMs

/** Kinds of work, each the trace events it sums (self time). Everything else inside a task is 'other'. */
export const KINDS: Record<string, readonly string[]> = {
  script: ['FunctionCall', 'EvaluateScript', 'v8.evaluateModule', 'v8.compile', 'v8.compileModule', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'v8.run', 'V8.Execute'],
  style: ['UpdateLayoutTree', 'ParseAuthorStyleSheet', 'RecalculateStyles'],
  layout: ['Layout', 'IntersectionObserverController::computeIntersections', 'HitTest'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'Commit', 'Decode Image', 'PaintImage', 'UpdateLayer'],
  gc: ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR', 'BlinkGC.AtomicPhase', 'V8.GC_MC_INCREMENTAL'],
  html: ['ParseHTML'],
}
const KIND_OF = new Map(Object.entries(KINDS).flatMap(([kind, names]) => names.map((n) => [n, kind] as const)))

/** What the main thread did after the click. Times in ms. */
export interface ClickBreakdown {
  /** The window: from the start of the task that dispatched the click to the start of the quiet span (or the cap), in ms. */
  windowMs: number
  /** Whether the thread went quiet before the cap. */
  quiet: boolean
  /** The union of the main thread's tasks in the window, clipped to it, in ms. */
  taskMs: number
  /** Self time by kind (KINDS' keys, and 'other': task time no kind accounts for), in ms; sums to taskMs up to clipping at the window's ends. */
  byKind: Record<string, number>
}

const RUN_TASK = 'ThreadControllerImpl::RunTask'

/**
 * The click's thread in a trace: the CLICK_MARK event, the thread's complete events, its tasks in
 * order, and `from`, the start of the task that dispatched the click (µs).
 * @throws Error 'no gangway-bench-click mark in the trace' when the mark is missing.
 */
export function clickThread(events: TraceEvent[]): { click: TraceEvent; onMain: TraceEvent[]; tasks: TraceEvent[]; from: number } {
  const click = events.find((e) => e.name === CLICK_MARK)
  if (!click) throw new Error(`no ${CLICK_MARK} mark in the trace`)
  const onMain = events.filter((e) => e.pid === click.pid && e.tid === click.tid && e.ph === 'X' && e.dur !== undefined)
  const tasks = onMain.filter((e) => e.name === RUN_TASK).sort((a, b) => a.ts - b.ts)
  const from = tasks.find((t) => t.ts <= click.ts && t.ts + t.dur! >= click.ts)?.ts ?? click.ts
  return { click, onMain, tasks, from }
}

/**
 * Self time by kind of work (KINDS' keys, and 'other': task time no kind accounts for) of the
 * events `onMain` (one thread's), clipped to [fromUs, toUs), in ms: each event's clipped duration
 * less its direct children's (events on one thread nest).
 */
export function workByKind(onMain: TraceEvent[], fromUs: number, toUs: number): Record<string, number> {
  const clip = (e: TraceEvent) => Math.max(0, Math.min(e.ts + e.dur!, toUs) - Math.max(e.ts, fromUs))
  const inWindow = onMain.filter((e) => clip(e) > 0 && (KIND_OF.has(e.name) || e.name === RUN_TASK)).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const byKindUs = new Map<string, number>()
  const stack: { e: TraceEvent; self: number }[] = []
  const close = (frame: { e: TraceEvent; self: number }) => {
    const kind = frame.e.name === RUN_TASK ? 'other' : KIND_OF.get(frame.e.name)!
    byKindUs.set(kind, (byKindUs.get(kind) ?? 0) + frame.self)
  }
  for (const e of inWindow) {
    while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= e.ts) close(stack.pop()!)
    const own = clip(e)
    if (stack.length) stack.at(-1)!.self -= own
    stack.push({ e, self: own })
  }
  while (stack.length) close(stack.pop()!)
  return Object.fromEntries(['script', 'style', 'layout', 'paint', 'gc', 'html', 'other'].map((k) => [k, Math.max(0, byKindUs.get(k) ?? 0) / 1000]))
}

/**
 * The main thread's work from the click until it went quiet (`rule`), from a trace recorded across
 * the click for at least `rule.capMs + rule.quietMs` (with devtools.timeline for the kinds; with
 * only CLICK_TRACE_CATEGORIES every task's time is 'other').
 * @throws Error 'no gangway-bench-click mark in the trace' when the mark is missing.
 */
export function clickBreakdown(events: TraceEvent[], rule: QuietRule = QUIET): ClickBreakdown {
  const { onMain, tasks, from } = clickThread(events)
  const cap = from + rule.capMs * 1000
  // The quiet span starts at the end of the last task that breaks it; the trace must show it whole.
  const recordedTo = events.reduce((last, e) => Math.max(last, e.ts + (e.dur ?? 0)), from)
  let end = from
  let quiet = false
  for (const t of tasks) {
    if (t.ts + t.dur! <= from || t.dur! < rule.minTaskMs * 1000) continue
    if (end > cap) break
    if (t.ts - end >= rule.quietMs * 1000) {
      quiet = true
      break
    }
    end = Math.max(end, t.ts + t.dur!)
  }
  if (!quiet && end <= cap && recordedTo - end >= rule.quietMs * 1000) quiet = true
  const to = Math.min(end, cap)
  let taskUs = 0
  let reached = from
  for (const t of tasks) {
    const start = Math.max(t.ts, reached)
    const stop = Math.min(t.ts + t.dur!, to)
    if (stop > start) taskUs += stop - start
    reached = Math.max(reached, stop)
  }
  const byKind = workByKind(onMain, from, to)
  return { windowMs: (to - from) / 1000, quiet, taskMs: taskUs / 1000, byKind }
}

/**
 * JS self time per script file and per function (`name file:line:column`) in a CPU profile, within
 * [fromUs, toUs) on the profile's clock (the trace's), in ms, heaviest first.
 */
export function profileSelfTime(profile: CpuProfile, fromUs = -Infinity, toUs = Infinity): { byScript: [string, number][]; byFunction: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const byScript = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    if (at < fromUs || at >= toUs) return
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame
    if (!url && (functionName === '(idle)' || functionName === '(program)')) return
    const file = url ? url.replace(/^.*\//, '') : `(${functionName || 'native'})`
    byScript.set(file, (byScript.get(file) ?? 0) + ms)
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
  })
  const heaviest = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1])
  return { byScript: heaviest(byScript), byFunction: heaviest(byFunction) }
}

/** The click's window on the trace's clock, in µs: [start of the click's task, that + windowMs]. For profileSelfTime. */
export function clickWindowUs(events: TraceEvent[], windowMs: number): [number, number] {
  const { from } = clickThread(events)
  return [from, from + windowMs * 1000]
}
