/**
 * Runs in Chromium (bundled by bench/storage.ts): the caches and the event log on real IndexedDB.
 * Sets `window.__benchResult` when done.
 */
import { createStore, get, set } from 'idb-keyval'
import { openDB } from 'idb'
import { EventLog } from '../../src/events/log/log.js'
import { idbLogStorage } from '../../src/events/log/persistence.js'
import { project } from '../../src/projections/state.js'
import { idbCacheStorage } from '../../src/worker/cache/idb-storage.js'
import { createCache } from '../../src/worker/cache/two-level-cache.js'
import { sessionEvents } from '../session-events.js'
import { createProjectedLog } from '../../src/worker/projected-log.js'

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

  // Without snapshots (a log that was never compacted): read all 100 000 back, then fold them.
  t0 = performance.now()
  const recorded = (await new EventLog({ storage: idbLogStorage(logName) }).open()).events
  const loadMs = performance.now() - t0
  t0 = performance.now()
  project(recorded)
  const replayMs = performance.now() - t0

  // The engine's path, 1 000 000 events: fold, persist in batches of at most 500 as they come,
  // snapshot every 1000 and compact. Then what is stored, and start-up from the snapshot and tail.
  const engineName = `bench-engine-${Date.now()}`
  const million = sessionEvents(1_000_000)
  const engineLog = createProjectedLog({ tab: 'bench', storage: idbLogStorage(engineName), clock: () => Date.now() })
  await engineLog.open()
  t0 = performance.now()
  for (let i = 0; i < million.length; i++) {
    engineLog.log.append(million[i]!)
    // Yield now and then, as a session does, so snapshots and compaction run along.
    if (i % 5000 === 4999) await new Promise((r) => setTimeout(r, 0))
  }
  await engineLog.log.flush()
  const millionMs = performance.now() - t0
  await new Promise((r) => setTimeout(r, 200))
  // Everything the store holds after compaction: the kept snapshots and the events after the older.
  const db = await openDB(`gangway-log:${engineName}`)
  const rows = await db.getAll('events')
  const snapshots = await db.getAll('snapshots')
  db.close()
  const storedBytes = JSON.stringify(snapshots).length + rows.reduce<number>((n, e) => n + JSON.stringify(e).length, 0)
  const startup = async () => {
    const times: number[] = []
    let replayed = 0
    for (let i = 0; i < 5; i++) {
      const t = performance.now()
      replayed = (await createProjectedLog({ tab: `bench-${i}`, storage: idbLogStorage(engineName), clock: () => Date.now() }).open()).replayed
      times.push(performance.now() - t)
    }
    return { ms: times.sort((a, b) => a - b)[2]!, replayed }
  }
  const atSnapshot = await startup()
  // The longest tail a start-up meets: 999 events after the newest snapshot.
  const tail = createProjectedLog({ tab: 'bench-tail', storage: idbLogStorage(engineName), clock: () => Date.now() })
  await tail.open()
  const lastSnapshot = Math.max(...snapshots.map((x: { seq: number }) => x.seq))
  while (tail.log.lastSeq < lastSnapshot + 999) tail.log.append(million[tail.log.lastSeq % million.length]!)
  await tail.log.close()
  const longTail = await startup()
  // Replaying 1 000 000 events into all projections, in Chromium.
  const stamped = new EventLog({ clock: () => 0 })
  for (const e of million) stamped.append(e)
  t0 = performance.now()
  project(stamped.events())
  const replay1MMs = performance.now() - t0

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
      replay1MMs,
      engine1MAppendPerSec: million.length / (millionMs / 1000),
      engine1MStoredEvents: rows.length,
      engine1MSnapshots: snapshots.length,
      engine1MSnapshotSeq: lastSnapshot,
      engine1MStoredBytes: storedBytes,
      startupFromSnapshotMs: atSnapshot.ms,
      startupReplayedEvents: atSnapshot.replayed,
      startupLongTailMs: longTail.ms,
      startupLongTailReplayed: longTail.replayed,
    },
  }
}

;(window as unknown as { __benchResult: Promise<unknown> }).__benchResult = run()
