/**
 * bench/storage: the caches and the event log on real IndexedDB, in Chromium (IndexedDB in Node is
 * a fake): cache get and set per second, hot (memory) and cold (IndexedDB), against raw idb-keyval;
 * log appends per second with persistence; start-up reading 100 000 events; replay of 100 000
 * events into all projections, in Chromium and in Node. Writes bench/results/storage.json.
 */
import { build } from 'esbuild'
import { createServer } from 'node:http'
import { launchChromium, localContext } from '../tests/e2e/browser.js'
import { project } from '../src/projections/state.js'
import { EventLog } from '../src/events/log.js'
import { sessionEvents } from './session-events.js'
import { printTable, writeResult } from './stats.js'

const bundle = (await build({ entryPoints: ['bench/browser/storage-bench.ts'], bundle: true, format: 'iife', platform: 'browser', target: 'es2022', write: false, logLevel: 'warning' })).outputFiles[0]!.text
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

const k = (x: number) => `${(x / 1000).toFixed(1)} k`
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
  ['replay 100 000 events (Node)', `${k(100_000 / (nodeReplayMs / 1000))} events/s (${nodeReplayMs.toFixed(0)} ms)`],
  ['replay 1 000 000 events (Node)', `${k(1_000_000 / (nodeReplay1MMs / 1000))} events/s (${nodeReplay1MMs.toFixed(0)} ms)`],
])
writeResult('storage', { chromium: result, node: { replay100kMs: nodeReplayMs, replay1MMs: nodeReplay1MMs } })
