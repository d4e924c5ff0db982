/** bench/click-breakdown.ts: the window until the main thread went quiet, its task time and its kinds of work, on synthetic traces. */
import { describe, expect, it } from 'vitest'
import { clickBreakdown, profileSelfTime, QUIET, windowOf } from '../../bench/click-breakdown.js'
import { CLICK_MARK, type TraceEvent } from '../../bench/click-task-time.js'

const MAIN = { pid: 1, tid: 7 }
/** A complete event on the main thread: start and duration in ms. */
const x = (name: string, startMs: number, durMs: number, on = MAIN): TraceEvent => ({ name, ph: 'X', ...on, ts: startMs * 1000, dur: durMs * 1000 })
const task = (startMs: number, durMs: number, on = MAIN) => x('ThreadControllerImpl::RunTask', startMs, durMs, on)
const mark = (atMs: number): TraceEvent => ({ name: CLICK_MARK, ph: 'R', ...MAIN, ts: atMs * 1000 })

describe('clickBreakdown', () => {
  it('ends the window where the thread has had no task of 1 ms or more for 2 s, and sums the tasks in it', () => {
    const events = [
      mark(101),
      task(100, 20),
      task(300, 10),
      // Sub-millisecond housekeeping does not break the quiet; a task on another thread is not counted.
      task(1500, 0.5),
      task(400, 30, { pid: 1, tid: 8 }),
      // 2.5 s after the last task: the thread was quiet from 310 ms on.
      task(2810, 5),
    ]
    const b = clickBreakdown(events)
    expect(b.quiet).toBe(true)
    expect(b.windowMs).toBeCloseTo(210)
    expect(b.taskMs).toBeCloseTo(30)
  })

  it('stops at the cap when the thread never went quiet, and says so', () => {
    const events = [mark(0), ...Array.from({ length: 80 }, (_, i) => task(i * 100, 2))]
    const b = clickBreakdown(events)
    expect(b.quiet).toBe(false)
    expect(b.windowMs).toBeCloseTo(QUIET.capMs)
    // The tasks that started before the cap: 50 of them, 2 ms each (the one at the cap adds nothing).
    expect(b.taskMs).toBeCloseTo(100)
  })

  it('is not quiet when the trace ends before 2 s without a task could be seen', () => {
    const b = clickBreakdown([mark(0), task(0, 10), x('Paint', 1000, 0.1)])
    expect(b.quiet).toBe(false)
  })

  it('splits the task time by kind, each event counted for its own time only', () => {
    const events = [
      mark(0),
      task(0, 20),
      // Script 10 ms, of which 4 ms is a forced layout (nested) and 2 ms a minor GC.
      x('FunctionCall', 1, 10),
      x('Layout', 3, 4),
      x('MinorGC', 8, 2),
      x('UpdateLayoutTree', 12, 3),
      x('Paint', 16, 2),
      task(3000, 1),
    ]
    const { byKind, taskMs } = clickBreakdown(events)
    expect(taskMs).toBeCloseTo(20)
    expect(byKind.script).toBeCloseTo(4)
    expect(byKind.layout).toBeCloseTo(4)
    expect(byKind.gc).toBeCloseTo(2)
    expect(byKind.style).toBeCloseTo(3)
    expect(byKind.paint).toBeCloseTo(2)
    expect(byKind.other).toBeCloseTo(5)
  })

  it('over a fixed window, counts the tasks from the click’s own task to the window’s end, clipped', () => {
    const events = [mark(5), task(0, 20), task(500, 10), task(995, 10), task(3000, 5)]
    // 20 + 10 + the 5 ms of the last task before 1000 ms.
    expect(clickBreakdown(events, windowOf(1000)).taskMs).toBeCloseTo(35)
    expect(clickBreakdown(events, windowOf(1000)).windowMs).toBeCloseTo(1000)
  })

  it('throws without the click mark', () => {
    expect(() => clickBreakdown([task(0, 1)])).toThrow('no gangway-bench-click mark in the trace')
  })
})

describe('profileSelfTime', () => {
  it('sums each sample’s time into its script and function, within the window, leaving out idle time', () => {
    const frame = (id: number, functionName: string, url: string) => ({ id, callFrame: { functionName, url, lineNumber: 0, columnNumber: 9 } })
    const profile = {
      nodes: [frame(1, '(root)', ''), frame(2, '(idle)', ''), frame(3, 'render', 'http://x/gangway/ui.js'), frame(4, 'fold', 'http://x/gangway/core.js')],
      startTime: 0,
      // Samples at 1, 2, 3, 4, 5 ms; each lasts until the next.
      samples: [3, 3, 2, 4, 3],
      timeDeltas: [1000, 1000, 1000, 1000, 1000],
    }
    const all = profileSelfTime(profile)
    expect(Object.fromEntries(all.byScript)).toEqual({ 'ui.js': 2, 'core.js': 1 })
    expect(all.byFunction[0]).toEqual(['render ui.js:1:10', 2])
    // From 2 ms to 4 ms: the second ui.js sample and the idle one.
    expect(Object.fromEntries(profileSelfTime(profile, 2000, 4000).byScript)).toEqual({ 'ui.js': 1 })
  })
})
