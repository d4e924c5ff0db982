/**
 * One profiled click: a bench/embed scenario's page loaded at a CPU throttling rate, left idle 3 s,
 * then its button clicked while a CPU profile (CDP Profiler, 100 µs sampling) and a detailed trace
 * run from just before the click until QUIET_RECORD_MS after it. Both cost main-thread time of
 * their own, so a profiled run is read for where the time goes, never for how much.
 */
import type { BrowserContext } from 'playwright-core'
import type { EmbedProbe } from './browser/embed-probe.js'
import { clickBreakdown, clickWindowUs, profileSelfTime, QUIET_RECORD_MS, type ClickBreakdown, type CpuProfile } from './click-breakdown.js'
import type { TraceEvent } from './click-task-time.js'
import { approachButton, probeBundle } from './embed-measure.js'
import type { EmbedScenario } from './embed-scenarios.js'

/** The trace categories the kinds of work and the forced layouts' stacks need. */
export const PROFILE_TRACE_CATEGORIES = ['toplevel', 'blink.user_timing', 'devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack']

/** What a profiled click recorded, and its reading: the window until quiet, by kind, and JS self time (ms) by script and function within it, heaviest first. */
export interface ProfiledClick {
  events: TraceEvent[]
  probe: EmbedProbe
  breakdown: ClickBreakdown
  byScript: [string, number][]
  byFunction: [string, number][]
}

/**
 * Loads `url` (the page of `scenario`, which must run Gangway) in a new tab of `context` at CPU
 * throttling `rate` and profiles its click until QUIET_RECORD_MS after it.
 * @throws Error '<button> is not visible on <url>' when the scenario's button is not there 3 s after load.
 */
export async function profileClick(context: BrowserContext, url: string, scenario: EmbedScenario, rate: number): Promise<ProfiledClick> {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await page.addInitScript({ content: `window.__benchExpectsModal = true;\n${await probeBundle}` })
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(3000)
  const [x, y] = await approachButton(page, url, scenario)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  const browser = context.browser()!
  await browser.startTracing(page, { categories: PROFILE_TRACE_CATEGORIES })
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.up()
  await page.evaluate(() => (window as unknown as { __benchViewShown: Promise<void> }).__benchViewShown)
  const { clickAt, now } = await page.evaluate(() => ({ clickAt: (window as unknown as { __bench: EmbedProbe }).__bench.clickAt, now: performance.now() }))
  await page.waitForTimeout(Math.max(0, clickAt + QUIET_RECORD_MS + 100 - now))
  const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile }
  const probe = await page.evaluate(() => (window as unknown as { __bench: EmbedProbe }).__bench)
  await page.close()
  const breakdown = clickBreakdown(events)
  return { events, probe, breakdown, ...profileSelfTime(profile, ...clickWindowUs(events, breakdown.windowMs)) }
}
