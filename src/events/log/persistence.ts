/**
 * IndexedDB persistence of the event log, shared by every tab of the site: database
 * `gangway-log:<projectId>` with the stores `events` (key: seq) and `snapshots` (key: seq).
 * IndexedDB runs read-write transactions on the same stores one at a time, across tabs, so the
 * read-the-tail-then-write of `append` is atomic: two tabs never store the same seq. A
 * BroadcastChannel of the same name tells the other tabs that events were stored.
 *
 * Database version 2 adds `snapshots`; version 1 (schema-1 builds, through idb-keyval) had only
 * `events`, which are kept and upcast when read.
 */
import { openDB, type IDBPDatabase } from 'idb'
import { LogFormatError, GangwayError } from '../kernel/errors.js'
import { SNAPSHOTS_KEPT, type LogSnapshot, type LogStorage } from './log.js'
import type { GangwayEvent } from '../types.js'

/** Database (and BroadcastChannel) name for a project's log. */
export function logDatabaseName(projectId: string): string {
  return `gangway-log:${projectId}`
}

const DB_VERSION = 2

/**
 * A LogStorage on IndexedDB for `projectId`. `load` reads the newest snapshot and the events after
 * it; `append` is one transaction; `snapshot` stores and compacts in one transaction.
 * `clear` empties both stores (tests and benches).
 */
export function idbLogStorage(projectId: string): LogStorage & { clear(): Promise<void> } {
  const name = logDatabaseName(projectId)
  let db: Promise<IDBPDatabase> | undefined
  const open = () =>
    (db ??= new Promise<IDBPDatabase>((resolve, reject) => {
      openDB(name, DB_VERSION, {
        upgrade(database) {
          if (!database.objectStoreNames.contains('events')) database.createObjectStore('events')
          if (!database.objectStoreNames.contains('snapshots')) database.createObjectStore('snapshots')
        },
        // A tab of an older build holds the database open: fail (logged; this tab runs from memory) rather than wait.
        blocked() {
          db = undefined
          reject(new GangwayError(`${name}: the upgrade to version ${DB_VERSION} is blocked by another tab`))
        },
        // Another tab with a newer build wants to upgrade: let it (this tab reopens on its next call).
        blocking() {
          void db?.then((d) => d.close())
          db = undefined
        },
      }).then(resolve, reject)
    }))
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined

  return {
    async load() {
      const tx = (await open()).transaction(['events', 'snapshots'], 'readonly')
      const cursor = await tx.objectStore('snapshots').openCursor(null, 'prev')
      const snapshot = cursor?.value as LogSnapshot | undefined
      const events = await tx.objectStore('events').getAll(IDBKeyRange.lowerBound(snapshot?.seq ?? 0, true))
      await tx.done
      return { ...(snapshot ? { snapshot } : {}), events }
    },
    async append(after, batch) {
      const tx = (await open()).transaction('events', 'readwrite')
      const store = tx.objectStore('events')
      const foreign = (await store.getAll(IDBKeyRange.lowerBound(after, true))) as GangwayEvent[]
      if (foreign.length > 0 && foreign[0]!.seq !== after + 1) {
        tx.abort()
        throw new LogFormatError(`Stored log was compacted past seq ${after}: this tab must restart to catch up`)
      }
      const start = after + foreign.length
      for (let i = 0; i < batch.length; i++) {
        const e = batch[i]!
        const seq = start + i + 1
        void store.put(e.seq === seq ? e : { ...e, seq }, seq)
      }
      await tx.done
      return foreign
    },
    async snapshot(snapshot) {
      const tx = (await open()).transaction(['events', 'snapshots'], 'readwrite')
      const snapshots = tx.objectStore('snapshots')
      void snapshots.put(snapshot, snapshot.seq)
      const keys = (await snapshots.getAllKeys()) as number[]
      const kept = keys.sort((a, b) => a - b).slice(-SNAPSHOTS_KEPT)
      const oldestKept = kept[0]!
      if (keys.length > kept.length) void snapshots.delete(IDBKeyRange.upperBound(oldestKept, true))
      void tx.objectStore('events').delete(IDBKeyRange.upperBound(oldestKept))
      await tx.done
    },
    watch(onAppended) {
      if (!channel) return () => undefined
      const listener = () => onAppended()
      channel.addEventListener('message', listener)
      return () => channel.removeEventListener('message', listener)
    },
    announce(seq) {
      channel?.postMessage({ seq })
    },
    async clear() {
      const tx = (await open()).transaction(['events', 'snapshots'], 'readwrite')
      await Promise.all([tx.objectStore('events').clear(), tx.objectStore('snapshots').clear(), tx.done])
    },
  }
}
