/**
 * bench/storage: the caches and the event log on real IndexedDB, in Chromium (IndexedDB in Node is
 * a fake): cache get and set per second, hot (memory) and cold (IndexedDB), against raw idb-keyval;
 * log appends per second with persistence; start-up reading 100 000 events; replay of 100 000
 * and 1 000 000 events into all projections, in Chromium and in Node; the engine's path for
 * 1 000 000 events (fold, persist, snapshot, compact), what it leaves stored, start-up from the
 * snapshot; a year of daily use, in Node. Writes bench/results/storage.json.
 */
import { browserBundle } from './page-tools.js'
import { createServer } from 'node:http'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import { project } from '../src/projections/state.js'
import { EventLog } from '../src/events/log/log.js'
import { sessionEvents } from './session-events.js'
import { memoryLogStorage } from '../src/events/log/memory-storage.js'
import { createProjectedLog } from '../src/worker/projected-log.js'
import { printTable, writeResult } from './stats.js'

const bundle = await browserBundle('bench/browser/storage-bench.ts')
const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>'))
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
const port = (server.address() as { port: number }).port

const browser = await launchChromium()
let result: { cache: Record<string, number>; log: Record<string, number> }
try {
  const page = await (await localContext(browser)).newPage()
  await page.goto(`http://127.0.0.1:${port}/`)
  await page.addScriptTag({ content: bundle })
  result = (await page.evaluate(() => (window as unknown as { __benchResult: Promise<unknown> }).__benchResult)) as typeof result
} finally {
  await browser.close()
  server.close()
}

// Replay in Node, on the same projection code (what `gangway replay` will run).
const inNode = new EventLog({ clock: () => 0 })
for (const e of sessionEvents(100_000)) inNode.append(e)
let t0 = performance.now()
project(inNode.events())
const nodeReplayMs = performance.now() - t0
const big = new EventLog({ clock: () => 0 })
for (const e of sessionEvents(1_000_000)) big.append(e)
t0 = performance.now()
project(big.events())
const nodeReplay1MMs = performance.now() - t0

// A year of daily use, in Node on the memory storage (same snapshot and compaction rules as IndexedDB):
// one page session a day (a new tab), each 120 events (start, restore, 23 openings with balances).
const yearStorage = memoryLogStorage()
let yearAppended = 0
let yearAllBytes = 0
for (let day = 0; day < 365; day++) {
  const session = createProjectedLog({ tab: `day-${day}`, storage: yearStorage, clock: () => day * 86_400_000 })
  await session.open()
  for (const e of sessionEvents(120)) yearAllBytes += JSON.stringify(session.log.append(e)).length
  yearAppended += 120
  await session.log.flush()
  await session.log.close()
}
const yearStoredBytes = JSON.stringify(yearStorage.snapshots).length + yearStorage.rows.reduce((n, e) => n + JSON.stringify(e).length, 0)
t0 = performance.now()
const dayAfter = createProjectedLog({ tab: 'day-365', storage: yearStorage, clock: () => 0 })
const yearReplayed = (await dayAfter.open()).replayed
const yearStartupMs = performance.now() - t0
const snapshotBytes = JSON.stringify(yearStorage.snapshots.at(-1)).length

const k = (x: number) => `${(x / 1000).toFixed(1)} k`
const kb = (x: number) => `${(x / 1024).toFixed(0)} KB`
printTable('bench/storage: caches in Chromium (IndexedDB), operations per second', ['operation', 'Gangway cache', 'raw idb-keyval'], [
  ['set', k(result.cache.setPerSec!), k(result.cache.rawIdbSetPerSec!)],
  ['get, hot (memory)', k(result.cache.hotGetPerSec!), '—'],
  ['get, cold (IndexedDB)', k(result.cache.coldGetPerSec!), k(result.cache.rawIdbGetPerSec!)],
])
printTable('bench/storage: event log', ['measure', 'value'], [
  ['append, in memory (Chromium)', `${k(result.log.appendInMemoryPerSec!)} events/s`],
  ['append 100 000, persisted to IndexedDB (Chromium)', `${k(result.log.appendPersistedPerSec!)} events/s`],
  ['append in bursts of 10, each persisted (Chromium)', `${k(result.log.burstsOf10PersistedPerSec!)} events/s`],
  ['start-up: read 100 000 events from IndexedDB (Chromium)', `${result.log.loadMs!.toFixed(0)} ms`],
  ['replay 100 000 events into all projections (Chromium)', `${k(result.log.replayPerSec!)} events/s (${result.log.replayMs!.toFixed(0)} ms)`],
  ['replay 1 000 000 events into all projections (Chromium)', `${k(1_000_000 / (result.log.replay1MMs! / 1000))} events/s (${result.log.replay1MMs!.toFixed(0)} ms)`],
  ['engine path, 1 000 000 events: fold + persist + snapshot + compact (Chromium)', `${k(result.log.engine1MAppendPerSec!)} events/s`],
  ['  stored after compaction: events, snapshots, bytes (JSON)', `${result.log.engine1MStoredEvents} events, ${result.log.engine1MSnapshots} snapshots (newest at seq ${result.log.engine1MSnapshotSeq}), ${kb(result.log.engine1MStoredBytes!)}`],
  ['  start-up from the snapshot (median of 5)', `${result.log.startupFromSnapshotMs!.toFixed(1)} ms (${result.log.startupReplayedEvents} events folded)`],
  ['  start-up from the snapshot, longest tail (999 events after it)', `${result.log.startupLongTailMs!.toFixed(1)} ms (${result.log.startupLongTailReplayed} events folded)`],
  ['replay 100 000 events (Node)', `${k(100_000 / (nodeReplayMs / 1000))} events/s (${nodeReplayMs.toFixed(0)} ms)`],
  ['replay 1 000 000 events (Node)', `${k(1_000_000 / (nodeReplay1MMs / 1000))} events/s (${nodeReplay1MMs.toFixed(0)} ms)`],
])
printTable('bench/storage: a year of daily use (365 sessions of 120 events, Node, memory storage)', ['measure', 'value'], [
  ['events appended', String(yearAppended)],
  ['log without compaction (JSON)', kb(yearAllBytes)],
  ['stored after compaction: events, snapshots, bytes (JSON)', `${yearStorage.rows.length} events, ${yearStorage.snapshots.length} snapshots, ${kb(yearStoredBytes)}`],
  ['one snapshot (JSON)', kb(snapshotBytes)],
  ['start-up on day 366 (Node)', `${yearStartupMs.toFixed(1)} ms (${yearReplayed} events folded)`],
])
writeResult('storage', {
  chromium: result,
  node: { replay100kMs: nodeReplayMs, replay1MMs: nodeReplay1MMs },
  year: { appended: yearAppended, allBytes: yearAllBytes, storedEvents: yearStorage.rows.length, snapshots: yearStorage.snapshots.length, storedBytes: yearStoredBytes, snapshotBytes, startupMs: yearStartupMs, replayed: yearReplayed },
})
