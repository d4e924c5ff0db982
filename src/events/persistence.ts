/**
 * IndexedDB persistence of the event log through idb-keyval: one object store per project, the
 * event's `seq` as key (numbers sort in IndexedDB key order), one `setMany` transaction per batch.
 */
import { createStore, entries, setMany, clear, type UseStore } from 'idb-keyval'
import type { LogStorage } from './log.js'
import type { GangwayEvent } from './types.js'

/** Database name for a project's log. */
export function logDatabaseName(projectId: string): string {
  return `gangway-log:${projectId}`
}

/**
 * A LogStorage on IndexedDB (database `gangway-log:<projectId>`, store `events`).
 * `load` returns events in seq order; `append` writes a batch in one transaction.
 */
export function idbLogStorage(projectId: string): LogStorage & { clear(): Promise<void> } {
  let store: UseStore | undefined
  const db = () => (store ??= createStore(logDatabaseName(projectId), 'events'))
  return {
    async load() {
      const rows = await entries<number, GangwayEvent>(db())
      return rows.map(([, e]) => e).sort((a, b) => a.seq - b.seq)
    },
    async append(batch) {
      await setMany(batch.map((e) => [e.seq, e] as [number, GangwayEvent]), db())
    },
    async clear() {
      await clear(db())
    },
  }
}
