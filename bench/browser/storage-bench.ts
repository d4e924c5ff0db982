/**
 * Runs in Chromium (bundled by bench/storage.ts): the caches and the event log on real IndexedDB.
 * Sets `window.__benchResult` when done.
 */
import { createStore, get, set } from 'idb-keyval'
import { EventLog } from '../../src/events/log.js'
import { idbLogStorage } from '../../src/events/persistence.js'
import { project } from '../../src/projections/state.js'
import { idbCacheStorage } from '../../src/worker/cache/idb-storage.js'
import { createCache } from '../../src/worker/cache/two-level-cache.js'
import { sessionEvents } from '../session-events.js'

const opsPerSecond = async (n: number, op: (i: number) => unknown | Promise<unknown>) => {
  const t0 = performance.now()
  for (let i = 0; i < n; i++) await op(i)
  return n / ((performance.now() - t0) / 1000)
}

async function run() {
  const N = 2000
  const keys = Array.from({ length: N }, (_, i) => `eip155:1:0x${i.toString(16).padStart(40, '0')}`)
  const value = { value: '10000000000000000000', decimals: 18, symbol: 'ETH' }
  const storage = idbCacheStorage(`bench-${Date.now()}`)
  const cache = createCache({ name: 'nativeBalance', ttlMs: 60_000, storage })
  const cacheSet = await opsPerSecond(N, (i) => cache.set(keys[i]!, value))
  const hotGet = await opsPerSecond(N * 10, (i) => cache.get(keys[i % N]!))
  const cold = createCache({ name: 'nativeBalance', ttlMs: 60_000, storage })
  const coldGet = await opsPerSecond(N, (i) => cold.get(keys[i]!))
  const raw = createStore(`bench-raw-${Date.now()}`, 'kv')
  const rawSet = await opsPerSecond(N, (i) => set(keys[i]!, value, raw))
  const rawGet = await opsPerSecond(N, (i) => get(keys[i]!, raw))

  const events = sessionEvents(100_000)
  const logName = `bench-log-${Date.now()}`
  const log = new EventLog({ storage: idbLogStorage(logName) })
  await log.open()
  let t0 = performance.now()
  for (const e of events) log.append(e)
  const appendOnly = performance.now() - t0
  await log.flush()
  const appendPersisted = performance.now() - t0

  // Appends as they happen in a session: bursts of 10, each followed by a persisted batch.
  const burstLog = new EventLog({ storage: idbLogStorage(`bench-burst-${Date.now()}`) })
  await burstLog.open()
  t0 = performance.now()
  for (let i = 0; i < 10_000; i += 10) {
    for (let j = 0; j < 10; j++) burstLog.append(events[(i + j) % events.length]!)
    await burstLog.flush()
  }
  const burstMs = performance.now() - t0

  // Start-up: read the 100 000 persisted events back, then fold them into all projections.
  t0 = performance.now()
  const recorded = (await new EventLog({ storage: idbLogStorage(logName) }).open()).events
  const loadMs = performance.now() - t0
  t0 = performance.now()
  project(recorded)
  const replayMs = performance.now() - t0

  return {
    cache: { setPerSec: cacheSet, hotGetPerSec: hotGet, coldGetPerSec: coldGet, rawIdbSetPerSec: rawSet, rawIdbGetPerSec: rawGet },
    log: {
      events: events.length,
      appendInMemoryPerSec: events.length / (appendOnly / 1000),
      appendPersistedPerSec: events.length / (appendPersisted / 1000),
      burstsOf10PersistedPerSec: 10_000 / (burstMs / 1000),
      loaded: recorded.length,
      loadMs,
      replayPerSec: recorded.length / (replayMs / 1000),
      replayMs,
    },
  }
}

;(window as unknown as { __benchResult: Promise<unknown> }).__benchResult = run()
