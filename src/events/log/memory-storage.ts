/**
 * A LogStorage in memory with the IndexedDB one's semantics (append after other writers, snapshots
 * and compaction): several EventLogs on one instance behave like tabs on one IndexedDB. For unit
 * tests, benches and `gangway` tooling in Node; `rows` and `snapshots` are exposed for inspection.
 */
import { LogFormatError } from '../kernel/errors.js'
import { SNAPSHOTS_KEPT, type LogSnapshot, type LogStorage } from './log.js'
import type { GangwayEvent } from '../types.js'

export function memoryLogStorage(): LogStorage & { rows: GangwayEvent[]; snapshots: LogSnapshot[] } {
  const listeners = new Set<() => void>()
  const storage = {
    rows: [] as GangwayEvent[],
    snapshots: [] as LogSnapshot[],
    async load() {
      const snapshot = storage.snapshots.at(-1)
      return { ...(snapshot ? { snapshot } : {}), events: storage.rows.filter((e) => e.seq > (snapshot?.seq ?? 0)) }
    },
    async append(after: number, batch: readonly GangwayEvent[]) {
      const foreign = storage.rows.filter((e) => e.seq > after)
      if (foreign.length > 0 && foreign[0]!.seq !== after + 1) throw new LogFormatError(`Stored log was compacted past seq ${after}: this tab must restart to catch up`)
      const start = after + foreign.length
      storage.rows.push(...batch.map((e, i) => ({ ...e, seq: start + i + 1 }) as GangwayEvent))
      return foreign
    },
    async snapshot(snapshot: LogSnapshot) {
      storage.snapshots = [...storage.snapshots.filter((s) => s.seq !== snapshot.seq), snapshot].sort((a, b) => a.seq - b.seq).slice(-SNAPSHOTS_KEPT)
      const oldestKept = storage.snapshots[0]!.seq
      storage.rows = storage.rows.filter((e) => e.seq > oldestKept)
    },
    /** Every log on this storage hears an announcement (the announcer's own sync then finds nothing new). */
    watch(onAppended: () => void) {
      listeners.add(onAppended)
      return () => void listeners.delete(onAppended)
    },
    announce() {
      for (const l of listeners) queueMicrotask(l)
    },
  }
  return storage
}
